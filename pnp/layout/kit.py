"""The documents of a kit: which components go in which PDF, on which paper, in what order."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from pnp.layout.cards import CardArt, card_arts, card_size_of
from pnp.layout.faces.common import CardContext
from pnp.layout.imposition import SheetTexts, plan, sheets
from pnp.layout.paper import PrintSpec, Size, card_size
from pnp.layout.scene import Scene
from pnp.layout.standees import STRIP, standee_arts
from pnp.layout.templates import Texts
from pnp.layout.tokens import token_arts
from pnp.model.game_model import GameModel

TOKEN_MM = 25.0


@dataclass(frozen=True)
class Section:
    """Components of one size, imposed together: ``count`` pieces, duplex or not."""

    what: str
    spec: PrintSpec
    arts: Iterable[CardArt]
    count: int

    @property
    def pages(self) -> int:
        return math.ceil(self.count / plan(self.spec).slots) * (2 if self.spec.duplex else 1)


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
        out, first = [], 1
        for s in self.sections:
            if s.spec.duplex:
                out.append((first, first + s.pages - 1))
            first += s.pages
        return out


def _deck_sections(model: GameModel, base: PrintSpec, texts: Texts, sheet: str, override: str | None,
                   problems: list[str], what: str) -> list[Section]:
    groups: dict[Size, list] = {}
    for deck in model.decks:
        if deck.sheet == sheet:
            groups.setdefault(card_size_of(model, deck, override), []).append(deck)
    out = []
    for size, decks in groups.items():
        ctx = CardContext(model, size, base.bleed, texts)
        spec = replace(base, card=size)
        out.append(Section(what, spec, card_arts(model, ctx, decks, problems), sum(d.size for d in decks)))
    return out


def documents(model: GameModel, base: PrintSpec, texts: Texts, shared: Texts, card_override: str | None,
              problems: list[str]) -> list[Document]:
    """cards.pdf (every deck printed with the cards) and pieces.pdf (tokens, aids, standees)."""
    cards = _deck_sections(model, base, texts, "cards", card_override, problems, shared("cards_title"))
    pieces: list[Section] = []
    if model.tokens:
        size = Size("token", TOKEN_MM, TOKEN_MM)
        ctx = CardContext(model, size, base.bleed, texts)
        pieces.append(Section(shared("tokens_title"), replace(base, card=size), token_arts(model, ctx),
                              sum(t.count for t in model.tokens)))
    pieces += _deck_sections(model, base, texts, "pieces", None, problems, shared("aids_title"))
    if model.standees:
        ctx = CardContext(model, STRIP, base.bleed, texts)
        pieces.append(Section(shared("standees_title"), replace(base, card=STRIP, duplex=False),
                              standee_arts(model, ctx), len(model.standees)))
    title = model.info.title
    docs = [Document("cards.pdf", f"{title}: {shared('cards_title')}", cards)]
    if pieces:
        docs.append(Document("pieces.pdf", f"{title}: {shared('pieces_title')}", pieces))
    return [d for d in docs if d.sections]


def pages(model: GameModel, doc: Document, shared: Texts) -> Iterator[Scene]:
    """Every page of ``doc``; the calibration line is on its first page."""
    stamp = model.info.stamp
    first = True
    for section in doc.sections:
        texts = SheetTexts(
            label=lambda page, total, side, what=section.what: shared(
                "sheet_label", stamp=stamp, what=what, page=page, pages=total, side=side),
            calibration=shared("calibration", length=50) if first else "")
        yield from sheets(section.arts, section.count, section.spec, texts)
        first = False


__all__ = ["Document", "Section", "documents", "pages", "card_size"]
