"""The state of one game: pawns, piles, hands, jerseys, the decision waiting, and the game's counters."""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from typing import Any

from pnp.games.tour_de_france_quiz.engine.data import EngineData

WINDOW, SIDE, JOKER = "window", "side", "joker"
"""Decisions: cards played on a roll (one at a time, or pass), a question card's side, a Joker's use."""
PASS = ("pass", 0)
USE_JOKER, KEEP_JOKER = ("joker", 1), ("joker", 0)


class Record:
    """What one game counts as it goes (read back as ``QuizGame`` at the end)."""

    __slots__ = ("turns", "skipped", "questions", "right", "drawn", "own", "against", "jokers", "setbacks",
                 "mishaps", "bounces", "trials", "yellow_changes", "jersey_changes", "ended",
                 "draws", "missed", "empty_at", "round_trip")

    def __init__(self, decks: int, jerseys: int) -> None:
        self.turns = self.skipped = self.questions = self.right = self.drawn = 0
        self.own = self.against = self.jokers = self.setbacks = 0
        self.mishaps = self.bounces = self.trials = self.yellow_changes = 0
        self.jersey_changes = [0] * jerseys
        self.ended = ""
        self.draws = [0] * decks
        """Per deck: the cards drawn from it."""
        self.missed = [0] * decks
        """Per deck: the draws that found it empty."""
        self.empty_at = [0] * decks
        """Per deck: the round of the first draw that found it empty (0: never)."""
        self.round_trip = [0] * decks
        """Per deck: the round of the first draw past its size (a card drawn again; 0: never)."""


class State:
    """One game in progress. ``gen`` plays the rules (pnp...engine.flow) and stops at each decision:
    ``seat`` must pick one of ``options`` (a decision of ``kind``)."""

    __slots__ = ("n", "order", "idx", "round", "pos", "stamp", "clock", "skip", "piles", "hands", "jokers",
                 "faceup", "totals", "holders", "raced", "held", "award", "seat", "kind", "options", "roller",
                 "total", "played", "loss", "over", "winner", "gen", "rec", "reached", "first_reach")

    def __init__(self, data: EngineData, players: int) -> None:
        self.n = players
        self.order: list[int] = list(range(players))
        """The seats in the order of play (the prologue's ranking)."""
        self.idx = 0
        """The place in ``order`` of the seat whose turn it is."""
        self.round = 1
        self.pos = [0] * players
        self.stamp = [0] * players
        """When each pawn arrived on its square (the earlier arrival leads on a shared square)."""
        self.clock = 0
        self.skip = [0] * players
        self.piles: list[deque[int]] = [deque(ids) for ids in data.cards.ids]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.jokers: list[list[int]] = [[] for _ in range(players)]
        self.faceup: list[list[int]] = [[] for _ in range(players)]
        self.totals = [[0] * len(data.points) for _ in range(players)]
        self.holders = [-1] * len(data.jerseys)
        self.raced: set[int] = set()
        self.held: list[int] = []
        """Cards drawn and not yet put back (a question read out, a mishap a Joker may cancel)."""
        self.award: tuple | None = None
        """(positions, arrivals, totals) when the jerseys were last awarded; None: the prologue's yellow."""
        self.seat = 0
        self.kind = ""
        self.options: tuple[Any, ...] = ()
        self.roller = 0
        self.total = 0
        self.played = 0
        self.loss = 0.0
        self.over = False
        self.winner: int | None = None
        self.gen: Generator | None = None
        self.rec = Record(len(data.cards.keys), len(data.points))
        self.reached = [0] * players
        """Per seat: the round of its first move that reached or passed the Arrivée (0: not yet)."""
        self.first_reach = -1
        """The seat whose move first reached or passed the Arrivée (-1: none yet)."""

    def arrive(self, seat: int, square: int) -> None:
        """Put ``seat``'s pawn on ``square``, arriving now."""
        self.clock += 1
        self.pos[seat] = square
        self.stamp[seat] = self.clock

    def decide(self, seat: int, kind: str, options: tuple) -> None:
        """Make ``seat`` the one to choose among ``options``."""
        self.seat, self.kind, self.options = seat, kind, options


def leader(pos, stamp) -> int:
    """The seat in front: the furthest pawn, the earlier arrival on a shared square."""
    return max(range(len(pos)), key=lambda s: (pos[s], -stamp[s]))
