"""Stage files, then move them all into the output folder at once (or drop them all)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType


def _existing_ancestor(path: Path) -> Path:
    path = path.resolve()
    while not path.exists():
        path = path.parent
    return path


PREFIX = ".pnp-staging-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True


def _drop_orphans(parent: Path) -> None:
    """Remove the staging folders that a killed build left (their process is gone)."""
    try:
        found = list(parent.glob(f"{PREFIX}*"))
    except OSError:
        return
    for folder in found:
        pid = folder.name[len(PREFIX):].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)) and folder.is_dir():
            shutil.rmtree(folder, ignore_errors=True)


class OutputTransaction:
    """``with OutputTransaction(out) as tx: tx.path("game/fr/cards.pdf")`` ...

    On a clean exit every staged file replaces its target with an atomic rename; on an
    exception nothing in ``out`` changes.
    """

    def __init__(self, out: Path) -> None:
        self.out = out
        self.staged: dict[Path, Path] = {}
        self._dir: Path | None = None

    def __enter__(self) -> "OutputTransaction":
        parent = _existing_ancestor(self.out)
        _drop_orphans(parent)
        self._dir = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=parent))
        return self

    def path(self, relative: str) -> Path:
        """A staging path for the output file ``relative`` (to the output folder)."""
        assert self._dir is not None, "use OutputTransaction as a context manager"
        staged = self._dir / f"{len(self.staged):04d}-{Path(relative).name}"
        self.staged[Path(relative)] = staged
        return staged

    def scratch(self, name: str) -> Path:
        """A working file in the staging folder that is never moved into the output."""
        assert self._dir is not None, "use OutputTransaction as a context manager"
        return self._dir / f"scratch-{name}"

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            if kind is None:
                self._commit()
        finally:
            if self._dir is not None:
                shutil.rmtree(self._dir, ignore_errors=True)

    def _commit(self) -> None:
        for relative, staged in self.staged.items():
            target = self.out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, target)

    @property
    def written(self) -> list[Path]:
        return [self.out / r for r in self.staged]
