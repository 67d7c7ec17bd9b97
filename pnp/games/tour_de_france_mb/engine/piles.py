"""The race and risk piles: dealing, drawing, the reshuffle of the played cards (TDF-D-RESHUFFLE)."""

from __future__ import annotations

import random

from pnp.games.tour_de_france_mb.engine.data import EngineData
from pnp.games.tour_de_france_mb.engine.state import NONE, RACE_CARDS, RISK_CARDS, State


def gather(data: EngineData, st: State, rng: random.Random) -> None:
    """Every race card back into one shuffled pile (the dealer takes the whole pile at each stage)."""
    st.touched |= RACE_CARDS
    st.pile = list(range(len(data.cards)))
    st.played = []
    st.to_play = []
    for hand in st.hands:
        hand.clear()
    rng.shuffle(st.pile)


def draw(st: State, rng: random.Random) -> int:
    """The top race card; an empty pile is first rebuilt from the played cards, shuffled (a run-out
    the stage's log records). NONE when there is nothing to draw at all."""
    if not st.pile:
        if not st.played:
            st.log.dry += 1
            return NONE
        st.touched |= RACE_CARDS
        st.log.runouts.append((st.round, st.log.plays))
        st.pile, st.played = st.played, []
        rng.shuffle(st.pile)
    st.touched |= RACE_CARDS
    return st.pile.pop()


def fill(st: State, seat: int, size: int, rng: random.Random) -> None:
    """Draw until the seat holds ``size`` race cards (or nothing is left to draw)."""
    hand = st.hands[seat]
    pile = st.pile
    if pile and len(hand) < size:
        st.touched |= RACE_CARDS
    while pile and len(hand) < size:   # draw() itself, while the pile holds cards
        hand.append(pile.pop())
    while len(hand) < size:
        card = draw(st, rng)
        if card == NONE:
            return
        hand.append(card)


def deal(st: State, seats: list[int], size: int, rng: random.Random) -> None:
    """Deal ``size`` cards to each of ``seats``, one at a time around the table."""
    for _ in range(size):
        for seat in seats:
            card = draw(st, rng)
            if card != NONE:
                st.hands[seat].append(card)


def under(st: State, risk: int) -> None:
    """A risk card played goes face down under its pile."""
    st.touched |= RISK_CARDS
    st.rpile.insert(0, risk)
