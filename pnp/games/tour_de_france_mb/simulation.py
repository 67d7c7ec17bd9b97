"""The Tour de France (MB) behind pnp.simulate's engine interface: what a run of Tours shows (the race
pile in every kind of stage, how stages end, the other supplies, the jerseys, the teams' colours) and
the findings it implies.

Rule ids (besides the generic TDF-SIM-INVARIANT, TDF-SIM-SEAT and TDF-SIM-ENGINE of pnp.simulate):
- TDF-SIM-RACE-DECK (question / warning): the race pile ran out during a stage of some kind (rebuilt
  from the played cards, TDF-D-RESHUFFLE), or found nothing to rebuild it from;
- TDF-SIM-SUPPLY (warning): miss-a-turn markers, finish table slots, the standings board or the risk
  pile fell short;
- TDF-SIM-STAGE-END (question): road stages that often stop before some team has a cyclist over the
  line, stages that often end in a tie for first, time trials often re-run, red cards often holding
  a cyclist back at the line, turns often lost to a blocked team;
- TDF-SIM-TEAM (warning): a team colour (its band and corridor) wins more or less than its share;
- TDF-SIM-TIE (question): many Tours end without a single winner;
- TDF-SIM-JERSEY (question): the final Yellow Jersey often is not the winner of the Tour;
- TDF-ENGINE-... (question): one per point where the engine follows a choice of ``engine:``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, ClassVar

from pnp.check.findings import Finding, question, warning
from pnp.games.tour_de_france_mb.engine import ITT, ROAD, TTT, EngineData, TourEngine, TourRecord
from pnp.games.tour_de_france_mb.engine.data import KIND_NAMES, STAGE_KINDS
from pnp.simulate.engine import Details, GameRecord, Watch
from pnp.simulate.findings import run_words
from pnp.simulate.stats import Share, Summary, wilson

RUN_OUT = 0.05
"""From this share of stages of a kind where the race pile ran out (the interval above it), the
run-out is common; below, it is rare (the finding says which)."""
OFTEN = 0.25
"""From this share (the interval above it), a stage ending, a re-run or a jersey outcome is 'often'."""
BLOCKED = 0.05
"""From this share of turns lost to a team with no cyclist able to move (interval above it), a question."""
NO_WINNER = 0.05
"""From this share of Tours without a single winner (interval above it), a question."""

WORDS = {ROAD: "road stages", TTT: "team time trials", ITT: "individual time trials"}


@dataclass(frozen=True)
class StageFigures:
    """The figures of every stage of one kind in a run."""

    kind: str
    stages: int
    plays: Summary
    rounds: Summary
    runout: Share
    """Stages in which a draw found the race pile empty (it was rebuilt from the played cards)."""
    runout_round: Summary
    """The round of a stage's first run-out."""
    runout_plays: Summary
    """Race cards played in the stage before its first run-out."""
    runouts: Summary
    dry: Share
    """Stages in which a draw found nothing at all (no pile, no played card)."""
    tie_first: Share
    """Stages whose first place is shared (teams, or time trial racers after the re-runs)."""

    @classmethod
    def of(cls, kind: int, logs: list) -> "StageFigures":
        n = len(logs)
        first = [s.runouts[0] for s in logs if s.runouts]
        return cls(
            kind=KIND_NAMES[kind], stages=n,
            plays=Summary.of(s.plays for s in logs), rounds=Summary.of(s.rounds for s in logs),
            runout=Share(len(first), n), runout_round=Summary.of(r for r, _p in first),
            runout_plays=Summary.of(p for _r, p in first), runouts=Summary.of(len(s.runouts) for s in logs),
            dry=Share(sum(1 for s in logs if s.dry), n),
            tie_first=Share(sum(1 for s in logs if s.ties_first > 1), n),
        )

    def as_dict(self) -> dict:
        return {"stages": self.stages, "cards_played": self.plays.as_dict(), "rounds": self.rounds.as_dict(),
                "pile_ran_out": self.runout.as_dict(), "first_run_out_round": self.runout_round.as_dict(),
                "cards_played_before_run_out": self.runout_plays.as_dict(),
                "run_outs_per_stage": self.runouts.as_dict(), "nothing_to_draw": self.dry.as_dict(),
                "first_place_shared": self.tie_first.as_dict()}


@dataclass(frozen=True)
class TourDetails(Details):
    """Every kind of stage (cards played, rounds, the race pile running out and when), road stages
    (finishers, blocked turns, risk cards, markers, the red cards at the line), time trials (re-runs,
    cards per racer), jerseys (Yellow changes, Green winners, the final Yellow against the winner),
    supplies (markers, finish slots, standings), the teams' colours, the Tour's cards and points."""

    stage_kinds: tuple[str, ...]
    kinds: tuple[StageFigures, ...]
    finishers: Summary
    teams_out: Share
    """Road stages that stopped with a team that had no cyclist over the line."""
    blocked: Share
    passes: Share
    risk_draws: Summary
    risk_red: Share
    risk_dry: Share
    markers: Summary
    markers_short: Share
    markers_printed: int
    table_full: Share
    finish_slots: int
    held_red: Share
    yellow_at_green: Share
    reruns: Share
    itt_cards: Summary
    yellow_changes: Summary
    yellow_players: Summary
    final_yellow_wins: Share
    green_players: Summary
    green_sweep: Share
    standings_over: Share
    standings_max: int
    teams: tuple[str, ...]
    team_wins: tuple[Share, ...]
    """Per team colour: Tours it won, of the Tours with a winner that it raced."""
    cards: Summary
    winning_total: Summary
    margin: Summary

    no_winner: ClassVar[str] = "two or more players tied for the best total"

    @classmethod
    def of(cls, data: EngineData, records: Sequence[GameRecord], players: int, stages: tuple[int, ...]
           ) -> "TourDetails":
        tours: list[TourRecord] = [g.detail for g in records]
        logs = [s for t in tours for s in t.stages]
        by_kind = {k: [s for s in logs if s.kind == k] for k in (ROAD, TTT, ITT)}
        roads, itts = by_kind[ROAD], by_kind[ITT]
        kinds = tuple(StageFigures.of(k, v) for k, v in by_kind.items() if v)
        later_roads = [s for t in tours for s in t.stages[1:] if s.kind == ROAD]
        turns = sum(s.turns for s in roads + by_kind[TTT])
        draws = sum(s.risk_draws for s in roads)
        decided = [t for t in tours if t.winner is not None]
        team_games = [sum(1 for t in decided if k in t.teams) for k in range(len(data.teams))]
        return cls(
            stage_kinds=tuple(KIND_NAMES[data.stages[i]] for i in stages), kinds=kinds,
            finishers=Summary.of(s.finishers for s in roads),
            teams_out=Share(sum(1 for s in roads if s.teams_in < players), len(roads)),
            blocked=Share(sum(s.redraws for s in roads + by_kind[TTT]), turns),
            passes=Share(sum(s.passes for s in roads + by_kind[TTT]), turns),
            risk_draws=Summary.of(s.risk_draws for s in roads),
            risk_red=Share(sum(s.risk_red for s in roads), draws),
            risk_dry=Share(sum(1 for s in roads if s.risk_dry), len(roads)),
            markers=Summary.of(s.markers for s in roads),
            markers_short=Share(sum(1 for s in roads if s.markers > data.markers), len(roads)),
            markers_printed=data.markers,
            table_full=Share(sum(1 for s in logs if s.table_full), len(logs)), finish_slots=data.finish_slots,
            held_red=Share(sum(1 for s in roads if s.held_red_at_line), len(roads)),
            yellow_at_green=Share(sum(1 for s in later_roads if s.yellow_at_green), len(later_roads)),
            reruns=Share(sum(1 for s in itts if s.reruns), len(itts)),
            itt_cards=Summary.of(c for s in itts for c in s.itt_cards),
            yellow_changes=Summary.of(_changes([s.yellow for s in t.stages]) for t in tours),
            yellow_players=Summary.of(len({s.yellow for s in t.stages if s.yellow >= 0}) for t in tours),
            final_yellow_wins=Share(sum(1 for t in decided if t.yellow == t.winner), len(decided)),
            green_players=Summary.of(len({s.green for s in t.stages if s.green >= 0}) for t in tours),
            green_sweep=Share(sum(1 for t in tours if _sweep([s.green for s in t.stages if s.kind == ROAD])),
                              len(tours)),
            standings_over=Share(sum(1 for t in tours if max(t.individual + t.team, default=0) > data.standings_max),
                                 len(tours)),
            standings_max=data.standings_max,
            teams=data.teams,
            team_wins=tuple(Share(sum(1 for t in decided if t.winning_team == k), team_games[k])
                            for k in range(len(data.teams))),
            cards=Summary.of(sum(s.plays for s in t.stages) for t in tours),
            winning_total=Summary.of(max(t.totals) for t in tours),
            margin=Summary.of(_margin(t.totals) for t in tours),
        )

    def kind(self, name: str) -> StageFigures | None:
        return next((k for k in self.kinds if k.kind == name), None)

    def header(self) -> str:
        return f"{len(self.stage_kinds)} stages ({', '.join(self.stage_kinds)})"

    def as_dict(self) -> dict:
        return {
            "stages": list(self.stage_kinds),
            "by_stage_kind": {k.kind: k.as_dict() for k in self.kinds},
            "road": {"finishers": self.finishers.as_dict(), "team_without_finisher": self.teams_out.as_dict(),
                     "blocked_turns": self.blocked.as_dict(),
                     "turns_missed_by_a_whole_team": self.passes.as_dict(),
                     "risk_draws": self.risk_draws.as_dict(), "red_of_risk_draws": self.risk_red.as_dict(),
                     "risk_pile_empty": self.risk_dry.as_dict(), "markers_at_once": self.markers.as_dict(),
                     "markers_short": self.markers_short.as_dict(), "markers_printed": self.markers_printed,
                     "red_card_held_at_the_line": self.held_red.as_dict(),
                     "yellow_first_at_green_line": self.yellow_at_green.as_dict()},
            "time_trial": {"re_run": self.reruns.as_dict(), "cards_per_racer": self.itt_cards.as_dict()},
            "supplies": {"finish_table_full": self.table_full.as_dict(), "finish_slots": self.finish_slots,
                         "standings_over": self.standings_over.as_dict(), "standings_max": self.standings_max},
            "jerseys": {"yellow_changes": self.yellow_changes.as_dict(),
                        "yellow_players": self.yellow_players.as_dict(),
                        "final_yellow_wins": self.final_yellow_wins.as_dict(),
                        "green_players": self.green_players.as_dict(), "green_sweep": self.green_sweep.as_dict()},
            "team_wins": {team: s.as_dict() for team, s in zip(self.teams, self.team_wins)},
            "cards_per_tour": self.cards.as_dict(),
            "winning_total": self.winning_total.as_dict(), "winning_margin": self.margin.as_dict(),
        }

    def lines(self, report) -> list[str]:
        out = []
        for k in self.kinds:
            out += [
                f"{k.kind} ({k.stages} stages): cards played {k.plays.text()}; rounds {k.rounds.text()}",
                f"  race pile ran out: {k.runout.text()}"
                + (f"; first at round {k.runout_round.text()}" if k.runout.k else ""),
                f"  nothing left to draw: {k.dry.text()}; first place shared: {k.tie_first.text()}",
            ]
        out += [
            "",
            f"road stages: cyclists on the finish table {self.finishers.text()}",
            f"  stopped with a team that had no cyclist over the line: {self.teams_out.text()}",
            f"  turns with no cyclist able to move (redraw): {self.blocked.text()}",
            f"  turns missed by a whole team: {self.passes.text()}",
            f"  risk cards drawn per stage: {self.risk_draws.text()}; red: {self.risk_red.text()}",
            f"  most cyclists missing a turn at once: {self.markers.text()} ({self.markers_printed} markers)",
            f"  a red card held a cyclist back at the line: {self.held_red.text()}",
            f"  Yellow first over the green line: {self.yellow_at_green.text()}",
            f"time trial re-run: {self.reruns.text()}; cards per racer {self.itt_cards.text()}",
            "",
            f"Yellow Jersey changes per Tour: {self.yellow_changes.text()}; players who wore it "
            f"{self.yellow_players.text()}",
            f"final Yellow wins the Tour: {self.final_yellow_wins.text()}",
            f"Green Jersey winners per Tour: {self.green_players.text()}; one player takes every Green: "
            f"{self.green_sweep.text()}",
            "wins by team colour: " + ", ".join(f"{t} {100 * s.value:.1f} %" for t, s in zip(self.teams, self.team_wins)
                                                if s.n),
            f"winning total {self.winning_total.text()}; margin {self.margin.text()}",
            f"supplies: finish table full {self.table_full.text()}; standings over {self.standings_max}: "
            f"{self.standings_over.text()}",
            f"race cards played per Tour: {self.cards.text()}",
            f"game length ({report.move_unit}): {report.game_length.text()}",
        ]
        return out

    def outcomes(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in self.kinds:
            out[f"{k.kind}: pile ran out"] = k.runout
        out["final yellow wins"] = self.final_yellow_wins
        out["blocked turns"] = self.blocked
        out["race cards per tour"] = self.cards
        return out


def _changes(seats: list[int]) -> int:
    held = [s for s in seats if s >= 0]
    return sum(1 for a, b in zip(held, held[1:]) if a != b)


def _sweep(greens: list[int]) -> bool:
    return len(greens) > 1 and greens[0] >= 0 and len(set(greens)) == 1


def _margin(totals: tuple[int, ...]) -> int:
    top = sorted(totals, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


class TourDeFranceSimulation(TourEngine):
    """The Tour de France (MB) engine on the printed course and decks.

    Options: ``side`` (a side of the course's board; default rules.yaml course.side) and ``stage``
    (a stage kind of rules.yaml: road, team-time-trial or individual-time-trial, to race only the
    stages of that kind; default the whole Tour)."""

    rule_prefix = "TDF-SIM"
    move_unit = "decisions"
    smoke_policy = "greedy"

    @classmethod
    def from_model(cls, model, side: str | None = None, stage: str | None = None,
                   **options) -> "TourDeFranceSimulation":
        if options:
            raise ValueError(f"the Tour de France (MB) engine has no option {', '.join(sorted(options))} "
                             "(it knows: side, stage)")
        data = EngineData.from_model(model, side)
        stages = None
        if stage is not None:
            if stage not in STAGE_KINDS:
                raise ValueError(f"no stage kind '{stage}' (use one of: {', '.join(STAGE_KINDS)})")
            stages = tuple(i for i, k in enumerate(data.stages) if k == STAGE_KINDS[stage])
            if not stages:
                raise ValueError(f"the Tour has no {stage} stage")
        return cls(data, stages)

    @classmethod
    def variants(cls, model) -> list[dict[str, Any]]:
        """One: every Tour races every stage kind of rules.yaml on the course's one side."""
        return [{}]

    def validate(self, players: int, policy: str) -> None:
        if not 1 <= players <= len(self.data.teams):
            raise ValueError(f"{players} players: the game has {len(self.data.teams)} teams")
        super().validate(players, policy)

    def summarize(self, records: Sequence[GameRecord], players: int) -> TourDetails:
        return TourDetails.of(self.data, records, players, self.stages)

    def findings(self, model, report) -> list[Finding]:
        return report_findings(model, report, self.component(report), self.data)

    def engine_findings(self, model) -> list[Finding]:
        from pnp.games.tour_de_france_mb.engine.gaps import gap_findings

        return gap_findings(model)

    def watched(self, report) -> list[Watch]:
        d: TourDetails = report.detail
        out = [Watch(f"{k.kind}: pile ran out", k.runout, RUN_OUT) for k in d.kinds]
        out += [Watch(f"{k.kind}: first place shared", k.tie_first, OFTEN) for k in d.kinds if k.kind != "road"]
        out += [Watch("time trial re-run", d.reruns, OFTEN), Watch("blocked turns", d.blocked, BLOCKED),
                Watch("red card held at the line", d.held_red, OFTEN),
                Watch("road stage stopped before a team finished", d.teams_out, OFTEN),
                Watch("final yellow wins", d.final_yellow_wins, 1 - OFTEN),
                Watch("tied tours", report.no_winner, NO_WINNER)]
        # the team colours' wins are read from the same run (TDF-SIM-TEAM) but not watched: like the
        # seats, a fair share is only decided by a narrow interval, and the seats already ask for it
        return out

    @classmethod
    def source(cls, model, topic: str, players: int | None = None):
        if topic == "seat":
            return model.sources.rule("players")
        return model.sources.rule("engine")


def _decision(model, decision: str):
    """Where ``decision`` (a TDF-D-... id) is in rules.yaml (the decisions' list when it is not there)."""
    index = next((i for i, d in enumerate(getattr(model, "decisions", ())) if d.id == decision), None)
    return model.sources.rule("decisions") if index is None else model.sources.rule("decisions", index)


def _above(share: Share, threshold: float) -> bool:
    return share.n > 0 and share.interval[0] > threshold


def _unfair(share: Share, fair: float, compared: int) -> bool:
    """``share`` excludes ``fair`` with the 95 % confidence shared among the ``compared`` shares
    (Bonferroni, as the seats' finding does): several colours compared at once would otherwise flag
    one fair colour in twenty by chance."""
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * max(1, compared)))
    lo, hi = wilson(share.k, share.n, z)
    return share.n > 0 and not lo <= fair <= hi


def report_findings(model, report, who: str, data: EngineData) -> list[Finding]:
    """TDF-SIM-RACE-DECK, -SUPPLY, -STAGE-END, -TEAM, -TIE and -JERSEY of one report (one player count)."""
    src = model.sources
    d: TourDetails = report.detail
    how = run_words(report)
    out: list[Finding] = []
    hand = {"road": ("road", "hand"), "team-time-trial": ("road", "hand"),
            "individual-time-trial": ("individual_time_trial", "hand")}
    for k in d.kinds:
        words = WORDS[STAGE_KINDS[k.kind]]
        where = src.rule(*hand[k.kind])
        if k.runout.k:
            often = "often" if _above(k.runout, RUN_OUT) else "now and then"
            out.append(question("TDF-SIM-RACE-DECK", f"{who}, {k.kind}", f"the race pile runs out {often}: in "
                                f"{k.runout.text()} of the {words}, first at round {k.runout_round.median:g} "
                                f"(rounds {k.runout_round.min}-{k.runout_round.max}), after "
                                f"{k.runout_plays.median:g} cards played (median); the played cards are shuffled "
                                f"into a new pile (TDF-D-RESHUFFLE) ({how})", where))
        if k.dry.k:
            out.append(warning("TDF-SIM-RACE-DECK", f"{who}, {k.kind}", f"in {k.dry.text()} of the {words} a "
                               "player had to draw with no race card left in the pile or among the played cards "
                               f"(every card in a hand): the hand stayed short ({how})", where))
        if k.kind != "road" and _above(k.tie_first, OFTEN):
            table = "ttt_team" if k.kind == "team-time-trial" else "itt_individual"
            out.append(question("TDF-SIM-STAGE-END", f"{who}, {k.kind}", f"the first place is shared in "
                                f"{k.tie_first.text()} of the {words}: the tied share the first place's points "
                                f"(TDF-D-TIES) ({how})", src.rule("points", table)))
    if d.markers_short.k:
        out.append(warning("TDF-SIM-SUPPLY", f"{who}, miss-a-turn markers", f"more cyclists missed a turn at once "
                           f"than the {d.markers_printed} markers printed in {d.markers_short.text()} of the road "
                           f"stages (at most {d.markers.max}) ({how})", src.rule("risk_deck", "crash_neighbours")))
    if d.table_full.k:
        out.append(warning("TDF-SIM-SUPPLY", f"{who}, finish table", f"more cyclists finished than the "
                           f"{d.finish_slots} slots of the finish table in {d.table_full.text()} of the stages "
                           f"({how})", src.rule("components", "finish_slots")))
    if d.standings_over.k:
        out.append(warning("TDF-SIM-SUPPLY", f"{who}, standings", f"a classification passed {d.standings_max}, "
                           f"the top of the standings board, in {d.standings_over.text()} of the Tours ({how})",
                           src.rule("standings", "max")))
    if d.risk_dry.k:
        out.append(warning("TDF-SIM-SUPPLY", f"{who}, risk pile", f"a cyclist stopped on a red dot with the risk "
                           f"pile empty in {d.risk_dry.text()} of the road stages ({how})",
                           src.rule("risk_deck", "hand_max")))
    if _above(d.teams_out, OFTEN):
        out.append(question("TDF-SIM-STAGE-END", f"{who}, road stages", f"{d.teams_out.text()} of the road stages "
                            "stopped, as soon as one team was complete, with a team that had no cyclist over the "
                            f"line: it scores no place on the stage ({how})", src.rule("points", "road_team")))
    if _above(d.blocked, BLOCKED):
        out.append(question("TDF-SIM-STAGE-END", f"{who}, blocked teams", f"{d.blocked.text()} of the turns found "
                            "no cyclist of the player able to move, and were spent discarding and redrawing "
                            f"({how})", src.rule("road", "redraw")))
    if _above(d.held_red, OFTEN):
        out.append(question("TDF-SIM-STAGE-END", f"{who}, red cards", f"in {d.held_red.text()} of the road stages "
                            "a cyclist waited before the line because its player held a red card "
                            f"(TDF-D-RED-PLAY) ({how})", _decision(model, "TDF-D-RED-PLAY")))
    if _above(d.reruns, OFTEN):
        out.append(question("TDF-SIM-STAGE-END", f"{who}, time trial", f"racers tied for a place worth points in "
                            f"{d.reruns.text()} of the time trials and raced again ({how})",
                            src.rule("engine", "itt_reruns")))
    if data.rules.team_choice == "random":
        fair = 1 / report.players
        raced = [s for s in d.team_wins if s.n]
        for team, s in zip(d.teams, d.team_wins):
            if _unfair(s, fair, len(raced)):
                side = "more" if s.value > fair else "less"
                out.append(warning("TDF-SIM-TEAM", f"{who}, team {team}", f"the {team} team (its start band and "
                                   f"corridor) won {s.text()} of the Tours with a winner it raced, {side} than the "
                                   f"fair {100 * fair:.1f} % ({how}); outside the interval shared among the "
                                   f"{len(raced)} colours (Bonferroni), so unlikely by chance", src.rule("teams")))
    if _above(report.no_winner, NO_WINNER):
        out.append(question("TDF-SIM-TIE", who, f"{report.no_winner.text()} of the Tours end with two players "
                            f"tied for the best total, and the rules name no winner ({how})",
                            src.rule("engine", "tour_tie")))
    yellow = d.final_yellow_wins
    if yellow.n and yellow.interval[1] < 1 - OFTEN:
        out.append(question("TDF-SIM-JERSEY", f"{who}, Yellow Jersey", f"the player wearing the Yellow Jersey at "
                            f"the end (the individual leader) wins the Tour in only {yellow.text()} of the Tours: "
                            f"the winner adds the team classification ({how})", src.rule("jerseys", "yellow")))
    return out


SIMULATION = TourDeFranceSimulation
"""What pnp.simulate plays (exported by the rules module, pnp.games.tour_de_france_mb)."""
