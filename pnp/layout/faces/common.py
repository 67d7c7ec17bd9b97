"""What every card face shares: its context, the paper, the header band, the stamp."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.paper import Size
from pnp.layout.scene import Group, Item, Rect, Style, Symbol, compose, rotate, translate
from pnp.layout.templates import Texts
from pnp.model.decks import Card, Deck
from pnp.model.game_model import GameModel

PAPER = "#FBF8F1"
INK = "#1F2328"
MUTED = "#6B6F76"


class FaceProblem(Exception):
    """A face that cannot be drawn (a text that does not fit, a glyph that is missing)."""


@dataclass
class CardContext:
    """What a face needs to draw a card of a deck."""

    model: GameModel
    size: Size
    bleed: float
    texts: Texts
    _jerseys: dict[str, Symbol] = field(default_factory=dict)

    @property
    def w(self) -> float:
        return self.size.w

    @property
    def h(self) -> float:
        return self.size.h

    @property
    def u(self) -> float:
        """Scale of the design: 1.0 on a poker card, in proportion to the width otherwise."""
        return min(self.size.w / 63.5, self.size.h / 88.9)

    def jersey(self, jersey_id: str, over: str = "") -> Symbol:
        """The symbol of a jersey of the game; ``over`` wears it over a rider's colour."""
        key = f"{jersey_id}+{over}" if over else jersey_id
        if key not in self._jerseys:
            self._jerseys[key] = jersey_art.symbol(self.look(jersey_id, over))
        return self._jerseys[key]

    def look(self, jersey_id: str, over: str = "") -> jersey_art.JerseyLook:
        model = self.model
        j = model.jersey(jersey_id)
        colours = tuple(model.colour(c).hex for c in j.colours)
        first = model.colour(j.colours[0])
        mark, ink = "", first.ink
        if j.mark == "letter":
            mark = first.letter
        elif j.mark == "star":
            mark = "*"
        pattern = j.pattern
        if over:
            rider_colour = model.colour(model.rider(over).colour)
            colours, pattern = (colours[0], rider_colour.hex), "two-tone"
            mark, ink = rider_colour.letter, first.ink
        key = f"{model.id}-{jersey_id}" + (f"-over-{over}" if over else "")
        return jersey_art.JerseyLook(key, pattern, colours, mark, ink)


def paper(ctx: CardContext, colour: str = PAPER) -> Rect:
    """The card's background, running into the bleed."""
    b = ctx.bleed
    return Rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, Style(fill=colour))


def stamp(ctx: CardContext, ink: str = MUTED) -> Item:
    """The game, version and date, small at the bottom of the face."""
    return textfit.line(ctx.model.info.stamp, ctx.w / 2, ctx.h - 2.6 * ctx.u, "sans", textfit.READABLE_PT,
                        ink, "center")


def fitted(text: str, box: textfit.Box, font: str, fill: str, what: str) -> tuple[Item, ...]:
    """Fit ``text`` in ``box``, or raise FaceProblem naming ``what`` (the card and text)."""
    try:
        return textfit.fit(text, box, font, fill)
    except textfit.TextProblem as exc:
        raise FaceProblem(f"{what}: {exc}") from None


def card_label(deck: Deck, card: Card) -> str:
    return f"card {deck.id}/{card.id}"


def tint(hex_colour: str, amount: float) -> str:
    """``hex_colour`` mixed with white (amount 0 = the colour, 1 = white)."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02X}" for c in mix)


def upside_down(ctx: CardContext, items: list[Item]) -> Group:
    """``items`` turned half a turn about the card's centre: a face that reads both ways up."""
    return Group(tuple(items), compose(translate(ctx.w, ctx.h), rotate(180)))


def sheet_head(ctx: CardContext, title: str, subtitle: str, band: str, sizes: tuple[float, float] = (14, 17)
               ) -> list[Item]:
    """The head of a reference sheet: a coloured band with the game's title, the sheet's title and
    its subtitle; ``sizes`` are the game title's and the sheet title's point sizes."""
    b = ctx.bleed
    return [paper(ctx), Rect(-b, -b, ctx.w + 2 * b, 26 + b, Style(fill=band)),
            Rect(-b, 26, ctx.w + 2 * b, 1.6, Style(fill=INK)),
            textfit.line(ctx.model.info.title.upper(), 10, 11, "sans-black", sizes[0], INK, "left"),
            textfit.line(title, 10, 21, "sans-black", sizes[1], INK, "left"),
            textfit.line(subtitle, ctx.w - 10, 21, "sans", 9, INK, "right")]
