"""Tour de France (MB): race cards (a triplet in a team colour, or a Sprint 3-2-1), risk cards (blue
favourable, red unfavourable), the standings board and the points table (two large reference sheets),
and their backs. Every number comes from the card or from rules.yaml; every word from
templates/cards/tour-de-france-mb.j2."""

from __future__ import annotations

from pnp.layout import text as textfit
from pnp.layout.faces.common import INK, MUTED, CardContext, card_label, fitted
from pnp.layout.faces.common import sheet_head, tint
from pnp.layout.scene import Circle, Item, Rect, Style
from pnp.model.decks import Card, Deck

YELLOW = "#F4C300"
OUTLINE = "#8D939B"


def _light(hex_colour: str) -> bool:
    """The white team's colour: it needs a grey outline to show on paper."""
    return hex_colour.upper() in ("#F4F2EC", "#FFFFFF")


# --- reference sheets

def _sheet_head(ctx: CardContext, title: str, subtitle: str) -> list[Item]:
    return sheet_head(ctx, title, subtitle, YELLOW)


STANDINGS_TOP = 46.0
STANDINGS_FOOT = 22.0
STANDINGS_LABEL_MM = 13.0
"""Room at the left of a standings box for its number."""


def standings_box(w: float, h: float) -> tuple[float, float]:
    """(width, height) in mm of one box of a standings sheet of ``w`` x ``h`` mm; the rules check
    TDF-STANDINGS-ROOM measures the pawns against it."""
    col_w = (w - 20) / 2
    return col_w - 4, (h - STANDINGS_FOOT - STANDINGS_TOP) / 10 - 2


def standings(ctx: CardContext, deck: Deck, card: Card) -> list[Item]:
    """One classification (the card's kind: individual or team): a units track (0-9) left of a black
    line and a tens track (0-90) right of it; each box has a ring per team, in the team's colour,
    where its pawn goes."""
    t = ctx.texts
    which = "team" if card.kind == "team" else "individual"
    items = _sheet_head(ctx, t("standings_title"), t("standings_heading", which=which))
    top, bottom = STANDINGS_TOP, ctx.h - STANDINGS_FOOT
    box_w, box_h = standings_box(ctx.w, ctx.h)
    cell_h = box_h + 2
    col_w = box_w + 4
    shade = "#FFF4C2" if which == "individual" else "#E3EEDD"
    teams = [tok.colour for tok in ctx.model.tokens if tok.kind == "pawn" and tok.colour]
    pawn = max((tok.size_mm for tok in ctx.model.tokens if tok.kind == "pawn"), default=14.0)
    slot = (box_w - STANDINGS_LABEL_MM) / max(1, len(teams))
    items.append(Rect(10, top - 14, ctx.w - 20, bottom - top + 14, Style(fill=shade, stroke=INK, width=0.5), radius=2))
    for k, track in enumerate(("units", "tens")):
        cx = 10 + k * col_w
        items.append(textfit.line(t("standings_track", which=track), cx + col_w / 2, top - 5, "sans-black", 10,
                                  INK, "center"))
        for r in range(10):
            y = top + r * cell_h
            items.append(Rect(cx + 2, y + 1, box_w, box_h, Style(fill="#FFFFFF", stroke=OUTLINE, width=0.4), radius=1.5))
            label = str(r) if track == "units" else str(r * 10)
            items.append(textfit.line(label, cx + 4, y + cell_h / 2 + 3.5, "sans-black", 13, INK, "left"))
            for i, colour_id in enumerate(teams):
                colour = ctx.model.colour(colour_id)
                light = _light(colour.hex)
                px = cx + 2 + STANDINGS_LABEL_MM + slot * (i + 0.5)
                items.append(Circle(px, y + cell_h / 2, pawn / 2 + 0.4, Style(
                    fill=tint(colour.hex, 0.82), stroke=OUTLINE if light else colour.hex, width=0.6)))
                items.append(textfit.line(colour.letter, px, y + cell_h / 2 + 2.1, "sans-bold", 6,
                                          MUTED if light else tint(colour.hex, 0.3), "center"))
    # the black line between units and tens
    items.append(Rect(10 + col_w - 0.9, top - 10, 1.8, bottom - top + 10, Style(fill=INK)))
    items += fitted(t("standings_help"), textfit.Box(10, bottom + 2, ctx.w - 20, 12, 8.5, 6.5, align="left"),
                    "sans", INK, card_label(deck, card))
    items.append(textfit.line(ctx.model.info.stamp, ctx.w / 2, ctx.h - 4, "sans", 6, MUTED, "center"))
    return items


FACES = {"tdf-standings": standings}
BACKS: dict = {}
