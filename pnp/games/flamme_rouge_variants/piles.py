"""A rider's draw pile turn after turn, as the base game and the variants play it: draw some cards, play
one by a rule (the highest, the only one, the middle one), lay the others face up under the pile, and
shuffle those back in when the face-down cards run short; a played card leaves the pile. When a pile holds
no card at all, the rider moves what an exhaustion card is worth (taken from the supply [base]).

``exact_turns`` follows every case of this Markov chain over the cards left (floating-point sums, no
sampling); ``sampled_turns`` plays it with a seeded shuffle, for the Monte Carlo that checks it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

Counts = tuple[int, ...]
"""Copies of each distinct value of a pile, the values in ascending order."""

PICKS = ("highest", "only", "middle")


def picked(hand: Sequence[int], play: str) -> list[tuple[int, float]]:
    """The card a rule plays from ``hand`` (values), with its chance: the highest; the only one (any one,
    alike, when more were drawn); the middle one (of two, the higher)."""
    cards = sorted(hand)
    if not cards:
        return []
    if play == "highest":
        return [(cards[-1], 1.0)]
    if play == "middle":
        return [(cards[len(cards) // 2], 1.0)]
    if play == "only":
        return [(v, n / len(cards)) for v, n in sorted(Counter(cards).items())]
    raise ValueError(f"unknown play rule {play!r} (known: {', '.join(PICKS)})")


def first_reshuffle(cards: int, first_draw: int, draw: int) -> int | None:
    """The first turn whose draw needs the face-up cards shuffled back in, for a pile of ``cards`` that
    draws ``first_draw`` on the first turn and ``draw`` after, playing one a turn (None: never, as when
    a rider plays every card it draws)."""
    down, up = cards, 0
    for turn in range(1, cards + 2):
        want = first_draw if turn == 1 else draw
        if down < want and up:
            return turn
        got = min(want, down)
        if not got:
            return None
        down, up = down - got, up + got - 1
    return None


@dataclass(frozen=True)
class Turns:
    """What a pile gives: for each turn, the chance of each move; and the chance of each total."""

    moves: tuple[tuple[tuple[int, float], ...], ...]
    totals: tuple[tuple[int, float], ...]

    def mean(self, turn: int) -> float:
        """Expected move on ``turn`` (1 = the first)."""
        return sum(v * p for v, p in self.moves[turn - 1])

    def share(self, test, turns: int | None = None) -> float:
        """The share of turns (of the first ``turns``, else all) whose move passes ``test`` (a predicate on
        the move), on average."""
        moves = self.moves[:turns] if turns else self.moves
        return sum(p for turn in moves for v, p in turn if test(v)) / len(moves)

    def support(self) -> tuple[int, int]:
        """The least and the most a turn may move."""
        seen = [v for turn in self.moves for v, p in turn if p > 0]
        return min(seen), max(seen)


def _draws(face_down: Counts, k: int) -> list[tuple[Counts, float]]:
    """Every hand of ``k`` cards drawn from ``face_down``, with its chance (hypergeometric)."""
    total = math.comb(sum(face_down), k)
    out: list[tuple[Counts, float]] = []

    def walk(i: int, left: int, hand: list[int], ways: int) -> None:
        if i == len(face_down):
            if not left:
                out.append((tuple(hand), ways / total))
            return
        for h in range(min(face_down[i], left) + 1):
            walk(i + 1, left - h, hand + [h], ways * math.comb(face_down[i], h))

    walk(0, k, [], 1)
    return out


def _minus(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


def _plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def _turn(values: tuple[int, ...], face_down: Counts, face_up: Counts, draw: int, play: str
          ) -> tuple[tuple[Counts, Counts, int | None, float], ...]:
    """One turn from a pile: (face down, face up, the value played or None when no card is left, chance)."""
    zero = (0,) * len(values)
    n = sum(face_down)
    if n >= draw:
        hands = [(h, _minus(face_down, h), face_up, p) for h, p in _draws(face_down, draw)]
    else:
        rest = min(draw - n, sum(face_up))
        hands = [(_plus(face_down, h), _minus(face_up, h), zero, p)
                 for h, p in (_draws(face_up, rest) if rest else [(zero, 1.0)])]
    out = []
    for hand, down, up, p in hands:
        cards = [v for v, c in zip(values, hand) for _ in range(c)]
        if not cards:
            out.append((down, up, None, p))
            continue
        for value, q in picked(cards, play):
            back = list(hand)
            back[values.index(value)] -= 1
            out.append((down, _plus(up, tuple(back)), value, p * q))
    return tuple(out)


@lru_cache(maxsize=256)
def exact_turns(values: tuple[int, ...], counts: Counts, first: tuple[int, ...], draw: int, play: str,
                turns: int, empty_move: int) -> Turns:
    """The moves of a pile of ``counts`` copies of ``values`` over ``turns`` turns: its first card is drawn
    at random among the values ``first`` (the others cannot come first), then every turn draws ``draw``
    and plays by ``play``; an empty pile moves ``empty_move``."""
    zero = (0,) * len(values)
    weight = sum(c for v, c in zip(values, counts) if v in first)
    states: dict[tuple[Counts, Counts, int], float] = {}
    first_moves: Counter = Counter()
    for i, (v, c) in enumerate(zip(values, counts)):
        if v in first and c:
            down = tuple(x - (j == i) for j, x in enumerate(counts))
            states[(down, zero, v)] = states.get((down, zero, v), 0.0) + c / weight
            first_moves[v] += c / weight
    moves = [tuple(sorted(first_moves.items()))]
    for _ in range(2, turns + 1):
        nxt: dict[tuple[Counts, Counts, int], float] = {}
        turn: Counter = Counter()
        for (down, up, total), p in states.items():
            for down2, up2, value, q in _turn(values, down, up, draw, play):
                move = empty_move if value is None else value
                key = (down2, up2, total + move)
                nxt[key] = nxt.get(key, 0.0) + p * q
                turn[move] += p * q
        states = nxt
        moves.append(tuple(sorted(turn.items())))
    totals: Counter = Counter()
    for (_, _, total), p in states.items():
        totals[total] += p
    return Turns(tuple(moves), tuple(sorted(totals.items())))


def sampled_turns(rng: random.Random, cards: Sequence[int], first: Sequence[int], draw: int, play: str,
                  turns: int, empty_move: int) -> list[int]:
    """One pile played at random: the move of each turn (as ``exact_turns``; a first card outside
    ``first`` is shuffled again)."""
    down = list(cards)
    rng.shuffle(down)
    while down[-1] not in first:
        rng.shuffle(down)
    moves, up = [down.pop()], []
    for _ in range(2, turns + 1):
        hand = [down.pop() for _ in range(min(draw, len(down)))]
        if len(hand) < draw and up:
            rng.shuffle(up)
            down, up = up, []
            hand += [down.pop() for _ in range(min(draw - len(hand), len(down)))]
        if not hand:
            moves.append(empty_move)
            continue
        options = picked(hand, play)
        value = options[0][0] if len(options) == 1 else rng.choices([v for v, _ in options],
                                                                    [p for _, p in options])[0]
        hand.remove(value)
        up += hand
        moves.append(value)
    return moves
