"""What must hold after every move of a Tour ("" when all does, else what broke):

- every race card is in one place (the pile, the played cards, a hand, a redrawn card to play);
  every risk card in its pile or before a player, never more than the risk hand;
- hands never hold more than the rules deal;
- one cyclist per square, every cyclist on a road square (in its corridor in the team time trial,
  on its time trial lane alone), the occupied squares as the cyclists say; a cyclist on the finish
  table is off the course, and a cyclist off the course is on the table;
- no cyclist misses a negative number of turns; scores are never negative, and the time trial
  racers' cards are never fewer than the course needs.
"""

from __future__ import annotations

from pnp.games.tour_de_france_mb.engine.data import ITT, TTT, EngineData
from pnp.games.tour_de_france_mb.engine.state import State


def broken(data: EngineData, st: State) -> str:
    return _cards(data, st) or _cyclists(data, st) or _scores(data, st)


def _cards(data: EngineData, st: State) -> str:
    n = len(st.pile) + len(st.played) + len(st.to_play)
    ids = sum(st.pile) + sum(st.played) + sum(st.to_play)
    size = data.itt_hand if st.kind == ITT else data.hand
    for seat, hand in enumerate(st.hands):
        n += len(hand)
        ids += sum(hand)
        if len(hand) > size:
            return f"seat {seat + 1} holds {len(hand)} race cards, the rules deal {size}"
    if n != len(data.cards) or ids != data.card_ids:
        return f"{n} race cards in the pile, the played cards and the hands; the deck has {len(data.cards)}"
    r = len(st.rpile)
    rids = sum(st.rpile)
    for seat, held in enumerate(st.held):
        if len(held) > data.risk_hand:
            return f"seat {seat + 1} holds {len(held)} risk cards, at most {data.risk_hand}"
        r += len(held)
        rids += sum(card for card, _cyc in held)
    if r != len(data.risks) or rids != data.risk_ids:
        return f"{r} risk cards in the pile and before the players; the deck has {len(data.risks)}"
    return ""


def _cyclists(data: EngineData, st: State) -> str:
    course = data.course
    occ = [0] * len(st.occ)
    per = data.per_team
    on_table = set(st.table)
    for c, bit in enumerate(st.bit):
        if st.stopped[c] < 0:
            return f"cyclist {c + 1} misses {st.stopped[c]} turns"
        if not bit:
            if st.kind != ITT and st.done[c] != (c in on_table):
                return f"cyclist {c + 1} is neither on the course nor on the finish table"
            continue
        column = st.col[c]
        if c in on_table:
            return f"cyclist {c + 1} is on the finish table and on the course"
        if occ[column] & bit:
            return f"two cyclists on column {column}, lane {bit.bit_length()}"
        occ[column] |= bit
        lanes = course.road[column]
        if st.kind == TTT:
            lanes &= course.corridors[st.team[c // per]]
        if not lanes & bit or column >= course.finish:
            return f"cyclist {c + 1} stands off its road, at column {column}, lane {bit.bit_length()}"
    if occ != st.occ:
        return "the squares taken are not those of the cyclists"
    if len(on_table) != len(st.table):
        return "a cyclist is twice on the finish table"
    return ""


def _scores(data: EngineData, st: State) -> str:
    for seat in range(st.n):
        if st.indiv[seat] < 0 or st.teampts[seat] < 0:
            return f"seat {seat + 1} has a negative score"
    if st.kind == ITT and data.max_total:
        distance = course_distance(data)
        for seat, keys in enumerate(st.itt_keys):
            if any(k * data.max_total < distance for k in keys):
                return f"seat {seat + 1} finished the time trial in fewer cards than the course allows"
    return ""


def course_distance(data: EngineData) -> int:
    """Squares from the time trial start squares to the finish."""
    return data.course.finish - min(c for c, _lane in data.course.itt_starts)
