"""The interface a game's engine implements so that ``pnp simulate`` and ``pnp check --simulate`` play it.

A game's rules module (its folder's rules.py, or pnp's built-in module, see pnp.games) exposes
``SIMULATION``: a subclass of ``Simulation``. Nothing in pnp/simulate names a game; the runner, the
statistics, the seat and invariant findings are the same for every game, and the game adds its
own figures (``summarize``) and findings (``findings``, ``engine_findings``).

    class DiceRace(Simulation):
        rule_prefix = "DR-SIM"

        @classmethod
        def from_model(cls, model, **options):   # compile the printed data once; options of the CLI
            return cls(...)

        def play(self, players, seed, policy, check=True) -> Outcome:
            ...                                  # one whole seeded game

    SIMULATION = DiceRace                        # in the game's rules module

A ``Simulation`` is built once per run and handed to every worker process: keep it to plain data
(it is inherited by forked processes, pickled by spawned ones). ``play`` must depend on nothing
but its arguments: game ``i`` of seed ``s`` is played with ``game_seed(s, i)`` in whatever process,
so a run gives the same records with any number of jobs and any game can be replayed alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pnp.errors import PnpError

POLICIES = ("random", "greedy")
"""The policies every engine plays: uniformly random legal moves, and a greedy one."""


class NoEngine(PnpError):
    """The game's rules module has no ``SIMULATION``."""


@dataclass(frozen=True)
class Outcome:
    """One game played, as the engine reports it.

    ``winner``: the winning seat (0-based), None for a game nobody won. ``moves``: the game's length
    in the engine's own unit (``Simulation.move_unit``). ``detail``: the game's own record of the
    game (a small picklable value, read back by ``Simulation.summarize``). A game that broke an
    invariant gives ``error`` (what broke), ``error_move`` (the move it broke at) and ``error_at``
    (where in the game, e.g. ``(("sprint", 2),)``), and no figures.
    """

    winner: int | None = None
    moves: int = 0
    detail: Any = None
    error: str = ""
    error_move: int = 0
    error_at: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """An ``Outcome`` with its place in the run: game ``index`` was played with seed ``seed``."""

    index: int
    seed: int
    winner: int | None
    moves: int
    detail: Any = None
    error: str = ""
    error_move: int = 0
    error_at: tuple[tuple[str, Any], ...] = field(default=())


@dataclass(frozen=True)
class Details:
    """The game's own part of a report (``Simulation.summarize``); this base has nothing of its own.

    ``as_dict()`` is merged into the report's JSON at the top level; ``lines(report)`` are the body of
    the text report (the game length is the report's: ``report.game_length``); ``no_winner`` says
    why a game can end without a winner, after "no winner" in the text.
    """

    no_winner: ClassVar[str] = ""

    def header(self) -> str:
        """Words for the first line of the text report, after the player count (e.g. "side a, 4 sprints")."""
        return ""

    def as_dict(self) -> dict:
        return {}

    def lines(self, report) -> list[str]:
        return [f"game length ({report.move_unit}): {report.game_length.text()}"]

    def outcomes(self) -> dict[str, Any]:
        """The run's headline outcomes, one column each in a sweep's table: a name (short, lower case,
        e.g. "sprints ended on the line") -> a ``Share``, a ``Summary`` or a plain number. The report's
        game length, seat spread and games without a winner are added by the sweep itself."""
        return {}


@dataclass(frozen=True)
class Watch:
    """A share a finding compares with a threshold: a sequential run plays on until each one is
    decided (its 95 % interval excludes ``threshold``, or is narrower than the run's precision)."""

    name: str
    share: Any  # pnp.simulate.stats.Share
    threshold: float


class Simulation:
    """A game's engine as the generic runner sees it. Subclass it in the game's rules module.

    Required: ``from_model`` and ``play``. The rest has defaults that fit any game.
    """

    rule_prefix: ClassVar[str] = "SIM"
    """Prefix of the generic findings' rule ids: ``{prefix}-SEAT``, ``{prefix}-INVARIANT``, ``{prefix}-ENGINE``."""
    move_unit: ClassVar[str] = "moves"
    """What ``Outcome.moves`` counts, in the reports ("cards played"...)."""
    policies: ClassVar[tuple[str, ...]] = POLICIES
    """Policy names ``play`` accepts; at least "random" and "greedy"."""
    smoke_policy: ClassVar[str] = "greedy"
    """The policy of ``pnp check --simulate``'s smoke run."""

    game: str = ""
    """The game's id, for reports (set it in ``from_model``)."""

    # --- required

    @classmethod
    def from_model(cls, model, **options) -> "Simulation":
        """The engine for ``model`` (a GameModel), its printed data compiled once. ``options`` are
        the engine's own settings given on the command line (``pnp simulate --side b`` gives
        ``side="b"``; options left unset are not passed); an option the engine does not know is a
        ValueError. Data that cannot be played is a PnpError (shown as a plain message)."""
        raise NotImplementedError

    def play(self, players: int, seed: int, policy: str, check: bool = True) -> Outcome:
        """Play one whole game of ``players`` seats, all playing ``policy``, from ``seed`` alone.
        With ``check``, check the invariants after every move; a broken one is an ``Outcome`` with
        ``error`` (not an exception), so the run goes on and the report gives its seed."""
        raise NotImplementedError

    # --- defaults

    def validate(self, players: int, policy: str) -> None:
        """ValueError when ``players`` seats or ``policy`` cannot be played (before any game starts)."""
        if players < 1:
            raise ValueError(f"{players} players: at least 1")
        if policy not in self.policies:
            raise ValueError(f"no player policy '{policy}' (use one of: {', '.join(self.policies)})")

    def smoke_players(self, model) -> Sequence[int]:
        """The player counts a smoke run plays: every count of the rules the engine can seat."""
        out = []
        for players in model.facts.players.values():
            try:
                self.validate(players, self.smoke_policy)
            except ValueError:
                continue
            out.append(players)
        return out

    def summarize(self, records: Sequence[GameRecord], players: int) -> Details:
        """The game's own figures of a run: ``records`` are the games that broke no invariant, in order."""
        return Details()

    def findings(self, model, report) -> list:
        """The game's own findings of one report (one player count), besides the generic ones."""
        return []

    def engine_findings(self, model) -> list:
        """Findings about the engine rather than a run (e.g. the choices it makes where the rules
        are silent); added once to a smoke run's findings."""
        return []

    def watched(self, report) -> list[Watch]:
        """The shares of ``report`` the game's findings compare with a threshold (besides the seats,
        which every run watches): a sequential run (``pnp check --simulate``) plays more games until
        each is decided."""
        return []

    @classmethod
    def variants(cls, model) -> list[dict[str, Any]]:
        """The engine options a default run covers, each a dict of ``from_model`` options (e.g. one per
        board side: ``[{"side": "a"}, {"side": "b"}]``); ``[{}]``: the engine's defaults only."""
        return [{}]

    def component(self, report) -> str:
        """What the findings of ``report`` are about, shown in brackets (e.g. "4 players, side a")."""
        return f"{report.players} players"

    @classmethod
    def source(cls, model, topic: str, players: int | None = None):
        """Where in the data a generic finding points: ``topic`` is "engine" (the engine cannot play,
        or broke a rule) or "seat" (a seat's win rate, for ``players``)."""
        return model.sources.rule("engine") if topic == "engine" else model.sources.rule("players")


def simulation_class(model) -> type[Simulation] | None:
    """The ``SIMULATION`` of the game's rules module (its folder's own first), or None."""
    from pnp.games import game_module

    module = game_module(model.info, model.sources.folder) if model.info is not None else None
    sim = getattr(module, "SIMULATION", None)
    return sim if isinstance(sim, type) and issubclass(sim, Simulation) else None


def has_engine(model) -> bool:
    """Whether the game's rules module has an engine ``pnp simulate`` can play."""
    return simulation_class(model) is not None


def find_simulation(model, **options) -> Simulation:
    """The engine of ``model``, built from its rules module's ``SIMULATION`` (NoEngine when it has none).
    ``options`` set to None are left out."""
    if isinstance(model, Simulation):
        return model
    cls = simulation_class(model)
    if cls is None:
        raise NoEngine(f"{model.id} has no rules engine yet")
    return cls.from_model(model, **{k: v for k, v in options.items() if v is not None})
