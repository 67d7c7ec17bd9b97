"""The Tour de France (MB) checks: pure functions model -> findings, each with a stable rule id (TDF-...).

Categories (DESIGN.md): composition sums, component parity, supply against demand for every player count
and stage type, completeness and monotony of the points table, the standings range against the best
possible score, the board against the rules, and the identity of the game. Designer decisions are listed
as questions by pnp.check (every [U] of the seed has one in rules.yaml).
"""

from __future__ import annotations

import math
from collections import Counter

from pnp.check.findings import Finding, error, warning
from pnp.check.checked import Checked, Record, verified_by
from pnp.model.game_model import GameModel

RISK_EFFECTS = {"advance", "boost", "extra-card", "combativity", "crash", "lose-turn", "headwind", "stall"}
"""Effects the card template words (data/tour-de-france-mb/templates/cards.j2, risk_text)."""
FAVOURABLE, UNFAVOURABLE = "favourable", "unfavourable"
RISK_COLOURS = {FAVOURABLE: "bleu", UNFAVOURABLE: "rouge"}
MAX_BOARD_MM = (600.0, 420.0)


# --- helpers shared with the rulebook context

def race_deck(model: GameModel):
    return next((d for d in model.decks if d.id == model.facts.race_deck.deck), None)


def risk_deck(model: GameModel):
    return next((d for d in model.decks if d.id == model.facts.risk_deck.deck), None)


def course_side(model: GameModel):
    c = model.facts.course
    board = next((b for b in model.boards if b.id == c.board), None)
    if board is None:
        return None, None
    return board, next((s for s in board.sides if s.id == c.side), None)


def bands(side) -> dict[int, list]:
    """Band squares by band number (the team's place in rules.yaml teams, from 1)."""
    out: dict[int, list] = {}
    for s in side.marks("band"):
        out.setdefault(s.number or 0, []).append(s)
    return out


def stage_distance(side) -> int | None:
    """Squares from the front of the start bands to the finish line."""
    finish = side.line("finish")
    front = max((s.column for s in side.marks("band")), default=None)
    if finish is None or front is None:
        return None
    return finish.column - front


def itt_distance(side) -> int | None:
    finish = side.line("finish")
    starts = side.marks("itt-start")
    if finish is None or not starts:
        return None
    return finish.column - min(s.column for s in starts)


def mean_squares(model: GameModel) -> float:
    """Squares a race card moves a team on average, colour bonus included (a quarter of the cards
    share a team's colour when the deck is even)."""
    deck = race_deck(model)
    if deck is None or not deck.size:
        return 0.0
    facts = model.facts
    total = sum(sum(c.values) * c.qty for c in deck.cards)
    bonus_cards = sum(c.qty for c in deck.cards if c.kind != "sprint") / max(len(facts.teams), 1)
    return (total + facts.race_deck.colour_bonus * bonus_cards) / deck.size


def combativity_cards(model: GameModel) -> int:
    deck = risk_deck(model)
    return sum(c.qty for c in deck.cards if c.fields.get("effect") == "combativity") if deck else 0


def max_scores(model: GameModel) -> dict[str, int]:
    """The best total a player can reach in each classification over the whole Tour."""
    f, p = model.facts, model.facts.points
    road = len(f.stages_of("road"))
    best_places = sum(sorted(p.road_individual, reverse=True)[:f.cyclists_per_team])
    per_road = best_places + p.green_first + p.green_second + p.combativity * combativity_cards(model)
    individual = road * per_road + len(f.stages_of("individual-time-trial")) * max(p.itt_individual, default=0)
    team = road * (max(p.road_team, default=0) + p.team_bonus) + \
        len(f.stages_of("team-time-trial")) * max(p.ttt_team, default=0)
    return {"individual": individual, "team": team}


# --- composition

# TDF-DECK-SUM (the race deck holds the box's colour and sprint cards) is declared under checks: in
# rules.yaml (pnp.check.declared).


def race_colours(model: GameModel) -> list[Finding]:
    """TDF-DECK-COLOURS: every race card has a team colour, each colour has per_colour cards, and every
    colour has the same triplets (the colour bonus is then fair)."""
    f = model.facts
    deck = race_deck(model)
    if deck is None:
        return []
    out = Checked()
    per: dict[str, Counter] = {t: Counter() for t in f.teams}
    for card in deck.cards:
        if card.colour not in per:
            out.append(error("TDF-DECK-COLOURS", f"card {deck.id}/{card.id}", f"colour '{card.colour}' is not a "
                             f"team colour ({', '.join(f.teams)})", model.card_location(deck, card)))
            continue
        per[card.colour][(card.kind, tuple(card.values))] += card.qty
    where = model.sources.rule("race_deck", "per_colour")
    for team, counts in per.items():
        n = sum(counts.values())
        if n != f.race_deck.per_colour:
            out.append(error("TDF-DECK-COLOURS", f"colour {team}", f"{n} race cards, the rules give "
                             f"{f.race_deck.per_colour} per colour", where))
    sets = {team: counts for team, counts in per.items()}
    first = next(iter(sets.values()), Counter())
    for team, counts in sets.items():
        if counts != first:
            out.append(warning("TDF-DECK-COLOURS", f"colour {team}", "its triplets differ from those of "
                               f"{f.teams[0]}: the colour bonus favours one team", where))
    out.verified("TDF-DECK-COLOURS", f"deck {deck.id}", "race cards per colour: "
                 + ", ".join(f"{team} {sum(counts.values())}" for team, counts in per.items())
                 + f" (the rules give {f.race_deck.per_colour}), the same {len(first)} kinds of card in every colour")
    return out


def triplets(model: GameModel) -> list[Finding]:
    """TDF-DECK-TRIPLETS: one value per cyclist of a team on every card, none negative; sprint cards show the
    rules' sprint values."""
    f = model.facts
    deck = race_deck(model)
    if deck is None:
        return []
    out = Checked()
    for card in deck.cards:
        where = model.card_location(deck, card)
        if len(card.values) != f.cyclists_per_team or any(v < 0 for v in card.values):
            out.append(error("TDF-DECK-TRIPLETS", f"card {deck.id}/{card.id}", f"values {list(card.values)}: a card "
                             f"needs {f.cyclists_per_team} values of 0 or more, one per cyclist", where))
        if card.kind == "sprint" and tuple(card.values) != f.race_deck.sprint:
            out.append(error("TDF-DECK-TRIPLETS", f"card {deck.id}/{card.id}", f"a sprint card shows "
                             f"{list(card.values)}, the rules say {list(f.race_deck.sprint)}", where))
        if card.kind not in ("triplet", "sprint"):
            out.append(error("TDF-DECK-TRIPLETS", f"card {deck.id}/{card.id}", f"unknown kind '{card.kind}': "
                             "use triplet or sprint", where))
        elif card.kind == "triplet" and sum(card.values) == 0:
            out.append(error("TDF-DECK-TRIPLETS", f"card {deck.id}/{card.id}", "a card that moves nobody", where))
    sprints = sum(c.qty for c in deck.cards if c.kind == "sprint")
    moves = [sum(c.values) for c in deck.cards]
    out.verified("TDF-DECK-TRIPLETS", f"deck {deck.id}", f"{deck.size} cards of {f.cyclists_per_team} values each, "
                 f"none negative, moving a team {min(moves, default=0)} to {max(moves, default=0)} squares; "
                 f"{sprints} sprint card(s) show {', '.join(str(v) for v in f.race_deck.sprint)}")
    return out


def risk_composition(model: GameModel) -> list[Finding]:
    """TDF-RISK-COMPOSITION: the risk deck has the listed blue and red cards, at least one crash, and only
    effects the cards can word."""
    f, r = model.facts, model.facts.risk_deck
    deck = risk_deck(model)
    where = model.sources.rule("risk_deck")
    if deck is None:
        return [error("TDF-RISK-COMPOSITION", "risk deck", f"no deck '{r.deck}' in decks.yaml", where)]
    out = Checked()
    kinds = Counter()
    for card in deck.cards:
        loc = model.card_location(deck, card)
        kinds[card.kind] += card.qty
        if card.kind not in RISK_COLOURS:
            out.append(error("TDF-RISK-COMPOSITION", f"card {deck.id}/{card.id}", f"kind '{card.kind}': use "
                             "favourable or unfavourable", loc))
        elif card.colour != RISK_COLOURS[card.kind]:
            out.append(error("TDF-RISK-COMPOSITION", f"card {deck.id}/{card.id}", f"a {card.kind} card is "
                             f"{RISK_COLOURS[card.kind]}, not '{card.colour}'", loc))
        effect = card.fields.get("effect", "")
        if effect not in RISK_EFFECTS:
            out.append(error("TDF-RISK-COMPOSITION", f"card {deck.id}/{card.id}", f"unknown effect '{effect}' "
                             f"(known: {', '.join(sorted(RISK_EFFECTS))})", loc))
    if deck.size != f.components.risk_cards or r.favourable + r.unfavourable != f.components.risk_cards:
        out.append(error("TDF-RISK-COMPOSITION", "risk deck", f"{deck.size} cards printed, {r.favourable} + "
                         f"{r.unfavourable} in the rules, {f.components.risk_cards} in the box list", where))
    for kind, want in ((FAVOURABLE, r.favourable), (UNFAVOURABLE, r.unfavourable)):
        if kinds[kind] != want:
            out.append(error("TDF-RISK-COMPOSITION", f"{kind} cards", f"{kinds[kind]} printed, the rules give "
                             f"{want}", model.sources.rule("risk_deck", kind)))
    crashes = sum(c.qty for c in deck.cards if c.fields.get("effect") == "crash")
    if crashes < r.crash_min:
        out.append(error("TDF-RISK-COMPOSITION", "crash cards", f"{crashes} crash (chute) cards, the rules need "
                         f"at least {r.crash_min}", model.sources.rule("risk_deck", "crash_min")))
    effects = Counter()
    for card in deck.cards:
        effects[card.fields.get("effect", "")] += card.qty
    out.verified("TDF-RISK-COMPOSITION", f"deck {deck.id}", f"{deck.size} cards as the box lists: "
                 f"{kinds[FAVOURABLE]} {FAVOURABLE} ({RISK_COLOURS[FAVOURABLE]}), {kinds[UNFAVOURABLE]} "
                 f"{UNFAVOURABLE} ({RISK_COLOURS[UNFAVOURABLE]}); {crashes} crash card(s), at least {r.crash_min}; "
                 "effects " + ", ".join(f"{e} {n}" for e, n in sorted(effects.items())))
    return out


# --- parity

def cyclists(model: GameModel) -> list[Finding]:
    """TDF-PARITY-CYCLISTS: cyclists_per_team cyclists and standees per team, one figure per jersey, and the
    box count of cyclists."""
    f = model.facts
    out = Checked()
    riders = Counter(r.team for r in model.riders if r.team)
    standees = Counter(model.rider(s.rider).team for s in model.standees if model.rider(s.rider).team)
    for team in f.teams:
        for what, counts in (("cyclists", riders), ("standees", standees)):
            if counts.get(team, 0) != f.cyclists_per_team:
                out.append(error("TDF-PARITY-CYCLISTS", f"team {team}", f"{counts.get(team, 0)} {what}, the rules "
                                 f"race {f.cyclists_per_team} per team", model.sources.rule("cyclists_per_team")))
    for key in ("yellow", "green"):
        jersey = getattr(f.jerseys, key)
        n = sum(1 for s in model.standees if s.wearing == jersey and not model.rider(s.rider).team)
        if n != 1:
            out.append(error("TDF-PARITY-CYCLISTS", f"jersey {jersey}", f"{n} figures of the {key} jersey; the game "
                             "swaps exactly one in", model.sources.rule("jerseys", key)))
    if len(model.standees) != f.components.cyclists:
        out.append(error("TDF-PARITY-CYCLISTS", "cyclists", f"{len(model.standees)} standees, the box lists "
                         f"{f.components.cyclists}", model.sources.rule("components", "cyclists")))
    out.verified("TDF-PARITY-CYCLISTS", "cyclists", f"{len(f.teams)} teams of {f.cyclists_per_team} cyclists and "
                 f"standees ({sum(riders.values())} and {sum(standees.values())}), one figure each of "
                 f"{f.jerseys.yellow} and {f.jerseys.green}: {len(model.standees)} standees as the box lists")
    return out


# TDF-PARITY-PAWNS (pawns_per_player pawns in every team colour, the units and tens of both classifications,
# as many as the box lists) is declared under checks: in rules.yaml (pnp.check.declared).


# --- supply against demand

def supply(model: GameModel) -> list[Finding]:
    """TDF-SUPPLY-DEAL (hands and redraws), TDF-SUPPLY-STAGE (a whole stage), TDF-SUPPLY-ITT (10 cards per
    racer and refills), TDF-SUPPLY-RISK (one risk card per player): for every player count and stage type."""
    f = model.facts
    deck, rdeck = race_deck(model), risk_deck(model)
    _, side = course_side(model)
    if deck is None or side is None:
        return []
    out = Checked()
    size = deck.size
    distance = stage_distance(side) or 0
    per_card = mean_squares(model)
    shown: dict[str, str] = {}  # what each rule computed at the largest table (the last, the most demanding)
    for players in f.players.values():
        for kind in ("road", "team-time-trial"):
            if not f.stages_of(kind):
                continue
            label = f"{players} players, {kind} stage"
            dealt = players * (f.road.hand + f.road.redraw)
            if dealt > size:
                out.append(error("TDF-SUPPLY-DEAL", label, f"{players} hands of {f.road.hand} and a redraw each take "
                                 f"{dealt} cards, the deck holds {size}", model.sources.rule("road", "hand")))
                continue
            shown["TDF-SUPPLY-DEAL"] = (f"{players} players: {players} hands of {f.road.hand} and {f.road.redraw} "
                                        f"redraw(s) each take {dealt} of the {size} race cards")
            plays = math.ceil(f.cyclists_per_team * distance / per_card) if per_card else 0
            need = players * (f.road.hand + plays)
            shown["TDF-SUPPLY-STAGE"] = (f"race deck {size} cards, {per_card:.1f} squares per card on average; a stage "
                                         f"of {distance} squares needs about {plays} plays per player: {need} cards "
                                         f"at {players} players")
            if need > size:
                out.append(warning("TDF-SUPPLY-STAGE", label, f"about {plays} plays per player bring a team over "
                                   f"{distance} squares: {need} cards for a deck of {size}; the pile runs out "
                                   "during the stage", model.sources.rule("road", "hand")))
        if f.stages_of("individual-time-trial"):
            itt = f.individual_time_trial
            label = f"{players} players, individual time trial"
            racers = min(itt.heat, players)
            shown["TDF-SUPPLY-ITT"] = f"{racers} racers of {itt.hand} cards take {racers * itt.hand} of {size}"
            if racers * itt.hand > size:
                out.append(error("TDF-SUPPLY-ITT", label, f"{racers} racers of {itt.hand} cards take "
                                 f"{racers * itt.hand}, the deck holds {size}",
                                 model.sources.rule("individual_time_trial", "hand")))
            else:
                weakest = min((sum(c.values) for c in deck.cards), default=1) or 1
                worst = math.ceil((itt_distance(side) or 0) / weakest)
                deals = max(1, math.ceil(worst / itt.hand))
                shown["TDF-SUPPLY-ITT"] += (f"; with the weakest card ({weakest} square(s)) a racer needs at "
                                            f"worst {worst} cards over {itt_distance(side) or 0} squares, {deals} deal(s): "
                                            f"{racers * deals * itt.hand} cards at once")
                if racers * deals * itt.hand > size:
                    out.append(warning("TDF-SUPPLY-ITT", label, f"a racer may need {worst} cards ({deals} deals of "
                                       f"{itt.hand}): {racers} racers at once take {racers * deals * itt.hand}, the "
                                       f"deck holds {size}", model.sources.rule("individual_time_trial", "hand")))
        if rdeck is not None:
            shown["TDF-SUPPLY-RISK"] = (f"{players} players hold at most {players * f.risk_deck.hand_max} risk "
                                        f"card(s) of {rdeck.size}")
        if rdeck is not None and players * f.risk_deck.hand_max > rdeck.size:
            out.append(error("TDF-SUPPLY-RISK", f"{players} players", f"{players} players may each hold "
                             f"{f.risk_deck.hand_max} risk card(s), the deck holds {rdeck.size}",
                             model.sources.rule("risk_deck", "hand_max")))
    for rule, figures in shown.items():
        out.verified(rule, f"{f.players.min}-{f.players.max} players", figures)
    return out


STOPPING = {"crash", "lose-turn"}
"""Risk card effects that make a cyclist miss a turn (a crash also stops its neighbours)."""
MARKER = "marker"
"""The kind of the miss-a-turn markers in tokens.yaml."""


def stopped_at_once(model: GameModel) -> int:
    """The most cyclists that can be missing a turn at the same time: every cyclist the risk deck can
    stop (a crash stops the fallen cyclist and those of crash_neighbours squares), at most every cyclist
    of the course (the jersey figures replace cyclists)."""
    f, deck = model.facts, risk_deck(model)
    if deck is None:
        return 0
    reach = {"crash": 1 + f.risk_deck.crash_neighbours, "lose-turn": 1}
    stopped = sum(c.qty * reach[c.fields.get("effect", "")] for c in deck.cards
                  if c.fields.get("effect") in STOPPING)
    return min(stopped, len(f.teams) * f.cyclists_per_team)


def lost_turn_markers(model: GameModel) -> int:
    """Miss-a-turn markers the kit prints (tokens of kind marker)."""
    return sum(t.count for t in model.tokens if t.kind == MARKER)


def markers(model: GameModel) -> list[Finding]:
    """TDF-SUPPLY-MARKERS: a marker for every cyclist that can be missing a turn at once."""
    need, have = stopped_at_once(model), lost_turn_markers(model)
    out = Checked()
    if have < need:
        where = model.sources.component(next((f"token:{t.id}" for t in model.tokens if t.kind == MARKER),
                                             "tokens"))
        out.append(error("TDF-SUPPLY-MARKERS", "miss-a-turn markers", f"{have} markers printed, but the risk cards "
                         f"can stop {need} cyclists at once (tokens of kind '{MARKER}' in tokens.yaml)", where))
    out.verified("TDF-SUPPLY-MARKERS", "miss-a-turn markers", f"{have} markers printed for the {need} cyclists the "
                 "risk cards can stop at once")
    return out


# --- tables

def _non_increasing(values) -> bool:
    return all(a >= b for a, b in zip(values, values[1:])) and all(v >= 0 for v in values)


def points_table(model: GameModel) -> list[Finding]:
    """TDF-POINTS-TABLE: every place that can score has a value (cyclists, teams, racers), every scale
    is non-negative and never rises with the place, and the second across the green line scores less."""
    f, p = model.facts, model.facts.points
    out = Checked()
    teams = len(f.teams)
    need = {"road_individual": 1, "road_team": teams, "ttt_team": teams, "itt_individual": f.players.max}
    for key, n in need.items():
        values = getattr(p, key)
        where = model.sources.rule("points", key)
        if len(values) < n:
            out.append(error("TDF-POINTS-TABLE", key, f"{len(values)} values for {n} places that are ranked", where))
        if not _non_increasing(values):
            out.append(error("TDF-POINTS-TABLE", key, f"{list(values)}: points must be 0 or more and never rise "
                             "from one place to the next", where))
        if values and values[0] <= 0:
            out.append(error("TDF-POINTS-TABLE", key, "the first place scores nothing", where))
    if not 0 <= p.green_second < p.green_first:
        out.append(error("TDF-POINTS-TABLE", "green line", f"second across scores {p.green_second}, first "
                         f"{p.green_first}: the second must score less", model.sources.rule("points", "green_second")))
    if not (1 <= p.bonus_cyclists <= f.cyclists_per_team and p.bonus_cyclists <= p.bonus_places
            <= f.components.finish_slots):
        out.append(error("TDF-POINTS-TABLE", "team bonus", f"{p.bonus_cyclists} cyclists in the first "
                         f"{p.bonus_places} cannot be reached", model.sources.rule("points", "bonus_places")))
    if min(p.team_bonus, p.combativity, p.green_first) < 0:
        out.append(error("TDF-POINTS-TABLE", "points", "negative points", model.sources.rule("points")))
    out.verified("TDF-POINTS-TABLE", "points", "; ".join(f"{key} {', '.join(str(v) for v in getattr(p, key))} "
                                                         f"({len(getattr(p, key))} values for {n} ranked place(s))"
                                                         for key, n in need.items())
                 + f", never rising; green line {p.green_first} then {p.green_second}; team bonus {p.team_bonus} for "
                 f"{p.bonus_cyclists} cyclists in the first {p.bonus_places}")
    return out


def standings_range(model: GameModel) -> list[Finding]:
    """TDF-STANDINGS-RANGE: a units and a tens track (0-99) hold the best total of either classification."""
    s = model.facts.standings
    out = Checked()
    where = model.sources.rule("standings", "max")
    if s.min != 0 or s.max != 99:
        out.append(error("TDF-STANDINGS-RANGE", "standings board", f"tracks of units and tens count 0 to 99, "
                         f"not {s.min} to {s.max}", where))
    best_scores = max_scores(model)
    for key, best in best_scores.items():
        if best > s.max:
            out.append(error("TDF-STANDINGS-RANGE", f"{key} classification", f"a player can reach {best} points, "
                             f"beyond {s.max} on the standings board", model.sources.rule("points")))
    out.verified("TDF-STANDINGS-RANGE", "standings board", "best totals over the Tour: "
                 + ", ".join(f"{key} {best}" for key, best in best_scores.items())
                 + f", within the tracks' {s.min} to {s.max}")
    return out


STANDINGS_TOP = 46.0
STANDINGS_FOOT = 22.0
STANDINGS_LABEL_MM = 13.0
"""The standings sheet as its face draws it (data/tour-de-france-mb/templates/faces/tdf-standings.svg.j2
sets the same top, foot and label): the first box's top, the room under the tracks, and the room at
the left of a box for its number, in mm. tests/test_tour_de_france_mb_checks.py measures the boxes the
template draws against standings_box."""


def standings_box(w: float, h: float) -> tuple[float, float]:
    """(width, height) in mm of one box of a standings sheet of ``w`` x ``h`` mm: two tracks of ten
    boxes between 10 mm margins."""
    col_w = (w - 20) / 2
    return col_w - 4, (h - STANDINGS_FOOT - STANDINGS_TOP) / 10 - 2


def standings_room(model: GameModel) -> list[Finding]:
    """TDF-STANDINGS-ROOM: the standings board has a sheet per classification (individual, team), and
    one box of it holds a pawn of every team side by side (a box of the sheet as its template draws it:
    standings_box)."""
    from pnp.layout.paper import card_size

    decks = [d for d in model.decks if d.face == "tdf-standings"]
    where = model.sources.component("deck:" + decks[0].id) if decks else model.sources.rule("standings")
    kinds = {c.kind for d in decks for c in d.cards}
    out = Checked(error("TDF-STANDINGS-ROOM", "standings board", f"no sheet for the {k} classification (a card of "
                        f"kind '{k}' in a deck of face tdf-standings)", where)
                  for k in ("individual", "team") if k not in kinds)
    shown = [f"a sheet for each classification ({', '.join(sorted(kinds))})"]
    pawns = [t for t in model.tokens if t.kind == "pawn"]
    if not pawns:
        out.verified("TDF-STANDINGS-ROOM", "standings board", shown[0])
        return out
    pawn, teams = max(t.size_mm for t in pawns), max(model.info.players.max, len({t.colour for t in pawns}))
    for deck in decks:
        size = card_size(deck.card_size) if deck.card_size else None
        if size is None:
            continue
        w, h = standings_box(size.w, size.h)
        room = (w - STANDINGS_LABEL_MM) / teams
        shown.append(f"deck {deck.id}: a box of {w:.1f} x {h:.1f} mm holds {teams} pawns of {pawn:g} mm side by side "
                     f"({room:.1f} mm each)")
        if room < pawn + 0.5 or h < pawn + 1.0:
            out.append(error("TDF-STANDINGS-ROOM", f"deck {deck.id}", f"a box of {w:.1f} x {h:.1f} mm cannot hold "
                             f"{teams} pawns of {pawn:g} mm side by side; make the pawns smaller (tokens.yaml "
                             f"size_mm) or the sheet larger (card_size)", model.sources.component("deck:" + deck.id)))
    out.verified("TDF-STANDINGS-ROOM", "standings board", "; ".join(shown))
    return out


def stages(model: GameModel) -> list[Finding]:
    """TDF-STAGES: stages numbered 1..n; the first is a road stage (its winner takes the Yellow Jersey)."""
    st = model.facts.stages
    out = Checked()
    where = model.sources.rule("stages")
    if [s.number for s in st] != list(range(1, len(st) + 1)):
        out.append(error("TDF-STAGES", "stages", f"stages numbered {[s.number for s in st]}, not 1 to {len(st)}",
                         where))
    if not st or st[0].kind != "road":
        out.append(error("TDF-STAGES", "stage 1", "the first stage must be a road stage: its winner takes the "
                         "Yellow Jersey", where))
    out.verified("TDF-STAGES", "stages", f"{len(st)} stages numbered 1 to {len(st)}: "
                 + ", ".join(s.kind for s in st) + "; the first is a road stage")
    return out


# --- board

def board(model: GameModel) -> list[Finding]:
    """TDF-BOARD: the course has a band per team (its cyclists in file, in its corridor), time trial lanes and
    start squares, red dots on the road, a green line between the bands and the finish, a finish line with a
    run-out, a finish table with a slot per cyclist, forward-diagonal moves, and a size that tiles."""
    f = model.facts
    brd, side = course_side(model)
    if side is None:
        return [error("TDF-BOARD", "course", f"no side '{f.course.side}' of board '{f.course.board}'",
                      model.sources.rule("course"))]
    where = model.sources.component(f"board:{brd.id}")
    out = Checked()

    def bad(component: str, message: str) -> None:
        out.append(error("TDF-BOARD", component, message, where))

    if side.adjacency != "forward-diagonal":
        bad("adjacency", f"moves are '{side.adjacency}', the rules allow forward and diagonal only")
    if len(f.teams) * f.team_time_trial.corridor_lanes > side.lanes:
        bad("corridors", f"{len(f.teams)} corridors of {f.team_time_trial.corridor_lanes} lanes need "
                         f"{len(f.teams) * f.team_time_trial.corridor_lanes} lanes, the course has {side.lanes}")
    by_band = bands(side)
    for i, team in enumerate(f.teams, 1):
        squares = by_band.get(i, [])
        cols = sorted(s.column for s in squares)
        lanes = {s.lane for s in squares}
        if len(squares) != f.cyclists_per_team or len(lanes) != 1 or \
                cols != list(range(cols[0], cols[0] + len(cols))):
            bad(f"band {team}", f"{len(squares)} band squares; the team's {f.cyclists_per_team} cyclists line up "
                                "in file on one lane")
        elif lanes.pop() not in f.corridor(team):
            bad(f"band {team}", f"the band is outside the team's corridor (lanes {list(f.corridor(team))})")
    extra = set(by_band) - set(range(1, len(f.teams) + 1))
    if extra:
        bad("bands", f"bands numbered {sorted(extra)} belong to no team")
    itt = f.individual_time_trial
    starts = side.marks("itt-start")
    if sorted(s.lane for s in starts) != sorted(itt.lanes) or len({s.column for s in starts}) != 1 \
            or len(itt.lanes) != itt.heat:
        bad("time trial", f"{itt.heat} start squares side by side, one in each time trial lane {list(itt.lanes)}")
    if any(not 1 <= lane <= side.lanes for lane in itt.lanes):
        bad("time trial", f"lanes {list(itt.lanes)} are not all on the course")
    taken = {(s.column, s.lane) for s in side.spaces if s.kind in ("band", "itt-start")}
    finish, green = side.line("finish"), side.line("green")
    for dot in side.marks("risk"):
        if not side.is_road(dot.column, dot.lane) or (dot.column, dot.lane) in taken:
            bad(f"red dot {dot.column}/{dot.lane}", "a red dot must be a free road square (not a band or a start)")
        if finish and dot.column >= finish.column:
            bad(f"red dot {dot.column}/{dot.lane}", "a red dot after the finish line is never reached")
    if not side.marks("risk"):
        bad("red dots", "no red dot: risk cards are never drawn")
    front = max((s.column for s in side.marks("band")), default=0)
    if finish is None:
        bad("finish", "no finish line")
    elif finish.column > side.columns:
        bad("finish", "no run-out after the finish line")
    if green is None:
        bad("green line", "no green line at mid-stage")
    elif finish is not None and not front < green.column < finish.column:
        bad("green line", "the green line must lie between the start bands and the finish")
    table = side.areas_of("finish-table")
    slots = f.components.finish_slots
    if not table:
        bad("finish table", "no stage finish table (an area of kind finish-table)")
    if slots < len(f.teams) * f.cyclists_per_team:
        bad("finish table", f"{slots} slots for {len(f.teams) * f.cyclists_per_team} cyclists: the team time trial "
                            "places every team")
    w, h = brd.size_mm(side)
    ew, eh = side.extent_mm()
    if ew > w or eh > h:
        bad("size", f"the course and its areas need {ew:g} x {eh:g} mm, the board is {w:g} x {h:g} mm")
    if w > MAX_BOARD_MM[0] or h > MAX_BOARD_MM[1]:
        out.append(warning("TDF-BOARD", "size", f"{w:g} x {h:g} mm is larger than {MAX_BOARD_MM[0]:g} x "
                           f"{MAX_BOARD_MM[1]:g} mm", where))
    out.verified("TDF-BOARD", f"board {brd.id}", f"side {side.id}: {side.adjacency} moves on {side.lanes} lanes, "
                 f"{len(f.teams)} corridors of {f.team_time_trial.corridor_lanes}, a band of "
                 f"{f.cyclists_per_team} per team in file; {len(starts)} time trial starts in lanes "
                 f"{', '.join(str(lane) for lane in itt.lanes)}; {len(side.marks('risk'))} red dots; green line at "
                 f"{green.column if green else '-'} between the bands ({front}) and the finish "
                 f"({finish.column if finish else '-'}) with a run-out to square {side.columns}; {slots} finish slots for "
                 f"{len(f.teams) * f.cyclists_per_team} cyclists; {w:g} x {h:g} mm holds the course's {ew:g} x "
                 f"{eh:g} mm")
    return out


def risk_balance(model: GameModel) -> list[Finding]:
    """TDF-BOARD-RISK-BALANCE: every team corridor holds as many red dots (the team time trial draws none,
    but the bands' lanes are where a road stage starts)."""
    f = model.facts
    _, side = course_side(model)
    if side is None:
        return []
    per = {team: sum(1 for d in side.marks("risk") if d.lane in f.corridor(team)) for team in f.teams}
    out = Checked()
    if len(set(per.values())) > 1:
        out.append(warning("TDF-BOARD-RISK-BALANCE", "red dots", f"red dots per corridor {per}: the road is not even",
                           model.sources.component(f"board:{f.course.board}")))
    out.verified("TDF-BOARD-RISK-BALANCE", "red dots", "red dots per corridor: "
                 + ", ".join(f"{team} {n}" for team, n in per.items()))
    return out


# --- identity, colours, box list

def identity(model: GameModel) -> list[Finding]:
    """TDF-PLAYERS: game.yaml and rules.yaml agree, and there is a team for the largest table."""
    a, b = model.info.players, model.facts.players
    out = Checked()
    if (a.min, a.max) != (b.min, b.max):
        out.append(error("TDF-PLAYERS", "players", f"game.yaml says {a.min}-{a.max} players, rules.yaml "
                         f"{b.min}-{b.max}", model.sources.rule("players")))
    if b.max > len(model.facts.teams):
        out.append(error("TDF-PLAYERS", "players", f"up to {b.max} players but {len(model.facts.teams)} teams",
                         model.sources.rule("teams")))
    out.verified("TDF-PLAYERS", "players", f"{b.min}-{b.max} players in game.yaml and rules.yaml, "
                 f"{len(model.facts.teams)} teams for the largest table")
    return out


def colours(model: GameModel) -> list[Finding]:
    """TDF-COLOURS: every team colour exists and has a letter of its own; each has a team jersey; the yellow
    and green jerseys are award jerseys."""
    f = model.facts
    out = Checked()
    known = {c.id: c for c in model.colours}
    letters = Counter(c.letter for c in model.colours if c.letter)
    for team in f.teams:
        c = known.get(team)
        if c is None:
            out.append(error("TDF-COLOURS", f"team {team}", "not a colour of palette.yaml", model.sources.rule("teams")))
            continue
        if not c.letter or letters[c.letter] > 1:
            out.append(error("TDF-COLOURS", f"team {team}", f"letter '{c.letter}' must be set and unique, for "
                             "colour-blind players", model.sources.component(f"colour:{team}")))
        if not any(j.colours and j.colours[0] == team and not j.award for j in model.jerseys):
            out.append(error("TDF-COLOURS", f"team {team}", "no team jersey in this colour",
                             model.sources.component(f"colour:{team}")))
    for key in ("yellow", "green"):
        jid = getattr(f.jerseys, key)
        j = next((j for j in model.jerseys if j.id == jid), None)
        if j is None or not j.award:
            out.append(error("TDF-COLOURS", f"jersey {jid}", f"the {key} jersey must be an award jersey of "
                             "jerseys.yaml", model.sources.rule("jerseys", key)))
    out.verified("TDF-COLOURS", "teams", f"{len(f.teams)} team colours, each with a letter of its own ("
                 + ", ".join(f"{t} {known[t].letter}" for t in f.teams if t in known)
                 + f") and a team jersey; {f.jerseys.yellow} and {f.jerseys.green} are award jerseys")
    return out


def manifest(model: GameModel) -> list[Finding]:
    """TDF-MANIFEST: the box list of rules.yaml agrees with the printed components."""
    f, c = model.facts, model.facts.components
    deck, rdeck = race_deck(model), risk_deck(model)
    actual = {"race_cards": deck.size if deck else 0, "risk_cards": rdeck.size if rdeck else 0,
              "cyclists": len(model.standees), "pawns": sum(t.count for t in model.tokens if t.kind == "pawn")}
    out = Checked()
    for key, value in actual.items():
        if value != getattr(c, key):
            out.append(error("TDF-MANIFEST", key.replace("_", " "), f"the data holds {value}, the rules list "
                             f"{getattr(c, key)}", model.sources.rule("components", key)))
    if c.pawns != c.pawns_per_player * f.players.max:
        out.append(error("TDF-MANIFEST", "pawns", f"{c.pawns} pawns for {f.players.max} players of "
                         f"{c.pawns_per_player}", model.sources.rule("components", "pawns")))
    if c.cyclists != len(f.teams) * f.cyclists_per_team + 2:
        out.append(error("TDF-MANIFEST", "cyclists", f"{c.cyclists} cyclists for {len(f.teams)} teams of "
                         f"{f.cyclists_per_team} and the two jersey figures", model.sources.rule("components", "cyclists")))
    out.verified("TDF-MANIFEST", "box list", "the data holds what the box lists: "
                 + ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in actual.items())
                 + f"; {c.pawns} pawns = {f.players.max} players x {c.pawns_per_player}, {c.cyclists} cyclists = "
                 f"{len(f.teams)} teams x {f.cyclists_per_team} + 2 jersey figures")
    return out


CHECKS = (race_colours, triplets, risk_composition, cyclists, supply, markers, points_table,
          standings_range, standings_room, stages, board, risk_balance, identity, colours, manifest)


def check(model: GameModel) -> list[Finding]:
    """Run every Tour de France check on ``model``."""
    return [finding for rule in CHECKS for finding in rule(model)]


def verified(model: GameModel) -> list[Record]:
    """What every Tour de France check verified on ``model`` and found nothing wrong with, with its figures
    (pnp.check.passed lists them)."""
    return verified_by(CHECKS, model)
