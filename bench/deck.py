"""A synthetic deck pushed through the real pipeline: card art -> imposition -> PDF painter.

Every card is unique (its front is drawn inline, ``shared=False``) and has a frame, a title fitted
with ``text.fit``, three measured lines from ``text.line`` and a jersey icon (a Symbol, painted
once per document as a form XObject). All cards share one back Symbol. Sheets are A4, poker cards,
duplex, with crop marks. Card art is generated lazily, so nothing in this module holds the deck.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pnp.layout import fonts
from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.cards import CardArt, as_symbol
from pnp.layout.imposition import SheetTexts, sheets
from pnp.layout.paper import PrintSpec, card_size, paper
from pnp.layout.scene import Group, Item, Rect, Scene, Style, Symbol, compose, rotate, translate
from pnp.paint.pdf import paint_pdf

PAPER = "#FBF8F1"
INK = "#1F2328"
MUTED = "#6B6F76"
FONTS_USED = ("sans", "sans-italic", "sans-bold", "sans-black")

LOOKS = (
    jersey_art.JerseyLook("bench-yellow", "solid", ("#F2C500",), "J", "#1B1B1B"),
    jersey_art.JerseyLook("bench-green", "two-tone", ("#1A8C3A", "#C8102E"), "V", "#FFFFFF"),
    jersey_art.JerseyLook("bench-dots", "polka-dot", ("#FFFFFF", "#D0021B"), "*"),
    jersey_art.JerseyLook("bench-blue", "sash", ("#1F4FA8", "#FFFFFF"), "B", "#FFFFFF"),
    jersey_art.JerseyLook("bench-stripes", "stripes", ("#222222", "#E8E8E8"), "N", "#FFFFFF"),
)
NAMES = ("Anquetil", "Bahamontes", "Coppi", "Desgrange", "Eddy", "Fignon", "Gimondi", "Hinault",
         "Indurain", "Jalabert", "Kelly", "LeMond", "Merckx", "Nibali", "Ocaña", "Pantani")


@dataclass(frozen=True)
class CardBox:
    """What ``cards.as_symbol`` needs of a CardContext: the trim size and the bleed."""

    w: float
    h: float
    bleed: float


def spec() -> PrintSpec:
    return PrintSpec(paper("a4"), card_size("poker"), duplex=True)


def warm_up() -> None:
    """Register the fonts (a one-off per process, not per card) so timings are of the pipeline."""
    for key in FONTS_USED:
        fonts.face(key)
        fonts.missing_glyphs("A", key)


def back_symbol(box: CardBox, icon: Symbol) -> Symbol:
    """The one back every card shares (drawn once, used on every back sheet)."""
    w, h, b = box.w, box.h, box.bleed
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill="#146B36")),
                         Rect(4, 4, w - 8, h - 8, Style(stroke="#FFFFFF", width=0.6), radius=3),
                         jersey_art.place(icon, (w - 30) / 2, (h - 30) / 2, 30)]
    title = textfit.fit("BENCH JERSEY", textfit.Box(7, 12, w - 14, 12, 17, 9), "sans-black", "#FFFFFF")
    items += title
    items.append(Group(tuple(title), compose(translate(w, h), rotate(180))))
    return as_symbol("bench-back", box, items)


def front_items(i: int, box: CardBox, icons: tuple[Symbol, ...]) -> list[Item]:
    """The face of card ``i``: paper, frame, title, jersey icon, three lines of text."""
    w, h, b = box.w, box.h, box.bleed
    name = NAMES[i % len(NAMES)]
    items: list[Item] = [
        Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=PAPER)),
        Rect(3, 3, w - 6, h - 6, Style(stroke=INK, width=0.5), radius=2.5),
    ]
    items += textfit.fit(f"{name} {i + 1}", textfit.Box(6, 6, w - 12, 11, 14, 8), "sans-bold", INK)
    items.append(jersey_art.place(icons[i % len(icons)], (w - 34) / 2, 20, 34))
    lines = (f"Move {1 + i % 6} squares forward,",
             f"then draw {1 + i % 3} card{'s' if i % 3 else ''} and pass.",
             f"Card no. {i + 1:05d} of the bench deck")
    for k, text in enumerate(lines):
        items.append(textfit.line(text, w / 2, 64 + k * 5.5, "sans-italic" if k == 2 else "sans", 7.5,
                                  MUTED if k == 2 else INK, "center"))
    return items


def card_arts(count: int) -> Iterator[CardArt]:
    """``count`` unique cards, made one at a time as the imposition asks for them."""
    s = spec()
    box = CardBox(s.card.w, s.card.h, s.bleed)
    icons = tuple(jersey_art.symbol(look) for look in LOOKS)
    back = back_symbol(box, icons[0])
    for i in range(count):
        front = as_symbol(f"bench-{i}", box, front_items(i, box, icons))
        yield CardArt(f"bench/{i}", front, back, False)


def scenes(count: int) -> Iterator[Scene]:
    texts = SheetTexts(label=lambda page, pages, side: f"Bench deck: sheet {page}/{pages} ({side})",
                       calibration="This line is 50 mm long: check that your printer does not scale.")
    return sheets(card_arts(count), count, spec(), texts)


@dataclass
class DeckResult:
    cards: int
    pages: int
    seconds: float
    """Wall time."""
    bytes: int
    cpu: float = 0.0
    """CPU time of this process over the same span (less sensitive to other processes)."""


def build(count: int, path: str, wrap=None) -> DeckResult:
    """Lay out, impose, paint and write ``count`` cards to ``path``; timed from first card to file closed.

    ``wrap`` may wrap the stream of scenes (used to sample memory while pages go by).
    """
    t0, c0 = time.perf_counter(), time.process_time()
    pages: Iterable[Scene] = scenes(count)
    if wrap is not None:
        pages = wrap(pages)
    n = paint_pdf(pages, path, title="bench deck", author="bench", subject="bench")
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    return DeckResult(count, n, seconds, os.path.getsize(path), cpu)
