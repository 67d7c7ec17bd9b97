"""One game in progress: where every rider is, its dial and form, the round, who plays next, the
times and places so far, and what the game counts for the report. Changed in place by the engine."""

from __future__ import annotations

RACING, FINISHED, ABANDONED = 0, 1, 2
"""A rider's status within a stage: on the road, over the stage's line, out of the Tour."""
MOVE, AFTER_PUNCTURE = 0, 1
"""What the rider to play chooses: its whole move, or (after a puncture) its move without breakaway."""


class Counts:
    """What one game counts for the report (kept apart from the rules' state)."""

    __slots__ = ("punctures", "slip_punctures", "risky", "safe", "plain", "waiting_max", "markers_short",
                 "shifts", "slip_paid", "slip_rolls", "escapes", "pairs", "helps", "skipped", "dial_empty",
                 "energy_left", "stage_rounds", "stage_winners", "abandons", "form_spent_risky",
                 "form_spent_slip", "order", "decided")

    def __init__(self, riders: int) -> None:
        self.punctures = 0            # punctures on a risky breakaway
        self.slip_punctures = 0       # punctures on an empty leader's roll
        self.risky = 0                # risky breakaways rolled
        self.safe = 0                 # moves with safe squares
        self.plain = 0                # moves without a breakaway
        self.waiting_max = 0          # riders waiting out a puncture at once, at most
        self.markers_short = 0        # times more riders waited than the kit has markers
        self.shifts = 0               # squares riders were pulled along in a slipstream
        self.slip_paid = 0            # leaders that paid for a rider in their wheel
        self.slip_rolls = 0           # ... rolling the dice, their dial empty
        self.escapes = 0              # leaders that shook a rider off by changing lanes
        self.pairs = 0                # leaders that rode side by side before and after their move
        self.helps = 0                # punctured riders helped by another
        self.skipped = 0              # turns missed after a puncture
        self.dial_empty = [0] * riders  # stages each rider emptied its dial in
        self.energy_left: list[int] = []  # energy on the dial of every rider over the line, per stage
        self.stage_rounds: list[int] = []
        self.stage_winners: list[int] = []
        self.abandons: list[tuple[int, int]] = []  # (rider, stage) of every abandon
        self.form_spent_risky = 0
        self.form_spent_slip = 0
        self.order: tuple[int, ...] = ()  # the final classification
        self.decided = ""                 # how its first place was decided (race.DECIDED)


class State:
    """The game: rider ``i``'s square is (``col[i]``, ``lane[i]``) while it races; ``occ`` maps a
    taken square to its rider. ``queue`` holds the riders still to play this round, the next first;
    ``current`` is the rider to play (its controlling seat ``seat``), -1 once the game is over."""

    __slots__ = ("players", "owner", "col", "lane", "status", "energy", "form", "miss", "occ", "stage",
                 "round", "queue", "current", "seat", "phase", "budget", "unowned_turns",
                 "turn_col", "turn_lane", "follower", "partners", "crossed", "cross_round", "winner_round",
                 "times", "places", "holder", "draw", "over", "form_spent", "energy_spent", "moved",
                 "counts", "decisions", "dial_emptied", "touched", "checked")

    def __init__(self, riders: int, players: int) -> None:
        self.players = players
        self.owner = [-1] * riders
        self.col = [0] * riders
        self.lane = [0] * riders
        self.status = [RACING] * riders
        self.energy = [0] * riders
        self.form = [0] * riders
        self.miss = [0] * riders
        self.occ: dict[tuple[int, int], int] = {}
        self.stage = 0
        self.round = 0
        self.queue: list[int] = []
        self.current = -1
        self.seat = 0
        self.phase = MOVE
        self.budget = 0                 # steps allowed after a puncture
        self.unowned_turns = 0
        self.turn_col = 0               # where the rider to play stood when its turn began
        self.turn_lane = 0
        self.follower = -1              # the rider in its wheel then, or -1
        self.partners: tuple[int, ...] = ()  # the riders beside it then
        self.crossed: list[int] = []    # this stage's riders over the line, in the order they crossed
        self.cross_round = [0] * riders
        self.winner_round = 0
        self.times = [0] * riders       # minutes behind, over the stages so far
        self.places: list[list[int]] = [[] for _ in range(riders)]
        self.holder = -1                # the yellow jersey
        self.draw = list(range(riders))  # the drawn order of the first grid: the last tie-break
        self.over = False
        self.form_spent = [0] * riders
        self.energy_spent = [0] * riders  # this stage
        self.moved: tuple[int, int, int] = (-1, 0, 0)  # (rider, column before, column after) of the last move
        self.counts = Counts(riders)
        self.decisions = 0
        self.dial_emptied = [False] * riders
        self.touched: list[int] = []    # riders changed since the invariants last looked
        self.checked = -1               # the stage the invariants last looked at in full

    def racing(self) -> list[int]:
        return [r for r, s in enumerate(self.status) if s == RACING]

    def waiting(self) -> int:
        """Riders on the road waiting out a puncture."""
        return sum(1 for r, s in enumerate(self.status) if s == RACING and self.miss[r] > 0)
