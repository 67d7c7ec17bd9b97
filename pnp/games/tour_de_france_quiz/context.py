"""What the rulebook template of Le jeu du Tour de France reads: every number computed from the model."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.games.tour_de_france_quiz import checks as C
from pnp.model.game_model import GameModel


def _values(d) -> list[dict[str, int]]:
    rows: dict[int, int] = {}
    for c in d.cards:
        rows[c.value or 0] = rows.get(c.value or 0, 0) + c.qty
    return [{"value": v, "qty": q} for v, q in sorted(rows.items())]


def _die_figure(model: GameModel) -> str:
    """The rulebook's figure of a die net (rules.yaml dice_nets), or "" when the kit prints none."""
    d = next((d for d in model.decks if d.id == model.facts.dice_nets), None)
    return f"card:{d.id}/{d.cards[0].id}" if d is not None and d.cards else ""


def rulebook_context(model: GameModel) -> dict[str, Any]:
    """What the rulebook template reads: the model, and every number it prints, computed from it."""
    f = model.facts
    brd, side = C.track_side(model)
    decks = {k: C.deck(model, k) for k, _ in f.decks.items()}
    marks = C.squares(side)
    counts = Counter(s.kind for s in marks)
    p = C.pace(model)
    mishap = decks["mishaps"]
    w, h = brd.size_mm(side)
    q = decks["questions"]
    sample_q = q.cards[0]
    # a figure shows the first card that fits, else the deck's first card (the data may have none that fits)
    first = lambda d, pred=lambda c: True: next((c for c in d.cards if pred(c)), d.cards[0])  # noqa: E731
    shared = set.intersection(*({c.value for c in decks[k].cards} for k in ("polka", "green", "white")))
    values = sorted(v for v in shared if v is not None)
    same = values[(len(values) - 1) // 2] if values else None  # the middle value every points deck has
    return {
        "game": model.info, "facts": f, "model": model, "date": model.info.date.isoformat(),
        "sizes": {k: d.size for k, d in decks.items()}, "names": {k: d.name for k, d in decks.items()},
        "total": sum(d.size for d in decks.values()),
        "points": {k: _values(decks[k]) for k in ("polka", "green", "white")},
        "strategy": _values(decks["strategy"]),
        "mishaps": [{"name": c.name, "kind": c.kind, "value": c.value, "qty": c.qty} for c in mishap.cards],
        "jokers": sum(c.qty for c in mishap.cards if c.kind == "joker"),
        "favourable": sum(c.qty for c in mishap.cards if c.kind in f.mishaps.favourable),
        "unfavourable": sum(c.qty for c in mishap.cards if c.kind in f.mishaps.unfavourable),
        "counts": dict(counts), "prologue": counts.get("prologue", 0), "champs": counts.get("champs", 0),
        "towns": [s.label for s in marks if s.kind == "town"],
        "track": {"squares": len(marks), "course": int(p["squares"]), "net": round(p["net"], 1),
                  "turns": round(p["turns"], 1), "minutes": round(p["minutes"]), "board_w": int(w), "board_h": int(h)},
        "pawns": len(model.standees),
        "boards": len(model.boards),
        "shuffled": len(model.piles),
        "sheets": {kind: sum(c.qty for d in model.decks for c in d.cards if c.kind == kind)
                   for kind in ("reference", "tally")},
        "tally_rounds": f.tally_rounds(model),
        "colours": [{"name": model.colour(model.rider(s.rider).colour).name,
                     "letter": model.colour(model.rider(s.rider).colour).letter} for s in model.standees],
        "fig": {"board": f"board:{side.id}",
                "question": f"card:{q.id}/{sample_q.id}",
                "points": "cards:" + decks["polka"].id + "/" + first(decks["polka"]).id,
                "points_all": [f"card:{decks[k].id}/{first(decks[k], lambda c: c.value == same).id}"
                               for k in ("polka", "green", "white")],
                "strategy": f"cards:{decks['strategy'].id}/" + ",".join(
                    c.id for c in (first(decks["strategy"], lambda c: (c.value or 0) > 0),
                                   first(decks["strategy"], lambda c: (c.value or 0) < 0))),
                "mishaps": f"cards:{mishap.id}/" + ",".join(
                    c.id for c in (first(mishap, lambda c: c.kind == "advance"), first(mishap, lambda c: c.kind == "back"),
                                   first(mishap, lambda c: c.kind == "joker"))),
                "jersey": f"card:{decks['jerseys'].id}/{decks['jerseys'].cards[0].id}",
                "die": _die_figure(model),
                "standees": "standees:" + ",".join(s.id for s in model.standees),
                "reference": "card:aide/aide-cases",
                "tally": "card:feuille/feuille-points"},
        "decisions": [{"id": d.id, "topic": d.topic, "choice": d.choice, "why": d.why} for d in model.decisions],
    }
