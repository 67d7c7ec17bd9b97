"""The documents of a kit: which components go in which PDF, on which paper, in what order."""

from __future__ import annotations

import math
from functools import cached_property
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from pnp.layout.cards import CardArt, card_arts, card_size_of
from pnp.layout.cover import Part, cover
from pnp.layout.tiling import TileGrid, assembly_map, full_size_page, tile_pages, trimmed
from pnp.layout.faces.common import CardContext
from pnp.layout.ganging import GangSheet, GangTexts, Kind, gang_pages, pack
from pnp.layout.imposition import ImpositionError, SheetTexts, plan, sheets
from pnp.layout.paper import PrintSpec, Size, display_name
from pnp.layout.scene import Group, Scene, compose, rotate, translate
from pnp.layout.standees import STRIP, fold_diagram, standee_arts
from pnp.layout.templates import Texts
from pnp.layout.tokens import token_arts, token_sizes
from pnp.model.game_model import GameModel

TOKEN_MM = 25.0


@dataclass(frozen=True)
class Section:
    """Components of one size, imposed together: ``count`` pieces, duplex or not."""

    what: str
    spec: PrintSpec
    arts: Iterable[CardArt]
    count: int
    kind: str = "cards"
    names: tuple[str, ...] = ()
    """The names of the decks of a section of pieces (for the kit's contents)."""
    stock: str = "card"
    """What it is printed on: paper, light-card, card or thick-card (the kit's cover says it)."""
    gang: Gang | None = None
    """Set on a section of pieces of several kinds sharing sheets (pnp.layout.ganging)."""

    @property
    def pages(self) -> int:
        if self.gang is not None:
            return sum(s.pages for s in self.gang.sheets)
        return math.ceil(self.count / plan(self.spec).slots) * (2 if self.spec.duplex else 1)

    def runs(self) -> list[tuple[int, bool, tuple[str, ...]]]:
        """The section's pages as runs of (pages, double-sided, names of what they hold): one run,
        or for ganged pieces one per stretch of sheets with a back or without."""
        if self.gang is None:
            return [(self.pages, self.spec.duplex, self.names)]
        out: list[tuple[int, bool, tuple[str, ...]]] = []
        for sheet in self.gang.sheets:
            members = [self.gang.members[k] for k in sheet.kinds()]
            names = tuple(n for m in members for n in m.names or (m.what,))
            if out and out[-1][1] == sheet.duplex:
                pages, duplex, before = out[-1]
                out[-1] = (pages + sheet.pages, duplex, tuple(dict.fromkeys(before + names)))
            else:
                out.append((sheet.pages, sheet.duplex, names))
        return out


@dataclass(frozen=True)
class Gang:
    """Sections of pieces printed together: each member is one kind, packed on ``sheets``."""

    members: tuple[Section, ...]
    kinds: tuple[Kind, ...]
    sheets: tuple[GangSheet, ...]


@dataclass(frozen=True)
class Document:
    """One PDF of the kit: its file name, title and sections in print order."""

    name: str
    title: str
    sections: list[Section]

    @property
    def pages(self) -> int:
        return sum(s.pages for s in self.sections)

    @property
    def duplex_pages(self) -> list[tuple[int, int]]:
        """Page ranges (first, last, 1-based) to print double-sided."""
        out: list[tuple[int, int]] = []
        first = 1
        for s in self.sections:
            for pages, duplex, _ in s.runs():
                if duplex:
                    out.append((first, first + pages - 1))
                first += pages
        return out


def _check_fits(model: GameModel, spec: PrintSpec, decks: list) -> None:
    """ImpositionError naming where the decks' size is set, when they do not fit the paper."""
    try:
        plan(spec)
    except ImpositionError as exc:
        where = model.sources.component(f"deck:{decks[0].id}")
        line = f":{where.line}" if getattr(where, "line", None) else ""
        ids = ", ".join(d.id for d in decks)
        raise ImpositionError(f"{where.file}{line}: deck{'s' if len(decks) > 1 else ''} {ids}: {exc}") from None


def _deck_sections(model: GameModel, base: PrintSpec, texts: Texts, sheet: str, override: str | None,
                   problems: list[str], what: str) -> list[Section]:
    groups: dict[tuple[Size, bool], list] = {}
    for deck in model.decks:
        if deck.sheet == sheet:
            groups.setdefault((card_size_of(model, deck, override), deck.single_sided), []).append(deck)
    out = []
    for (size, single), decks in groups.items():
        ctx = CardContext(model, size, base.bleed, texts)
        spec = sided(base, size, backs=not single)
        _check_fits(model, spec, decks)
        names = tuple(d.name or d.id for d in decks)
        # a sheet of pieces is labelled with what it holds (the sheet head names it too)
        label = what if sheet == "cards" else " · ".join(names)
        out.append(Section(label, spec, card_arts(model, ctx, decks, problems), sum(d.size for d in decks),
                           "cards" if sheet == "cards" else "aids", names, _stock(decks)))
    return out


STOCKS = ("paper", "light-card", "card", "thick-card")
"""Papers from the lightest to the heaviest."""


def _stock(decks: list) -> str:
    """The paper of a section of decks: the heaviest any of them asks for (``stock:``, card by default)."""
    asked = [d.stock or "card" for d in decks]
    return max(asked, key=STOCKS.index)


def sided(base: PrintSpec, card: Size, backs: bool) -> PrintSpec:
    """The print spec of a section of ``card``-sized pieces: with their backs on back sheets when
    the kit is duplex, beside their fronts when it is folded (pnp.layout.gutter), else fronts only."""
    if base.fold and backs:
        from pnp.layout.gutter import settle

        return settle(replace(base, card=card))
    return replace(base, card=card, duplex=base.duplex and backs, fold=False)


def documents(model: GameModel, base: PrintSpec, texts: Texts, shared: Texts, card_override: str | None,
              problems: list[str]) -> list[Document]:
    """cards.pdf (every deck printed with the cards) and pieces.pdf (tokens, aids, standees)."""
    cards = _deck_sections(model, base, texts, "cards", card_override, problems, shared("cards_title"))
    pieces: list[Section] = []
    for d in token_sizes(model):
        size = Size("token", d, d)
        ctx = CardContext(model, size, base.bleed, texts)
        pieces.append(Section(shared("tokens_title"), sided(base, size, backs=True), token_arts(model, ctx, problems),
                              sum(t.count for t in model.tokens if t.size_mm == d), "tokens", stock="thick-card"))
    pieces += _deck_sections(model, base, texts, "pieces", None, problems, shared("pieces_title"))
    if model.standees:
        ctx = CardContext(model, STRIP, base.bleed, texts)
        pieces.append(Section(shared("standees_title"), sided(base, STRIP, backs=False),
                              standee_arts(model, ctx, problems), len(model.standees), "standees",
                              stock="light-card"))
    if base.ink_saver:
        cards, pieces = [ink_saved(s) for s in cards], [ink_saved(s) for s in pieces]
    pieces = ganged(pieces, base, fold_diagram(shared.lines("standee_steps")))
    title = model.info.title
    docs = [Document("cards.pdf", f"{title}: {shared('cards_title')}", cards)]
    if pieces:
        docs.append(Document("pieces.pdf", f"{title}: {shared('pieces_title')}", pieces))
    return [d for d in docs if d.sections]


GANGED = ("tokens", "aids", "standees")
"""The kinds of section whose pieces may share sheets (cards keep sheets of their own)."""


def ganged(sections: list[Section], base: PrintSpec, fold: Callable | None = None) -> list[Section]:
    """``sections`` with the small pieces of different kinds sharing sheets (pnp.layout.ganging).

    Pieces that take a whole sheet each keep their own sections. The others share sheets with the
    pieces printed on the same paper; a group of one paper joins the sheets of another paper (the
    nearest weight, the heavier first) only when that saves sheets of paper, and is then printed on the paper
    of the larger group: four tokens do not take two pages of their own. ``fold`` draws the fold
    diagram of standees, under their last strips."""
    small = [s for s in sections if s.kind in GANGED and s.gang is None and not s.spec.fold
             and plan(s.spec).slots > 1]
    if len(small) < 2:
        return sections
    groups: dict[str, list[Section]] = {}
    for s in small:
        groups.setdefault(s.stock, []).append(s)
    merged = _merged(list(groups.items()), base, fold, {id(s): i for i, s in enumerate(small)})
    group_of = {id(s): (stock, members) for stock, members in merged for s in members}
    out: list[Section] = []
    done: set[int] = set()
    for s in sections:
        if id(s) not in group_of:
            out.append(s)
            continue
        stock, members = group_of[id(s)]
        if id(members[0]) in done:
            continue
        done.add(id(members[0]))
        gang = _gang(members, stock, base, fold) if len(members) > 1 else None
        if gang is None or len(gang.gang.sheets) > sum(_sheets(m) for m in members):
            out += members  # packed in blocks they would take more paper than on sheets of their own
        else:
            out.append(gang)
    return out


INK_SAVED = ("aids", "standees")
"""The kinds of section whose backgrounds the ink saver lightens (pnp.layout.ink); cards keep their
backs unless a back is one flat colour (a card's back hides its front and tells its deck apart)."""


def ink_saved(section: Section) -> Section:
    """``section`` as the ink saver prints it: the backs of aids and the strips of standees with
    light backgrounds, the flat-colour backs of cards lightened; tokens as they are."""
    from pnp.layout.ink import is_flat_colour, light_back

    if section.kind not in (*INK_SAVED, "cards"):
        return section
    done: dict[str, object] = {}

    def light(symbol):
        if symbol is None:
            return None
        if symbol.key not in done:
            keep = section.kind in INK_SAVED or is_flat_colour(symbol)
            done[symbol.key] = light_back(symbol) if keep else symbol
        return done[symbol.key]

    def arts(source):
        for art in source:
            if section.kind == "standees":
                yield replace(art, front=light(art.front))
            else:
                yield replace(art, back=light(art.back))

    return replace(section, arts=arts(section.arts))


def _sheets(section: Section) -> int:
    """The sheets of paper a section takes (a sheet printed on both sides is one)."""
    if section.gang is not None:
        return len(section.gang.sheets)
    return section.pages // (2 if section.spec.duplex else 1)


def _merged(groups: list[tuple[str, list[Section]]], base: PrintSpec, fold: Callable | None,
            order: dict[int, int]) -> list[tuple[str, list[Section]]]:
    """The groups of pieces per paper after every merge that saves paper (smallest group first);
    ``order`` keeps the kit's order of the pieces within a group (id -> rank)."""
    def in_order(members: list[Section]) -> list[Section]:
        # pieces with a back first: their sheets come first, each with its back, then the others
        return sorted(members, key=lambda s: (not s.spec.duplex, order[id(s)]))

    def sheets(members: list[Section]) -> int:
        """The sheets of paper they take, together."""
        if len(members) == 1:
            return _sheets(members[0])
        return min(len(pack(_kinds(members, fold), base)), sum(_sheets(m) for m in members))

    groups = [(stock, in_order(members)) for stock, members in groups]
    while len(groups) > 1:
        for g in sorted(range(len(groups)), key=lambda i: _area(groups[i][1], base)):
            stock, members = groups[g]
            others = sorted((h for h in range(len(groups)) if h != g),
                            key=lambda h: (abs(STOCKS.index(groups[h][0]) - STOCKS.index(stock)),
                                           -STOCKS.index(groups[h][0])))
            target = next((h for h in others if sheets(in_order(members + groups[h][1]))
                           < sheets(members) + sheets(groups[h][1])), None)
            if target is not None:
                big = max((groups[g], groups[target]), key=lambda gr: _area(gr[1], base))
                joined = (big[0], in_order(members + groups[target][1]))
                groups = [gr for i, gr in enumerate(groups) if i not in (g, target)] + [joined]
                break
        else:
            break
    return groups


def _area(members: list[Section], base: PrintSpec) -> float:
    b = 2 * base.bleed
    return sum(s.count * (s.spec.card.w + b) * (s.spec.card.h + b) for s in members)


def _kinds(members: list[Section], fold: Callable | None) -> list[Kind]:
    return [Kind(s.what, s.spec.card, s.count, s.spec.duplex, fold if s.kind == "standees" else None)
            for s in members]


def _gang(members: list[Section], stock: str, base: PrintSpec, fold: Callable | None) -> Section:
    """One section of ganged pieces: its members, kinds and sheets."""
    kinds = _kinds(members, fold)
    sheets = pack(kinds, base)
    names = tuple(n for s in members for n in (s.names or (s.what,)))
    arts = (art for s in members for art in s.arts)
    gang = Gang(tuple(members), tuple(kinds), sheets)
    duplex = any(sheet.duplex for sheet in sheets)
    return Section(" · ".join(s.what for s in members), replace(base, duplex=base.duplex and duplex), arts,
                   sum(s.count for s in members), "pieces", names, stock, gang)


def proper_names(model: GameModel) -> frozenset[str]:
    """The words of the game's proper names that hyphenation leaves whole: the authors', the
    title's, the riders' and the colours' (those that start with a capital)."""
    texts = [*model.info.authors, model.info.title, *(r.name for r in model.riders),
             *(c.name for c in model.colours)]
    return frozenset(w for t in texts for w in t.split() if w[:1].isupper())


def _capitalized(text: str) -> str:
    """``text`` with its first letter a capital (the rest as written: names keep their case)."""
    return text[:1].upper() + text[1:]


def pages(model: GameModel, doc: Document, shared: Texts) -> Iterator[Scene]:
    """Every page of ``doc``; the calibration line is on its first page."""
    stamp = model.info.stamp
    first = True
    for section in doc.sections:
        if section.gang is not None:
            gang = section.gang
            label = (lambda what, page, total, side: shared("sheet_label", stamp=stamp, what=what, page=page,
                                                             pages=total, side=side))
            texts = GangTexts(label, shared("calibration", length=50) if first else "")
            yield from gang_pages(gang.sheets, list(gang.kinds), [m.arts for m in gang.members], section.spec,
                                  texts)
            first = False
            continue
        foot_art = fold_diagram(shared.lines("standee_steps")) if section.kind == "standees" else None
        texts = SheetTexts(
            label=lambda page, total, side, what=section.what: shared(
                "sheet_label", stamp=stamp, what=what, page=page, pages=total, side=side),
            calibration=shared("calibration", length=50) if first else "", foot_art=foot_art)
        yield from sheets(section.arts, section.count, section.spec, texts)
        first = False


@dataclass(frozen=True)
class BoardSideArt:
    """One side of a board, drawn once, with the tiles that cut it over the paper."""

    board_id: str
    side_id: str
    name: str
    scene: Scene
    key: str
    grid: TileGrid
    tiles: list[Scene]
    map: Scene

    @property
    def pages(self) -> list[Scene]:
        """The pages of the tiled board: its assembly map, then its tiles; a board that fits on one
        sheet is that sheet alone (there is nothing to assemble)."""
        return [self.map, *self.tiles] if len(self.tiles) > 1 else list(self.tiles)


WATERMARK_INK = "#CDD0D5"


def watermark(scene: Scene, text: str) -> Scene:
    """``scene`` with ``text`` across it, corner to corner, light grey, over everything: the mark of
    a draft kit (a language with strings missing, filled with the source language)."""
    import math

    from pnp.layout import text as textfit

    if not text:
        return scene
    w, h = scene.width, scene.height
    diagonal = math.hypot(w, h)
    pt = textfit.fonts.PT
    # about half the diagonal long, and never taller than a third of the page
    size = min(0.55 * diagonal / max(textfit.fonts.width_mm(text, "sans-black", 1.0), 1e-6), 0.35 * min(w, h) / pt)
    mark = textfit.line(text, 0.0, 0.36 * size * pt, "sans-black", size, WATERMARK_INK, "center")
    angle = -math.degrees(math.atan2(h, w))
    overlay = Group((mark,), compose(translate(w / 2, h / 2), rotate(angle)), id="draft-watermark")
    return replace(scene, items=(*scene.items, overlay))


@dataclass(frozen=True)
class KitSection:
    """A run of pages of one file of kit.pdf: ``pages`` pages of file ``file`` (0 the cover,
    1 the rulebook, then the kit's documents and board sides), double-sided or not."""

    what: str
    file: int
    pages: int
    duplex: bool
    stock: str = ""


@dataclass(frozen=True)
class KitSequence:
    """The pages of kit.pdf in order, each ``(file, page index)`` or None for a blank page, and
    the first and last page (1-based) of each section."""

    pages: list[tuple[int, int] | None]
    sections: list[KitSection]
    ranges: list[tuple[int, int]]


def duplex_sequence(sections: list[KitSection], duplex: bool = True) -> KitSequence:
    """Lay ``sections`` out so that printing the whole file double-sided gives the right sheets:
    every section starts on a recto (odd page), and each page of a one-sided section is followed
    by a blank verso. Without ``duplex`` (a kit printed one-sided) the pages follow each other."""
    pages: list[tuple[int, int] | None] = []
    ranges: list[tuple[int, int]] = []
    used: dict[int, int] = {}
    for section in sections:
        if duplex and len(pages) % 2:
            pages.append(None)
        first, start = len(pages) + 1, used.get(section.file, 0)
        for i in range(start, start + section.pages):
            pages.append((section.file, i))
            if duplex and not section.duplex:
                pages.append(None)
        used[section.file] = start + section.pages
        last = len(pages) - (1 if duplex and not section.duplex else 0)
        ranges.append((first, last))
    return KitSequence(pages, sections, ranges)


def blank_page(paper: Size, note: str) -> Scene:
    """A page left blank on purpose, saying so in small grey type at its foot."""
    from pnp.layout import text as textfit

    line = textfit.fit_line(note, paper.w / 2, paper.h - 12, "sans", 8, paper.w - 24, fill="#8A8F98", align="center",
                            where="kit pages")
    return Scene(paper.w, paper.h, (line,), label="blank page")


class KitPlan:
    """Everything a kit prints, in print order, ready to paint (page generators are made fresh
    on every call, so the same pages can go into their own file and into kit.pdf).

    ``draft`` is the watermark of a draft kit (e.g. "DRAFT · EN"), laid over every page; "" for none.
    """

    def __init__(self, model: GameModel, base: PrintSpec, texts: Texts, shared: Texts,
                 card_override: str | None, problems: list[str], draft: str = "") -> None:
        self.model, self.base, self.texts, self.shared = model, base, texts, shared
        self.card_override, self.problems, self.draft = card_override, problems, draft
        self.page_counts = [d.pages for d in self.documents()]

    @cached_property
    def sides(self) -> list[BoardSideArt]:
        """Every side of every board, drawn and tiled (on first use: a cards-only build skips it)."""
        return self._board_sides()

    def mark(self, scene: Scene) -> Scene:
        """The page as printed: watermarked when the kit is a draft."""
        return watermark(scene, self.draft) if self.draft else scene

    def documents(self) -> list[Document]:
        return documents(self.model, self.base, self.texts, self.shared, self.card_override, self.problems)

    def doc_pages(self, doc: Document) -> Iterator[Scene]:
        return (self.mark(p) for p in pages(self.model, doc, self.shared))

    def _board_sides(self) -> list[BoardSideArt]:
        from pnp.layout import rooms
        from pnp.layout.boards import board_scene
        from pnp.layout.ink import light_board
        from pnp.layout.text import TextProblem

        out = []
        stamp, sh = self.model.info.stamp, self.shared
        for board in self.model.boards:
            for side in board.sides:
                try:
                    with rooms.component(f"board '{board.id}' side {side.id}"):
                        scene = board_scene(self.model, side)
                    if self.base.ink_saver:
                        scene = light_board(scene)
                except TextProblem as exc:
                    self.problems.append(str(exc))
                    continue
                key = f"{self.model.id}-board-{board.id}-{side.id}"
                name = f"{side.id.upper()} · {side.name}"
                grid, tiles = tile_pages(scene, key, self.base.paper, lambda n, i, t, name=name: sh(
                    "tile_label", stamp=stamp, side=name, name=n, number=i, total=t) if t > 1 else f"{stamp} · {name}",
                    self.base.margin, calibration=sh("calibration", length=50))
                out.append(BoardSideArt(board.id, side.id, name, scene, key, grid,
                                        [self.mark(t) for t in tiles], None))
        return [self._with_map(s) for s in out]

    def _with_map(self, side: BoardSideArt) -> BoardSideArt:
        sh = self.shared
        steps = sh.lines("assembly_steps", cols=side.grid.cols, rows=side.grid.rows, overlap=side.grid.overlap,
                         first=side.grid.name(0, 0), last=side.grid.name(side.grid.cols - 1, side.grid.rows - 1))
        amap = assembly_map(side.scene, side.key, side.grid, sh("assembly_title", side=side.name), steps,
                            sh("calibration", length=50), self.base.margin)
        return replace(side, map=self.mark(amap))

    def full_size(self, side: BoardSideArt) -> Scene:
        return self.mark(full_size_page(side.scene, side.key, self.shared("calibration", length=50),
                                        f"{self.model.info.stamp} · {side.name}"))

    def sections(self, rulebook_pages: int = 0) -> list[KitSection]:
        """Every section of kit.pdf in print order: the cover (file 0), the rulebook (file 1), then
        the sections of the kit's documents and the board sides, file after file."""
        sh = self.shared
        out = [KitSection("", 0, 1, False)]
        if rulebook_pages:
            out.append(KitSection(sh("kit_part_rulebook"), 1, rulebook_pages, True, "paper"))
        kinds = {"cards": "kit_part_cards", "tokens": "kit_part_tokens", "standees": "kit_part_standees"}
        file = 2
        for doc in self.documents():
            for section in doc.sections:
                for n, duplex, names in section.runs():
                    what = (sh("kit_part_pieces", names=_capitalized(", ".join(names))) if names
                            else sh(kinds.get(section.kind, "kit_part_cards")))
                    out.append(KitSection(what, file, n, duplex, section.stock))
            file += 1
        for side in self.sides:
            n = len(side.pages)
            what = sh("kit_part_board", side=side.name) if n > 1 else sh("kit_part_board_one", side=side.name)
            out.append(KitSection(what, file, n, False, "paper"))
            file += 1
        return out

    def kit_sequence(self, rulebook_pages: int = 0) -> KitSequence:
        """The pages of kit.pdf; for a duplex kit, laid out so that the whole file prints
        double-sided as one job (see :func:`duplex_sequence`)."""
        return duplex_sequence(self.sections(rulebook_pages), self.base.duplex)

    def parts(self, rulebook_pages: int = 0) -> list[Part]:
        """The contents of kit.pdf, page by page, for its cover (the rulebook right after it)."""
        seq = self.kit_sequence(rulebook_pages)
        return [Part(s.what, first, last, s.duplex, self.shared("kit_stock", stock=s.stock) if s.stock else "")
                for s, (first, last) in zip(seq.sections, seq.ranges) if s.file > 0]

    def cover(self, rulebook_pages: int = 0) -> Scene:
        """The kit's first page (pnp.layout.cover), every text in the kit's language."""
        from pnp.layout.cover import CoverContent

        sh, info = self.shared, self.model.info
        award = next((j for j in self.model.jerseys if j.award), None)
        emblem = None
        if award is not None:
            emblem = CardContext(self.model, self.base.card, self.base.bleed, self.texts).jersey(award.id)
        players = " · ".join(t for t in (
            sh("rulebook_players", min=info.players.min, max=info.players.max),
            sh("rulebook_age", age=info.age) if info.age else "",
            sh("rulebook_duration", min=info.duration.min, max=info.duration.max) if info.duration else "") if t)
        authors = ", ".join(info.authors)
        content = CoverContent(
            title=info.title, subtitle=sh("kit_subtitle"),
            byline=sh("kit_byline", authors=authors, count=len(info.authors), players=players) if authors else players,
            intro=sh("kit_intro", stamp=info.stamp, paper=display_name(self.base.paper.name)),
            calibration=sh("calibration", length=50), contents_heading=sh("kit_contents"),
            parts=self.parts(rulebook_pages), pages_text=lambda a, b: sh("kit_pages", first=a, last=b),
            duplex_text=sh("kit_duplex"), simplex_text=sh("kit_simplex_odd") if self.base.duplex else sh("kit_simplex"),
            simplex_one=sh("kit_simplex"), note=self._cover_note(),
            checklist_heading=sh("kit_checklist"), checklist=self._checklist(rulebook_pages),
            supplies_heading=sh("kit_supplies"),
            supplies=self._supplies(),
            tools_heading=sh("kit_tools"), tools=self._tools(),
            assembly_heading=sh("kit_assembly"), assembly=self._assembly(),
            credits_heading=sh("kit_credits"), credits=self._credits(),
            emblem=emblem, art=trimmed(self.sides[0].scene) if self.sides else None)
        return self.mark(cover(self.base.paper, content))

    def _supplies(self) -> list[str]:
        """What a player brings (game.yaml kit.supplies), with its count from the data."""
        sh, out = self.shared, []
        for supply in self.model.info.kit.supplies:
            count = self._count(supply.count)
            if supply.what:
                out.append(sh("kit_supply", what=supply.what, count=count, faces=self._count(supply.faces)))
            else:
                out.append(supply.name if count == 1 else sh("kit_count", count=count, name=supply.name))
        return out

    def _count(self, count: int | str) -> int:
        """A supply's count: a number, or the value of a path into rules.yaml."""
        if isinstance(count, int):
            return count
        from pnp.model.expressions import ExprError, resolve, split_path

        try:
            value = resolve(self.model.sources.rules_record, split_path(count), count)
        except ExprError as exc:
            self.problems.append(f"game.yaml kit.supplies: count '{count}': {exc}")
            return 0
        if not isinstance(value, int) or isinstance(value, bool):
            self.problems.append(f"game.yaml kit.supplies: count '{count}' is {value!r}, not a whole number")
            return 0
        return value

    def _checklist(self, rulebook_pages: int) -> list[str]:
        """Every component with its count, in print order: the rulebook, the decks, the tokens,
        the figures and the boards."""
        sh, model = self.shared, self.model
        out = [sh("kit_rulebook_item", pages=rulebook_pages)] if rulebook_pages else []
        for sheet in ("cards", "pieces"):
            out += [sh("kit_count", count=d.size, name=d.name or d.id) for d in model.decks if d.sheet == sheet]
        kinds: dict[str, list] = {}
        for t in model.tokens:
            kinds.setdefault(t.kind, []).append(t)
        for tokens in kinds.values():
            if len(tokens) == 1:
                out.append(sh("kit_count", count=tokens[0].count, name=tokens[0].name or tokens[0].id))
            else:
                names = ", ".join(f"{t.name or t.id} ({t.count})" for t in tokens)
                out.append(sh("kit_tokens_item", count=sum(t.count for t in tokens), names=names))
        if model.standees:
            out.append(sh("kit_standees_item", count=len(model.standees)))
        out += [sh("kit_board_item", name=b.name or b.id, sides=len(b.sides)) for b in model.boards]
        return out

    def _tools(self) -> list[str]:
        sh, model = self.shared, self.model
        out = [sh("kit_tool_cut")]
        if model.tokens or model.standees or model.boards:
            out.append(sh("kit_tool_glue"))
        if model.boards:
            out.append(sh("kit_tool_board"))
        cards = sum(d.size for d in model.decks if d.sheet == "cards")
        if cards:
            out.append(sh("kit_tool_sleeves", count=cards))
        return out

    def _assembly(self) -> list[str]:
        sh, model = self.shared, self.model
        bleed = self.base.bleed
        out = [sh("kit_step_print"), sh("kit_step_cut", bleed=f"{bleed:g}")]
        if any(s.gang is not None for doc in self.documents() for s in doc.sections):
            out.append(sh("kit_step_gang"))
        if model.tokens:
            out.append(sh("kit_step_tokens"))
        if model.standees:
            out.append(sh("kit_step_standees"))
        if any(len(side.tiles) > 1 for side in self.sides):
            out.append(sh("kit_step_board"))
        if any(d.sheet == "cards" for d in model.decks):
            out.append(sh("kit_step_sort"))
        return out

    def _credits(self) -> list[str]:
        from pnp.i18n.formats import long_date

        sh, info = self.shared, self.model.info
        out = [sh("kit_credit_rules", authors=", ".join(info.authors), publisher=info.publisher)] if info.authors else []
        if info.kit.source:
            out.append(sh("kit_credit_source", source=info.kit.source))
        if info.kit.licence:
            out.append(sh("kit_credit_licence", licence=info.kit.licence))
        out.append(sh("kit_credit_version", version=info.version,
                      date=long_date(info.date, self.texts.language.code)))
        return out

    def _cover_note(self) -> str:
        """Under the contents: how to print the whole file (a duplex kit), and how to glue a
        two-sided board."""
        sh = self.shared
        notes = [sh("kit_one_job") if self.base.duplex else "", sh("kit_board_note") if len(self.sides) > 1 else ""]
        return " ".join(n for n in notes if n)

    def kit_duplex(self, rulebook_pages: int = 0) -> list[tuple[int, int]]:
        return [(p.first, p.last) for p in self.parts(rulebook_pages) if p.duplex]

    def blank_page(self) -> Scene:
        """The page that fills a gap in kit.pdf so the next part starts on a recto."""
        return self.mark(blank_page(self.base.paper, self.shared("kit_blank_page")))

    def rulebook_blocks(self) -> list:
        """The rulebook of the game in the current language, as blocks to typeset."""
        from pnp.layout.rulebook import parse
        from pnp.layout.rulebook_context import render_rulebook_markdown

        return parse(render_rulebook_markdown(self.model))

    def rulebook_figure(self, ref: str) -> Scene:
        from pnp.layout.rulebook_figures import figure_scene

        return figure_scene(self.model, ref, self.texts)

    def rulebook_meta(self) -> dict:
        """What the rulebook's title page and running heads say (RulebookMeta's fields)."""
        sh, info = self.shared, self.model.info
        return dict(
            title=info.title, subtitle=sh("rulebook_subtitle"), stamp=info.stamp, language=self.texts.language.code,
            players=sh("rulebook_players", min=info.players.min, max=info.players.max),
            age=sh("rulebook_age", age=info.age) if info.age else "",
            duration=sh("rulebook_duration", min=info.duration.min, max=info.duration.max) if info.duration else "",
            cover_art=trimmed(self.sides[0].scene) if self.sides else None,
            calibration=sh("calibration", length=50), page_label=sh("rulebook_page_label"),
            figure_missing=sh("rulebook_figure_missing"), author=", ".join(info.authors),
            names=proper_names(self.model))


__all__ = ["Document", "KitPlan", "KitSection", "KitSequence", "Section", "blank_page", "documents",
           "duplex_sequence", "pages", "watermark"]
