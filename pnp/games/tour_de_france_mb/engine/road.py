"""A road stage and the team time trial, turn by turn.

A turn: a red card in hand may be played first (TDF-D-RED-PLAY); cyclists that miss the turn sit
it out; the player plays a race card (its numbers spread over the cyclists, the colour bonus on
one of them, a blue card played with it) or, when nobody can move, discards and redraws; each
cyclist goes as far as its number lets it, choosing its square where several are open; a cyclist
stopping on a red dot draws a risk card; the hand is topped up. The road stage stops as soon as a
team is complete on the finish table; the team time trial finishes the round first. The team time
trial keeps each team in its corridor, without risk cards or green line.
"""

from __future__ import annotations

import random

from pnp.games.tour_de_france_mb.engine import piles
from pnp.games.tour_de_france_mb.engine.course import advance, lanes_of
from pnp.games.tour_de_france_mb.engine.data import ROAD, TTT, EngineData
from pnp.games.tour_de_france_mb.engine.state import (AFTER_PLAY, CARD, DECIDE, DISCARD, END_TURN, LANE, MOVE,
                                                      NONE, RACE_CARDS, RED, RISK_CARDS, SCORES, STAGE_END, TURN,
                                                      StageLog, State)


def start(data: EngineData, st: State, rng: random.Random) -> None:
    """Cyclists on their bands, the race pile gathered and shuffled, the hands dealt."""
    st.log = StageLog(st.stage + 1, st.kind, st.dealer, points=[a + b for a, b in zip(st.indiv, st.teampts)])
    piles.gather(data, st, rng)
    _line_up(data, st)
    st.table = []
    st.green_crossed = 0
    st.green_done = st.kind != ROAD or not data.course.green
    st.yellow_first = False
    st.closing = False
    st.complete_round = {}
    st.round = 1
    piles.deal(st, _order(st), data.hand, rng)
    st.seat = st.first
    st.phase = TURN


def _order(st: State) -> list[int]:
    return [(st.first + k) % st.n for k in range(st.n)]


def _line_up(data: EngineData, st: State) -> None:
    per = data.per_team
    st.moved.clear()
    for i in range(len(st.occ)):
        st.occ[i] = 0
    for c in range(len(st.col)):
        st.col[c], st.bit[c], st.stopped[c], st.done[c] = 0, 0, 0, False
    for seat in range(st.n):
        for k, (column, lane) in enumerate(data.course.bands[st.team[seat]]):
            c = seat * per + k
            st.col[c], st.bit[c] = column, 1 << (lane - 1)
            st.occ[column] |= st.bit[c]


# --- the turn

def begin_turn(data: EngineData, st: State, rng: random.Random) -> None:
    seat = st.seat
    st.log.turns += 1
    st.skip, st.stalled, st.headwind, st.risk_played = 0, NONE, 0, False
    st.red_stop, st.extra_left, st.redraw_left = NONE, 0, 0
    st.pending = []
    per = data.per_team
    if not any(st.bit[seat * per:seat * per + per]):
        st.phase = END_TURN          # a team already complete (the last round of a team time trial)
        return
    if data.stops_next_turn:
        _take_stops(data, st, seat)
    held = st.held[seat]
    if held and st.kind == ROAD:
        unfavourable = data.unfavourable
        reds = [i for i, (r, _c) in enumerate(held) if unfavourable[r]]
        if reds:
            _decide(st, RED, [(RED, i) for i in reds] + [(RED, NONE)])
            return
    after_red(data, st, rng)


def on_red(data: EngineData, st: State, move: tuple, rng: random.Random) -> None:
    if move[1] != NONE:
        _play_red(data, st, st.seat, move[1])
    after_red(data, st, rng)


def _play_red(data: EngineData, st: State, seat: int, index: int) -> None:
    st.touched |= RISK_CARDS
    risk, cyc = st.held[seat].pop(index)
    st.traced(risk, cyc)
    card = data.risks[risk]
    piles.under(st, risk)
    st.risk_played = True
    if card.effect == "crash":
        column, bit = st.col[cyc], st.bit[cyc]
        lane = bit.bit_length()
        around = {(column + dc, lane + dl) for dc, dl in data.crash_offsets}
        _stop(data, st, cyc, card.value)
        for other in range(len(st.col)):
            if other != cyc and st.bit[other] and (st.col[other], st.bit[other].bit_length()) in around:
                _stop(data, st, other, card.value)
    elif card.effect == "lose-turn":
        _stop(data, st, cyc, card.value)
    elif card.effect == "headwind":
        st.headwind = card.value
    elif card.effect == "stall":
        st.stalled = cyc
    markers = sum(1 for s in st.stopped if s)
    if markers > st.log.markers:
        st.log.markers = markers


def _stop(data: EngineData, st: State, cyc: int, turns: int) -> None:
    if not st.bit[cyc]:
        return
    st.log.stops += 1
    if data.rules.stopped_again == "adds":
        st.stopped[cyc] += turns
    else:
        st.stopped[cyc] = max(st.stopped[cyc], turns)


def _take_stops(data: EngineData, st: State, seat: int) -> None:
    base = seat * data.per_team
    if not any(st.stopped[base:base + data.per_team]):
        return
    for k in range(data.per_team):
        c = base + k
        if st.stopped[c] and st.bit[c] and not (st.skip >> k) & 1:
            st.stopped[c] -= 1
            st.skip |= 1 << k


def after_red(data: EngineData, st: State, rng: random.Random) -> None:
    seat = st.seat
    if data.stops_this_turn:
        _take_stops(data, st, seat)
    per = data.per_team
    base = seat * per
    bits, skip = st.bit, st.skip
    free = False
    for k in range(per):
        if bits[base + k] and not (skip >> k) & 1:
            free = True
            break
    if not free and data.stopped_pass:
        st.log.passes += 1
        st.phase = END_TURN
        return
    hand = st.hands[seat]
    if not hand:
        st.log.passes += 1
        st.phase = END_TURN
        return
    options, given = card_options(data, st, seat, hand, True)
    if not _moves_someone(data, st, seat, given):
        st.log.redraws += 1
        st.redraw_left = data.redraw
        _ask_discard(data, st, rng)
        return
    _decide(st, CARD, options)


def _ask_discard(data: EngineData, st: State, rng: random.Random) -> None:
    hand = st.hands[st.seat]
    if st.redraw_left <= 0 or not hand:
        _redraw(data, st, rng)
        return
    seen, moves = set(), []
    for card in hand:
        kind = data.kind_of[card]
        if kind not in seen:
            seen.add(kind)
            moves.append((DISCARD, card))
    _decide(st, DISCARD, moves)


def on_discard(data: EngineData, st: State, move: tuple, rng: random.Random) -> None:
    st.touched |= RACE_CARDS
    st.hands[st.seat].remove(move[1])
    st.played.append(move[1])
    st.traced(move[1])
    st.redraw_left -= 1
    if st.redraw_left > 0 and st.hands[st.seat]:
        _ask_discard(data, st, rng)
        return
    _redraw(data, st, rng)


def _redraw(data: EngineData, st: State, rng: random.Random) -> None:
    """Draw as many cards as were discarded and play them at once, one after the other."""
    for _ in range(data.redraw):
        card = piles.draw(st, rng)
        if card != NONE:
            st.to_play.append(card)
    st.phase = AFTER_PLAY


def card_options(data: EngineData, st: State, seat: int, cards: list[int], extras: bool) -> tuple[list[tuple], int]:
    """The seat's ways to play one of ``cards``: (CARD, card, squares per cyclist slot, blue card
    played with it or NONE, extra-card played or NONE), the squares after the colour bonus, a
    boost, a headwind; a cyclist that cannot move this turn gets 0. Two cards with the same
    numbers and bonus are one move. With them, the cyclist slots one of them gives a number to
    (bits)."""
    per = data.per_team
    base = seat * per
    bits, skip, stalled = st.bit, st.skip, st.stalled
    usable = 0   # the cyclist slots that take their number this turn, as bits
    for k in range(per):
        if bits[base + k] and not (skip >> k) & 1 and base + k != stalled:
            usable |= 1 << k
    held = st.held[seat] if extras else ()
    boosts, extra_cards = [NONE], [NONE]
    for i, (risk, cyc) in enumerate(held):
        blue = data.risks[risk]
        if blue.effect == "boost" and (usable >> (cyc - base)) & 1:
            boosts.append(i)
        elif blue.effect == "extra-card" and bits[cyc]:
            extra_cards.append(i)
    team, wind = st.team[seat], st.headwind
    kinds = data.team_kind[team]
    seen = set()
    out: list[tuple] = []
    if len(boosts) == 1 and len(extra_cards) == 1:   # no blue card to play with it
        found = data.spread_cache.get((team, usable, wind))
        if found is None:
            moves_of = tuple(_spread_moves(data, card, data.colour_of[card] == team, usable, wind)
                             for card in range(len(data.cards)))
            found = data.spread_cache[(team, usable, wind)] = (moves_of, tuple(map(_given, moves_of)))
        moves_of, given_of = found
        given = 0
        for card in cards:
            kind = kinds[card]
            if kind not in seen:
                seen.add(kind)
                out.extend(moves_of[card])
                given |= given_of[card]
        if data.most_squares:
            out = _most_squares(data, st, seat, out)
            given = _given(out)
        return out, given
    for card in cards:
        kind = kinds[card]
        if kind in seen:
            continue
        seen.add(kind)
        mine: set = set()
        for vals in _spreads(data, card, data.colour_of[card] == team, usable, wind):
            for b in boosts:
                got = vals
                if b != NONE:
                    risk, cyc = held[b]
                    k = cyc - base
                    got = vals[:k] + (vals[k] + data.risks[risk].value,) + vals[k + 1:]
                for x in extra_cards:
                    key = (got, b, x)
                    if key not in mine:
                        mine.add(key)
                        out.append((CARD, card, got, b, x))
    if data.most_squares:
        out = _most_squares(data, st, seat, out)
    return out, _given(out)


def _given(moves) -> int:
    """The cyclist slots some of the card ``moves`` give a number to, as bits."""
    given = 0
    for move in moves:
        for k, squares in enumerate(move[2]):
            if squares:
                given |= 1 << k
    return given


def _spreads(data: EngineData, card: int, own: bool, usable: int, wind: int) -> tuple[tuple[int, ...], ...]:
    """The card's spreads (``data.spreads``) with the headwind taken off and 0 for the cyclist slots
    not in ``usable``, in the same order (made once per case: ``data.spread_cache``)."""
    key = (card, own, usable, wind)
    found = data.spread_cache.get(key)
    if found is None:
        found = data.spread_cache[key] = tuple(
            tuple(max(0, v - wind) if (usable >> k) & 1 else 0 for k, v in enumerate(vals))
            for vals in data.spreads[card][own])
    return found


def _spread_moves(data: EngineData, card: int, own: bool, usable: int, wind: int) -> tuple[tuple, ...]:
    """The moves of the card without a blue card: one per distinct spread of ``_spreads``, in order."""
    return tuple((CARD, card, vals, NONE, NONE) for vals in dict.fromkeys(_spreads(data, card, own, usable, wind)))


def _most_squares(data: EngineData, st: State, seat: int, out: list[tuple]) -> list[tuple]:
    """``out`` kept to the moves that use the most squares (engine.card_use: most-squares)."""
    if not out:
        return out
    caps = caps_of(data, st, seat)
    used = [sum(min(v, caps[k]) for k, v in enumerate(o[2])) for o in out]
    best = max(used)
    return [o for o, u in zip(out, used) if u == best]


def caps_of(data: EngineData, st: State, seat: int, most: int | None = None) -> list[int]:
    """How far each cyclist slot of the seat could go alone this turn (0: cannot move), up to
    ``most`` squares (default: the most a card, its bonus and a boost give)."""
    per = data.per_team
    base = seat * per
    road, finish = road_for(data, st, seat)
    occ, bits, cols, skip, stalled = st.occ, st.bit, st.col, st.skip, st.stalled
    if most is None:
        most = data.max_value
    out = []
    for k in range(per):
        c = base + k
        frontier = bits[c]
        if not frontier or (skip >> k) & 1 or c == stalled:
            out.append(0)
            continue
        # course.advance(occ, road, column, bit, most, finish)[0], inlined
        start = column = cols[c]
        stop = min(column + most, finish)
        here = occ[column]
        while column < stop:
            ahead = occ[column + 1]
            free = road[column + 1] & ~ahead
            if not free:
                break
            frontier = (frontier & free) | (((frontier & ~(ahead & (here >> 1))) << 1) & free) \
                | (((frontier & ~(ahead & (here << 1))) >> 1) & free)
            if not frontier:
                break
            here = ahead
            column += 1
        out.append(column - start)
    return out


def _moves_someone(data: EngineData, st: State, seat: int, given: int) -> bool:
    """Whether a cyclist slot of ``given`` (bits: the slots a card option gives a number to) can make
    one step this turn."""
    if not given:
        return False
    per = data.per_team
    base = seat * per
    road, finish = road_for(data, st, seat)
    occ, bits, cols, skip, stalled = st.occ, st.bit, st.col, st.skip, st.stalled
    for k in range(per):
        c = base + k
        bit = bits[c]
        if not (given >> k) & 1 or not bit or (skip >> k) & 1 or c == stalled:
            continue
        column = cols[c]
        if column < finish:
            ahead = occ[column + 1]
            free = road[column + 1] & ~ahead
            # course.step, inlined: straight ahead, or a diagonal not squeezed between two cyclists
            if free and (bit & free or ((bit & ~(ahead & (occ[column] >> 1))) << 1) & free
                         or ((bit & ~(ahead & (occ[column] << 1))) >> 1) & free):
                return True
    return False


def road_for(data: EngineData, st: State, seat: int) -> tuple:
    """(road masks, finish column) for the seat's cyclists: the team's corridor in the team time
    trial; no square at or past the finish while the seat holds a red card."""
    course = data.course
    if st.kind == TTT:
        return data.corridor_road[st.team[seat]], course.finish
    held = st.held[seat]
    if held:
        unfavourable = data.unfavourable
        for r, _c in held:
            if unfavourable[r]:
                return data.road_short, course.finish
    return course.road, course.finish


def on_card(data: EngineData, st: State, move: tuple, rng: random.Random) -> None:
    _, card, squares, boost, extra = move
    seat = st.seat
    st.touched |= RACE_CARDS
    if card in st.to_play:
        st.to_play.remove(card)
    else:
        st.hands[seat].remove(card)
    st.played.append(card)
    st.log.plays += 1
    st.trace = hash((st.trace, card, squares))   # st.traced, with the spread as one value
    if boost != NONE or extra != NONE:
        held = st.held[seat]
        st.touched |= RISK_CARDS
        for i in sorted((i for i in (boost, extra) if i != NONE), reverse=True):
            risk, _cyc = held.pop(i)
            if data.risks[risk].effect == "extra-card":
                st.extra_left += data.risks[risk].value
            piles.under(st, risk)
            st.risk_played = True
    per = data.per_team
    base = seat * per
    cols = st.col
    # the cyclists given a number, by column (foremost or rearmost first), then slot: the key
    # column * sign + slot sorts as (column * sign, slot) does, and the slot is the key mod per
    sign = -per if data.foremost_first else per
    order = sorted([cols[base + k] * sign + k for k, v in enumerate(squares) if v])
    st.pending = [(base + key % per, squares[key % per]) for key in order]
    st.phase = MOVE


def move_next(data: EngineData, st: State, rng: random.Random) -> None:
    """Move the pending cyclists one after the other; stop at a square to choose."""
    pending, per = st.pending, data.per_team
    team = -1
    while pending:
        cyc, squares = pending.pop(0)
        if not st.bit[cyc]:
            continue
        if cyc // per != team:   # a team's road does not change while its cyclists move
            team = cyc // per
            road, finish = road_for(data, st, team)
        column = st.col[cyc]
        steps, ends = advance(st.occ, road, column, st.bit[cyc], squares, finish)
        if not steps:
            if column + 1 == finish and road is data.road_short:
                st.log.held_red_at_line += 1
            continue
        if column + steps >= finish:
            _finish(data, st, cyc)
            if st.phase == STAGE_END:
                return
            continue
        if ends & (ends - 1):
            moves = data.lane_moves.get((cyc, column + steps, ends)) or _lane_moves(data, cyc, column + steps, ends)
            pick = st.pick
            if pick is None:
                st.ask, st.moves, st.cache = LANE, moves, None
                st.phase = DECIDE
                return
            ends = moves[pick(st, moves, st.seat)][3]   # the choice within the card's move
        _place(data, st, cyc, column + steps, ends)
    st.phase = AFTER_PLAY
    after_play(data, st, rng)   # at once: what follows a card needs no decision to start


def _lane_moves(data: EngineData, cyc: int, column: int, ends: int) -> tuple[tuple, ...]:
    """The moves of a cyclist that may stop on any square of ``ends`` in ``column``, lowest lane
    first (made once per cyclist, column and squares: ``data.lane_moves`` keeps them)."""
    moves = data.lane_moves[(cyc, column, ends)] = tuple((LANE, cyc, column, b) for b in lanes_of(ends))
    return moves


def on_lane(data: EngineData, st: State, move: tuple, rng: random.Random) -> None:
    _, cyc, column, bit = move
    _place(data, st, cyc, column, bit)
    st.phase = MOVE


def _place(data: EngineData, st: State, cyc: int, column: int, bit: int) -> None:
    old = st.col[cyc]
    st.trace = hash((st.trace, cyc, column, bit))   # st.traced(cyc, column, bit)
    st.moved.append(cyc)
    occ = st.occ
    occ[old] &= ~st.bit[cyc]
    occ[column] |= bit
    st.col[cyc], st.bit[cyc] = column, bit
    if st.kind == ROAD:
        if not st.green_done and old < data.course.green <= column:
            _green(data, st, cyc)
        if data.course.red[column] & bit and st.red_stop == NONE:
            st.red_stop = cyc


def _finish(data: EngineData, st: State, cyc: int) -> None:
    old = st.col[cyc]
    st.traced(cyc)
    st.moved.append(cyc)
    if st.kind == ROAD and not st.green_done and old < data.course.green:
        _green(data, st, cyc)
    st.occ[old] &= ~st.bit[cyc]
    st.bit[cyc] = 0
    st.done[cyc] = True
    st.table.append(cyc)
    seat = cyc // data.per_team
    if st.racing(seat, data.per_team):
        return
    if st.kind == ROAD:
        st.log.end = "team complete"
        st.pending = []
        st.phase = STAGE_END
    elif seat not in st.complete_round:
        st.complete_round[seat] = st.round
        st.closing = True


def _green(data: EngineData, st: State, cyc: int) -> None:
    """A cyclist crosses the green line: the first takes the Green Jersey, unless it wears the Yellow
    (it scores, and the Green goes to the second across)."""
    seat = cyc // data.per_team
    st.touched |= SCORES
    st.green_crossed += 1
    if st.green_crossed == 1:
        st.indiv[seat] += data.points.green_first
        if cyc == st.yellow:
            st.yellow_first = True
            st.log.yellow_at_green = True
            return
        st.green_jersey, st.log.green, st.green_done = cyc, seat, True
    else:
        st.indiv[seat] += data.points.green_second
        st.green_jersey, st.log.green, st.green_done = cyc, seat, True


def after_play(data: EngineData, st: State, rng: random.Random) -> None:
    """A second card (extra-card), a redrawn card to play at once, then the risk card of a red dot."""
    seat = st.seat
    if st.extra_left and st.hands[seat]:
        st.extra_left -= 1
        _decide(st, CARD, card_options(data, st, seat, st.hands[seat], False)[0])
        return
    if st.to_play:
        options, given = card_options(data, st, seat, st.to_play[:1], False)
        if _moves_someone(data, st, seat, given):
            _decide(st, CARD, options)
        else:
            on_card(data, st, options[0], rng)   # it moves nobody: played, and that is all
        return
    cyc, st.red_stop = st.red_stop, NONE
    if cyc != NONE and st.bit[cyc] and not st.risk_played and len(st.held[seat]) < data.risk_hand:
        _draw_risk(data, st, seat, cyc)
        if st.phase != AFTER_PLAY:
            return
    st.phase = END_TURN
    end_turn(data, st, rng)


def _draw_risk(data: EngineData, st: State, seat: int, cyc: int) -> None:
    if not st.rpile:
        st.log.risk_dry += 1
        return
    st.touched |= RISK_CARDS
    risk = st.rpile.pop()
    card = data.risks[risk]
    st.log.risk_draws += 1
    if not card.favourable:
        st.log.risk_red += 1
    if card.effect == "advance":
        piles.under(st, risk)
        st.risk_played = True
        st.pending = [(cyc, card.value)]
        st.phase = MOVE
    elif card.effect == "combativity":
        piles.under(st, risk)
        st.risk_played = True
        st.touched |= SCORES
        st.indiv[seat] += data.points.combativity
    else:
        st.held[seat].append((risk, cyc))


def end_turn(data: EngineData, st: State, rng: random.Random) -> None:
    seat = st.seat
    per = data.per_team
    if any(st.bit[seat * per:seat * per + per]):
        piles.fill(st, seat, data.hand, rng)
    if seat == st.dealer:
        if st.closing:
            st.log.end = "round finished"
            st.phase = STAGE_END
            return
        st.round += 1
    st.seat = (seat + 1) % st.n
    st.phase = TURN


def _decide(st: State, ask: int, moves: list[tuple]) -> None:
    st.ask, st.moves, st.cache = ask, moves, None
    st.phase = DECIDE
