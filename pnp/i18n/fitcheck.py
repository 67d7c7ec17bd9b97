"""Do the translations fit? Every text of a kit laid out in a language, nothing painted, every
overflow found and told in a translator's terms: the PO file and line, the msgid, the component,
by how much (``pnp i18n check``; a build tells its overflows the same way).

The layout pass (``lay_out_kit``) is also how ``pnp i18n extract`` measures the room of every
string in the source language (pnp.i18n.room).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.layout import rooms
from pnp.layout.text import percent

if TYPE_CHECKING:
    from pnp.layout.kit import KitPlan

PAPERS = ("a4", "letter")


def lay_out_kit(plan: "KitPlan", lang: str) -> list[str]:
    """Lay out every text of ``plan``'s kit, nothing painted: the cards and pieces on their sheets,
    the boards (each side, its tiles and assembly map), the rulebook (flowed into pages, its
    figures drawn) and the cover. Returns the problems that are not texts too long for their room
    (those are recorded, pnp.layout.rooms): a rulebook table wider than its column, a figure the
    game cannot draw."""
    problems: list[str] = []
    with rooms.component("sheets of cards and pieces (kit pages)"):
        for doc in plan.documents():
            for _ in plan.doc_pages(doc):
                pass
    with rooms.component("board tiles and assembly map (kit pages)"):
        for side in plan.sides:  # each side drawn (its own texts named after it, KitPlan) then tiled
            plan.full_size(side)
    pages = 0
    with rooms.component("rulebook figure"):
        try:
            pages = _rulebook_pages(plan, lang)
        except KeyError as exc:
            problems.append(f"rulebook: {exc.args[0] if exc.args else exc}")
        except PnpError as exc:
            problems.append(str(exc))
    with rooms.component("kit cover"):
        plan.cover(pages)
    with rooms.component("kit pages"):
        plan.blank_page()
    return problems


def _rulebook_pages(plan: "KitPlan", lang: str) -> int:
    """The rulebook flowed into pages (its figures drawn, nothing painted): its number of pages."""
    from pnp.write.kit_files import paint_plan_rulebook

    return paint_plan_rulebook(plan, None, lang)


# --- overflows, in a translator's terms -----------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """A translated entry of a PO file: its key, msgid and line."""

    key: tuple[str, str | None]
    msgid: str
    line: int


@dataclass
class Overflow:
    """One string too long for its room, wherever it is printed."""

    entry: Entry | None
    """The catalog entry the text comes from; None when it cannot be told (a text of the source)."""
    room: rooms.Room
    """The worst room it overflows."""
    where: list[str] = field(default_factory=list)
    """Every component it overflows in."""
    papers: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    """How many texts overflow on each paper (one per card that prints it)."""

    @property
    def count(self) -> int:
        return max(self.counts.values(), default=0)

    def render(self, po: str) -> str:
        """``de.po:52: msgid "...": 135 % too long for card face 'x' (deck y), box 53.5 x 13 mm at
        6.2 pt (17.6 mm too tall)``; a text no entry makes is quoted instead."""
        r = self.room
        room = (f"box {_mm(r.w)} x {_mm(r.h)} mm at {_pt(r.min_size)} pt" if r.h is not None
                else f"one line of {_mm(r.w)} mm at {_pt(r.min_size)} pt")
        where = self.where or ["kit pages"]
        places = where[0] + (f" and {len(where) - 1} more" if len(where) > 1 else "")
        papers = "" if not self.papers or len(self.papers) == len(PAPERS) else f" on {_papers(self.papers)}"
        head = (f"{po}:{self.entry.line}: msgid {_quote(self.entry.msgid)}" if self.entry
                else f"the text {_quote(r.text)}")
        return (f"{head}: {percent(r.over)} too long for {places}, {room} ({r.detail}){papers}"
                + (f" ({self.count} times)" if self.count > 1 else ""))


def explain(overflows: list[tuple[str, rooms.Room]], po: Path | None) -> list[Overflow]:
    """The overflows (paper, room) grouped by the PO entry whose translation they print (the most
    specific entry that makes the text), worst first within each entry; entries in file order."""
    finder, entries = _po_finder(po) if po is not None and po.is_file() else (None, {})
    out: dict[Hashable, Overflow] = {}
    for paper, room in overflows:
        found = finder.find(room.text) if finder is not None else []
        whole = [f for f in found if f.whole] or found
        entry = entries.get(whole[0].key) if whole else None
        key = entry.key if entry is not None else ("", room.text)
        o = out.setdefault(key, Overflow(entry, room))
        o.counts[paper] = o.counts.get(paper, 0) + 1
        if room.over > o.room.over:
            o.room = room
        if room.where and room.where not in o.where:
            o.where.append(room.where)
        if paper and paper not in o.papers:
            o.papers.append(paper)
    for o in out.values():
        o.where.sort(key=lambda w: w != o.room.where)
        o.papers.sort(key=PAPERS.index if all(p in PAPERS for p in o.papers) else str)
    return sorted(out.values(), key=lambda o: (o.entry is None, o.entry.line if o.entry else 0, o.room.text))


def _po_finder(po: Path):
    """A Finder of the translations of ``po`` (every plural form), and its entries by key."""
    import polib

    from pnp.i18n.patterns import Finder

    lines = po.read_text(encoding="utf-8").splitlines()
    entries: dict[Hashable, Entry] = {}
    strings = []
    for e in polib.pofile(str(po)):
        if e.obsolete or "fuzzy" in e.flags:
            continue
        texts = [s for s in (e.msgstr_plural.values() if e.msgstr_plural else [e.msgstr]) if s]
        if not texts:
            continue
        line = e.linenum
        while line <= len(lines) and not lines[line - 1].startswith(("msgctxt", "msgid")):
            line += 1
        key = (e.msgid, e.msgctxt)
        entries[key] = Entry(key, e.msgid, line)
        formatted = "python-format" in e.flags or "%%" in e.msgid
        strings += [(key, t, formatted) for t in texts]
    return Finder(strings), entries


def _mm(v: float | None) -> str:
    return f"{round(v or 0.0, 1):g}"


def _pt(v: float) -> str:
    return f"{round(v, 1):g}"


def _papers(papers: list[str]) -> str:
    from pnp.layout.paper import display_name

    return " and ".join(display_name(p) for p in papers)


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return '"' + (text if len(text) <= limit else text[: limit - 1] + "…") + '"'


# --- pnp i18n check -------------------------------------------------------------------------------

@dataclass
class CheckResult:
    """What ``check`` found for one language of a game."""

    game: str
    lang: str
    po: Path | None
    papers: list[str]
    strings: int
    """Translated entries of the catalog (those checked)."""
    untranslated: int
    """Strings the kit needs that the catalog does not translate yet (laid out in the source)."""
    overflows: list[Overflow]
    problems: list[str]
    """What else stops a build: a glyph the fonts lack, a rulebook table too wide, ..."""

    @property
    def ok(self) -> bool:
        return not self.overflows and not self.problems

    def summary(self) -> str:
        """One line: "de: 382 strings fit on A4 and Letter", or how many do not."""
        papers = _papers(self.papers)
        gaps = (f"; {self.untranslated} string{'s' if self.untranslated != 1 else ''} not translated yet "
                f"(laid out in the source language)") if self.untranslated else ""
        if self.ok:
            return f"{self.lang}: {self.strings} strings fit on {papers}{gaps}"
        told = [f"{len(self.overflows)} of {self.strings} strings do not fit on {papers}"] if self.overflows else []
        told += [f"{len(self.problems)} other problem{'s' if len(self.problems) != 1 else ''}"] if self.problems else []
        return f"{self.lang}: " + ", ".join(told) + gaps


def check(folder: Path, lang: str, papers: tuple[str, ...] = PAPERS) -> CheckResult:
    """Lay out the kit of the game in ``folder`` in ``lang`` on each of ``papers`` (nothing painted,
    strings the catalog lacks in the source language) and find every text too long for its room."""
    from pnp.build import KIT_TEMPLATES, BuildOptions, kit_plan
    from pnp.i18n import activate
    from pnp.i18n.catalogs import CatalogError, read
    from pnp.i18n.data import localize_model
    from pnp.i18n.status import format_problem, is_translated
    from pnp.i18n.translations import prepare
    from pnp.model import load_game

    model = load_game(folder)
    try:
        prepared = prepare(folder, model, lang, draft=True, templates=KIT_TEMPLATES)
    except CatalogError as exc:
        raise CatalogError(f"{model.id} [{lang}]: {exc}") from None
    problems = list(prepared.problems)
    strings = 0
    if prepared.po is not None:
        catalog = read(prepared.po, locale=lang)
        strings = sum(1 for m in catalog if m.id and is_translated(m, catalog.num_plurals) and not format_problem(m))
    found: list[tuple[str, rooms.Room]] = []
    with activate(prepared.language):
        local = localize_model(model, prepared.language)
        for paper in papers:
            plan, plan_problems = kit_plan(local, BuildOptions(out=Path("."), paper=paper, lang=lang))
            with rooms.recording(every=False, collect=True) as recorder:
                problems += lay_out_kit(plan, lang)
            problems += plan_problems
            found += [(paper, r) for r in recorder.overflows]
    return CheckResult(model.id, lang, prepared.po, list(papers), strings, len(prepared.gaps),
                       explain(found, prepared.po), list(dict.fromkeys(problems)))
