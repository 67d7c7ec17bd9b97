"""The state of a Tour: plain lists of small integers, changed in place.

Seats are 0..n-1 clockwise; a seat's cyclists are ``seat * per_team + k``; cards are indexes of
``EngineData.cards`` (race) and ``EngineData.risks`` (risk). A cyclist's square is its column
(``col``) and its lane's bit (``bit``; 0 when it is not on the course). Piles keep their top at the
end of the list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any

NONE = -1

# what the seat to move decides (State.ask)
RED, DISCARD, CARD, LANE, ITT_CARD = range(5)
DECISIONS = ("red card", "discard", "race card", "lane", "time trial card")

# what changed since the invariants last looked (State.touched, bits): they check only that
RACE_CARDS, RISK_CARDS, SCORES = 1, 2, 4

# where the game is (State.phase): DECIDE waits for the seat to move; the others run on their own
(DECIDE, STAGE_START, TURN, MOVE, AFTER_PLAY, END_TURN, STAGE_END, ITT_HEAT, ITT_TURN,
 ITT_RANK) = range(10)


@dataclass
class StageLog:
    """What happened in one stage, for the Tour's record."""

    number: int
    kind: int
    dealer: int
    plays: int = 0
    """Race cards played (redraws and extra cards included)."""
    rounds: int = 0
    turns: int = 0
    runouts: list[tuple[int, int]] = field(default_factory=list)
    """(round, cards played so far) at every draw that found the race pile empty (a reshuffle)."""
    dry: int = 0
    """Cards that could not be drawn: the pile and the played cards were both empty."""
    redraws: int = 0
    passes: int = 0
    risk_draws: int = 0
    risk_red: int = 0
    risk_dry: int = 0
    stops: int = 0
    markers: int = 0
    """The most cyclists missing a turn at once."""
    held_red_at_line: int = 0
    """Turns in which a red card in hand kept a cyclist from crossing the line."""
    finishers: int = 0
    teams_in: int = 0
    """Teams with a cyclist on the finish table when the stage stopped."""
    table_full: bool = False
    end: str = ""
    green: int = NONE
    """Seat whose cyclist took the Green Jersey."""
    yellow_at_green: bool = False
    ties_first: int = 0
    """Teams or racers sharing the first place (1 when alone)."""
    reruns: int = 0
    itt_cards: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    """Points each seat scored in the stage (both classifications; its totals before it, while it runs)."""
    yellow: int = NONE
    """Seat wearing the Yellow Jersey after the stage."""


class State:
    __slots__ = (
        "n", "team", "stage", "kind", "dealer", "first", "seat", "over", "winner",
        "pile", "played", "hands", "rpile", "held",
        "col", "bit", "occ", "stopped", "done", "table", "green_crossed", "green_done", "yellow_first",
        "yellow", "green_jersey", "indiv", "teampts",
        "phase", "ask", "moves", "cache", "pick",
        "skip", "stalled", "headwind", "risk_played", "red_stop", "pending", "extra_left", "redraw_left",
        "to_play", "closing", "complete_round", "round", "log", "logs", "last_places",
        "heats", "racers", "itt_cards", "itt_keys", "itt_done", "rerun_left", "itt_index", "trace",
        "moved", "touched", "checked", "stuck",
    )

    def __init__(self, players: int, cyclists: int, columns: int) -> None:
        self.n = players
        self.team: list[int] = []            # team (index of rules.yaml teams) of each seat
        self.stage = -1                      # index of the stage being raced
        self.kind = 0
        self.dealer = 0
        self.first = 0
        self.seat = 0                        # the seat to move
        self.over = False
        self.winner: int | None = None
        self.pile: list[int] = []
        self.played: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rpile: list[int] = []
        self.held: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (risk card, its cyclist)
        self.col = [0] * cyclists
        self.bit = [0] * cyclists
        self.occ = [0] * (columns + 2)
        self.stopped = [0] * cyclists         # turns each cyclist still misses
        self.done = [False] * cyclists        # crossed the finish line in this stage
        self.table: list[int] = []            # the stage finish table, in order
        self.green_crossed = 0
        self.green_done = False
        self.yellow_first = False             # the Yellow Jersey crossed the green line first
        self.yellow = NONE                    # cyclist wearing the Yellow Jersey
        self.green_jersey = NONE
        self.indiv = [0] * players
        self.teampts = [0] * players
        self.phase = STAGE_START
        self.ask = RED                        # what the seat to move decides
        self.moves: Sequence[tuple] = []      # its legal moves
        self.cache: Any = None                # what the greedy policy computed for this decision
        self.pick: Any = None                 # the policy choosing where a moved cyclist stops, within
                                              # the card's move (TurnEngine.apply_choosing); None: a LANE decision
        # the turn being played
        self.skip = 0                         # mask of the seat's cyclists (by slot) missing this turn
        self.stalled = NONE
        self.headwind = 0
        self.risk_played = False
        self.red_stop = NONE                  # first cyclist of the turn to stop on a red dot
        self.pending: list[tuple[int, int]] = []  # (cyclist, squares) still to move, in order
        self.extra_left = 0
        self.redraw_left = 0
        self.to_play: list[int] = []          # redrawn cards to play at once
        self.closing = False                  # team time trial: the last round is being finished
        self.complete_round: dict[int, int] = {}  # seat -> round its team completed (team time trial)
        self.round = 0
        self.log: StageLog = StageLog(0, 0, NONE)  # the stage's (one before the first)
        self.logs: list[StageLog] = []
        self.last_places: list[int] = []      # finish table of the last road stage
        # the individual time trial
        self.heats: list[list[int]] = []
        self.racers: list[int] = []
        self.itt_cards = [0] * players
        self.itt_keys: list[list[int]] = [[] for _ in range(players)]
        self.itt_done = [False] * players
        self.rerun_left = 0
        self.itt_index = 0                    # the racer of the heat to play next
        self.trace = 0                        # a digest of what the players did (see ``traced``)
        self.moved: list[int] = []            # cyclists moved since the invariants last looked
        self.touched = 0                      # RACE_CARDS | RISK_CARDS | SCORES changed since then
        self.checked = -1                     # the stage whose squares the invariants checked in full
        self.stuck = ""                       # why the game stopped moving on by itself (an invariant)

    def traced(self, *values: int) -> None:
        """Fold what a decision did (a card, a spread, a square...) into the Tour's digest: two Tours
        that went differently end with different digests, even when their scores are the same. (The
        hash of a tuple of ints is the same in every process: no string is hashed.)"""
        self.trace = hash((self.trace, *values))

    def racing(self, seat: int, per_team: int) -> list[int]:
        """The seat's cyclists still on the course."""
        base = seat * per_team
        return [c for c in range(base, base + per_team) if self.bit[c]]
