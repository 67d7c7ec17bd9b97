"""What a run of simulated games shows, as text for people and JSON for tools.

What every game has: game length, win rate per seat with Wilson 95 % intervals, games without a
winner, and the games that broke an invariant (with the seed that replays them). The game's own
figures are its ``Details`` (``Simulation.summarize``): merged into the JSON, and the body of the text.
"""

from __future__ import annotations

import json
from statistics import NormalDist
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.simulate.engine import Details, GameRecord, Simulation
from pnp.simulate.stats import Share, Summary, wilson


def run_words(report: "Report") -> str:
    """How a report was made, for messages: "2000 greedy games, seed 1"."""
    return f"{report.games} {report.policy} games, seed {report.seed}"


@dataclass(frozen=True)
class SeatStat:
    seat: int
    wins: int
    of_games: Share        # wins among all games
    of_decided: Share      # wins among games that have a winner
    fair: float            # the fair share of the decided games: 1 / players

    @property
    def unfair(self) -> bool:
        """The seat's share excludes the fair one, with the 95 % confidence shared among the table's
        seats (Bonferroni): with several seats compared at once, plain 95 % intervals flag one
        fair seat in twenty by chance."""
        n = max(2, round(1 / self.fair)) if self.fair else 2
        lo, hi = wilson(self.of_decided.k, self.of_decided.n, NormalDist().inv_cdf(1 - 0.05 / (2 * n)))
        return self.of_decided.n > 0 and not lo <= self.fair <= hi

    def as_dict(self) -> dict:
        return {"seat": self.seat + 1, "wins": self.wins, "of_games": self.of_games.as_dict(),
                "of_decided": self.of_decided.as_dict(), "fair": round(self.fair, 4), "unfair": self.unfair}


@dataclass(frozen=True)
class Failure:
    """A game that broke an invariant: ``seed`` replays it; ``at`` says where (e.g. ``(("sprint", 2),)``)."""

    seed: int
    move: int
    message: str
    at: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict:
        return {"seed": self.seed, "move": self.move, **dict(self.at), "message": self.message}

    def text(self) -> str:
        where = ", ".join(f"{k} {v}" for k, v in self.at)
        return f"seed {self.seed}, move {self.move}{f' ({where})' if where else ''}: {self.message}"


@dataclass(frozen=True)
class Report:
    game: str
    players: int
    games: int
    seed: int
    policy: str
    move_unit: str
    game_length: Summary
    seats: tuple[SeatStat, ...]
    no_winner: Share
    detail: Details
    failures: tuple[Failure, ...] = field(default=())
    stop: str = ""
    """Why a sequential run stopped: "decided" (every watched share), "cap" (games ran out); "" for a plain run."""
    open: tuple[str, ...] = ()
    """The watched shares still undecided when a sequential run hit its cap."""

    def stopped(self, why: str, still: tuple[str, ...] = ()) -> "Report":
        """This report, marked as the end of a sequential run (see pnp.simulate.sequential)."""
        return replace(self, stop=why, open=still)

    def stop_words(self) -> str:
        """How a sequential run ended, for messages ("" for a plain run)."""
        if self.stop == "decided":
            return "every watched share decided"
        if self.stop == "cap":
            return f"cap reached, still open: {', '.join(self.open)}" if self.open else "cap reached"
        return ""

    @classmethod
    def from_records(cls, records: list[GameRecord], sim: Simulation, *, players: int, seed: int,
                     policy: str) -> "Report":
        ok = [g for g in records if not g.error]
        failures = tuple(Failure(g.seed, g.error_move, g.error, g.error_at) for g in records if g.error)
        decided = sum(1 for g in ok if g.winner is not None)
        seats = []
        for seat in range(players):
            wins = sum(1 for g in ok if g.winner == seat)
            seats.append(SeatStat(seat, wins, Share(wins, len(ok)), Share(wins, decided), 1 / players))
        return cls(game=sim.game, players=players, games=len(records), seed=seed, policy=policy,
                   move_unit=sim.move_unit, game_length=Summary.of(g.moves for g in ok), seats=tuple(seats),
                   no_winner=Share(len(ok) - decided, len(ok)), detail=sim.summarize(ok, players),
                   failures=failures)

    def outcomes(self) -> dict[str, Any]:
        """Every outcome of the run by name: game length, games without a winner, then the game's own
        (``Details.outcomes``): the columns of a sweep, the names a decision's ``expects:`` uses."""
        return {"game length": self.game_length, "no winner": self.no_winner, **self.detail.outcomes()}

    # --- output

    def as_dict(self) -> dict:
        return {
            "game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
            "policy": self.policy,
            **self.detail.as_dict(),
            "game_length": self.game_length.as_dict(),
            "seats": [s.as_dict() for s in self.seats],
            "no_winner": self.no_winner.as_dict(),
            "failures": [f.as_dict() for f in self.failures],
            **({"stopped": {"why": self.stop, "open": list(self.open)}} if self.stop else {}),
        }

    def as_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, sort_keys=True, ensure_ascii=False)

    def as_text(self) -> str:
        setup = self.detail.header()
        lines = [
            f"{self.game}: {self.games} games, {self.players} players, {f'{setup}, ' if setup else ''}"
            f"{self.policy} play, seed {self.seed}"
            + (f" (sequential: {self.stop_words()})" if self.stop else ""),
            "",
            *self.detail.lines(self),
            "",
            "wins per seat (of games with a winner; fair share "
            f"{100 / self.players:.1f} %):",
        ]
        for s in self.seats:
            flag = "  <- outside the interval" if s.unfair else ""
            lines.append(f"  seat {s.seat + 1}: {s.of_decided.text()}{flag}")
        why = f" ({self.detail.no_winner})" if self.detail.no_winner else ""
        lines.append(f"no winner{why}: {self.no_winner.text()}")
        if self.failures:
            lines.append("")
            lines.append(f"invariant violations: {len(self.failures)}")
            lines.extend(f"  {f.text()}" for f in self.failures[:10])
        return "\n".join(lines) + "\n"
