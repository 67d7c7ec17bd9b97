"""The rules of Le jeu du Tour de France, played as a generator that stops at every decision.

``play_out(data, state, rng)`` plays the whole game after the prologue; each ``yield`` waits for the
seat ``state.seat`` to pick one of ``state.options`` (the value sent back). Chance draws from ``rng``.
Every number comes from ``EngineData``; where the rules are silent the engine follows
``data.rules`` (rules.yaml ``engine:``).

The rules, in the order they play:
- setup: each deck shuffled on its own;
- prologue: everyone rolls, the best roll takes Prologue 1 and so on (ties roll again); the ranking is
  the order of play and its winner takes the yellow jersey;
- a turn: roll the dice; strategy cards change the roll (``window``); move; the square acts;
- squares: a stage town asks a question (a right answer draws a strategy card); a jersey square draws
  a points card, kept face up; a setback square sends the pawn back (a Joker cancels it); a strategy
  square draws a strategy card; a mishap square draws a mishap card and applies it;
- a time trial square: when the leader reaches or passes it, everyone rolls, the best draws a
  strategy card (each square once: TDQ-D-TIME-TRIAL);
- the Arrivée needs the exact count; a roll too big goes back the excess;
- after each full round: the leader takes the yellow, the best points total takes each points
  jersey (ties roll);
- the first pawn to stop on the Arrivée wins.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from pnp.games.tour_de_france_quiz.engine.data import JOKER as JOKER_CARD
from pnp.games.tour_de_france_quiz.engine.data import EngineData
from pnp.games.tour_de_france_quiz.engine.state import (JOKER, KEEP_JOKER, PASS, SIDE, USE_JOKER, WINDOW, State,
                                                         leader)

Flow = Generator[None, tuple, None]


class Won(Exception):
    """A pawn stopped on the Arrivée: the game ends at once."""

    def __init__(self, seat: int, how: str) -> None:
        super().__init__(seat, how)
        self.seat, self.how = seat, how


# --- dice

def roll(d: EngineData, rng: random.Random) -> int:
    return sum(rng.randint(1, d.dice_faces) for _ in range(d.dice_count))


def ranking(d: EngineData, seats: list[int], rng: random.Random) -> list[int]:
    """``seats`` from the best roll to the worst; tied seats roll again among themselves."""
    if len(seats) <= 1:
        return list(seats)
    rolls = [(roll(d, rng), s) for s in seats]
    out: list[int] = []
    for value in sorted({r for r, _ in rolls}, reverse=True):
        group = [s for r, s in rolls if r == value]
        out += group if len(group) == 1 else ranking(d, group, rng)
    return out


def roll_off(d: EngineData, seats: list[int], rng: random.Random) -> int:
    """The seat of ``seats`` that wins a roll (ties roll again)."""
    while len(seats) > 1:
        rolls = [roll(d, rng) for _ in seats]
        best = max(rolls)
        seats = [s for s, r in zip(seats, rolls) if r == best]
    return seats[0]


# --- cards

def draw(d: EngineData, st: State, deck: int) -> int | None:
    """The top card of ``deck``, or None when it is empty (counted as a run-out)."""
    rec = st.rec
    pile = st.piles[deck]
    if not pile:
        rec.missed[deck] += 1
        if not rec.empty_at[deck]:
            rec.empty_at[deck] = st.round
        return None
    rec.draws[deck] += 1
    if rec.draws[deck] == len(d.cards.ids[deck]) + 1:  # more cards drawn than the deck has: one came back
        rec.round_trip[deck] = st.round
    return pile.popleft()


def draw_strategy(d: EngineData, st: State, seat: int) -> None:
    card = draw(d, st, d.strategy)
    if card is not None:
        st.hands[seat].append(card)
        st.rec.drawn += 1


def play_card(d: EngineData, st: State, seat: int, value: int) -> None:
    """``seat`` plays a strategy card of ``value`` on the roll in play; it goes under its deck."""
    hand = st.hands[seat]
    card = next(c for c in hand if d.cards.value[c] == value)
    hand.remove(card)
    st.piles[d.strategy].append(card)
    st.total += value
    st.played += 1
    if seat == st.roller:
        st.rec.own += 1
    else:
        st.rec.against += 1


def spend_joker(d: EngineData, st: State, seat: int) -> None:
    st.piles[d.mishaps].append(st.jokers[seat].pop())
    st.rec.jokers += 1


# --- the game

def setup(d: EngineData, st: State, rng: random.Random) -> None:
    """Every deck shuffled apart, then the prologue."""
    for pile in st.piles:
        cards = list(pile)
        rng.shuffle(cards)
        pile.clear()
        pile.extend(cards)
    prologue(d, st, rng)


def prologue(d: EngineData, st: State, rng: random.Random) -> None:
    """The prologue's ranking sets the order of play and the starting squares; its winner takes the yellow."""
    st.order = ranking(d, list(range(st.n)), rng)
    for place, seat in enumerate(st.order):
        st.arrive(seat, d.prologue[place])
    st.holders[0] = st.order[0]


def play_out(d: EngineData, st: State, rng: random.Random) -> Flow:
    """Full rounds in the order of play until a pawn stops on the Arrivée."""
    try:
        while True:
            for idx in range(st.n):
                st.idx = idx
                seat = st.order[idx]
                if st.skip[seat]:
                    st.skip[seat] -= 1
                    st.rec.skipped += 1
                    continue
                st.rec.turns += 1
                yield from roll_and_move(d, st, seat, rng)
            award(d, st, rng)
            st.round += 1
    except Won as won:
        st.winner = won.seat
        st.rec.ended = won.how
        if d.rules.final_award == "award":
            award(d, st, rng)
    st.over = True


def roll_and_move(d: EngineData, st: State, seat: int, rng: random.Random) -> Flow:
    base = roll(d, rng)
    total = yield from window(d, st, seat, base)
    yield from move(d, st, seat, total, rng, how="cards" if st.played else "roll")


def askers(st: State, seat: int, first: str) -> list[int]:
    """Who may play strategy cards on ``seat``'s roll, in turn: its opponents from its left, and itself."""
    others = [st.order[(st.idx + k) % st.n] for k in range(1, st.n)]
    return [*others, seat] if first == "opponents-first" else [seat, *others]


def window(d: EngineData, st: State, seat: int, base: int) -> Flow:
    """Strategy cards played on ``seat``'s roll of ``base``, one at a time, until each asker passes."""
    st.roller, st.total, st.played = seat, base, 0
    value = d.cards.value
    for asker in askers(st, seat, d.rules.strategy_order):
        hand = st.hands[asker]
        while hand:
            st.decide(asker, WINDOW, (PASS, *(("card", v) for v in sorted({value[c] for c in hand}))))
            choice = yield
            if choice == PASS:
                break
            play_card(d, st, asker, choice[1])
    return st.total


def move(d: EngineData, st: State, seat: int, total: int, rng: random.Random, how: str,
         card: bool = False) -> Flow:
    """Move ``seat``'s pawn ``total`` squares (a roll, or a mishap card's advance), then its square acts."""
    if total <= 0:
        if total < 0 and d.rules.low_total == "back":
            back(d, st, seat, -total)
        return
    start = st.pos[seat]
    target = start + total
    exact = not card or d.rules.card_finish == "exact"
    if target >= d.finish and not st.reached[seat]:
        st.reached[seat] = st.round
        if st.first_reach < 0:
            st.first_reach = seat
    bounced = target > d.finish and exact and d.bounce_back
    land = max(d.finish - (target - d.finish), 0) if bounced else min(target, d.finish)
    st.rec.bounces += bounced
    st.arrive(seat, land)
    if land == d.finish:
        raise Won(seat, how)
    trials = [q for q in d.time_trials if start < q <= min(target, d.finish) and q not in st.raced]
    before = d.rules.time_trial_order == "before-square"
    if before:
        time_trials(d, st, seat, trials, rng)
    if not bounced or d.rules.bounce_square == "play":
        yield from square(d, st, seat, land, rng)
    if not before:
        time_trials(d, st, seat, trials, rng)


def back(d: EngineData, st: State, seat: int, squares: int) -> None:
    """Send ``seat``'s pawn back ``squares`` (never behind the first square); its new square does not act."""
    st.arrive(seat, max(st.pos[seat] - squares, 0))


def time_trials(d: EngineData, st: State, seat: int, trials: list[int], rng: random.Random) -> None:
    """Race every time trial square ``seat`` reached or passed that the leader's arrival triggers."""
    for q in trials:
        if q in st.raced:
            continue
        if d.rules.time_trial_leader == "yellow" and st.holders[0] != seat:
            continue
        st.raced.add(q)
        st.rec.trials += 1
        draw_strategy(d, st, roll_off(d, list(st.order), rng))


def square(d: EngineData, st: State, seat: int, sq: int, rng: random.Random) -> Flow:
    """What the square ``sq`` does to ``seat``."""
    action = d.actions[sq]
    if action == "question":
        yield from question(d, st, seat, rng)
    elif action == "points":
        points(d, st, seat, d.points_of[sq])
    elif action == "setback":
        yield from setback(d, st, seat)
    elif action == "strategy":
        draw_strategy(d, st, seat)
    elif action == "mishap":
        yield from mishap(d, st, seat, rng)


def question(d: EngineData, st: State, seat: int, rng: random.Random) -> Flow:
    """A question card: ``seat`` picks a side, answers; a right answer draws a strategy card."""
    card = draw(d, st, d.questions)
    if card is None:
        return
    st.rec.questions += 1
    side = 0
    if len(set(d.right)) > 1:  # a choice that changes nothing is not asked
        st.held.append(card)
        st.decide(seat, SIDE, tuple(("side", i) for i in range(len(d.sides))))
        side = (yield)[1]
        st.held.remove(card)
    st.piles[d.questions].append(card)
    if rng.random() < d.right[side]:
        st.rec.right += 1
        draw_strategy(d, st, seat)


def points(d: EngineData, st: State, seat: int, deck: int) -> None:
    card = draw(d, st, deck)
    if card is not None:
        st.faceup[seat].append(card)
        st.totals[seat][d.points.index(deck)] += d.cards.value[card]


def joker(st: State, seat: int, loss: float) -> Flow:
    """Whether ``seat`` shows a Joker against a loss of about ``loss`` squares (True: shown)."""
    if not st.jokers[seat]:
        return False
    st.loss = loss
    st.decide(seat, JOKER, (USE_JOKER, KEEP_JOKER))
    return (yield) == USE_JOKER


def setback(d: EngineData, st: State, seat: int) -> Flow:
    st.rec.setbacks += 1
    if (yield from joker(st, seat, d.setback)):
        spend_joker(d, st, seat)
        return
    back(d, st, seat, d.setback)


def mishap(d: EngineData, st: State, seat: int, rng: random.Random) -> Flow:
    """A mishap card: a Joker is kept; an unfavourable card may be cancelled by a Joker; the card goes
    under its deck, then acts."""
    card = draw(d, st, d.mishaps)
    if card is None:
        return
    st.rec.mishaps += 1
    kind, value = d.cards.kind[card], d.cards.value[card]
    if kind == JOKER_CARD:
        st.jokers[seat].append(card)
        return
    if kind in d.unfavourable:
        st.held.append(card)
        cancel = yield from joker(st, seat, value * (d.dice_mean if kind == "skip" else 1))
        st.held.remove(card)
        st.piles[d.mishaps].append(card)
        if cancel:
            spend_joker(d, st, seat)
            return
    else:
        st.piles[d.mishaps].append(card)
    yield from effect(d, st, seat, kind, value, rng)


def effect(d: EngineData, st: State, seat: int, kind: str, value: int, rng: random.Random) -> Flow:
    if kind == "advance":
        yield from move(d, st, seat, value, rng, how="mishap", card=True)
    elif kind == "back":
        back(d, st, seat, value)
    elif kind == "strategy":
        for _ in range(value):
            draw_strategy(d, st, seat)
    elif kind == "replay":
        yield from roll_and_move(d, st, seat, rng)
    elif kind == "skip":
        st.skip[seat] += value


def award(d: EngineData, st: State, rng: random.Random) -> None:
    """The end of a full round: the leader takes the yellow; each points jersey goes to the best total
    (ties roll; nobody takes it while every total is nil)."""
    first = leader(st.pos, st.stamp)
    st.rec.yellow_changes += first != st.holders[0]
    st.holders[0] = first
    for j in range(len(d.points)):
        totals = [t[j] for t in st.totals]
        best = max(totals)
        if best <= 0:
            continue
        tied = [s for s in range(st.n) if totals[s] == best]
        wearer = tied[0] if len(tied) == 1 else roll_off(d, tied, rng)
        st.rec.jersey_changes[j] += wearer != st.holders[j + 1]
        st.holders[j + 1] = wearer
    st.award = (tuple(st.pos), tuple(st.stamp), tuple(tuple(t) for t in st.totals))
