"""Flamme Rouge house-rule variants: energy cards (climber deck, sprinteur 6s), attack, exhaustion and form
cards; tokens and markers (musette, crash/mechanical, ghost behaviour, weather and wind markers, steep
overlays); the weather track, the wind rose, two reference sheets and four score sheets. Every number comes
from the card or from rules.yaml; every word from templates/cards/flamme-rouge-variants.j2."""

from __future__ import annotations

import math

from pnp.layout import text as textfit
from pnp.layout.faces.common import INK, MUTED, CardContext, card_label, fitted, paper, upside_down
from pnp.layout.scene import Circle, Group, Item, Line, Path, Rect, Style, compose, polygon, rotate, translate
from pnp.model.decks import Card, Deck

RED = "#C8102E"
DARK = "#23262B"
CREAM = "#F6F0E1"
SAND = "#E9DFC7"
GREY = "#8C9096"
SKY = "#3C8DC5"
SUN = "#F2B705"
LIGHT = "#FFFFFF"
PROFILE_TINT = {"grimpeur": "#7A4B9C", "sprinteur": "#E07A12", "rouleur": "#2F6E3B"}


def _team(ctx: CardContext, colour_id: str):
    return ctx.model.colour(colour_id)


def _badge(x: float, y: float, r: float, colour) -> list[Item]:
    light = colour.ink != "#FFFFFF"
    items: list[Item] = [Circle(x, y, r, Style(fill=colour.hex, stroke=INK if light else LIGHT, width=0.5))]
    size = r * (2.5 if len(colour.letter) == 1 else 1.9)
    items.append(textfit.line(colour.letter, x, y + size * 0.127, "sans-black", size, colour.ink, "center"))
    return items


def _mountain(x: float, y: float, w: float, h: float, fill: str) -> Path:
    return polygon([(x, y + h), (x + w * 0.3, y + h * 0.25), (x + w * 0.45, y + h * 0.5), (x + w * 0.65, y),
                    (x + w, y + h)], Style(fill=fill))


def _frame(ctx: CardContext, colour: str, width: float = 0.6) -> Rect:
    u = ctx.u
    return Rect(3 * u, 3 * u, ctx.w - 6 * u, ctx.h - 6 * u, Style(stroke=colour, width=width), radius=2.5 * u)


def _stamp(ctx: CardContext, ink: str = MUTED) -> Item:
    return textfit.line(ctx.model.info.stamp, ctx.w / 2, ctx.h - 2.4 * ctx.u, "sans", 4.0 * ctx.u, ink, "center")


def _corner(ctx: CardContext, text: str, ink: str) -> list[Item]:
    u = ctx.u
    a = textfit.line(text, 6 * u, 26 * u, "sans-black", 16 * u, ink, "center")
    return [a, upside_down(ctx, [a])]


# --- energy cards (climber deck, sprinteur replacements)

# --- attack, exhaustion, form

def attack_back(ctx: CardContext) -> list[Item]:
    u, b, w, h = ctx.u, ctx.bleed, ctx.w, ctx.h
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=RED))]
    items += [polygon([(k, h + b), (k + 4 * u, h + b), (k + 4 * u + h, -b), (k + h, -b)], Style(fill="#D42A45"))
              for k in [i * 10 * u - h for i in range(20)]]
    items.append(_frame(ctx, LIGHT, 0.8))
    word = fitted(ctx.texts("attack_title").upper(), textfit.Box(6 * u, h / 2 - 8 * u, w - 12 * u, 16 * u, 22 * u, 10 * u),
                  "sans-black", LIGHT, "attack back")
    return items + list(word)


def form_back(ctx: CardContext) -> list[Item]:
    u, b, w, h = ctx.u, ctx.bleed, ctx.w, ctx.h
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=SUN))]
    items += [Circle(w / 2, h / 2, r * u, Style(stroke="#E0A800", width=1.6 * u)) for r in (12, 20, 28, 36, 44, 52)]
    items.append(_frame(ctx, DARK, 0.8))
    word = fitted(ctx.texts("form_title").upper(), textfit.Box(6 * u, h / 2 - 8 * u, w - 12 * u, 16 * u, 18 * u, 9 * u),
                  "sans-black", DARK, "form back")
    return items + list(word)


# --- tokens and markers

GHOST_COLOURS = {"offensif": RED, "aleatoire": "#6B5CA5", "regulier": "#2F6E3B"}


# --- weather track, wind rose

# --- tables on reference and score sheets

# --- score sheets

FACES: dict = {}
BACKS = {"frv-attack-back": attack_back,
         "frv-form-back": form_back}
