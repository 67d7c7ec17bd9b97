"""Parameter sweeps: play a game over a grid of rules values and player counts, and report each
outcome per cell.

    pnp simulate GAME --vary deal.hand=4,5,6 --vary players=2..6 --games 2000

Each cell reads the game again with its values of rules.yaml changed in memory (pnp.model.overrides)
and builds the engine from that model, so every number the engine reads follows the cell. Every
cell plays the same seeds (game ``i`` of every cell has the seed ``game_seed(seed, i)``): cells differ
by their rules, not by their luck. The games are cut into chunks played on this machine's cores or
on a Dask cluster (pnp.simulate.backends); the records come back in order, so the results are the
same whatever plays them.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.model.overrides import OverrideError, parse_values, rules_path
from pnp.simulate.backends import Chunk, run_cluster, run_local
from pnp.simulate.engine import Simulation, find_simulation
from pnp.simulate.report import Report
from pnp.simulate.stats import Share, Summary

PLAYERS = "players"
CHUNK = 100
"""Games per chunk: small enough to spread a cell over the workers, large enough to keep them busy."""


@dataclass(frozen=True)
class Axis:
    """One varied setting: ``players`` or a path of rules.yaml, and its values."""

    name: str
    values: tuple[Any, ...]

    @classmethod
    def parse(cls, text: str) -> "Axis":
        """``deal.hand=4,5,6``, ``players=2..6``, ``scoring.points=[3,2,1],[5,3,1]``."""
        name, sep, values = text.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise OverrideError(f"--vary '{text}': write NAME=VALUES, e.g. deal.hand=4,5,6 or players=2..6")
        if name != PLAYERS:
            rules_path(name)  # a path, checked against the game when it is read
            name = name.removeprefix("rules.")
        parsed = tuple(parse_values(values))
        if name == PLAYERS and not all(isinstance(v, int) and not isinstance(v, bool) for v in parsed):
            raise OverrideError(f"--vary '{text}': players are whole numbers, e.g. players=2..6")
        if len(set(map(repr, parsed))) != len(parsed):
            raise OverrideError(f"--vary '{text}': a value is given twice")
        return cls(name, parsed)


@dataclass(frozen=True)
class Cell:
    """One point of the grid: the player count and the rules values it changes."""

    players: int
    rules: tuple[tuple[str, Any], ...]

    def label(self) -> str:
        return ", ".join([f"{self.players} players", *(f"{k}={_text(v)}" for k, v in self.rules)])

    def as_dict(self) -> dict:
        return {PLAYERS: self.players, **{k: v for k, v in self.rules}}


def grid(axes: Sequence[Axis], players: int | None) -> list[Cell]:
    """Every combination of the axes' values, the first axis slowest; ``players`` when no axis varies it."""
    names = [a.name for a in axes]
    if len(set(names)) != len(names):
        raise OverrideError(f"--vary names {', '.join(sorted({n for n in names if names.count(n) > 1}))} twice")
    if PLAYERS not in names and players is None:
        raise OverrideError("say how many players: --players N, or --vary players=2..6")
    cells = []
    for combo in itertools.product(*(a.values for a in axes)):
        values = dict(zip(names, combo))
        count = values.pop(PLAYERS, players)
        cells.append(Cell(count, tuple(values.items())))
    return cells


@dataclass(frozen=True)
class CellResult:
    """A cell and its report, or why it could not be played (its rules values break the game)."""

    cell: Cell
    report: Report | None
    error: str = ""

    def outcomes(self) -> dict[str, Any]:
        """Every outcome of the cell: game length, seat spread, no winner, then the game's own."""
        r = self.report
        if r is None:
            return {}
        spread = max(s.of_decided.value for s in r.seats) - min(s.of_decided.value for s in r.seats)
        found = r.outcomes()
        return {"game length": found.pop("game length"), "seat spread (points)": round(100 * spread, 1), **found}


@dataclass(frozen=True)
class Sweep:
    game: str
    axes: tuple[Axis, ...]
    games: int
    seed: int
    policy: str
    results: tuple[CellResult, ...]

    @property
    def failures(self) -> int:
        return sum(len(c.report.failures) for c in self.results if c.report is not None)

    def as_dict(self) -> dict:
        return {"game": self.game, "games_per_cell": self.games, "seed": self.seed, "policy": self.policy,
                "vary": {a.name: list(a.values) for a in self.axes},
                "cells": [{"cell": c.cell.as_dict(), **({"error": c.error} if c.error else {}),
                           "outcomes": {k: _as_json(v) for k, v in c.outcomes().items()},
                           **({"report": c.report.as_dict()} if c.report is not None else {})}
                          for c in self.results]}

    def as_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, sort_keys=True, ensure_ascii=False)

    def columns(self) -> list[str]:
        names: dict[str, None] = {}
        for c in self.results:
            names.update(dict.fromkeys(c.outcomes()))
        return list(names)

    def as_text(self) -> str:
        """A table: one row per cell, one column per outcome (shares in %, with their 95 % interval)."""
        keys = [a.name for a in self.axes] + ([] if any(a.name == PLAYERS for a in self.axes) else [PLAYERS])
        cols = self.columns()
        head = keys + cols
        rows = []
        for c in self.results:
            values = c.cell.as_dict()
            row = [_text(values[k]) for k in keys]
            out = c.outcomes()
            row += [_cell_text(out.get(name)) for name in cols] if c.report is not None else [f"cannot play: {c.error}"]
            rows.append(row)
        widths = [max(len(str(x)) for x in col) for col in itertools.zip_longest(head, *rows, fillvalue="")]
        line = lambda row: "  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip()  # noqa: E731
        title = (f"{self.game}: {self.games} {self.policy} games per cell, seed {self.seed}; "
                 f"shares in % with their 95 % interval, other figures are means")
        return "\n".join([title, "", line(head), line(["-" * w for w in widths]), *map(line, rows)]) + "\n"


def sweep(folder: Path | str, axes: Sequence[Axis], games: int, seed: int = 1, policy: str = "random",
          players: int | None = None, jobs: int = 0, cluster: str | None = None, check: bool = True,
          options: dict[str, Any] | None = None,
          progress: Callable[[int, int], None] | None = None) -> Sweep:
    """Play ``games`` games in every cell of the grid of ``axes`` (``players`` seats when no axis
    varies them), on ``jobs`` local processes or on the Dask scheduler at ``cluster``. ``options``
    are the engine's own (e.g. a board side). ``progress(done, total)`` counts games.

    A cell whose rules values the game cannot be read or played with is reported with its error;
    a --vary that fits no cell (an unknown path) is an OverrideError before anything is played."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    cells = grid(axes, players)
    sims: list[Simulation | None] = []
    errors: list[str] = []
    for cell in cells:
        sim, error = _engine(folder, cell, policy, options or {})
        sims.append(sim)
        errors.append(error)
    if all(s is None for s in sims):
        raise PnpError(f"no cell of the sweep can be played: {errors[0]}")
    chunks = [Chunk(i, cell.players, seed, a, min(games, a + CHUNK))
              for i, cell in enumerate(cells) if sims[i] is not None for a in range(0, games, CHUNK)]
    total, played = sum(c.games for c in chunks), [0]

    def done(chunk: Chunk) -> None:
        played[0] += chunk.games
        if progress is not None:
            progress(played[0], total)

    if cluster:
        parts = run_cluster(cluster, sims, chunks, policy, check, done)
    else:
        parts = run_local(sims, chunks, policy, check, jobs, done)
    records: list[list] = [[] for _ in cells]
    for chunk, part in zip(chunks, parts):
        records[chunk.cell].extend(part)
    results = []
    game = next(s.game for s in sims if s is not None)
    for cell, sim, error, recs in zip(cells, sims, errors, records):
        report = Report.from_records(recs, sim, players=cell.players, seed=seed, policy=policy) if sim else None
        results.append(CellResult(cell, report, error))
    return Sweep(game, tuple(axes), games, seed, policy, tuple(results))


def _engine(folder, cell: Cell, policy: str, options: dict) -> tuple[Simulation | None, str]:
    """The cell's engine, or None and why the cell cannot be played. An unknown rules path is
    everyone's mistake, not the cell's: it is raised."""
    from pnp.errors import DataErrors
    from pnp.model import load_game

    try:
        model = load_game(folder, dict(cell.rules))
        seats = model.info.players
        if not seats.min <= cell.players <= seats.max:
            return None, f"the game is for {seats.min} to {seats.max} players"
        sim = find_simulation(model, **options)
        sim.validate(cell.players, policy)
    except OverrideError:
        raise
    except DataErrors as exc:
        return None, "; ".join(e.message for e in exc.errors[:2])
    except (PnpError, ValueError) as exc:
        return None, str(exc)
    return sim, ""


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_text(v) for v in value) + "]"
    return str(value)


def _cell_text(value: Any) -> str:
    if isinstance(value, Share):
        if not value.n:
            return "n/a"
        lo, hi = value.interval
        return f"{100 * value.value:.1f} [{100 * lo:.1f}-{100 * hi:.1f}]"
    if isinstance(value, Summary):
        return f"{value.mean:.2f}" if value.n else "n/a"
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _as_json(value: Any) -> Any:
    if isinstance(value, (Share, Summary)):
        return value.as_dict()
    return value
