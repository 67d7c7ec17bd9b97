"""How much room each string of a catalog has, told to its translators in an extracted comment.

``pnp i18n extract`` lays the kit out in the source language on every paper, recording the room
of every text (pnp.layout.rooms), finds which msgids each printed text was made from
(pnp.i18n.patterns) and writes on every entry where it appears and how much room it has:

    card face 'jersey-move' (deck movement): box 53.5 x 13 mm, about 150 characters at 6.2 pt
    card face 'jersey-move' (deck movement): one line, 61.5 mm, about 30 characters at 6 pt
    rulebook paragraph, flows over pages (no limit)

The characters are an estimate: the box's lines at its smallest size, times the characters of an
average width of its font that a line holds, less what wrapping at spaces loses. A string the
layout does not print (not in this kit's data, or printed only as a part of a line whose length
is not measured) says where it comes from, without a size.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.layout import fonts, rooms

SAMPLE = "Each rider moves three squares ahead, then the next player draws two cards from the deck."
"""A text of ordinary words: its average character width stands for a translation's."""
WRAP = 0.9
"""The share of a box's lines that words fill (a line breaks at a space, not at its end)."""
SHOWN = 3
"""Places a comment lists (the tightest first); the others are counted."""
RULEBOOK = "rulebook paragraph, flows over pages (no limit)"

DATA_LABELS: dict[tuple[str, ...], str] = {
    ("colours", "name"): "name of a colour", ("colours", "letter"): "letter of a colour",
    ("riders", "name"): "name of a rider", ("profiles", "name"): "name of a profile",
    ("jerseys", "name"): "name of a jersey", ("decks", "name"): "name of a deck",
    ("decks", "cards", "name"): "name of a card", ("decks", "cards", "text"): "text of a card",
    ("decks", "cards", "fields"): "text of a card", ("tokens", "name"): "name of a token",
    ("boards", "name"): "name of a board", ("boards", "sides", "name"): "name of a side of a board",
    ("boards", "sides", "spaces", "label"): "label of a space of a board",
    ("boards", "sides", "lines", "label"): "label of a line of a board", ("title",): "the game's title",
    ("kit", "source"): "the source of the rules (kit cover)", ("kit", "licence"): "the licence (kit cover)",
    ("kit", "supplies", "name"): "something players bring (kit cover)",
}
"""What a data string is, by its field (pnp.i18n.data.FIELDS)."""
KIND_LABELS = {"cards": "card text (cards.j2)", "boards": "board text (board.j2)", "shared": "kit pages (kit.j2)"}


@dataclass(frozen=True)
class Place:
    """Where a string is printed: a room, and whether the string fills it alone."""

    room: rooms.Room
    whole: bool

    @property
    def characters(self) -> int | None:
        """About how many characters the room holds (None for a line whose room is not measured)."""
        return capacity(self.room)

    def describe(self) -> str:
        r, n = self.room, self.characters
        where = r.where or "kit pages"
        if r.w is None:
            return f"{where}: {'one line' if self.whole else 'part of a line'} (its length is not measured)"
        w, size = _mm(r.w), _pt(r.min_size)
        caps = " in capitals" if capitals(r) else ""
        if r.h is None:
            if self.whole:
                return f"{where}: one line, {w} mm, about {n} characters at {size} pt{caps}"
            return f"{where}: part of a line of {w} mm (about {n} characters in all at {size} pt)"
        if self.whole:
            return f"{where}: box {w} x {_mm(r.h)} mm, about {n} characters at {size} pt{caps}"
        return f"{where}: part of a longer text in a box {w} x {_mm(r.h)} mm (about {n} characters in all at {size} pt)"


def capacity(room: rooms.Room) -> int | None:
    """About how many characters of ordinary words ``room`` holds at its smallest size."""
    if room.w is None:
        return None
    sample = SAMPLE.upper() if capitals(room) else SAMPLE
    average = fonts.width_mm(sample, room.font, room.min_size) / len(sample)
    per_line = room.w / average
    if room.h is None:
        return _round(per_line)
    line = room.min_size * fonts.PT
    lines = 0 if room.h < line else math.floor((room.h - line) / (line * room.leading) + 1e-6) + 1
    return _round(lines * per_line * (WRAP if lines > 1 else 1.0))


def capitals(room: rooms.Room) -> bool:
    """Whether the room's text is printed in capitals (a band: the estimate counts wider letters)."""
    return any(c.isalpha() for c in room.text) and room.text.upper() == room.text


def _round(n: float) -> int:
    """Rounded down, to 5 above 20: an estimate that does not change with every tenth of a mm."""
    n = math.floor(n)
    return n if n < 20 else n - n % 5


def source_rooms(folder: Path, templates: Path | None = None) -> tuple[list[rooms.Room], str]:
    """The room of every text of the kit of the game in ``folder``, laid out in its source language
    on every paper (pnp.i18n.fitcheck.PAPERS), and "" ; or no room and why, when the game cannot
    be laid out (its data has errors: `pnp check` says which)."""
    from pnp.build import BuildOptions, kit_plan
    from pnp.i18n.context import Language, activate
    from pnp.i18n.fitcheck import PAPERS, lay_out_kit
    from pnp.model import load_game

    try:
        model = load_game(folder)
        source = model.info.source_language or "fr"
        out: list[rooms.Room] = []
        with activate(Language(source)):
            for paper in PAPERS:
                plan, _ = kit_plan(model, BuildOptions(out=Path("."), paper=paper, lang=source), templates)
                with rooms.recording(every=True, collect=True) as recorder:
                    lay_out_kit(plan, source)
                out += recorder.rooms
    except PnpError as exc:
        first = str(exc.render() if hasattr(exc, "render") else exc).splitlines()[0]
        return [], f"the kit could not be laid out: {first}"
    return out, ""


def annotate(catalog, folder: Path, templates: Path | None = None) -> None:
    """Add to every message of ``catalog`` (extracted from the game in ``folder``) an extracted
    comment saying where it is printed and how much room it has."""
    from pnp.i18n.data import data_strings
    from pnp.i18n.extract import kinds
    from pnp.i18n.patterns import Finder

    messages = {_key(m): m for m in catalog if m.id}
    finder = Finder((key, text, _formatted(m)) for key, m in messages.items() for text in _ids(m))
    found: dict[Hashable, dict[str, Place]] = {}
    seen: set[tuple] = set()
    laid_out, problem = source_rooms(folder, templates)
    for room in laid_out:
        same = (room.text, room.w, room.h, room.min_size, room.font)
        if same in seen:  # the same text in the same room (copies of a card, the second paper)
            continue
        seen.add(same)
        for f in finder.find(room.text):
            _keep(found.setdefault(f.key, {}), Place(room, f.whole))
    fields = {(d.text, d.context): d for d in data_strings(folder)}
    for key, message in messages.items():
        lines = _lines(list(found.get(key, {}).values()))
        if "rulebook" in kinds(message):
            lines.append(RULEBOOK)
        if not lines:
            lines.append(_unmeasured(message, fields, problem))
        for line in lines:
            if line not in message.auto_comments:
                message.auto_comments.append(line)


def _keep(places: dict[str, Place], place: Place) -> None:
    """One place per component: the whole string before a part of a text, then the tightest room."""
    where = place.room.where or "kit pages"
    old = places.get(where)
    if old is None or _rank(place) < _rank(old):
        places[where] = place


def _rank(place: Place) -> tuple:
    n = place.characters
    return (not place.whole, n is None, n if n is not None else 0, place.room.w or 0.0, place.room.h or 0.0)


def _lines(places: list[Place]) -> list[str]:
    ordered = sorted(places, key=lambda p: (_rank(p), p.room.where))
    lines = [p.describe() for p in ordered[:SHOWN]]
    if len(ordered) > SHOWN:
        lines.append(f"and in {len(ordered) - SHOWN} more place{'s' if len(ordered) - SHOWN != 1 else ''}")
    return lines


def _unmeasured(message, fields: dict, problem: str = "") -> str:
    """Where a string the source layout does not print comes from."""
    from pnp.i18n.extract import source_kind

    ref = message.locations[0][0] if message.locations else ""
    kind = source_kind(ref) if ref else "data"
    if kind == "data":
        d = fields.get((_first(message.id), message.context))
        what = DATA_LABELS.get(d.path, "a text of the data") if d is not None else "a text of the data"
        where = f"{what} ({Path(ref).name})" if ref else what
    elif kind == "faces":
        where = f"card face '{Path(ref).name.removesuffix('.j2').removesuffix('.svg')}'"
    else:
        where = KIND_LABELS.get(kind, kind)
    return f"{where}: room not measured ({problem or 'not laid out in a box of this kit'})"


def _key(message) -> Hashable:
    return (_first(message.id), message.context)


def _first(mid) -> str:
    return mid if isinstance(mid, str) else mid[0]


def _ids(message) -> list[str]:
    return [message.id] if isinstance(message.id, str) else list(message.id)


def _formatted(message) -> bool:
    """Whether the kit formats the string (%(name)s placeholders, %% for %): template strings are
    (Jinja's newstyle gettext), data strings are printed as written."""
    from pnp.i18n.extract import source_kind

    return any(source_kind(f) != "data" for f, _ in message.locations)


def _mm(v: float) -> str:
    return f"{round(v, 1):g}"


def _pt(v: float) -> str:
    return f"{round(v, 1):g}"
