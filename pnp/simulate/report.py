"""What a run of simulated games shows, as text for people and JSON for tools.

Sprint length (cards played), how sprints end (enough riders over the line, or no card left), the
draw pile running out while dealing (and discards held back by GJ-D-DECK-OUT), jersey changes,
game length, win rate per seat with Wilson 95 % intervals, and games without a winner.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pnp.simulate.runner import GameRecord
from pnp.simulate.stats import Share, Summary


@dataclass(frozen=True)
class SeatStat:
    seat: int
    wins: int
    of_games: Share        # wins among all games
    of_decided: Share      # wins among games that have a winner
    fair: float            # the fair share of the decided games: 1 / players

    @property
    def unfair(self) -> bool:
        return self.of_decided.excludes(self.fair)

    def as_dict(self) -> dict:
        return {"seat": self.seat + 1, "wins": self.wins, "of_games": self.of_games.as_dict(),
                "of_decided": self.of_decided.as_dict(), "fair": round(self.fair, 4), "unfair": self.unfair}


@dataclass(frozen=True)
class Failure:
    seed: int
    move: int
    sprint: int
    message: str

    def as_dict(self) -> dict:
        return {"seed": self.seed, "move": self.move, "sprint": self.sprint, "message": self.message}

    def text(self) -> str:
        return f"seed {self.seed}, move {self.move} (sprint {self.sprint}): {self.message}"


@dataclass(frozen=True)
class Report:
    game: str
    side: str
    players: int
    games: int
    seed: int
    policy: str
    sprints_per_game: int
    sprint_length: Summary
    sprint_length_by_sprint: tuple[float, ...]
    ended_by_finishers: Share
    ended_by_cards: Share
    finishers_by_sprint: tuple[Share, ...]
    finishers_per_sprint: Summary
    deal_short: Share
    deal_short_by_sprint: tuple[Share, ...]
    deal_short_steps: dict[str, int]
    deal_empty: Share
    deal_empty_by_sprint: tuple[Share, ...]
    deal_capped: Share
    capped_players: Summary
    discards: Summary
    jersey_changes: Summary
    game_length: Summary
    seats: tuple[SeatStat, ...]
    no_winner: Share
    unowned_wearer: Share
    forced: Share
    photo_finish: Share
    kept: Summary
    failures: tuple[Failure, ...] = field(default=())

    @classmethod
    def from_records(cls, records: list[GameRecord], *, game: str, side: str, players: int, seed: int,
                     policy: str, sprints_per_game: int) -> "Report":
        ok = [g for g in records if not g.error]
        failures = tuple(Failure(g.seed, g.error_move, g.error_sprint, g.error) for g in records if g.error)
        sprints = [s for g in ok for s in g.sprints]
        by_number = [[g.sprints[i] for g in ok if len(g.sprints) > i] for i in range(sprints_per_game)]
        n = len(sprints)
        fin = sum(1 for s in sprints if s.ended == "finishers")
        decided = sum(1 for g in ok if g.winner is not None)
        seats = []
        for seat in range(players):
            wins = sum(1 for g in ok if g.winner == seat)
            seats.append(SeatStat(seat, wins, Share(wins, len(ok)), Share(wins, decided), 1 / players))
        plays = sum(s.cards_played for s in sprints)
        steps: dict[str, int] = {}
        for s in sprints:
            if s.short:
                steps[s.short_step] = steps.get(s.short_step, 0) + 1
        ended_early = [s.kept for s in sprints if s.ended == "finishers"]
        return cls(
            game=game, side=side, players=players, games=len(records), seed=seed, policy=policy,
            sprints_per_game=sprints_per_game,
            sprint_length=Summary.of(s.cards_played for s in sprints),
            sprint_length_by_sprint=tuple(
                round(sum(s.cards_played for s in b) / len(b), 4) if b else 0.0 for b in by_number),
            ended_by_finishers=Share(fin, n),
            ended_by_cards=Share(n - fin, n),
            finishers_by_sprint=tuple(Share(sum(1 for s in b if s.ended == "finishers"), len(b)) for b in by_number),
            finishers_per_sprint=Summary.of(s.finishers for s in sprints),
            deal_short=Share(sum(1 for s in sprints if s.short), n),
            deal_short_by_sprint=tuple(Share(sum(1 for s in b if s.short), len(b)) for b in by_number),
            deal_short_steps=dict(sorted(steps.items())),
            deal_empty=Share(sum(1 for s in sprints if s.empty), n),
            deal_empty_by_sprint=tuple(Share(sum(1 for s in b if s.empty), len(b)) for b in by_number),
            deal_capped=Share(sum(1 for s in sprints if s.capped), n),
            capped_players=Summary.of(s.capped for s in sprints),
            discards=Summary.of(s.discarded for s in sprints),
            jersey_changes=Summary.of(g.jersey_changes for g in ok),
            game_length=Summary.of(g.moves for g in ok),
            seats=tuple(seats),
            no_winner=Share(len(ok) - decided, len(ok)),
            unowned_wearer=Share(sum(1 for g in ok if g.wearer >= 0 and not g.wearer_owned), len(ok)),
            forced=Share(sum(s.forced for s in sprints), plays),
            photo_finish=Share(sum(1 for s in sprints if s.photo_finish), n),
            kept=Summary.of(ended_early),
            failures=failures,
        )

    # --- output

    def as_dict(self) -> dict:
        return {
            "game": self.game, "side": self.side, "players": self.players, "games": self.games,
            "seed": self.seed, "policy": self.policy, "sprints_per_game": self.sprints_per_game,
            "sprint_length": self.sprint_length.as_dict(),
            "sprint_length_by_sprint": list(self.sprint_length_by_sprint),
            "sprint_end": {"finishers": self.ended_by_finishers.as_dict(), "cards": self.ended_by_cards.as_dict(),
                           "finishers_by_sprint": [s.as_dict() for s in self.finishers_by_sprint],
                           "riders_over_the_line": self.finishers_per_sprint.as_dict()},
            "deal": {"pile_ran_out": self.deal_short.as_dict(),
                     "pile_ran_out_by_sprint": [s.as_dict() for s in self.deal_short_by_sprint],
                     "pile_ran_out_at": self.deal_short_steps,
                     "pile_empty_after_deal": self.deal_empty.as_dict(),
                     "pile_empty_by_sprint": [s.as_dict() for s in self.deal_empty_by_sprint],
                     "discards_held_back": self.deal_capped.as_dict(),
                     "players_held_back": self.capped_players.as_dict(),
                     "cards_discarded": self.discards.as_dict()},
            "jersey_changes": self.jersey_changes.as_dict(),
            "game_length": self.game_length.as_dict(),
            "seats": [s.as_dict() for s in self.seats],
            "no_winner": self.no_winner.as_dict(),
            "unowned_wearer": self.unowned_wearer.as_dict(),
            "forced_plays": self.forced.as_dict(),
            "photo_finish": self.photo_finish.as_dict(),
            "cards_kept": self.kept.as_dict(),
            "failures": [f.as_dict() for f in self.failures],
        }

    def as_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, sort_keys=True, ensure_ascii=False)

    def as_text(self) -> str:
        lines = [
            f"{self.game}: {self.games} games, {self.players} players, side {self.side}, "
            f"{self.sprints_per_game} sprints, {self.policy} play, seed {self.seed}",
            "",
            f"sprint length (cards played): {self.sprint_length.text()}",
            "  by sprint: " + ", ".join(f"{i}: {v:.1f}" for i, v in enumerate(self.sprint_length_by_sprint, 1)),
            f"sprint ends with riders over the line: {self.ended_by_finishers.text()}",
            f"sprint ends with no card left:        {self.ended_by_cards.text()}",
            "  over the line, by sprint: " + ", ".join(
                f"{i}: {100 * s.value:.0f} %" for i, s in enumerate(self.finishers_by_sprint, 1)),
            f"riders over the line per sprint: {self.finishers_per_sprint.text()}",
            f"photo-finish for a scoring place: {self.photo_finish.text()}",
            f"cards kept after a sprint ended on the line: {self.kept.text()}",
            "",
            f"draw pile ran out while dealing: {self.deal_short.text()}"
            + (f" (at: {', '.join(f'{k} {v}' for k, v in self.deal_short_steps.items())})"
               if self.deal_short_steps else ""),
            "  by sprint: " + ", ".join(f"{i}: {s.k}" for i, s in enumerate(self.deal_short_by_sprint, 1)),
            f"draw pile empty after the deal: {self.deal_empty.text()}",
            "  by sprint: " + ", ".join(f"{i}: {100 * s.value:.0f} %" for i, s in enumerate(self.deal_empty_by_sprint, 1)),
            f"deals where the pile held back discards: {self.deal_capped.text()}",
            f"cards discarded per deal: {self.discards.text()}",
            "",
            f"jersey changes per game: {self.jersey_changes.text()}",
            f"game length (cards played): {self.game_length.text()}",
            f"cards played without a move (no legal move): {self.forced.text()}",
            "",
            "wins per seat (of games with a winner; fair share "
            f"{100 / self.players:.1f} %):",
        ]
        for s in self.seats:
            flag = "  <- outside the interval" if s.unfair else ""
            lines.append(f"  seat {s.seat + 1}: {s.of_decided.text()}{flag}")
        lines.append(f"no winner (the jersey on a rider nobody owns): {self.no_winner.text()}")
        if self.failures:
            lines.append("")
            lines.append(f"invariant violations: {len(self.failures)}")
            lines.extend(f"  {f.text()}" for f in self.failures[:10])
        return "\n".join(lines) + "\n"
