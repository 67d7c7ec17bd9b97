"""The rules a state must keep after every move ("" when it keeps them all, else what broke).

- every pawn is on a square of the track, and only the winner's on the Arrivée;
- the order of play seats every player once; turns to skip are never negative;
- every card of the shuffled decks is in exactly one place: its own deck's pile, a strategy hand
  (strategy cards), a Joker kept (Jokers), the face-up points of a player (points cards), or in play;
- every points total is the sum of its face-up cards;
- the jerseys are where the last award put them: the yellow on the leader of that moment (the
  prologue's winner before the first award), each points jersey on a best total (nobody's while all
  totals are nil);
- only time trial squares are raced.
"""

from __future__ import annotations

from pnp.games.tour_de_france_quiz.engine.data import JOKER as JOKER_CARD
from pnp.games.tour_de_france_quiz.engine.data import EngineData
from pnp.games.tour_de_france_quiz.engine.state import State


def broken(d: EngineData, st: State) -> str:
    """What rule ``st`` breaks, or ""."""
    return pawns(d, st) or cards(d, st) or totals(d, st) or jerseys(d, st)


def pawns(d: EngineData, st: State) -> str:
    for s in range(st.n):
        if not 0 <= st.pos[s] <= d.finish:
            return f"seat {s + 1}'s pawn is off the track (square {st.pos[s] + 1})"
        if st.pos[s] == d.finish and st.winner != s:
            return f"seat {s + 1}'s pawn is on the Arrivée but has not won"
        if st.skip[s] < 0:
            return f"seat {s + 1} has {st.skip[s]} turns to skip"
    if sorted(st.order) != list(range(st.n)):
        return f"the order of play {[s + 1 for s in st.order]} does not seat every player once"
    if st.over and (st.winner is None or st.pos[st.winner] != d.finish):
        return "the game ended without a pawn on the Arrivée"
    if not st.raced <= set(d.time_trials):
        return f"squares {sorted(q + 1 for q in st.raced - set(d.time_trials))} were raced as time trials"
    return ""


def cards(d: EngineData, st: State) -> str:
    c = d.cards
    every: list[int] = list(st.held)
    for deck, pile in enumerate(st.piles):
        if pile:
            ids = c.ids[deck]
            if min(pile) < ids[0] or max(pile) > ids[-1]:
                return f"the {c.keys[deck]} pile holds a card of another deck"
            every += pile
    strategy = c.ids[d.strategy]
    for s in range(st.n):
        hand, jokers, faceup = st.hands[s], st.jokers[s], st.faceup[s]
        if hand and (min(hand) < strategy[0] or max(hand) > strategy[-1]):
            return f"seat {s + 1} holds a card that is not a strategy card"
        if any(c.kind[j] != JOKER_CARD for j in jokers):
            return f"seat {s + 1} keeps a mishap card that is not a Joker"
        if any(c.deck[p] not in d.points for p in faceup):
            return f"seat {s + 1} has a face-up card that is not a points card"
        every += hand
        every += jokers
        every += faceup
    if len(every) != len(c.deck) or sorted(every) != list(range(len(c.deck))):
        lost = len(c.deck) - len(set(every))
        return f"cards are not conserved: {len(every)} in play for {len(c.deck)} ({lost} missing or doubled)"
    return ""


def totals(d: EngineData, st: State) -> str:
    c = d.cards
    for s in range(st.n):
        sums = [0] * len(d.points)
        for p in st.faceup[s]:
            sums[d.points.index(c.deck[p])] += c.value[p]
        if sums != st.totals[s]:
            return f"seat {s + 1}'s points totals {st.totals[s]} are not its cards' {sums}"
    return ""


def jerseys(d: EngineData, st: State) -> str:
    if st.award is None:
        return "" if st.holders[0] == st.order[0] else "the yellow jersey is not on the prologue's winner"
    pos, stamp, totals_ = st.award
    first = min(range(st.n), key=lambda s: (-pos[s], stamp[s]))  # worked out again, apart from flow's
    if st.holders[0] != first:
        return f"the yellow jersey is on seat {st.holders[0] + 1}, not on the leader of the last full round"
    for j, name in enumerate(d.jerseys[1:]):
        column = [t[j] for t in totals_]
        wearer = st.holders[j + 1]
        best = max(column)
        if (wearer < 0) != (best <= 0) or (wearer >= 0 and column[wearer] != best):
            return f"the {name} jersey is not on a best total of the last full round"
    return ""
