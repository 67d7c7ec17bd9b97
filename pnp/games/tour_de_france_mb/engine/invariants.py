"""What must hold after every move of a Tour ("" when all does, else what broke):

- every race card is in one place (the pile, the played cards, a hand, a redrawn card to play);
  every risk card in its pile or before a player, never more than the risk hand;
- hands never hold more than the rules deal;
- one cyclist per square, every cyclist on a road square (in its corridor in the team time trial,
  on its time trial lane alone), the occupied squares as the cyclists say; a cyclist on the finish
  table is off the course, and a cyclist off the course is on the table;
- the game never runs on by itself for ever between two decisions;
- no cyclist misses a negative number of turns; scores are never negative, the Tour's totals are
  the sum of its stages' points, and the time trial racers' cards are never fewer than the course
  needs.

Everything is checked in full at the first look of every stage and at the end of the Tour. In
between, a look checks what changed since the last one: the cyclists that moved (``State.moved``)
and the race cards, risk cards and scores if the engine touched them (``State.touched``: every
function that moves a card or scores marks it). A move that changes nothing of a kind cannot break
its rules; tests/test_tour_de_france_mb_engine.py plays Tours to check that every change is marked.

A move of the rules is a race card with the squares its cyclists stop on: while the seat still
chooses where one of them stops (a LANE decision), the look waits for the card's last cyclist, and
what changed meanwhile is checked then (``moved`` and ``touched`` keep it).
"""

from __future__ import annotations

from pnp.games.tour_de_france_mb.engine.data import ITT, TTT, EngineData
from pnp.games.tour_de_france_mb.engine.state import DECIDE, LANE, RACE_CARDS, RISK_CARDS, SCORES, State


def broken(data: EngineData, st: State) -> str:
    if st.stuck:
        return st.stuck
    if st.ask == LANE and st.phase == DECIDE and not st.over:
        return ""   # the card's cyclists are still being placed
    if st.checked != st.stage or st.over:
        st.checked = st.stage
        st.moved.clear()
        st.touched = 0
        return _race_cards(data, st) or _risk_cards(data, st) or _all_cyclists(data, st) or _scores(data, st)
    touched = st.touched
    st.touched = 0
    return (touched & RACE_CARDS and _race_cards(data, st)) or (touched & RISK_CARDS and _risk_cards(data, st)) \
        or (st.moved and _cyclists(data, st)) or (touched & SCORES and _scores(data, st)) or ""


def _race_cards(data: EngineData, st: State) -> str:
    """Every race card counted and its index summed in one pass over the pile and hands."""
    pile, played, to_play, hands = st.pile, st.played, st.to_play, st.hands
    n = len(pile) + len(played) + len(to_play)
    ids = sum(pile) + sum(played) + (sum(to_play) if to_play else 0)
    most = 0
    for hand in hands:
        k = len(hand)
        n += k
        ids += sum(hand)
        if k > most:
            most = k
    if n != len(data.cards) or ids != data.card_ids:
        return f"{n} race cards in the pile, the played cards and the hands; the deck has {len(data.cards)}"
    size = data.itt_hand if st.kind == ITT else data.hand
    if most > size:
        seat = max(range(st.n), key=lambda s: len(hands[s]))
        return f"seat {seat + 1} holds {len(hands[seat])} race cards, the rules deal {size}"
    return ""


def _risk_cards(data: EngineData, st: State) -> str:
    rpile = st.rpile
    r, ids, most = len(rpile), sum(rpile), 0
    for held in st.held:
        if held:
            k = len(held)
            r += k
            ids += sum([card for card, _cyc in held])
            if k > most:
                most = k
    if r != len(data.risks) or ids != data.risk_ids:
        return f"{r} risk cards in the pile and before the players; the deck has {len(data.risks)}"
    if most > data.risk_hand:
        return f"a player holds more than {data.risk_hand} risk card(s)"
    return ""


def _cyclists(data: EngineData, st: State) -> str:
    """The cyclists that moved since the last look, and as many squares taken as cyclists on the
    course (two on one square, or a square cleared under another cyclist, would break it)."""
    bits, occ = st.bit, st.occ
    if data.course.lanes <= 8:   # _taken, inlined: a look follows every move
        try:
            taken = int.from_bytes(bytes(occ), "little").bit_count()
        except ValueError:
            taken = -1
    else:
        taken = _taken(data, occ)
    if taken != len(bits) - bits.count(0):
        return "the squares taken are not those of the cyclists"
    course = data.course
    corridors = course.corridors if st.kind == TTT else None
    finished = False   # the finish table changes only when a cyclist finishes
    for c in st.moved:
        bit = bits[c]
        if not bit:
            finished = True
            if st.kind != ITT and st.done[c] and c not in st.table:
                return f"cyclist {c + 1} finished but is not on the finish table"
            continue
        column = st.col[c]
        lanes = course.road[column]
        if corridors is not None:
            lanes &= corridors[st.team[c // data.per_team]]
        if not st.occ[column] & bit or not lanes & bit or column >= course.finish or st.done[c]:
            return f"cyclist {c + 1} stands off its road, at column {column}, lane {bit.bit_length()}"
    st.moved.clear()
    if finished and st.kind != ITT and len(st.table) != st.done.count(True):
        return "the finish table does not hold the cyclists that finished"
    return ""


def _taken(data: EngineData, occ: list[int]) -> int:
    """How many squares ``occ`` marks taken: with a lane a bit of a byte, one count of the bits of
    the columns' bytes."""
    if data.course.lanes <= 8:
        try:
            return int.from_bytes(bytes(occ), "little").bit_count()
        except ValueError:   # a mask that is no byte: a broken state, counted the long way
            pass
    return sum(map(int.bit_count, occ))


def _all_cyclists(data: EngineData, st: State) -> str:
    course = data.course
    occ = [0] * len(st.occ)
    per = data.per_team
    table = st.table
    road = course.road
    corridors = course.corridors if st.kind == TTT else None
    finish = course.finish
    col, done = st.col, st.done
    for c, bit in enumerate(st.bit):
        if not bit:
            if done[c] and st.kind != ITT and c not in table:
                return f"cyclist {c + 1} finished but is not on the finish table"
            continue
        column = col[c]
        if occ[column] & bit:
            return f"two cyclists on column {column}, lane {bit.bit_length()}"
        occ[column] |= bit
        lanes = road[column] if corridors is None else road[column] & corridors[st.team[c // per]]
        if not lanes & bit or column >= finish or done[c]:
            return f"cyclist {c + 1} stands off its road, at column {column}, lane {bit.bit_length()}"
    if occ != st.occ:
        return "the squares taken are not those of the cyclists"
    if min(st.stopped) < 0:
        return "a cyclist misses a negative number of turns"
    if st.kind != ITT and len(table) != sum(done):
        return "the finish table does not hold the cyclists that finished"
    return ""


def _scores(data: EngineData, st: State) -> str:
    if min(st.indiv) < 0 or min(st.teampts) < 0:
        return "a player has a negative score"
    if st.over:
        scored = [sum(log.points[seat] for log in st.logs) for seat in range(st.n)]
        if scored != [a + b for a, b in zip(st.indiv, st.teampts)]:
            return "the players' totals are not the sum of their stages' points"
    if st.kind == ITT and data.max_total:
        distance = data.itt_distance
        for seat, keys in enumerate(st.itt_keys):
            if keys and min(keys) * data.max_total < distance:
                return f"seat {seat + 1} finished the time trial in fewer cards than the course allows"
    return ""
