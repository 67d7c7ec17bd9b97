"""What the Tour de France rulebook template reads: every number computed from the model."""

from __future__ import annotations

from typing import Any

from pnp.games.tour_de_france_mb import checks as C
from pnp.games.tour_de_france_mb import moves as M
from pnp.model.game_model import GameModel


def rulebook_context(model: GameModel) -> dict[str, Any]:
    f = model.facts
    deck, rdeck = C.race_deck(model), C.risk_deck(model)
    brd, side = C.course_side(model)
    triplet_rows: dict[tuple, int] = {}
    for card in deck.cards:
        if card.kind == "triplet" and card.colour == f.teams[0]:
            triplet_rows[tuple(card.values)] = triplet_rows.get(tuple(card.values), 0) + card.qty
    risk_rows = []
    for card in rdeck.cards:
        risk_rows.append({"id": card.id, "name": card.name, "kind": card.kind, "qty": card.qty,
                          "effect": card.fields.get("effect", ""), "value": card.value})
    colours = [model.colour(t) for t in f.teams]

    def first_card(colour: str, *preds):
        """The first card of ``colour`` that passes the first predicate that any card passes."""
        cards = [c for c in deck.cards if c.colour == colour]
        return next((c for pred in preds for c in cards if pred(c)), cards[0])

    def moves_one(c) -> bool:
        return c.kind != "sprint" and sum(1 for v in c.values if v) == 1

    # the rulebook's example of a card that moves one cyclist only: the one moving it furthest
    solo = max((c for c in deck.cards if moves_one(c)), key=lambda c: max(c.values), default=None)
    # the figure of race cards: a card moving every cyclist, the example's card, a Sprint card, in
    # the colours of the first three teams
    triplet = lambda c: c.kind != "sprint"  # noqa: E731
    sample = [first_card(f.teams[0], lambda c: triplet(c) and all(c.values), triplet),
              first_card(f.teams[1 % len(f.teams)], lambda c: solo is not None and c.values == solo.values, triplet),
              first_card(f.teams[2 % len(f.teams)], lambda c: c.kind == "sprint")]
    blue = next(c for c in rdeck.cards if c.kind == C.FAVOURABLE)
    crash = next(c for c in rdeck.cards if c.fields.get("effect") == "crash")
    team_standees = [s for s in model.standees if model.rider(s.rider).team]
    # the figure of standees: the first cyclist of each of the first two teams, and the jerseys
    shown = [next(s for s in team_standees if model.rider(s.rider).team == t) for t in f.teams[:2]]
    jersey_standees = [s for s in model.standees if not model.rider(s.rider).team]
    pawns = [t for t in model.tokens if t.kind == "pawn"]
    markers = [t for t in model.tokens if t.kind == C.MARKER]
    w, h = brd.size_mm(side)
    return {
        "game": model.info, "facts": f, "model": model, "date": model.info.date.isoformat(),
        "teams": [{"id": c.id, "name": c.name, "letter": c.letter} for c in colours],
        "deck": {"total": deck.size, "sprint": sum(c.qty for c in deck.cards if c.kind == "sprint"),
                 "colour": sum(c.qty for c in deck.cards if c.kind != "sprint"),
                 "per_colour": f.race_deck.per_colour, "sprint_values": "-".join(map(str, f.race_deck.sprint)),
                 "triplets": [{"values": "-".join(map(str, v)), "qty": q, "sum": sum(v)}
                              for v, q in sorted(triplet_rows.items(), key=lambda kv: (sum(kv[0]), kv[0]))],
                 "mean": round(C.mean_squares(model), 1),
                 "solo": ({"values": "-".join(map(str, solo.values)), "squares": max(solo.values)} if solo else None),
                 "sample": [{"values": "-".join(map(str, c.values)), "team": model.colour(c.colour).name}
                            for c in sample]},
        "risk": {"total": rdeck.size, "favourable": f.risk_deck.favourable, "unfavourable": f.risk_deck.unfavourable,
                 "rows": risk_rows},
        "components": {"race": deck.size, "risk": rdeck.size, "cyclists": len(team_standees),
                       "jersey_figures": len(jersey_standees), "pawns": sum(t.count for t in pawns),
                       "pawns_per_player": f.components.pawns_per_player, "teams": len(f.teams),
                       "standings_sheets": sum(d.size for d in model.decks if d.face == "tdf-standings"),
                       "pawn_mm": max((t.size_mm for t in pawns), default=0),
                       "markers": C.lost_turn_markers(model), "boards": len(model.boards),
                       "points_sheets": sum(d.size for d in model.decks if d.face == "tdf-points")},
        "course": {"columns": side.columns, "lanes": side.lanes, "square_mm": int(side.square_mm),
                   "distance": C.stage_distance(side), "itt_distance": C.itt_distance(side),
                   "green_after": side.line("green").column - max(s.column for s in side.marks("band")),
                   "red_dots": len(side.marks("risk")), "slots": f.components.finish_slots,
                   "board_w": int(w), "board_h": int(h), "itt_lanes": list(f.individual_time_trial.lanes),
                   "ahead": len(M.ahead((1, 1)))},
        "stages": [{"number": s.number, "kind": s.kind} for s in f.stages],
        "points": f.points, "max": C.max_scores(model),
        "fig": {"race": f"cards:{deck.id}/" + ",".join(c.id for c in sample),
                "risk": f"cards:{rdeck.id}/{blue.id},{crash.id}",
                "board": f"board:{side.id}",
                "finish": f"board:{side.id}:{side.line('green').column - 2}-{side.columns}",
                "standees": "standees:" + ",".join(s.id for s in shown + jersey_standees),
                "pawns": "tokens:" + ",".join(t.id for t in pawns + markers[:1]),
                "moves": "moves", "block": "block",
                "standings": "cards:classements/classement-individuel,classement-equipes"},
        "decisions": [{"id": d.id, "topic": d.topic, "choice": d.choice, "why": d.why} for d in model.decisions],
    }
