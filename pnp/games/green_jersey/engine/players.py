"""Players: who chooses the card, the move, the discards and the cards kept.

Every player draws from its own ``random.Random(seed)``, so a game is the same for the same seeds.

- ``random``: uniform over the legal (card, move) choices; discards and keeps a number of cards
  drawn uniformly from what is allowed, then which cards at random.
- ``greedy``: takes the move that best advances its own rider and holds back the leader (the
  other rider with the most points, else the one closest to the finish); discards the cards that
  cannot move its rider and keeps those that can.
"""

from __future__ import annotations

import random
from collections import deque

from pnp.games.green_jersey.engine.cards import AWARD, JOKER, PAIR
from pnp.games.green_jersey.engine.errors import ReplayError
from pnp.games.green_jersey.engine.moves import Move

POLICIES = ("random", "greedy")


class Player:
    """A seat's decisions. ``game`` is the running ``Game`` (read ``game.data`` and ``game.st``)."""

    policy = "?"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, game, seat: int, options: list[Move], forced: bool) -> Move:
        raise NotImplementedError

    def choose_discards(self, game, seat: int, cap: int) -> list[int]:
        """Cards of the hand to discard, at most ``cap``."""
        raise NotImplementedError

    def choose_keep(self, game, seat: int, limit: int) -> list[int]:
        """Cards of the hand to keep for the next sprint, at most ``limit``."""
        raise NotImplementedError


class RandomPlayer(Player):
    policy = "random"

    def choose_move(self, game, seat, options, forced):
        return options[self.rng.randrange(len(options))]

    def choose_discards(self, game, seat, cap):
        hand = game.st.hands[seat]
        k = self.rng.randint(0, min(cap, len(hand)))
        return self.rng.sample(hand, k) if k else []

    def choose_keep(self, game, seat, limit):
        hand = game.st.hands[seat]
        k = self.rng.randint(0, min(limit, len(hand)))
        return self.rng.sample(hand, k) if k else []


# weights of the greedy player: squares gained by its own rider, by the leader, by the others,
# and a bonus for crossing the finish line
OWN, LEADER, OTHER = 10, -6, 0
CROSS_OWN, CROSS_LEADER, CROSS_OTHER = 40, -40, 0


class GreedyPlayer(Player):
    policy = "greedy"

    def choose_move(self, game, seat, options, forced):
        data, st = game.data, game.st
        own = st.seat_rider[seat]
        if forced:
            worst = min(self._value(data, st, own, m[0]) for m in options)
            return self.rng.choice([m for m in options if self._value(data, st, own, m[0]) == worst])
        lead = self._leader(data, st, own)
        col, fin, pos = data.geo.col, data.geo.finish, st.pos
        best, chosen = None, []
        for m in options:
            _, r, t, o, u = m
            score = 0
            if r >= 0:
                w = OWN if r == own else LEADER if r == lead else OTHER
                score = w * (col[t] - col[pos[r]])
                if fin[t]:
                    score += CROSS_OWN if r == own else CROSS_LEADER if r == lead else CROSS_OTHER
                if o >= 0:
                    w = OWN if o == own else LEADER if o == lead else OTHER
                    score += w * (col[u] - col[t])
                    if fin[u]:
                        score += CROSS_OWN if o == own else CROSS_LEADER if o == lead else CROSS_OTHER
            if best is None or score > best:
                best, chosen = score, [m]
            elif score == best:
                chosen.append(m)
        return chosen[0] if len(chosen) == 1 else chosen[self.rng.randrange(len(chosen))]

    def choose_discards(self, game, seat, cap):
        data, st = game.data, game.st
        own = st.seat_rider[seat]
        useless = [c for c in st.hands[seat] if self._value(data, st, own, c) == 0]
        return useless[:cap]

    def choose_keep(self, game, seat, limit):
        data, st = game.data, game.st
        own = st.seat_rider[seat]
        ranked = sorted(st.hands[seat], key=lambda c: -self._value(data, st, own, c))
        return [c for c in ranked if self._value(data, st, own, c) >= 2][:limit]

    @staticmethod
    def _value(data, st, own: int, card: int) -> float:
        """How much a card can do for the player's own rider."""
        cards = data.cards
        k = cards.kind[card]
        if k == JOKER:
            return cards.dist[card]
        named = [st.wearer if n == AWARD else n for n in cards.names[card]]
        if own not in named:
            return 0
        return 2 if k == PAIR else cards.dist[card]

    @staticmethod
    def _leader(data, st, own: int) -> int:
        col = data.geo.col
        others = [r for r in range(len(st.pos)) if r != own and not st.done[r]]
        if not others:
            return -1
        return max(others, key=lambda r: (st.points[r], col[st.pos[r]]))


class ScriptedPlayer(Player):
    """Plays decisions read from a transcript (see ``Game.replay``), checking that each is legal."""

    policy = "scripted"

    def __init__(self, decisions, policy: str = "scripted") -> None:
        super().__init__(0)
        self.decisions = deque(decisions)
        self.policy = policy

    def _next(self, kind: str):
        if not self.decisions:
            raise ReplayError(f"the transcript has no more decisions; the game asks for a {kind}")
        what, value = self.decisions.popleft()
        if what != kind:
            raise ReplayError(f"the transcript has a {what} where the game asks for a {kind}")
        return value

    def choose_move(self, game, seat, options, forced):
        move = self._next("move")
        if move not in options:
            raise ReplayError(f"move {game.st.moves + 1}: {game.describe(move)} is not a legal move "
                              f"for seat {seat}")
        return move

    def choose_discards(self, game, seat, cap):
        cards = self._next("discard")
        if len(cards) > cap or any(c not in game.st.hands[seat] for c in cards):
            raise ReplayError(f"seat {seat} cannot discard {len(cards)} of those cards (at most {cap})")
        return cards

    def choose_keep(self, game, seat, limit):
        cards = self._next("keep")
        if len(cards) > limit or any(c not in game.st.hands[seat] for c in cards):
            raise ReplayError(f"seat {seat} cannot keep those cards (at most {limit})")
        return cards


def player_seed(seed: int, seat: int) -> int:
    """The seed of a seat's player, derived from the game's seed."""
    return (int(seed) * 7919 + 104729 * (seat + 1)) & 0xFFFFFFFFFFFF


def make_players(policy: str | list[str] | tuple[str, ...], players: int, seed: int) -> list[Player]:
    """``players`` seats playing ``policy`` (one name for all, or one per seat), seeded from ``seed``."""
    names = [policy] * players if isinstance(policy, str) else list(policy)
    if len(names) != players:
        raise ValueError(f"{len(names)} policies for {players} players")
    out: list[Player] = []
    for seat, name in enumerate(names):
        cls = {"random": RandomPlayer, "greedy": GreedyPlayer}.get(name)
        if cls is None:
            raise ValueError(f"no player policy '{name}' (use one of: {', '.join(POLICIES)})")
        out.append(cls(player_seed(seed, seat)))
    return out
