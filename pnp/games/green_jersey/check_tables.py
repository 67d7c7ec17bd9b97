"""Checks of the rule tables: sprints per player count, the points scale."""

from __future__ import annotations

from pnp.check.findings import error
from pnp.check.checked import Checked, listing


def sprints_table(model) -> Checked:
    """GJ-SPRINTS: an entry for every player count, each a multiple of that count."""
    facts, out = model.facts, Checked()
    table = ", ".join(f"{p} players {' or '.join(map(str, n))}" for p, n in sorted(facts.sprints.items()))
    out.ok("GJ-SPRINTS", "sprints", f"sprints for every table from {facts.players.min} to {facts.players.max} "
           f"players ({table}), each a multiple of its player count", whole=True)
    for players in facts.players.values():
        if players not in facts.sprints or not facts.sprints[players]:
            out.append(error("GJ-SPRINTS", f"{players} players", "no number of sprints for this player count",
                             model.sources.rule("sprints")))
    for players, options in facts.sprints.items():
        where = model.sources.rule("sprints", players)
        if players not in facts.players.values():
            out.append(error("GJ-SPRINTS", f"{players} players", f"the game is for {facts.players.min} to "
                             f"{facts.players.max} players", where))
        for n in options:
            if n < players:
                out.append(error("GJ-SPRINTS", f"{players} players", f"{n} sprints is fewer than the "
                                 f"{players} players: not everyone would start a sprint", where))
            elif n % players:
                out.append(error("GJ-SPRINTS", f"{players} players", f"{n} sprints is not a multiple of "
                                 f"{players}: players would not start equally often", where))
    return out


def points_scale(model) -> Checked:
    """GJ-POINTS-SCALE: one value per scoring rank, positive and strictly decreasing."""
    points = model.facts.scoring.points
    where = model.sources.rule("scoring", "points")
    out = Checked()
    piles = [t for t in model.tokens if t.kind == model.facts.scoring.token_kind]
    ranks = sorted(t.rank or 0 for t in piles)
    out.ok("GJ-POINTS-SCALE", "scoring", f"points {' > '.join(map(str, points))}, all positive; a pile of tokens for "
           f"each of the places {listing(ranks)}, each token showing its place's value", whole=True)
    if ranks != list(range(1, len(points) + 1)):
        out.append(error("GJ-POINTS-SCALE", "scoring", f"{len(points)} point values, but tokens for the "
                         f"places {ranks}: every scoring place needs a pile and a value", where))
    if any(p <= 0 for p in points) or any(a <= b for a, b in zip(points, points[1:])):
        out.append(error("GJ-POINTS-SCALE", "scoring", f"points {list(points)} must be positive and "
                         "strictly decreasing from 1st place", where))
    for token in piles:
        expected = points[token.rank - 1] if token.rank and token.rank <= len(points) else None
        if token.value is not None and token.value != expected:
            out.append(error("GJ-POINTS-SCALE", f"token {token.id}", f"the token says {token.value} points, "
                             f"the rules give {expected} for place {token.rank}",
                             model.sources.component(f"token:{token.id}")))
    return out


def sprint_end(model) -> Checked:
    """GJ-SPRINT-END: the sprint can end by finishers (no more finishers needed than riders)."""
    facts, out = model.facts, Checked()
    if not 1 <= facts.sprint.finishers_to_end <= facts.riders:
        out.append(error("GJ-SPRINT-END", "sprint", f"the sprint ends when {facts.sprint.finishers_to_end} riders "
                         f"have crossed, but only {facts.riders} race",
                         model.sources.rule("sprint", "finishers_to_end")))
    out.ok("GJ-SPRINT-END", "sprint", f"the sprint ends when {facts.sprint.finishers_to_end} of the "
           f"{facts.riders} riders have crossed")
    return out
