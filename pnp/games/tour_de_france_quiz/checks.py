"""Le jeu du Tour de France checks: pure functions model -> findings, each with a stable rule id (TDQ-...).

Categories (DESIGN.md): composition sums (165 cards), six decks with six backs, parity of components
(pawns, jersey cards and their stands), the track against the rules (prologue squares, every square type
with an action, the Arrivée last after the Champs-Élysées, the exact-arrival bounce), the length of a game
from the dice, the points, strategy and mishap decks, the quiz cards (three distinct answers, a valid right
answer, no question asked twice), supply against demand, and the board's size. Designer decisions are
listed as questions by pnp.check.
"""

from __future__ import annotations

import math
from collections import Counter

from pnp.check.findings import Finding, error, warning
from pnp.check.checked import Checked, Record, verified_by
from pnp.games.tour_de_france_quiz.facts import SHUFFLED
from pnp.model.game_model import GameModel

MAX_BOARD_MM = (600.0, 420.0)
SETBACK_ACTIONS = ("setback",)
MISHAP_VALUED = ("advance", "back", "strategy", "skip")
"""Mishap effects whose card needs a value (squares, cards or turns)."""


# --- helpers shared with the rulebook context and the layouts

def deck(model: GameModel, key: str):
    ref = getattr(model.facts.decks, key)
    return next((d for d in model.decks if d.id == ref.deck), None)


def track_side(model: GameModel):
    t = model.facts.track
    board = next((b for b in model.boards if b.id == t.board), None)
    if board is None:
        return None, None
    return board, next((s for s in board.sides if s.id == t.side), None)


def squares(side) -> list:
    """The typed squares of the track, in race order (one mark per column)."""
    return sorted((s for s in side.spaces if s.kind not in ("road", "off")), key=lambda s: s.column)


def course(side) -> list:
    """The squares after the prologue squares, to the Arrivée."""
    return [s for s in squares(side) if s.kind != "prologue"]


def question_fields(model: GameModel, card, side: str) -> tuple[str, list[str], str]:
    """(question, answers, right answer index as written) of one side of a question card."""
    f = card.fields
    n = model.facts.questions.answers
    return f.get(side, ""), [f.get(f"{side}_{i}", "") for i in range(1, n + 1)], f.get(f"{side}_ok", "")


def mishap_shift(model: GameModel) -> float:
    """Squares a mishap card moves a pawn on average (advance +, back -)."""
    d = deck(model, "mishaps")
    if d is None or not d.size:
        return 0.0
    total = sum((c.value or 0) * c.qty * (1 if c.kind == "advance" else -1 if c.kind == "back" else 0)
                for c in d.cards)
    return total / d.size


def pace(model: GameModel) -> dict[str, float]:
    """The expected length of a game: squares to race, squares netted per turn, turns, and minutes."""
    f = model.facts
    _, side = track_side(model)
    track = course(side) if side is not None else []
    n = max(len(track), 1)
    counts = Counter(s.kind for s in track)
    p_setback = sum(c for k, c in counts.items() if f.squares.get(k) and f.squares[k].action == "setback") / n
    p_mishap = sum(c for k, c in counts.items() if f.squares.get(k) and f.squares[k].action == "mishap") / n
    net = f.dice.mean - f.setback * p_setback + mishap_shift(model) * p_mishap
    turns = len(track) / net + f.pace.finish_turns if net > 0 else math.inf
    minutes = turns * f.pace.players * f.pace.seconds_per_turn / 60
    return {"squares": len(track), "net": net, "turns": turns, "minutes": minutes,
            "p_setback": p_setback, "p_mishap": p_mishap}


# --- composition

# TDQ-CARDS-SUM (every deck holds the cards the rules list, adding up to the box's total) is declared under
# checks: in rules.yaml (pnp.check.declared).


def backs(model: GameModel) -> list[Finding]:
    """TDQ-DECK-BACKS: the six shuffled decks have six different backs, none shared with another deck."""
    f = model.facts
    out = Checked()
    where = model.sources.rule("components", "backs")
    shuffled = [deck(model, k) for k in SHUFFLED]
    shuffled = [d for d in shuffled if d is not None]
    seen = Counter(d.back for d in model.decks)
    if len({d.back for d in shuffled}) != f.components.backs or len(SHUFFLED) != f.components.backs:
        out.append(error("TDQ-DECK-BACKS", "backs", f"{len({d.back for d in shuffled})} different backs for the "
                         f"{len(SHUFFLED)} shuffled decks, the rules want {f.components.backs}", where))
    for d in shuffled:
        if seen[d.back] > 1:
            out.append(error("TDQ-DECK-BACKS", f"deck {d.id}", f"its back '{d.back}' is shared with another deck: "
                             "a shuffled deck must be told apart by its back",
                             model.sources.component(f"deck:{d.id}")))
    out.verified("TDQ-DECK-BACKS", "backs", f"{len(shuffled)} shuffled decks, {len({d.back for d in shuffled})} "
                 "backs, none shared: " + ", ".join(f"{d.id} {d.back}" for d in shuffled))
    return out


def points_cards(model: GameModel) -> list[Finding]:
    """TDQ-POINTS: each points deck holds cards of its own jersey only, every one worth 1 point or more,
    and (rules.yaml points_cards) as many cards of each value as the rules list."""
    f = model.facts
    out = Checked()
    shown = []
    listed = f.points_cards
    if listed is not None:
        for key in ("polka", "green", "white"):
            if len(getattr(listed, key)) != len(listed.values):
                out.append(error("TDQ-POINTS", f"points_cards.{key}", f"{len(getattr(listed, key))} counts for "
                                 f"{len(listed.values)} values", model.sources.rule("points_cards", key)))
    for key in ("polka", "green", "white"):
        d = deck(model, key)
        if d is None:
            continue
        if listed is not None and len(getattr(listed, key)) == len(listed.values):
            have: Counter = Counter()
            for card in d.cards:
                have[card.value] += card.qty
            shown.append(f"{d.id} {d.size} cards (" + ", ".join(f"{n} x {v}" for v, n in sorted(have.items()) if v)
                         + ")")
            want = {v: n for v, n in listed.of(key).items() if n}
            if dict(have) != want:
                out.append(error("TDQ-POINTS", f"deck {d.id}", f"cards by value {dict(sorted(have.items()))}, the "
                                 f"rules list {want} (rules.yaml points_cards)",
                                 model.sources.rule("points_cards", key)))
        jersey = getattr(f.jerseys, key)
        for card in d.cards:
            loc = model.card_location(d, card)
            if card.kind != jersey:
                out.append(error("TDQ-POINTS", f"card {d.id}/{card.id}", f"kind '{card.kind}' in the {jersey} "
                                 "deck", loc))
            if card.value is None or card.value < 1:
                out.append(error("TDQ-POINTS", f"card {d.id}/{card.id}", f"worth {card.value}: a points card "
                                 "is worth 1 point or more", loc))
    out.verified("TDQ-POINTS", "points decks", "cards by value as rules.yaml points_cards lists them, each of its "
                 "own jersey and worth 1 point or more: " + "; ".join(shown))
    return out


def strategy_balance(model: GameModel) -> list[Finding]:
    """TDQ-STRATEGY-BALANCE: no card of 0, the kind matches the sign, and (balanced) as many plus as minus
    cards whose values sum to 0."""
    f = model.facts
    d = deck(model, "strategy")
    if d is None:
        return []
    out = Checked()
    for card in d.cards:
        v = card.value or 0
        want = "plus" if v > 0 else "minus"
        if v == 0 or card.kind != want:
            out.append(error("TDQ-STRATEGY-BALANCE", f"card {d.id}/{card.id}", f"value {card.value} and kind "
                             f"'{card.kind}': a strategy card adds (plus) or takes away (minus) 1 or more",
                             model.card_location(d, card)))
    if f.strategy.values:
        have: Counter = Counter()
        for card in d.cards:
            have[card.value or 0] += card.qty
        want = {s * v: f.strategy.per_value for v in f.strategy.values for s in (1, -1)}
        if dict(have) != want:
            out.append(error("TDQ-STRATEGY-BALANCE", "strategy deck", f"cards by value {dict(sorted(have.items()))}, "
                             f"the rules want {f.strategy.per_value} of each of "
                             f"{', '.join(f'{s * v:+d}' for v in f.strategy.values for s in (1, -1))}",
                             model.sources.rule("strategy", "values")))
    plus = sum(c.qty for c in d.cards if (c.value or 0) > 0)
    minus = sum(c.qty for c in d.cards if (c.value or 0) < 0)
    total = sum((c.value or 0) * c.qty for c in d.cards)
    if f.strategy.balanced and (plus != minus or total != 0):
        out.append(warning("TDQ-STRATEGY-BALANCE", "strategy deck", f"{plus} plus and {minus} minus cards "
                           f"summing to {total:+d}: the deck favours one side",
                           model.sources.rule("strategy", "balanced")))
    values: Counter = Counter()
    for card in d.cards:
        values[card.value or 0] += card.qty
    out.verified("TDQ-STRATEGY-BALANCE", f"deck {d.id}", f"{d.size} cards: "
                 + ", ".join(f"{n} x {v:+d}" for v, n in sorted(values.items()))
                 + f"; {plus} plus and {minus} minus summing to {total}")
    return out


def mishaps(model: GameModel) -> list[Finding]:
    """TDQ-MISHAPS: known effects only (favourable, unfavourable or joker), a value where the effect needs
    one, a name on every card, and at least jokers_min jokers."""
    m = model.facts.mishaps
    d = deck(model, "mishaps")
    if d is None:
        return []
    out = Checked()
    known = set(m.favourable) | set(m.unfavourable) | {"joker"}
    for card in d.cards:
        loc = model.card_location(d, card)
        if card.kind not in known:
            out.append(error("TDQ-MISHAPS", f"card {d.id}/{card.id}", f"unknown effect '{card.kind}' (known: "
                             f"{', '.join(sorted(known))})", loc))
        elif card.kind in MISHAP_VALUED and not (card.value or 0) > 0:
            out.append(error("TDQ-MISHAPS", f"card {d.id}/{card.id}", f"a '{card.kind}' card needs a value of 1 "
                             "or more", loc))
        if not card.name:
            out.append(error("TDQ-MISHAPS", f"card {d.id}/{card.id}", "a mishap card needs a name", loc))
    jokers = sum(c.qty for c in d.cards if c.kind == "joker")
    if jokers < m.jokers_min:
        out.append(error("TDQ-MISHAPS", "jokers", f"{jokers} joker(s) among the mishap cards, the rules want at "
                         f"least {m.jokers_min}", model.sources.rule("mishaps", "jokers_min")))
    good = sum(c.qty for c in d.cards if c.kind in m.favourable)
    bad = sum(c.qty for c in d.cards if c.kind in m.unfavourable)
    if not good or not bad:
        out.append(error("TDQ-MISHAPS", "mishap deck", f"{good} favourable and {bad} unfavourable cards: the "
                         "rules promise both", model.sources.rule("mishaps")))
    out.verified("TDQ-MISHAPS", f"deck {d.id}", f"{d.size} named cards of known effects: {good} favourable, {bad} "
                 f"unfavourable, {jokers} joker(s) (at least {m.jokers_min}); a value on every "
                 f"{', '.join(MISHAP_VALUED)} card")
    return out


def questions(model: GameModel) -> list[Finding]:
    """TDQ-QUESTIONS: every card has a question on each side, three distinct answers each, a right answer
    between 1 and 3, and no question is asked twice in the deck."""
    f = model.facts
    d = deck(model, "questions")
    if d is None:
        return []
    out = Checked()
    n = f.questions.answers
    seen: dict[str, str] = {}
    for card in d.cards:
        loc = model.card_location(d, card)
        label = f"card {d.id}/{card.id}"
        if card.qty != 1:
            out.append(error("TDQ-QUESTIONS", label, f"{card.qty} copies: every question card is unique", loc))
        for side in f.questions.sides:
            q, answers, ok = question_fields(model, card, side)
            if not q:
                out.append(error("TDQ-QUESTIONS", label, f"no {side} question", loc))
            elif q.casefold() in seen:
                out.append(error("TDQ-QUESTIONS", label, f"the {side} question is already asked on card "
                                 f"{seen[q.casefold()]}", loc))
            else:
                seen[q.casefold()] = card.id
            if any(not a for a in answers) or len({a.casefold() for a in answers}) != n:
                out.append(error("TDQ-QUESTIONS", label, f"the {side} question needs {n} different answers, "
                                 f"it has {answers}", loc))
            if ok not in {str(i) for i in range(1, n + 1)}:
                out.append(error("TDQ-QUESTIONS", label, f"the right {side} answer is '{ok}', not a number from "
                                 f"1 to {n}", loc))
    out.verified("TDQ-QUESTIONS", f"deck {d.id}", f"{len(d.cards)} unique cards, {len(seen)} different questions "
                 f"({', '.join(f.questions.sides)}), each with {n} different answers and its right one from 1 to {n}")
    return out


# --- parity

def parity(model: GameModel) -> list[Finding]:
    """TDQ-PARITY: a pawn (standee) per player, a jersey card per jersey of the race, a stand per jersey card."""
    f = model.facts
    out = Checked()
    where = model.sources.rule("components")
    if len(model.standees) != f.components.pawns or f.components.pawns < f.players.max:
        out.append(error("TDQ-PARITY", "pawns", f"{len(model.standees)} pawns printed, {f.components.pawns} in the "
                         f"box, for up to {f.players.max} players", model.sources.rule("components", "pawns")))
    colours = Counter(model.rider(s.rider).colour for s in model.standees if s.rider)
    if any(n > 1 for n in colours.values()):
        out.append(error("TDQ-PARITY", "pawns", "two pawns share a colour", where))
    figures = [f"{len(model.standees)} pawns of {len(colours)} colours for up to {f.players.max} players"]
    d = deck(model, "jerseys")
    if d is not None:
        shown = Counter(j for c in d.cards for j in c.jerseys)
        figures.append(f"{d.size} jersey cards showing {', '.join(sorted(shown))} once each, {f.components.stands} "
                       "stands")
        for key in ("yellow", "polka", "green", "white"):
            jid = getattr(f.jerseys, key)
            if shown.get(jid, 0) != 1:
                out.append(error("TDQ-PARITY", f"jersey {jid}", f"{shown.get(jid, 0)} jersey cards show it, the "
                                 "game needs exactly one", model.sources.rule("jerseys", key)))
        if f.components.stands != d.size:
            out.append(error("TDQ-PARITY", "stands", f"{f.components.stands} stands for {d.size} jersey cards",
                             model.sources.rule("components", "stands")))
    for key in ("polka", "green", "white"):
        jid = getattr(f.jerseys, key)
        ref = getattr(f.decks, key)
        if not any(sq.action == "points" and sq.deck == ref.deck for sq in f.squares.values()):
            out.append(error("TDQ-PARITY", f"jersey {jid}", f"no square draws from the {ref.deck} deck",
                             model.sources.rule("squares")))
    drawn = sorted({sq.deck for sq in f.squares.values() if sq.action == "points" and sq.deck})
    figures.append(f"squares draw from {', '.join(drawn)}")
    out.verified("TDQ-PARITY", "components", "; ".join(figures))
    return out


# --- the track

def track(model: GameModel) -> list[Finding]:
    """TDQ-TRACK: one typed square per column; the prologue squares first, numbered from 1 (in front) to at
    least the largest table; every type of square of the rules on the track and every square's type has an
    action; the Champs-Élysées right before the Arrivée, which is the last square and unique; no setback
    square sends a pawn back before the start; the Arrivée needs the exact count (bounce back); stage
    towns carry their names."""
    f = model.facts
    brd, side = track_side(model)
    if side is None:
        return [error("TDQ-TRACK", "track", f"no side '{f.track.side}' of board '{f.track.board}'",
                      model.sources.rule("track"))]
    where = model.sources.component(f"board:{brd.id}")
    out = Checked()

    def bad(component: str, message: str) -> None:
        out.append(error("TDQ-TRACK", component, message, where))

    marks = squares(side)
    per_column = Counter(s.column for s in marks)
    missing = [c for c in range(1, side.columns + 1) if per_column[c] == 0]
    double = [c for c, n in per_column.items() if n > 1]
    if missing:
        bad("squares", f"squares {missing[:8]} have no type")
    if double:
        bad("squares", f"squares {double[:8]} have more than one type")
    for s in marks:
        if s.kind not in f.squares:
            bad(f"square {s.column}", f"type '{s.kind}' has no action in rules.yaml squares")
    kinds = {s.kind for s in marks}
    for kind in f.squares:
        if kind not in kinds:
            bad(f"{kind} squares", f"no square of type '{kind}' on the track")
    prologue = [s for s in marks if s.kind == "prologue"]
    numbers = sorted(s.number or 0 for s in prologue)
    if len(prologue) < f.players.max:
        bad("prologue", f"{len(prologue)} prologue squares for up to {f.players.max} players")
    if numbers != list(range(1, len(prologue) + 1)):
        bad("prologue", f"prologue squares numbered {numbers}, not 1 to {len(prologue)}")
    if prologue and [s.column for s in prologue] != list(range(1, len(prologue) + 1)):
        bad("prologue", "the prologue squares must be the first squares of the track")
    elif prologue and sorted(prologue, key=lambda s: -s.column)[0].number != 1:
        bad("prologue", "Prologue 1 (the prologue winner) must be the most advanced prologue square")
    finish = [s for s in marks if f.squares.get(s.kind) and f.squares[s.kind].action == "finish"]
    if len(finish) != 1:
        bad("Arrivée", f"{len(finish)} Arrivée squares; the race has exactly one")
    elif finish[0].column != side.columns:
        bad("Arrivée", f"the Arrivée is square {finish[0].column}, not the last square ({side.columns})")
    champs = [s.column for s in marks if s.kind == "champs"]
    if champs and finish and (champs != list(range(min(champs), max(champs) + 1)) or max(champs) + 1 != finish[0].column):
        bad("Champs-Élysées", "the Champs-Élysées squares must run without a break up to the Arrivée")
    start = len(prologue)
    for s in marks:
        action = f.squares.get(s.kind)
        if action and action.action in SETBACK_ACTIONS and s.column - f.setback <= start:
            bad(f"square {s.column}", f"a {s.kind} square {f.setback} squares back lands before the race "
                                      "(on or behind the prologue squares)")
        if s.kind == "town" and not s.label:
            bad(f"square {s.column}", "a stage town without a name")
    towns = [s.label for s in marks if s.kind == "town"]
    if len(set(towns)) != len(towns):
        bad("stage towns", "a stage town is named twice")
    if not f.bounce_back:
        out.append(error("TDQ-TRACK", "Arrivée", "the rules need the exact count to stop on the Arrivée "
                         "(bounce_back: true)", model.sources.rule("bounce_back")))
    if any(sq.action == "points" and sq.deck not in {d.id for d in model.decks} for sq in f.squares.values()):
        out.append(error("TDQ-TRACK", "squares", "a points square draws from a deck that does not exist",
                         model.sources.rule("squares")))
    out.verified("TDQ-TRACK", f"board {brd.id}", f"{side.columns} squares of one type each, all {len(kinds)} types "
                 f"of the rules on the track; {len(prologue)} prologue squares numbered 1 to {len(prologue)}, "
                 f"Prologue 1 in front; Champs-Élysées squares {min(champs, default=0)} to {max(champs, default=0)}, "
                 f"then the Arrivée on square {side.columns}, reached by the exact count; a setback of "
                 f"{f.setback} never lands before square {start + 1}; {len(towns)} stage towns, each named once")
    return out


def game_length(model: GameModel) -> list[Finding]:
    """TDQ-TRACK-LENGTH: the expected game (track length over the dice's net advance, plus the turns to
    stop exactly on the Arrivée) lasts target_minutes, give or take tolerance_minutes, at pace.players."""
    p, f = pace(model), model.facts.pace
    out = Checked()
    if abs(p["minutes"] - f.target_minutes) > f.tolerance_minutes:
        out.append(warning("TDQ-TRACK-LENGTH", "track", f"{p['squares']} squares at {p['net']:.1f} a turn take "
                           f"{p['turns']:.1f} turns: about {p['minutes']:.0f} minutes at {f.players} players, not "
                           f"{f.target_minutes:g} ± {f.tolerance_minutes:g}", model.sources.rule("pace")))
    out.verified("TDQ-TRACK-LENGTH", "track", f"{p['squares']} squares at {p['net']:.1f} a turn take "
                 f"{p['turns']:.1f} turns: about {p['minutes']:.0f} minutes at {f.players} players, within "
                 f"{f.target_minutes:g} ± {f.tolerance_minutes:g}")
    return out


def supply(model: GameModel) -> list[Finding]:
    """TDQ-SUPPLY-POINTS: points cards are kept, so a long game at the largest table must not empty a
    points deck (expected landings on its squares, long_game times the expected turns)."""
    f = model.facts
    _, side = track_side(model)
    if side is None:
        return []
    p = pace(model)
    track_ = course(side)
    out = Checked()
    shown = []
    turns = p["turns"] * f.pace.long_game
    for key in ("polka", "green", "white"):
        d = deck(model, key)
        if d is None:
            continue
        kinds = [k for k, sq in f.squares.items() if sq.action == "points" and sq.deck == d.id]
        n_sq = sum(1 for s in track_ if s.kind in kinds)
        for players in f.players.values():
            demand = players * turns * n_sq / max(len(track_), 1)
            if players == f.players.max:
                shown.append(f"{d.id} about {demand:.0f} of {d.size} ({n_sq} squares)")
            if demand > d.size:
                out.append(warning("TDQ-SUPPLY-POINTS", f"deck {d.id}, {players} players", f"about {demand:.0f} "
                                   f"cards drawn in a long game ({turns:.0f} turns, {n_sq} squares), the deck holds "
                                   f"{d.size}", model.sources.rule("decks", key)))
    q = deck(model, "questions")
    if q is not None:
        towns = sum(1 for s in track_ if f.squares.get(s.kind) and f.squares[s.kind].action == "question")
        asked = f.players.max * turns * towns / max(len(track_), 1)
        shown.append(f"{q.id} about {asked:.0f} of {q.size} ({towns} squares)")
        if asked > q.size:
            out.append(warning("TDQ-SUPPLY-POINTS", "question deck", f"about {asked:.0f} questions in a long "
                               f"game: cards come back before the deck is through ({q.size} cards)",
                               model.sources.rule("decks", "questions")))
    out.verified("TDQ-SUPPLY-POINTS", "decks", f"cards drawn in a long game of {turns:.0f} turns at "
                 f"{f.players.max} players: " + "; ".join(shown))
    return out


def board_size(model: GameModel) -> list[Finding]:
    """TDQ-BOARD: the board fits 600 x 420 mm (the kit tiles it); the track area holds every square."""
    brd, side = track_side(model)
    if side is None:
        return []
    out = Checked()
    where = model.sources.component(f"board:{brd.id}")
    shown = []
    w, h = brd.size_mm(side)
    if w > MAX_BOARD_MM[0] or h > MAX_BOARD_MM[1]:
        out.append(warning("TDQ-BOARD", "size", f"{w:g} x {h:g} mm is larger than {MAX_BOARD_MM[0]:g} x "
                           f"{MAX_BOARD_MM[1]:g} mm", where))
    area = next(iter(side.areas_of("track")), None)
    if area is None:
        out.append(error("TDQ-BOARD", "track", "no area of kind track to lay the squares in", where))
    else:
        per_row = int(area.w // side.square_mm)
        rows = math.ceil(side.columns / max(per_row, 1))
        gap = (area.h - rows * side.square_mm) / max(rows - 1, 1)
        shown.append(f"its {area.w:g} x {area.h:g} mm track area lays the {side.columns} squares of "
                     f"{side.square_mm:g} mm in {rows} rows of {per_row}, {gap:.1f} mm between rows")
        if per_row < 2 or gap < 6.0:
            out.append(error("TDQ-BOARD", "track", f"{side.columns} squares of {side.square_mm:g} mm need {rows} "
                             f"rows of {per_row}: they do not fit {area.w:g} x {area.h:g} mm with room between rows",
                             where))
        if area.x + area.w > w or area.y + area.h > h:
            out.append(error("TDQ-BOARD", "track", "the track area runs off the board", where))
    for name in ("title", "legend"):
        if not side.areas_of(name):
            out.append(error("TDQ-BOARD", name, f"no {name} area", where))
    out.verified("TDQ-BOARD", f"board {brd.id}", "; ".join([f"{w:g} x {h:g} mm, within {MAX_BOARD_MM[0]:g} x "
                                                             f"{MAX_BOARD_MM[1]:g} mm", *shown,
                                                             "a title and a legend area"]))
    return out


def identity(model: GameModel) -> list[Finding]:
    """TDQ-PLAYERS: game.yaml and rules.yaml agree on the players; the dice are d6 pairs the pace assumes."""
    a, b = model.info.players, model.facts.players
    out = Checked()
    if (a.min, a.max) != (b.min, b.max):
        out.append(error("TDQ-PLAYERS", "players", f"game.yaml says {a.min}-{a.max} players, rules.yaml "
                         f"{b.min}-{b.max}", model.sources.rule("players")))
    if not b.min <= model.facts.pace.players <= b.max:
        out.append(error("TDQ-PLAYERS", "pace", f"the pace is worked out for {model.facts.pace.players} players, "
                         "outside the range", model.sources.rule("pace", "players")))
    out.verified("TDQ-PLAYERS", "players", f"{b.min}-{b.max} players in game.yaml and rules.yaml; the pace is "
                 f"worked out for {model.facts.pace.players}")
    return out


CHECKS = (backs, points_cards, strategy_balance, mishaps, questions, parity, track, game_length,
          supply, board_size, identity)


def check(model: GameModel) -> list[Finding]:
    """Run every check of Le jeu du Tour de France on ``model``."""
    return [finding for rule in CHECKS for finding in rule(model)]


def verified(model: GameModel) -> list[Record]:
    """What every check of Le jeu du Tour de France verified on ``model`` and found nothing wrong with, with
    its figures (pnp.check.passed lists them)."""
    return verified_by(CHECKS, model)
