"""What the Maillot Jaune rulebook template is given: every number and table row from the model."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.games.maillot_jaune.facts import PUNCTURE, outcome_key, outcomes, row_order
from pnp.games.maillot_jaune.figures import move_cast
from pnp.layout.paper import card_size
from pnp.model.game_model import GameModel


def dice_rows(model: GameModel) -> list[dict[str, Any]]:
    """The risky-breakaway table as printed: row key, whether a double, how many of the 36
    throws give it, and its costs (or None for a puncture)."""
    facts = model.facts
    throws = Counter(outcome_key(a, b) for a, b in outcomes(facts.dice.faces))
    rows = []
    for key in sorted(facts.risky_table, key=row_order):
        row = facts.risky_table[key]
        rows.append({"key": key, "double": "/" in key, "label": key.replace("/", "–"),
                     "throws": throws.get(key, 0), "costs": None if row == PUNCTURE else list(row)})
    return rows


def slider(model: GameModel) -> dict[str, float]:
    """The form marker's strip, cut to the form track (mm): one cell wide, its two flaps on the
    margins above and below the cells."""
    deck = next(d for d in model.decks if any(c.kind == "form-track" for c in d.cards))
    size = card_size(deck.card_size or model.info.card_size)
    t = model.facts.pieces.form_track.layout(size.w, size.h, model.facts.form.start + 1)
    return {"cell": t.cell_w, "top": t.top, "bottom": t.bottom, "length": t.slider_length, "track": size.h}


def rulebook_context(model: GameModel) -> dict[str, Any]:
    """Everything rulebook.md.j2 reads: the model's numbers, the table rows, the worked examples
    and the figures' refs (one rider for the diagrams: the one the movement diagram shows)."""
    facts, info = model.facts, model.info
    c = facts.course
    colours = {col.id: col for col in model.colours}
    profiles = {p.id: p for p in model.profiles}
    riders = [{"id": r.id, "name": r.name, "colour": colours[r.colour].name, "letter": colours[r.colour].letter,
               "stars": dict(profiles[r.profile].stars), "profile": profiles[r.profile].name}
              for r in model.riders]
    terrains = [{"id": t, "name": colours[t].name if t in colours else t,
                 "squares": c.sections.count(t) * c.section_squares,
                 "sections": c.sections.count(t)} for t in c.terrains]
    stages = []
    for i, stage in enumerate(c.stages, 1):
        start = c.stage_start(i)
        stages.append({"number": i, "sections": [colours[t].name if t in colours else t for t in stage],
                       "terrains": list(stage), "first": start, "last": start + c.stage_squares(i) - 1,
                       "squares": c.stage_squares(i)})
    rows = dice_rows(model)
    punctures = [r for r in rows if r["costs"] is None]
    total_throws = facts.dice.faces ** facts.dice.count
    rider_cards = next(d for d in model.decks if d.id == "coureurs")
    refs = next((d for d in model.decks if d.id == "references"), None)
    side = next(s for b in model.boards for s in b.sides)
    example = next(r for r in model.riders if r.id == "renault") if any(r.id == "renault" for r in model.riders) \
        else model.riders[0]
    move = move_cast(model)
    ex_risky = _example(facts, "9", 2)
    shown = rider_cards.cards[:3]
    shown_standees = [s for s in model.standees if s.rider][:2]
    new_riders = [r.name for r in model.riders if r.id not in facts.source_riders]
    return {
        "game": info, "facts": facts, "model": model, "date": info.date.isoformat(),
        "riders": riders, "terrains": terrains, "stages": stages, "course": c,
        "dice_rows": rows, "punctures": punctures, "puncture_throws": sum(r["throws"] for r in punctures),
        "total_throws": total_throws, "tactic": [{"stars": s, "square": c.section_squares - s}
                                                 for s in range(facts.stars.max, facts.stars.min - 1, -1)],
        "example": {"rider": example.name, "stars": dict(profiles[example.profile].stars)},
        "components": {
            "rider_cards": rider_cards.size,
            "needles": sum(1 for d in model.decks for x, _ in d.copies() if x.kind == "needle"),
            "form_tracks": sum(1 for d in model.decks for x, _ in d.copies() if x.kind == "form-track"),
            "form_markers": sum(1 for d in model.decks for x, _ in d.copies() if x.kind == "form-marker"),
            "standees": len([s for s in model.standees if s.rider]),
            "yellow": len([s for s in model.standees if not s.rider]),
            "punctures": sum(t.count for t in model.tokens if t.kind == "puncture"),
            "references": refs.size if refs else 0,
            "dice": facts.components.dice,
        },
        "side": side, "lanes": side.lanes, "grid_rows": c.grid_rows,
        "grid_first": min((s.number for s in side.marks("grid") if s.number is not None), default=1),
        "boards": len(model.boards),
        "sections_per_stage": max((len(s) for s in c.stages), default=0),
        "move": {"name": move.name, "stars": move.stars, "terrain": move.terrain,
                 "section_square": move.section_square, "reach": move.reach},
        "slider": slider(model),
        "dial_value": ex_risky["energy_left"],
        "slip": _slip_line(facts),
        "source_riders": len(facts.source_riders),
        "new_riders": new_riders,
        "fig": {
            "rider_cards": "cards:coureurs/" + ",".join(c.id for c in shown),
            "rider_count": len(shown),
            "board": f"board:{side.id}",
            "move": f"move:{move.rider}",
            "dial": f"dial:{move.rider}",
            "form": f"form:{move.rider}",
            "standees": "standees:" + ",".join(s.id for s in shown_standees) + ","
                        + next(s.id for s in model.standees if not s.rider),
            "standee_count": len(shown_standees),
            "sheets": "cards:references/" + ",".join(c.id for c in refs.cards) if refs else "",
            "puncture": "token:crevaison",
            "markers": "cards:curseurs/" + rider_cards.cards[0].id.replace("carte-", "curseur-"),
        },
        "decisions": list(model.decisions),
        "decision_ids": [d.id for d in model.decisions],
        "ex_risky": ex_risky,
        "ex_combo": _example(facts, "8", 2, safe=2),
        "ex_lucky": _example(facts, "7", 2),
    }


def _slip_line(facts) -> dict[str, int]:
    """The 3rd and 4th riders of a slipstreaming line (places in the line, the leader 1st: not
    rules numbers) and what they gain: the first follower (the 2nd in the line) gains
    ``follower_gain``, each one behind it ``follower_step`` more."""
    third, fourth = 3, 4
    return {"third": third, "fourth": fourth, "third_gain": facts.slipstream.gain(third),
            "fourth_gain": facts.slipstream.gain(fourth)}


def _example(facts, roll: str, squares: int, safe: int = 0) -> dict[str, Any]:
    """A worked example from the table: ``squares`` risky squares (and ``safe`` safe ones) on
    ``roll``, or on the first paying row when the table has no such row."""
    table = facts.risky_table
    if roll not in table or table[roll] == PUNCTURE:
        roll = next(k for k, v in table.items() if v != PUNCTURE)
    squares = min(squares, facts.breakaway.risky_max)
    risky = table[roll][squares - 1]
    return {"roll": roll.replace("/", "–"), "squares": squares, "risky": risky, "safe": safe,
            "safe_cost": safe * facts.breakaway.safe_cost, "total": risky + safe * facts.breakaway.safe_cost,
            "plain": squares * facts.breakaway.safe_cost,
            "energy_left": max(0, facts.energy.max - risky - safe * facts.breakaway.safe_cost)}
