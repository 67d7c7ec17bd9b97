"""What the greedy policy maximizes: a move's worth, in squares of progress, to the seat choosing it.

The worths are the policy's taste, worked out from the printed data once (``Worth.of``): what landing
on each square brings on average (a setback square costs ``setback`` squares, a mishap square the
mishap deck's average, a stage town the chance of a right answer times a strategy card's worth...),
what a strategy card or a Joker in hand is worth, and the chance the dice alone stop a pawn on the
Arrivée next turn. They are not rules: the rules are in ``flow``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tour_de_france_quiz.engine.data import JOKER as JOKER_CARD
from pnp.games.tour_de_france_quiz.engine.data import EngineData
from pnp.games.tour_de_france_quiz.engine.state import JOKER, SIDE, WINDOW, State

WIN = 1000.0
"""A stop on the Arrivée, in squares: more than anything else."""
AIM = 0.5
"""How much of the chance to stop on the Arrivée next turn a square is worth (times ``WIN``)."""
POINTS_TASTE = 0.1
"""What a jersey point is worth, in squares (the side jerseys decide nothing: engine.side_jerseys)."""
BEHIND = 0.25
"""How much a seat cares about slowing a rival behind it (a rival ahead counts fully)."""


@dataclass(frozen=True)
class Worth:
    """The greedy policy's estimates for one ``EngineData``."""

    square: tuple[float, ...]
    """What landing on each square (and playing it) is worth."""
    shot: tuple[float, ...]
    """Per distance to the Arrivée: the chance the dice alone stop there next turn."""
    card: float
    """A strategy card in hand."""
    joker: float
    """A Joker in hand: the average loss it cancels."""

    @classmethod
    def of(cls, d: EngineData) -> "Worth":
        strat = [abs(d.cards.value[c]) for c in d.cards.ids[d.strategy]]
        card = sum(strat) / len(strat) if strat else 0.0
        joker = _joker(d)
        mishap = _mishap(d, card, joker)
        square = []
        for i, action in enumerate(d.actions):
            if action == "question":
                square.append(max(d.right, default=0.0) * card)
            elif action == "points":
                values = [d.cards.value[c] for c in d.cards.ids[d.points_of[i]]]
                square.append(POINTS_TASTE * sum(values) / max(len(values), 1))
            elif action == "setback":
                square.append(-float(d.setback))
            elif action == "strategy":
                square.append(card)
            elif action == "mishap":
                square.append(mishap)
            else:
                square.append(0.0)
        sums = d.dice_sums
        shot = tuple(sums.get(dist, 0.0) for dist in range(d.finish + 1))
        return cls(tuple(square), shot, card, joker)


def _loss(d: EngineData, kind: str, value: int) -> float:
    """The squares an unfavourable mishap card costs."""
    return value * d.dice_mean if kind == "skip" else float(value)


def _joker(d: EngineData) -> float:
    """The average loss a Joker cancels: setback squares and unfavourable mishaps, as often as the
    track and the deck bring them."""
    setbacks = d.actions.count("setback")
    mishaps = d.actions.count("mishap")
    deck = d.cards.ids[d.mishaps]
    bad = [_loss(d, d.cards.kind[c], d.cards.value[c]) for c in deck if d.cards.kind[c] in d.unfavourable]
    weight = setbacks + (mishaps * len(bad) / len(deck) if deck else 0.0)
    total = setbacks * d.setback + (mishaps * sum(bad) / len(deck) if deck else 0.0)
    return total / weight if weight else 0.0


def _mishap(d: EngineData, card: float, joker: float) -> float:
    """What a mishap draw brings on average."""
    deck = d.cards.ids[d.mishaps]
    total = 0.0
    for c in deck:
        kind, value = d.cards.kind[c], d.cards.value[c]
        if kind == "advance":
            total += value
        elif kind == "replay":
            total += d.dice_mean
        elif kind == "strategy":
            total += value * card
        elif kind == JOKER_CARD:
            total += joker
        else:
            total -= _loss(d, kind, value)
    return total / len(deck) if deck else 0.0


def landing(d: EngineData, w: Worth, st: State, seat: int, total: int) -> float:
    """What moving ``seat`` ``total`` squares brings it: progress, the square's worth, the aim at the Arrivée."""
    start = st.pos[seat]
    if total <= 0:
        return float(total) if d.rules.low_total == "back" else 0.0
    target = start + total
    if target == d.finish or (target > d.finish and not d.bounce_back):
        return WIN
    played = True
    land = target
    if target > d.finish:
        land = max(d.finish - (target - d.finish), 0)
        played = d.rules.bounce_square == "play"
    return land - start + (w.square[land] if played else 0.0) + AIM * WIN * w.shot[d.finish - land]


def value(d: EngineData, w: Worth, st: State, move: tuple, seat: int) -> float:
    """How good ``move`` looks to ``seat``."""
    if st.kind == WINDOW:
        card = move[0] == "card"
        gain = landing(d, w, st, st.roller, st.total + move[1])
        if seat != st.roller:
            gain = -gain * (1.0 if st.pos[st.roller] >= st.pos[seat] else BEHIND)
        return gain - (w.card if card else 0.0)
    if st.kind == SIDE:
        return d.right[move[1]]
    if st.kind == JOKER:
        return st.loss - w.joker if move[1] else 0.0
    return 0.0
