"""The individual time trial: heats of racers side by side, each in its own lane, playing one card
at a time and moving by the sum of its numbers; fewest cards wins; tied racers race again.

Heats follow the playing order from the left of the dealer (TDF-D-HEATS); a racer out of cards is
dealt a new hand; after its heat a racer's cards go to the played pile (engine: itt_leftover).
"""

from __future__ import annotations

import random

from pnp.games.tour_de_france_mb.engine import piles
from pnp.games.tour_de_france_mb.engine.data import EngineData
from pnp.games.tour_de_france_mb.engine.state import (DECIDE, ITT_CARD, ITT_HEAT, ITT_RANK, ITT_TURN, RACE_CARDS,
                                                      SCORES, STAGE_END, StageLog, State)

ABANDONED = 1 << 30
"""The card count of a racer that could not finish (no card left to draw): behind every finisher."""


def start(data: EngineData, st: State, rng: random.Random) -> None:
    st.log = StageLog(st.stage + 1, st.kind, st.dealer, points=[a + b for a, b in zip(st.indiv, st.teampts)])
    piles.gather(data, st, rng)
    st.moved.clear()
    for i in range(len(st.occ)):
        st.occ[i] = 0
    for c in range(len(st.col)):
        st.col[c], st.bit[c], st.stopped[c], st.done[c] = 0, 0, 0, False
    st.table = []
    st.round = 1
    order = [(st.first + k) % st.n for k in range(st.n)]
    st.heats = _heats(data, order)
    st.itt_keys = [[] for _ in range(st.n)]
    st.itt_cards = [0] * st.n
    st.rerun_left = data.rules.itt_reruns
    st.phase = ITT_HEAT


def _heats(data: EngineData, seats: list[int]) -> list[list[int]]:
    size = max(1, data.itt_heat)
    return [seats[i:i + size] for i in range(0, len(seats), size)]


def next_heat(data: EngineData, st: State, rng: random.Random) -> None:
    if not st.heats:
        st.phase = ITT_RANK
        return
    st.racers = st.heats.pop(0)
    per = data.per_team
    for i, seat in enumerate(st.racers):
        column, lane = data.course.itt_starts[i]
        c = seat * per
        st.col[c], st.bit[c], st.done[c] = column, 1 << (lane - 1), False
        st.occ[column] |= st.bit[c]
        st.moved.append(c)
        st.itt_cards[seat] = 0
        st.itt_done[seat] = False
    piles.deal(st, st.racers, data.itt_hand, rng)
    st.itt_index = 0
    st.phase = ITT_TURN


def racer_turn(data: EngineData, st: State, rng: random.Random) -> None:
    """The next racer of the heat still on the course plays a card (out of cards: a new hand)."""
    racers = st.racers
    while st.itt_index < len(racers) and st.itt_done[racers[st.itt_index]]:
        st.itt_index += 1
    if st.itt_index >= len(racers):
        if all(st.itt_done[s] for s in racers):
            _end_heat(st)
            return
        st.itt_index = 0
        st.round += 1
        return
    seat = racers[st.itt_index]
    st.seat = seat
    if not st.hands[seat]:
        piles.deal(st, [seat], data.itt_hand, rng)
        if not st.hands[seat]:
            _abandon(data, st, seat)   # nothing left to draw at all
            return
    seen, moves = set(), []
    for card in st.hands[seat]:
        total = data.cards[card].total
        if total not in seen:
            seen.add(total)
            moves.append((ITT_CARD, card))
    st.ask, st.moves, st.cache = ITT_CARD, moves, None
    st.phase = DECIDE


def on_card(data: EngineData, st: State, move: tuple, rng: random.Random) -> None:
    card = move[1]
    seat = st.seat
    st.touched |= RACE_CARDS
    st.hands[seat].remove(card)
    st.played.append(card)
    st.log.plays += 1
    _ride(data, st, seat, data.cards[card].total)


def _ride(data: EngineData, st: State, seat: int, squares: int) -> None:
    c = seat * data.per_team
    st.itt_cards[seat] += 1
    st.traced(seat, squares)
    st.moved.append(seat * data.per_team)
    old = st.col[c]
    new = min(old + squares, data.course.finish)
    st.occ[old] &= ~st.bit[c]
    if new >= data.course.finish:
        st.bit[c], st.done[c] = 0, True
        st.itt_done[seat] = True
        st.touched |= SCORES
        st.itt_keys[seat].append(st.itt_cards[seat])
    else:
        st.col[c] = new
        st.occ[new] |= st.bit[c]
    st.itt_index += 1
    st.phase = ITT_TURN


def _abandon(data: EngineData, st: State, seat: int) -> None:
    """A racer with no card to play and none to draw leaves the course, behind every racer that finished."""
    c = seat * data.per_team
    st.moved.append(c)
    st.occ[st.col[c]] &= ~st.bit[c]
    st.bit[c], st.done[c] = 0, True
    st.itt_done[seat] = True
    st.touched |= SCORES
    st.itt_keys[seat].append(ABANDONED)
    st.itt_index += 1


def _end_heat(st: State) -> None:
    st.touched |= RACE_CARDS
    for seat in st.racers:
        st.played.extend(st.hands[seat])
        st.hands[seat].clear()
    st.racers = []
    st.phase = ITT_HEAT


def rank(data: EngineData, st: State, rng: random.Random) -> None:
    """Rank the racers by cards used; racers tied where the points differ race again."""
    order = sorted(range(st.n), key=lambda s: st.itt_keys[s])
    groups = _groups(order, st.itt_keys)
    points = data.points.itt_individual
    rerun = []
    place = 0
    for group in groups:
        scores = {points[p] if p < len(points) else 0 for p in range(place, place + len(group))}
        if len(group) > 1 and len(scores) > 1:
            rerun.extend(group)
        place += len(group)
    if rerun and st.rerun_left > 0:
        st.rerun_left -= 1
        st.log.reruns += 1
        st.heats = _heats(data, [s for s in ((st.first + k) % st.n for k in range(st.n)) if s in rerun])
        st.phase = ITT_HEAT
        return
    st.log.ties_first = len(groups[0]) if groups else 0
    st.log.itt_cards = [keys[0] if keys else 0 for keys in st.itt_keys]
    st.touched |= SCORES
    place = 0
    for group in groups:
        best = points[place] if place < len(points) else 0
        for seat in group:
            st.indiv[seat] += best
            st.table.append(seat * data.per_team)
        place += len(group)
    st.log.end = "all racers in"
    st.phase = STAGE_END


def _groups(order: list[int], keys: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = []
    for seat in order:
        if out and keys[out[-1][0]] == keys[seat]:
            out[-1].append(seat)
        else:
            out.append([seat])
    return out
