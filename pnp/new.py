"""``pnp new NAME``: a small working game to start from, written into a new folder.

The game is package data (pnp/scaffold/game/): a deck with its face and back templates, tokens, a
board, a rulebook, declarative checks and a draw pile in rules.yaml, French texts and an English
catalog, and no Python. It builds and checks clean as it is; the designer edits it from there.
Its files hold three placeholders, filled here: ``__ID__`` (the folder's name), ``__TITLE__`` and
``__DATE__`` (today).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import click

from pnp.errors import PnpError

SCAFFOLD = Path(__file__).resolve().parent / "scaffold" / "game"
NAME = re.compile(r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")
TEXT_FILES = (".yaml", ".csv", ".j2", ".po", ".pot", ".md")


class NewGameError(PnpError):
    """A game that cannot be created where it was asked (shown as one line, exit 1)."""


def default_title(name: str) -> str:
    """A title made from the folder's name: ``my-game`` -> ``My game``."""
    words = name.replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def _po_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _fill(path: Path, name: str, title: str, date: str) -> None:
    text = path.read_text(encoding="utf-8")
    if path.name == "game.yaml":
        # a YAML double-quoted string: any title is written as typed
        text = text.replace("__TITLE__", json.dumps(title, ensure_ascii=False))
    elif path.suffix in (".po", ".pot"):
        text = text.replace("__TITLE__", _po_string(title))
    else:
        text = text.replace("__TITLE__", title)
    path.write_text(text.replace("__ID__", name).replace("__DATE__", date), encoding="utf-8")


def _one_title_entry(folder: Path, title: str) -> None:
    """When the title is also a text of the game (a title "Bonus"), the catalogs keep one entry."""
    import polib

    for path in sorted((folder / "locales").glob("*.po*")):
        catalog = polib.pofile(str(path), wrapwidth=0)
        same = [e for e in catalog if e.msgid == title and e.msgctxt is None and not e.msgid_plural
                and not e.obsolete]
        if len(same) > 1:
            catalog.remove(same[-1])
            catalog.save(str(path))


def create(name: str, parent: Path, title: str | None = None, today: dt.date | None = None) -> Path:
    """Write the scaffold into ``parent / name`` and return that folder."""
    if not NAME.match(name):
        raise NewGameError(f"'{name}' cannot name a game: use lowercase letters, digits and dashes "
                           "(e.g. my-game)")
    title = (title if title is not None else default_title(name)).strip()
    if not title or "\n" in title or "\r" in title:
        raise NewGameError("the title must be one line of text (e.g. --title \"Mon jeu\")")
    folder = parent / name
    if folder.exists():
        what = "a folder" if folder.is_dir() else "a file"
        raise NewGameError(f"{folder} already exists ({what}); pnp new never overwrites: choose another "
                           "name, or --dir for another place")
    if not parent.is_dir():
        raise NewGameError(f"{parent} is not a folder (--dir must name an existing folder)")
    date = (today or dt.date.today()).isoformat()
    staging = parent / f".{name}.pnp-new"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shutil.copytree(SCAFFOLD, staging, ignore=shutil.ignore_patterns("__pycache__"))
        for path in staging.rglob("*"):
            if path.is_file() and path.suffix in TEXT_FILES:
                _fill(path, name, title, date)
        _one_title_entry(staging, title)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return folder


@click.command("new")
@click.argument("name")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="The folder to create the game in.")
@click.option("--title", default=None, help="The game's title (default: made from NAME).")
def new(name: str, parent: Path, title: str | None) -> None:
    """Write a small working game into a new folder NAME: a deck with its faces and backs, tokens,
    a board, a rulebook, declarative checks, French texts and an English catalog. Edit it from there.
    """
    try:
        folder = create(name, parent, title)
    except NewGameError as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(1) from None
    shown = folder.as_posix() if parent != Path(".") else name
    if "/" not in shown:
        shown = name  # pnp finds a game folder of the current folder by its name
    click.echo(f"created {folder.as_posix()}/: a deck with its face and back, tokens, a board, "
               "a rulebook, French texts and an English catalog")
    click.echo("next:")
    steps = ((f"pnp check {shown}", "the rules checks of rules.yaml"),
             (f"pnp build {shown}", f"the kit, in output/{name}/fr/"),
             (f"pnp i18n update {shown}", "after changing a text: update locales/, then translate locales/en.po"),
             (f"pnp build {shown} --lang en", "the English kit"))
    width = max(len(command) for command, _ in steps)
    for command, what in steps:
        click.echo(f"  {command:<{width}}   {what}")
