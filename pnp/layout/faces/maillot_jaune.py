"""Maillot Jaune faces: rider cards (stars per terrain, the rear-wheel energy dial), energy needles,
form tracks 20 to 0 and their markers, and the reference sheets (risky-breakaway dice table, quick
reference, stage-time sheet). Every number comes from rules.yaml; every word from
templates/cards/maillot-jaune.j2. Terrain patterns (shared with the board) live here too.
"""

from __future__ import annotations

import math

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.faces.common import INK, MUTED, CardContext, fitted, paper, stamp
from pnp.layout.scene import Circle, Group, Item, Line, Rect, Style, polygon

YELLOW = "#FFD100"
DARK = "#1F2328"
SOFT = "#F3EFE4"
RULE = "#C9C2B0"
RED = "#C8102E"


# --- terrains: colour AND pattern

def terrain_colour(model, terrain: str) -> str:
    return next((c.hex for c in model.colours if c.id == terrain), "#CCCCCC")


def terrain_pattern(terrain: str, x: float, y: float, w: float, h: float, clip=None, scale: float = 1.0) -> Item:
    """The pattern of a terrain over the box (x, y, w, h), for colour-blind players:
    flat = level lines, climb = rising hatching, descent = dots. ``clip`` replaces the box's clip."""
    ink = Style(stroke="#3A3A3A", width=0.35 * scale, opacity=0.55)
    dot = Style(fill="#2E2E2E", opacity=0.5)
    items: list[Item] = []
    step = 4.0 * scale
    if terrain == "plaine":
        yy = y + step / 2
        while yy < y + h:
            items.append(Line(x - 1, yy, x + w + 1, yy, ink))
            yy += step
    elif terrain == "montee":
        k = -h
        while k < w + h:
            items.append(Line(x + k, y + h + 1, x + k + h + 2, y - 1, ink))
            k += step
    elif terrain == "descente":
        row = 0
        yy = y + step / 2
        while yy < y + h + step:
            xx = x + (step / 2 if row % 2 else 0)
            while xx < x + w + step:
                items.append(Circle(xx, yy, 0.55 * scale, dot))
                xx += step
            yy += step * 0.87
            row += 1
    return Group(tuple(items), clip=clip if clip is not None else Rect(x, y, w, h, Style()))


def terrain_swatch(model, terrain: str, x: float, y: float, w: float, h: float, radius: float = 1.2) -> list[Item]:
    return [Rect(x, y, w, h, Style(fill=terrain_colour(model, terrain)), radius=radius),
            terrain_pattern(terrain, x, y, w, h),
            Rect(x, y, w, h, Style(stroke=DARK, width=0.3), radius=radius)]


def tint(hex_colour: str, amount: float) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02X}" for c in (r, g, b))


def _rider(ctx: CardContext, card):
    model = ctx.model
    rider = model.rider(card.rider)
    return rider, model.colour(rider.colour), next(p for p in model.profiles if p.id == rider.profile)


def _label(deck, card) -> str:
    return f"card {deck.id}/{card.id}"


# --- rider card


# --- energy needle, form track, form marker


# --- reference sheets

def _band(ctx: CardContext, title: str, sub: str = "") -> list[Item]:
    b, w = ctx.bleed, ctx.w
    items: list[Item] = [Rect(-b, -b, w + 2 * b, 20 + b, Style(fill=YELLOW)),
                         Rect(-b, 20, w + 2 * b, 1.2, Style(fill=DARK))]
    award = next((j for j in ctx.model.jerseys if j.award), None)
    if award is not None:
        items.append(jersey_art.place(ctx.jersey(award.id), 6, 2, 16))
    items += fitted(title, textfit.Box(26, 2, w - 32, 11, 20, 10, align="left"), "sans-black", DARK, title)
    if sub:
        items += fitted(sub, textfit.Box(26, 12.5, w - 32, 6.5, 9, 6, align="left"), "sans-medium", DARK, title)
    return items


def _die(x: float, y: float, s: float, value: int) -> list[Item]:
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    items: list[Item] = [Rect(x, y, s, s, Style(fill="#FFFFFF", stroke=DARK, width=0.4), radius=s * 0.18)]
    for i, j in pips.get(value, []):
        items.append(Circle(x + s * (0.25 + 0.25 * i), y + s * (0.25 + 0.25 * j), s * 0.09, Style(fill=DARK)))
    return items


def dice_table_face(ctx: CardContext, deck, card) -> list[Item]:
    from pnp.games.maillot_jaune.context import dice_rows

    t, facts, w, h = ctx.texts, ctx.model.facts, ctx.w, ctx.h
    label = _label(deck, card)
    rows = dice_rows(ctx.model)
    items: list[Item] = [paper(ctx)] + _band(ctx, t("dice_title"), t("dice_subtitle", max=facts.breakaway.risky_max))
    x0, top = 8.0, 27.0
    head_h, row_h = 13.0, (h - 27 - 13 - 44) / len(rows)
    cols = [x0, x0 + 42, x0 + 60]
    cw = (w - 8 - cols[2]) / facts.breakaway.risky_max
    items.append(Rect(x0, top, w - 16, head_h, Style(fill=DARK)))
    items += fitted(t("dice_throw"), textfit.Box(cols[0] + 2, top, 40, head_h, 9, 6, align="left"), "sans-bold",
                    "#FFFFFF", label)
    items += fitted(t("dice_chance", total=facts.dice.faces ** facts.dice.count),
                    textfit.Box(cols[1], top, 18, head_h, 7, 5), "sans-bold", "#FFFFFF", label)
    for k in range(1, facts.breakaway.risky_max + 1):
        items += fitted(t("dice_squares", n=k), textfit.Box(cols[2] + (k - 1) * cw, top + 1, cw, head_h - 2, 9, 6),
                        "sans-bold", "#FFFFFF", label)
    y = top + head_h
    for i, row in enumerate(rows):
        fill = "#FFF6CC" if row["double"] else ("#FFFFFF" if i % 2 else SOFT)
        items.append(Rect(x0, y, w - 16, row_h, Style(fill=fill)))
        s = min(row_h - 3, 8.0)
        if row["double"]:
            a = int(row["key"].split("/")[0])
            items += _die(cols[0] + 2, y + (row_h - s) / 2, s, a) + _die(cols[0] + 3 + s, y + (row_h - s) / 2, s, a)
            items.append(textfit.line(t("dice_double", n=a), cols[0] + 5 + 2 * s, y + row_h / 2 + 1.3, "sans-bold",
                                      8, INK))
        else:
            items.append(textfit.line(t("dice_total", n=int(row["key"])), cols[0] + 3, y + row_h / 2 + 1.6,
                                      "sans-bold", 10, INK))
        items.append(textfit.line(str(row["throws"]), cols[1] + 9, y + row_h / 2 + 1.4, "sans", 8, MUTED, "center"))
        if row["costs"] is None:
            box = textfit.Box(cols[2] + 1, y + 0.6, w - 8 - cols[2] - 2, row_h - 1.2, 10, 6)
            items.append(Rect(box.x, box.y, box.w, box.h, Style(fill=tint(RED, 0.2)), radius=1))
            items += fitted(t("dice_puncture", turns=facts.puncture.miss_turns), box, "sans-black", "#FFFFFF", label)
        else:
            for k, v in enumerate(row["costs"]):
                items.append(textfit.line(str(v), cols[2] + (k + 0.5) * cw, y + row_h / 2 + 2.0,
                                          "sans-black" if v == 0 else "sans-bold", 12, INK, "center"))
        items.append(Line(x0, y + row_h, w - 8, y + row_h, Style(stroke=RULE, width=0.25)))
        y += row_h
    for k in range(facts.breakaway.risky_max + 1):
        xx = cols[2] + k * cw
        items.append(Line(xx, top, xx, y, Style(stroke=RULE, width=0.25)))
    items.append(Rect(x0, top, w - 16, y - top, Style(stroke=DARK, width=0.5)))
    box = textfit.Box(x0, y + 3, w - 16, h - y - 10, 9, 6.5, align="left", valign="top")
    items += fitted(t("dice_notes", safe=facts.breakaway.safe_cost, max=facts.breakaway.risky_max), box, "sans",
                    INK, label)
    items.append(stamp(ctx))
    return items


def _section_box(x: float, y: float, w: float, h: float, size: float = 8.6) -> textfit.Box:
    return textfit.Box(x + 1, y + 8.5, w - 2, h - 9, size, 6.2, align="left", valign="top")


def _section(ctx: CardContext, title: str, text: str, x: float, y: float, w: float, h: float, label: str,
             accent: str = DARK, size: float = 8.6) -> list[Item]:
    items: list[Item] = [Rect(x, y, w, 7, Style(fill=accent), radius=1.2),
                         textfit.line(title, x + 2.5, y + 5.1, "sans-black", 9.5, "#FFFFFF" if accent == DARK else DARK)]
    items += fitted(text, _section_box(x, y, w, h, size), "sans", INK, label)
    return items


def summary_face(ctx: CardContext, deck, card) -> list[Item]:
    t, f, w, h, model = ctx.texts, ctx.model.facts, ctx.w, ctx.h, ctx.model
    label = _label(deck, card)
    items: list[Item] = [paper(ctx)] + _band(ctx, t("summary_title"), t("summary_subtitle"))
    c = f.course
    # terrains and the tactic squares
    y = 26.0
    tw = (w - 16 - 2 * 4) / len(c.terrains)
    for i, terrain in enumerate(c.terrains):
        x = 8 + i * (tw + 4)
        items += terrain_swatch(model, terrain, x, y, 14, 10)
        items += fitted(t("terrain_name", terrain=terrain), textfit.Box(x + 16, y, tw - 16, 10, 10, 7, align="left"),
                        "sans-bold", INK, label)
    y += 14
    col_w = (w - 16 - 5) / 2
    blocks = [
        (t("sum_order_title"), t("sum_order")),
        (t("sum_move_title"), t("sum_move")),
        (t("sum_safe_title"), t("sum_safe", cost=f.breakaway.safe_cost)),
        (t("sum_risky_title"), t("sum_risky", max=f.breakaway.risky_max)),
        (t("sum_slip_title"), t("sum_slip", loss=f.slipstream.leader_energy, gain=f.slipstream.follower_gain)),
        (t("sum_dodge_title"), t("sum_dodge")),
        (t("sum_puncture_title"), t("sum_puncture", turns=f.puncture.miss_turns)),
        (t("sum_terrain_title"), t("sum_terrain", n=c.section_squares,
                                   tactic=[(s, c.section_squares - s) for s in range(f.stars.max, f.stars.min - 1, -1)])),
        (t("sum_stage_title"), t("sum_stage", minutes=f.timing.minutes_per_round, energy=f.energy.start)),
        (t("sum_form_title"), t("sum_form", form=f.form.start, energy=f.energy.max)),
    ]
    rows = (len(blocks) + 1) // 2
    bh = (h - y - 8) / rows
    places = [(8 + (i % 2) * (col_w + 5), y + (i // 2) * bh) for i in range(len(blocks))]
    # one size for every block, as large as the fullest block allows
    size = textfit.common_size([(text, _section_box(x, yy, col_w, bh - 3, 11.0))
                                for (_, text), (x, yy) in zip(blocks, places)], "sans")
    for i, ((title, text), (x, yy)) in enumerate(zip(blocks, places)):
        items += _section(ctx, title, text, x, yy, col_w, bh - 3, label, YELLOW if i in (2, 3) else DARK, size)
    items.append(stamp(ctx))
    return items


def timesheet_face(ctx: CardContext, deck, card) -> list[Item]:
    t, f, w, h, model = ctx.texts, ctx.model.facts, ctx.w, ctx.h, ctx.model
    label = _label(deck, card)
    items: list[Item] = [paper(ctx)] + _band(ctx, t("times_title"), t("times_subtitle",
                                                                       minutes=f.timing.minutes_per_round))
    stages = len(f.course.stages)
    x0, top = 8.0, 28.0
    name_w = 44.0
    cw = (w - 16 - name_w) / (stages * 2 + 1)
    head = 14.0
    rows = model.riders
    row_h = min(15.0, (h - top - head - 40) / len(rows))
    items.append(Rect(x0, top, w - 16, head, Style(fill=DARK)))
    items += fitted(t("times_rider"), textfit.Box(x0 + 2, top, name_w - 4, head, 9, 6, align="left"), "sans-bold",
                    "#FFFFFF", label)
    for s in range(stages):
        x = x0 + name_w + 2 * s * cw
        items += fitted(t("times_stage", n=s + 1), textfit.Box(x, top + 0.5, 2 * cw, 6, 8.5, 6), "sans-black",
                        "#FFFFFF", label)
        items += fitted(t("times_minutes"), textfit.Box(x, top + 7, cw, 6, 6.5, 5), "sans", "#FFFFFF", label)
        items += fitted(t("times_total"), textfit.Box(x + cw, top + 7, cw, 6, 6.5, 5), "sans", "#FFFFFF", label)
    items += fitted(t("times_rank"), textfit.Box(x0 + name_w + 2 * stages * cw, top, cw, head, 8, 5.5), "sans-bold",
                    "#FFFFFF", label)
    y = top + head
    for i, rider in enumerate(rows):
        colour = model.colour(rider.colour)
        items.append(Rect(x0, y, w - 16, row_h, Style(fill=SOFT if i % 2 else "#FFFFFF")))
        items.append(Circle(x0 + 5, y + row_h / 2, 3.4, Style(fill=colour.hex, stroke=DARK, width=0.3)))
        items.append(textfit.line(colour.letter, x0 + 5, y + row_h / 2 + 1.5, "sans-black", 9, colour.ink, "center"))
        items += fitted(rider.name, textfit.Box(x0 + 10, y, name_w - 12, row_h, 10, 6.5, align="left"), "sans-bold",
                        INK, label)
        y += row_h
    for k in range(stages * 2 + 2):
        xx = x0 + name_w + k * cw
        bold = k % 2 == 0
        # a stage's two columns part under its name, not through it
        items.append(Line(xx, top if bold else top + 7, xx, y,
                          Style(stroke=DARK if bold else RULE, width=0.45 if bold else 0.25)))
    for i in range(len(rows) + 1):
        items.append(Line(x0, top + head + i * row_h, w - 8, top + head + i * row_h, Style(stroke=RULE, width=0.25)))
    items.append(Rect(x0, top, w - 16, y - top, Style(stroke=DARK, width=0.5)))
    # the yellow jersey after each stage
    y += 6
    items.append(textfit.line(t("times_yellow"), x0, y + 4, "sans-black", 10, INK))
    y += 7
    bw = (w - 16 - (stages - 1) * 4) / stages
    for s in range(stages):
        x = x0 + s * (bw + 4)
        items.append(Rect(x, y, bw, 14, Style(fill="#FFFBE6", stroke=DARK, width=0.4), radius=1.5))
        items.append(Rect(x, y, 5, 14, Style(fill=YELLOW), radius=1.5))
        items.append(textfit.line(t("times_after", n=s + 1), x + 7, y + 4.2, "sans-medium", 6.5, MUTED))
    items += fitted(t("times_note"), textfit.Box(x0, y + 17, w - 16, h - y - 24, 8, 6, align="left", valign="top"),
                    "sans-italic", MUTED, label)
    items.append(stamp(ctx))
    return items


def reference_face(ctx: CardContext, deck, card) -> list[Item]:
    draw = {"dice-table": dice_table_face, "summary": summary_face, "time-sheet": timesheet_face}[card.kind]
    return draw(ctx, deck, card)


FACES = {"mj-reference": reference_face}
