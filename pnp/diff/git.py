"""A game's data folder and the templates as they were at a git revision."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.paths import templates_dir


class RevisionError(PnpError):
    """Not a git repository, an unknown revision, or the game is not there at that revision."""


@dataclass(frozen=True)
class Snapshot:
    """A game as it is at ``rev`` (None: the working tree)."""

    rev: str | None
    label: str
    """What to call it in a report: the short commit and its subject, or 'working tree'."""
    folder: Path
    templates: Path


def _git(cwd: Path, *args: str, binary: bool = False):
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except FileNotFoundError:
        raise RevisionError("git is not installed (pnp diff reads the game at a git revision)") from None
    if done.returncode != 0:
        return None if not binary else (None, done.stderr.decode(errors="replace"))
    return done.stdout if binary else done.stdout.decode().strip()


def repository(folder: Path) -> Path:
    root = _git(folder, "rev-parse", "--show-toplevel") if folder.is_dir() else None
    if not root:
        raise RevisionError(f"{folder} is not in a git repository (pnp diff and --changed-since compare "
                            "git revisions)")
    return Path(root).resolve()


def commit_of(root: Path, rev: str) -> str:
    sha = _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if not sha:
        raise RevisionError(f"unknown revision '{rev}' in {root}")
    return sha


def _extract(root: Path, commit: str, relative: Path, into: Path) -> bool:
    """Extract ``relative`` at ``commit`` under ``into``; False when it does not exist there."""
    spec = relative.as_posix() or "."
    out = _git(root, "archive", "--format=tar", commit, "--", spec, binary=True)
    if isinstance(out, tuple):
        return False
    with tarfile.open(fileobj=io.BytesIO(out)) as tar:
        tar.extractall(into, filter="data")
    return (into / relative).exists()


@contextmanager
def game_at(folder: Path, rev: str | None) -> Iterator[Snapshot]:
    """The game in ``folder`` at ``rev`` (extracted into a temporary folder, removed afterwards),
    with the templates at that revision when they are in the same repository; ``rev`` None: the
    working tree itself."""
    if rev is None:
        yield Snapshot(None, "working tree", folder, templates_dir())
        return
    root = repository(folder)
    commit = commit_of(root, rev)
    subject = _git(root, "log", "-1", "--format=%h %s", commit) or commit[:7]
    relative = folder.resolve().relative_to(root)
    tmp = Path(tempfile.mkdtemp(prefix="pnp-rev-"))
    try:
        if not _extract(root, commit, relative, tmp) or not (tmp / relative / "game.yaml").is_file():
            raise RevisionError(f"there is no game '{folder.name}' at revision {rev} ({subject}): "
                                f"{relative.as_posix()}/game.yaml is not in that commit")
        templates = templates_dir().resolve()
        try:
            t_rel = templates.relative_to(root)
            t_at = tmp / t_rel if _extract(root, commit, t_rel, tmp) else templates
        except ValueError:  # the templates are not in this repository: the current ones
            t_at = templates
        _own_templates(tmp / relative, t_at)
        yield Snapshot(rev, f"{rev} ({subject})", tmp / relative, t_at)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# Before a game was one folder, its templates were in the shared library, named after the game.
_LEGACY = {"cards.j2": "cards/{id}.j2", "board.j2": "boards/{id}.j2", "rulebook.md.j2": "rulebook/{id}.md.j2",
           "kit.j2": "cards/shared.j2"}


def _own_templates(game: Path, templates: Path) -> None:
    """Lay a revision from before games were one folder out as they are now: its card, board and
    rulebook templates, found in the shared library under the game's name, are copied into the
    game's templates/ folder (the extracted copy, never the working tree), so old revisions diff."""
    own = game / "templates"
    for name, legacy in _LEGACY.items():
        old = templates / legacy.format(id=game.name)
        if old.is_file() and not (own / name).exists() and not (templates / name).exists():
            own.mkdir(exist_ok=True)
            shutil.copyfile(old, own / name)


@contextmanager
def templates_home(templates: Path) -> Iterator[None]:
    """Point pnp at ``templates`` (PNP_HOME is their parent folder) for the time of the block."""
    old = os.environ.get("PNP_HOME")
    os.environ["PNP_HOME"] = str(templates.parent)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("PNP_HOME", None)
        else:
            os.environ["PNP_HOME"] = old
