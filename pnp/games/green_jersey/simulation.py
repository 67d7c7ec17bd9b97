"""Green Jersey behind pnp.simulate's engine interface: what one game records, what a run of them
shows (sprints, the deal and the draw pile, the jersey) and the findings it implies.

Rule ids (besides the generic GJ-SIM-INVARIANT, GJ-SIM-SEAT and GJ-SIM-ENGINE of pnp.simulate):
- GJ-SIM-SPRINT-END (warning / question): no sprint, or very few, ended with riders over the line;
- GJ-SIM-DEAL (warning / question): the draw pile ran out while dealing / held discards back;
- GJ-SIM-NO-WINNER (question): many games end with the jersey on a rider nobody owns;
- GJ-ENGINE-... (question): one per point where the engine follows a choice of ``engine:``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from pnp.check.findings import Finding, question, warning
from pnp.games.green_jersey.engine import EngineData, InvariantViolation, play_game
from pnp.simulate.engine import Details, GameRecord, Outcome, Simulation, Watch
from pnp.simulate.findings import run_words
from pnp.simulate.stats import Share, Summary

RARE_END = 0.10
"""Below this share of sprints ended on the line (upper end of the interval), a question."""
NO_WINNER = 0.10
"""From this share of games without a winner, a question."""


@dataclass(frozen=True)
class SprintRecord:
    cards_played: int
    ended: str
    finishers: int
    photo_finish: bool
    forced: int
    kept: int
    pile: int
    short: int
    short_step: str
    empty: bool
    capped: int
    discarded: int
    jersey_changed: bool


@dataclass(frozen=True)
class GreenJerseyGame:
    """``Outcome.detail`` of one game: the jersey at the end, and its sprints."""

    wearer: int
    wearer_owned: bool
    jersey_changes: int
    sprints: tuple[SprintRecord, ...]


@dataclass(frozen=True)
class GreenJerseyDetails(Details):
    """Sprint length (cards played), how sprints end (enough riders over the line, or no card
    left), the draw pile running out while dealing (and discards held back by GJ-D-DECK-OUT),
    jersey changes."""

    side: str
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
    unowned_wearer: Share
    forced: Share
    photo_finish: Share
    kept: Summary

    no_winner: ClassVar[str] = "the jersey on a rider nobody owns"

    @classmethod
    def of(cls, records: Sequence[GameRecord], side: str, sprints_per_game: int) -> "GreenJerseyDetails":
        games = [g.detail for g in records]
        sprints = [s for g in games for s in g.sprints]
        by_number = [[g.sprints[i] for g in games if len(g.sprints) > i] for i in range(sprints_per_game)]
        n = len(sprints)
        fin = sum(1 for s in sprints if s.ended == "finishers")
        plays = sum(s.cards_played for s in sprints)
        steps: dict[str, int] = {}
        for s in sprints:
            if s.short:
                steps[s.short_step] = steps.get(s.short_step, 0) + 1
        return cls(
            side=side, sprints_per_game=sprints_per_game,
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
            jersey_changes=Summary.of(g.jersey_changes for g in games),
            unowned_wearer=Share(sum(1 for g in games if g.wearer >= 0 and not g.wearer_owned), len(games)),
            forced=Share(sum(s.forced for s in sprints), plays),
            photo_finish=Share(sum(1 for s in sprints if s.photo_finish), n),
            kept=Summary.of(s.kept for s in sprints if s.ended == "finishers"),
        )

    def header(self) -> str:
        return f"side {self.side}, {self.sprints_per_game} sprints"

    def outcomes(self) -> dict:
        return {"sprint ended on the line": self.ended_by_finishers, "sprint length": self.sprint_length,
                "pile ran out in a deal": self.deal_short, "discards held back": self.deal_capped,
                "jersey changes": self.jersey_changes, "photo-finish": self.photo_finish}

    def as_dict(self) -> dict:
        return {
            "side": self.side, "sprints_per_game": self.sprints_per_game,
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
            "unowned_wearer": self.unowned_wearer.as_dict(),
            "forced_plays": self.forced.as_dict(),
            "photo_finish": self.photo_finish.as_dict(),
            "cards_kept": self.kept.as_dict(),
        }

    def lines(self, report) -> list[str]:
        return [
            f"sprint length (cards played): {self.sprint_length.text()}",
            "  by sprint: " + ", ".join(f"{i}: {v:.1f}" for i, v in enumerate(self.sprint_length_by_sprint, 1)),
            f"sprint ends with riders over the line: {self.ended_by_finishers.text()}",
            f"sprint ends with no card left:        {self.ended_by_cards.text()}",
            "  over the line, by sprint: " + ", ".join(
                f"{i}: {100 * s.value:.0f} %" for i, s in enumerate(self.finishers_by_sprint, 1)),
            f"riders over the line per sprint: {self.finishers_per_sprint.text()}",
            f"photo-finish for a scoring place: {self.photo_finish.text()}",
            f"cards kept by all players together after a sprint ended on the line: {self.kept.text()}",
            "",
            f"draw pile ran out while dealing: {self.deal_short.text()}"
            + (f" (at: {', '.join(f'{k} {v}' for k, v in self.deal_short_steps.items())})"
               if self.deal_short_steps else ""),
            "  by sprint: " + ", ".join(f"{i}: {s.k}" for i, s in enumerate(self.deal_short_by_sprint, 1)),
            f"draw pile empty after the deal: {self.deal_empty.text()}",
            "  by sprint: " + ", ".join(
                f"{i}: {100 * s.value:.0f} %" for i, s in enumerate(self.deal_empty_by_sprint, 1)),
            f"deals where the pile held back discards: {self.deal_capped.text()}",
            f"cards discarded per deal: {self.discards.text()}",
            "",
            f"jersey changes per game: {self.jersey_changes.text()}",
            f"game length ({report.move_unit}): {report.game_length.text()}",
            f"cards played without a move (no legal move): {self.forced.text()}",
        ]


class GreenJerseySimulation(Simulation):
    """Green Jersey's engine (pnp.games.green_jersey.engine) on the printed board side and deck.

    Options: ``side`` (a board side; default ``engine.board_side`` of rules.yaml), ``sprints``
    (sprints per game; default the first number of rules.yaml for the player count) or
    ``sprint_option`` (which of the rules' numbers for the player count, from 0)."""

    rule_prefix = "GJ-SIM"
    move_unit = "cards played"
    smoke_policy = "greedy"  # random play hardly ever races anyone to the line

    def __init__(self, data: EngineData, sprints: int | None = None, sprint_option: int = 0) -> None:
        self.data = data
        self.sprints = sprints
        self.sprint_option = sprint_option
        self.game = data.game

    @classmethod
    def from_model(cls, model, side: str | None = None, sprints: int | None = None,
                   sprint_option: int | None = None) -> "GreenJerseySimulation":
        return cls(EngineData.from_model(model, side), sprints, sprint_option or 0)

    @classmethod
    def variants(cls, model) -> list[dict]:
        """Every board side, with every number of sprints the rules give (for the player counts
        that have a second one, a second variant)."""
        sides = [s.id for b in model.boards[:1] for s in b.sides] or [None]
        options = max((len(v) for v in model.facts.sprints.values()), default=1)
        return [{"side": side, **({"sprint_option": i} if i else {})} for side in sides for i in range(options)]

    def validate(self, players: int, policy: str) -> None:
        if not 1 <= players <= self.data.n_riders:
            raise ValueError(f"{players} players: the game has {self.data.n_riders} riders")
        if self.sprints is None and self.sprint_option and \
                len(self.data.sprints.get(players, ())) <= self.sprint_option:
            raise ValueError(f"{players} players: the rules give no sprint count number {self.sprint_option + 1}")
        super().validate(players, policy)

    def sprints_per_game(self, players: int) -> int:
        if self.sprints is not None:
            return self.sprints
        if self.sprint_option:
            return self.data.sprints[players][self.sprint_option]
        return self.data.sprints_for(players)

    def watched(self, report) -> list[Watch]:
        d: GreenJerseyDetails = report.detail
        return [Watch("sprints ended on the line", d.ended_by_finishers, RARE_END),
                Watch("games without a winner", report.no_winner, NO_WINNER)]

    def play(self, players: int, seed: int, policy: str, check: bool = True) -> Outcome:
        try:
            r = play_game(self.data, players, seed, policy=policy, sprints=self.sprints_per_game(players),
                          check=check)
        except InvariantViolation as exc:
            return Outcome(None, exc.move, None, exc.detail, exc.move, (("sprint", exc.sprint),))
        sprints = tuple(
            SprintRecord(x.cards_played, x.ended, len(x.finishers), x.photo_finish, x.forced, x.kept,
                         x.deal.pile, x.deal.short, x.deal.short_step, x.deal.empty, x.deal.capped,
                         x.deal.discarded, x.jersey_changed)
            for x in r.sprints)
        owned = r.wearer >= 0 and r.winner is not None
        return Outcome(r.winner, r.moves, GreenJerseyGame(r.wearer, owned, r.jersey_changes, sprints))

    def summarize(self, records: Sequence[GameRecord], players: int) -> GreenJerseyDetails:
        return GreenJerseyDetails.of(records, self.data.geo.side_id, self.sprints_per_game(players))

    def component(self, report) -> str:
        return f"{report.players} players, side {report.detail.side}, {report.detail.sprints_per_game} sprints"

    @classmethod
    def source(cls, model, topic: str, players: int | None = None):
        if topic == "seat":
            return model.sources.rule("sprints", players)
        return model.sources.rule("engine")

    def findings(self, model, report) -> list[Finding]:
        return report_findings(model, report, self.component(report))

    def engine_findings(self, model) -> list[Finding]:
        from pnp.games.green_jersey.check_engine import gaps

        return gaps(model)


def report_findings(model, report, who: str) -> list[Finding]:
    """GJ-SIM-SPRINT-END, GJ-SIM-DEAL and GJ-SIM-NO-WINNER of one report (one player count)."""
    src = model.sources
    d: GreenJerseyDetails = report.detail
    how = run_words(report)
    out: list[Finding] = []
    end = d.ended_by_finishers
    where = src.rule("sprint", "finishers_to_end")
    if end.n and end.k == 0:
        out.append(warning("GJ-SIM-SPRINT-END", who, f"no sprint of {end.n} ended with the riders over the "
                           f"line ({how}): every sprint ran out of cards", where))
    elif end.n and end.interval[1] < RARE_END:
        out.append(question("GJ-SIM-SPRINT-END", who, f"only {end.text()} of the sprints ended with the riders "
                            f"over the line ({how}); the others ran out of cards", where))
    short = d.deal_short
    if short.k:
        at = ", ".join(f"sprint {i}: {s.k}" for i, s in enumerate(d.deal_short_by_sprint, 1) if s.k)
        out.append(warning("GJ-SIM-DEAL", who, f"the draw pile ran out while dealing in {short.text()} of the "
                           f"deals ({at}); those hands stayed short ({how})", src.rule("deal", "discard_max")))
    capped = d.deal_capped
    if capped.k:
        out.append(question("GJ-SIM-DEAL", who, f"the draw pile held discards back in {capped.text()} of the "
                            f"deals (GJ-D-DECK-OUT), {d.capped_players.mean:.1f} players a deal on average "
                            f"({how})", src.rule("deal", "discard_max")))
    none = report.no_winner
    if none.n and none.value >= NO_WINNER:
        out.append(question("GJ-SIM-NO-WINNER", who, f"{none.text()} of the games ended with the jersey on a "
                            f"rider nobody owns, so without a winner ({how})", src.rule("riders")))
    return out


SIMULATION = GreenJerseySimulation
"""What pnp.simulate plays (exported by the rules module, pnp.games.green_jersey)."""
