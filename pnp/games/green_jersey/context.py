"""Green Jersey: what its rulebook template is given (pnp.layout.rulebook_context renders it).

The prose is the template's (rulebook.md.j2 in the game's templates/ folder, every sentence in a ``{% trans %}``
block); every number, count and table row is computed here from the model, so a change to the data
(rules.yaml, the decks, the tokens, the boards) changes the rulebook with it.

``rulebook_context(model)`` gives:

- ``game`` (model.info), ``facts`` (the rules' numbers), ``model``;
- ``components``: what the box holds, in the order of the list, each ``{key, count, ...}``
  counted from the printed components (decks, standees, tokens, board sides);
- ``kinds``: rows of the deck composition table (kind, count, cards showing the award jersey,
  distances); ``deck``: the movement deck and its sizes per sprint;
- ``sprint_rows``: (players, options) of the sprints-per-player-count table;
- ``deal``: hand sizes; ``points``: ranks with their token values and pile sizes; ``places``
  (ranks that score), ``finishers`` (riders over the line that end a sprint), ``riders``,
  ``peloton_squares``, ``kind_counts`` (kind -> cards), ``date`` (ISO);
- ``sides``: the board sides; ``colours``: the riders' colour names and letters;
- ``award``/``wildcard``: the green and the multicoloured jerseys;
- ``fig``: the figure refs the template shows, chosen from the data (see rulebook_figures);
  ``push``: who the ``push`` figure shows (riders' names, squares off the road, taken, free);
- ``decisions``: the designer decisions of rules.yaml, with what the template needs to word them;
  ``engine``: the engine's choices of rules.yaml (facts.engine, None when the game has none),
  which the rule text follows where the seed rules are silent.
"""

from __future__ import annotations

from typing import Any

from pnp.layout.rulebook_context import Row, _decisions, _num
from pnp.model.game_model import GameModel


def _award(model: GameModel):
    return next((j for j in model.jerseys if j.award), None)


def _wildcard(model: GameModel):
    return next((j for j in model.jerseys if j.wildcard), None)


def _components(model: GameModel) -> list[Row]:
    facts = model.facts
    rows: list[Row] = []
    for board in model.boards:
        rows.append(Row("board", 1, board.name, {"sides": len(board.sides)}))
    award = _award(model)
    plain = [s for s in model.standees if not s.wearing]
    wearing = [s for s in model.standees if s.wearing]
    if plain:
        rows.append(Row("standees", len(plain)))
    if wearing:
        rows.append(Row("standees_award", len(wearing), award.name if award else ""))
    movement = facts.deck.deck
    order = [movement, "riders", "first-player"]
    decks = sorted(model.decks, key=lambda d: (order.index(d.id) if d.id in order else len(order)))
    for deck in decks:
        key = {movement: "movement"}.get(deck.id, deck.id)
        rows.append(Row(key, deck.size, deck.name))
    points = [t for t in model.tokens if t.kind == facts.scoring.token_kind]
    if points:
        rows.append(Row("points", sum(t.count for t in points), "",
                        {"piles": len(points), "per_pile": points[0].count,
                         "even": len({t.count for t in points}) == 1}))
    return rows


def _kinds(model: GameModel) -> list[Row]:
    """The deck composition: per kind of card, how many, how many show the award jersey, and the
    distances (grey squares) they show."""
    facts = model.facts
    deck = model.deck(facts.deck.deck)
    award = _award(model)
    rows = []
    for kind, count in facts.deck.kinds.items():
        cards = [c for c in deck.cards if c.kind == kind]
        with_award = sum(c.qty for c in cards if award and award.id in c.jerseys)
        distances = sorted({c.distance for c in cards if c.distance})
        rows.append(Row(kind, count, "", {"award": with_award, "distances": distances}))
    return rows


def _points(model: GameModel) -> list[Row]:
    facts = model.facts
    piles = {t.rank: t for t in model.tokens if t.kind == facts.scoring.token_kind and t.rank}
    rows = []
    for rank, value in enumerate(facts.scoring.points, 1):
        token = piles.get(rank)
        rows.append(Row("rank", rank, token.name if token else "",
                        {"rank": rank, "value": value, "tokens": token.count if token else 0}))
    return rows


def _figures(model: GameModel) -> dict[str, Any]:
    """Figure refs chosen from the data, so that the template names no card id of its own."""
    facts = model.facts
    deck = model.deck(facts.deck.deck)
    award, wildcard = _award(model), _wildcard(model)

    def rider_of(card) -> str:
        return next((model.jersey(j).rider for j in card.jerseys if model.jersey(j).rider), "")

    def first(kind: str, pred=lambda c: True):
        return next((c for c in deck.cards if c.kind == kind and pred(c)), None)

    def has_award(c) -> bool:
        return bool(award and award.id in c.jerseys)

    mid = sorted(facts.deck.distances)[len(facts.deck.distances) // 2] if facts.deck.distances else None
    single = first("single", lambda c: not has_award(c) and c.distance == mid) or first("single")
    joker = first("joker", lambda c: c.distance == max(facts.deck.distances or [0])) or first("joker")
    pair = first("pair", lambda c: not has_award(c))
    award_single = first("single", has_award)
    award_pair = first("pair", has_award)
    example = [c for c in (single, joker, pair) if c is not None]
    fig: dict[str, Any] = {
        "cards": f"cards:{deck.id}/" + ",".join(c.id for c in example),
        "move": f"move:{single.id}" if single else "move",
        "push": "push",
        "pair": f"pair:{pair.id}" if pair else "pair",
        "joker": f"card:{deck.id}/{joker.id}" if joker else "",
        "award_cards": (f"cards:{deck.id}/" + ",".join(c.id for c in (award_single, award_pair) if c))
        if (award_single or award_pair) else "",
        "rider_cards": "",
        "first_player": "",
        "tokens": "",
        "swap": "",
        "award_jersey": "",
        "sides": [],
        "finish": "",
    }
    riders_deck = next((d for d in model.decks if d.face == "rider"), None)
    if riders_deck and riders_deck.cards:
        fig["rider_cards"] = f"cards:{riders_deck.id}/" + ",".join(c.id for c in riders_deck.cards[:3])
    first_deck = next((d for d in model.decks if d.face == "first-player"), None)
    if first_deck and first_deck.cards:
        fig["first_player"] = f"card:{first_deck.id}/{first_deck.cards[0].id}"
    points = sorted((t for t in model.tokens if t.kind == facts.scoring.token_kind and t.rank),
                    key=lambda t: t.rank)
    if points:
        fig["tokens"] = "tokens:" + ",".join(t.id for t in points)
    # the figure swap: the rider of the award card, before and wearing the award jersey
    swap_rider = rider_of(award_pair) if award_pair else (model.riders[0].id if model.riders else "")
    before = next((s for s in model.standees if s.rider == swap_rider and not s.wearing), None)
    after = next((s for s in model.standees if s.rider == swap_rider and s.wearing), None)
    if before and after:
        fig["swap"] = f"standees:{before.id},{after.id}"
    if award and swap_rider:
        fig["award_jersey"] = f"jerseys:{award.id},{award.id}+{swap_rider}"
    for board in model.boards:
        for side in board.sides:
            fig["sides"].append(f"board:{side.id}")
    # the end of the road of the first side: from just before the 300 m line to the podium
    side = next((s for b in model.boards for s in b.sides), None)
    if side is not None:
        line = side.line("300m") or side.line("finish")
        start = max(1, (line.column - 1) if line else 1)
        fig["finish"] = f"board:{side.id}:{start}-{side.columns}"
    fig["wildcard"] = f"jersey:{wildcard.id}" if wildcard else ""
    return fig


def _push(model: GameModel) -> dict[str, Any]:
    """Who the ``push`` figure shows, for its caption: the riders' names (riders.yaml, translated as
    names: a language that declines an adjective writes the name so it needs no ending) and counts
    of squares."""
    from pnp.games.green_jersey.figures import push_cast

    cast = push_cast(model)
    return {"mover": model.rider(cast.mover).name, "pushed": model.rider(cast.pushed).name,
            "off_road": cast.off_road, "taken": len(cast.taken), "free": len(cast.free)}


def _singles(model: GameModel) -> dict[str, Any]:
    """How many single-jersey cards each jersey has, when every jersey has as many (else 0)."""
    deck = model.deck(model.facts.deck.deck)
    per: dict[str, int] = {}
    for card in deck.cards:
        if card.kind == "single" and card.jerseys:
            per[card.jerseys[0]] = per.get(card.jerseys[0], 0) + card.qty
    counts = set(per.values())
    return {"per_jersey": counts.pop() if len(counts) == 1 else 0, "jerseys": len(per)}


def rulebook_context(model: GameModel) -> dict[str, Any]:
    """Everything the rulebook template of ``model`` reads (see the module docstring)."""
    facts = model.facts
    info = model.info
    award, wildcard = _award(model), _wildcard(model)
    riders_colours = [model.colour(r.colour) for r in model.riders]
    deck = model.deck(facts.deck.deck)
    sides = []
    for board in model.boards:
        for side in board.sides:
            finish, line300 = side.line("finish"), side.line("300m")
            peloton = side.marks("peloton")
            front = max((p.column for p in peloton), default=None)   # the road runs to higher columns
            sides.append(Row("side", len(side.road_lanes(1)), side.name, {
                "id": side.id, "label": side.id.upper(), "name": side.name,
                "lanes": max(len(side.road_lanes(c)) for c in range(1, side.columns + 1)),
                "narrowest": min(len(side.road_lanes(c)) for c in range(1, side.columns + 1)
                                 if side.road_lanes(c)),
                "to_finish": (finish.column - front) if (finish and front) else None,
                "line300_before_finish": (finish.column - line300.column) if (finish and line300) else None,
                "after_finish": (side.columns - finish.column + 1) if finish else None,
                "square_mm": _num(side.square_mm),
                "board_w": _num(board.size_mm(side)[0]),
                "board_h": _num(board.size_mm(side)[1]),
            }))
    return {
        "game": info,
        "facts": facts,
        "model": model,
        "components": _components(model),
        "kinds": _kinds(model),
        "kind_counts": dict(facts.deck.kinds),
        "deck": {
            "id": deck.id,
            "name": deck.name,
            "total": facts.deck.total,
            "printed": deck.size,
            "award_cards": facts.deck.award_cards,
            "first_sprint": facts.deck_size(1),
            "later_sprints": facts.deck_size(2),
            "distances": list(facts.deck.distances),
            "min_distance": min(facts.deck.distances, default=0),
            "max_distance": max(facts.deck.distances, default=0),
            "singles": _singles(model),
        },
        "deal": facts.deal,
        "engine": getattr(facts, "engine", None),
        "sprint_rows": [Row("players", players, "", {"players": players, "options": list(options)})
                        for players, options in sorted(facts.sprints.items())],
        "finishers": facts.sprint.finishers_to_end,
        "points": _points(model),
        "places": len(facts.scoring.points),
        "riders": len(model.riders),
        "peloton_squares": facts.components.peloton_squares,
        "colours": [{"name": c.name, "letter": c.letter} for c in riders_colours],
        "award": award,
        "award_name": award.name if award else "",
        "wildcard": wildcard,
        "sides": sides,
        "fig": _figures(model),
        "push": _push(model),
        "decisions": _decisions(model),
        "decision_ids": [d.id for d in model.decisions],
        "date": info.date.isoformat(),
    }
