"""Maillot Jaune behind pnp.simulate's engine interface: what a run of races shows (the rider
profiles' wins and podiums, how races end, punctures and their markers, abandons, the dial and the
form running out, slipstreams) and the findings it implies.

Rule ids (besides the generic MJ-SIM-INVARIANT, MJ-SIM-SEAT and MJ-SIM-ENGINE of pnp.simulate):
- MJ-SIM-PROFILE (warning): a star profile wins the Tour more or less often than its share of riders;
- MJ-SIM-PODIUM (warning): ... or reaches the podium more or less often;
- MJ-SIM-NO-WINNER (question): many races end with the yellow jersey on nobody's rider, or nobody left;
- MJ-SIM-TIES (question): the yellow jersey is often decided on equal time, by the tie rule;
- MJ-SIM-MARKERS (warning): more riders wait out a puncture at once than the kit has markers;
- MJ-SIM-PUNCTURES (question): punctures in most races;
- MJ-SIM-ABANDON (question): riders abandon in many races;
- MJ-SIM-FORM (question): many riders end the Tour with no form left;
- MJ-SIM-ENERGY (question): the dial runs empty in most stages of most riders;
- MJ-ENGINE-... (question): one per point where the engine follows a choice of ``engine:``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from pnp.check.findings import Finding, question, warning
from pnp.games.maillot_jaune.engine.data import LEVELS, EngineData
from pnp.games.maillot_jaune.engine.game import RaceEngine
from pnp.games.maillot_jaune.engine.race import DECIDED
from pnp.games.maillot_jaune.engine.record import RaceRecord
from pnp.simulate.engine import Details, GameRecord, Watch
from pnp.simulate.findings import run_words
from pnp.simulate.stats import Share, Summary

NO_WINNER = 0.10
"""From this share of races without a winning player, a question."""
TIES = 0.02
"""From this share of races whose yellow jersey is decided on equal time, a question."""
MARKERS = 0.01
"""From this share of races in which the puncture markers ran short, a warning."""
PUNCTURES = 0.50
"""From this share of races with a puncture, a question."""
ABANDONS = 0.05
"""From this share of races in which a rider abandons, a question."""
FORM_OUT = 0.05
"""From this share of riders ending the Tour without form, a question."""
DIAL_OUT = 0.50
"""From this share of a rider's stages in which its dial runs empty, a question."""


@dataclass(frozen=True)
class ProfileStat:
    """How the riders of one star profile fared: ``wins`` of the races with a yellow jersey against
    ``fair_win`` (its share of the riders), ``podiums`` of its riders' races against ``fair_podium``."""

    profile: str
    stars: tuple[int, ...]
    riders: int
    wins: Share
    fair_win: float
    podiums: Share
    fair_podium: float
    places: Summary
    abandons: Share
    stage_wins: tuple[Share, ...]

    @property
    def unfair(self) -> bool:
        return self.wins.excludes(self.fair_win)

    @property
    def unfair_podium(self) -> bool:
        return self.podiums.excludes(self.fair_podium)

    def as_dict(self, terrains: tuple[str, ...]) -> dict:
        return {"profile": self.profile, "stars": dict(zip(terrains, self.stars)), "riders": self.riders,
                "wins": self.wins.as_dict(), "fair_win": round(self.fair_win, 4), "unfair": self.unfair,
                "podiums": self.podiums.as_dict(), "fair_podium": round(self.fair_podium, 4),
                "unfair_podium": self.unfair_podium, "places": self.places.as_dict(),
                "abandons": self.abandons.as_dict(), "stage_wins": [s.as_dict() for s in self.stage_wins]}


@dataclass(frozen=True)
class MaillotJauneDetails(Details):
    """The profiles' results, how races end, punctures and markers, abandons, dial and form, the
    slipstream, and the rounds per stage."""

    level: str
    terrains: tuple[str, ...]
    riders_per_seat: int
    unowned: int
    markers: int
    profiles: tuple[ProfileStat, ...]
    riders: tuple[tuple[str, Share], ...]
    yellow_unowned: Share
    nobody_left: Share
    decided: tuple[tuple[str, Share], ...]
    margin: Summary
    stage_rounds: tuple[Summary, ...]
    punctures: Summary
    puncture_rate: Share
    waiting_max: Summary
    markers_short: Share
    with_puncture: Share
    skipped: Summary
    helps: Summary
    abandons: Summary
    with_abandon: Share
    abandons_by_stage: tuple[int, ...]
    form_left: Summary
    form_out: Share
    dial_out: Share
    energy_left: Summary
    shifts: Summary
    slip_paid: Summary
    slip_rolls: Summary
    escapes: Summary
    pairs: Summary
    breakaways: tuple[tuple[str, Share], ...]

    no_winner: ClassVar[str] = "the yellow jersey on a rider nobody owns, or every rider out"

    @classmethod
    def of(cls, records: Sequence[GameRecord], data: EngineData, players: int) -> "MaillotJauneDetails":
        games: list[RaceRecord] = [g.detail for g in records]
        n = len(games)
        with_yellow = [g for g in games if any(g.ranks)]
        per = data.n_riders // players
        stages = len(data.stages)
        rider_stages = sum(len(g.stage_winners) * data.n_riders for g in games)
        moves = sum(g.risky + g.safe + g.plain for g in games)
        finishers = [f for g in games for r, f in enumerate(g.form_left) if g.ranks[r]]
        return cls(
            level=data.level, terrains=data.terrains, riders_per_seat=per, unowned=data.n_riders - per * players,
            markers=data.markers, profiles=_profiles(games, with_yellow, data),
            riders=tuple((name, Share(sum(1 for g in with_yellow if g.ranks[r] == 1), len(with_yellow)))
                         for r, name in enumerate(data.riders)),
            yellow_unowned=Share(sum(1 for g in with_yellow if g.owners[g.ranks.index(1)] < 0), n),
            nobody_left=Share(n - len(with_yellow), n),
            decided=tuple((d, Share(sum(1 for g in games if g.decided_by == d), n)) for d in DECIDED),
            margin=Summary.of(g.margin for g in games if g.margin >= 0),
            stage_rounds=tuple(Summary.of(g.stage_rounds[i] for g in games if len(g.stage_rounds) > i)
                               for i in range(stages)),
            punctures=Summary.of(g.punctures + g.slip_punctures for g in games),
            puncture_rate=Share(sum(g.punctures for g in games), sum(g.risky for g in games)),
            waiting_max=Summary.of(g.waiting_max for g in games),
            markers_short=Share(sum(1 for g in games if g.markers_short), n),
            with_puncture=Share(sum(1 for g in games if g.punctures + g.slip_punctures), n),
            skipped=Summary.of(g.skipped for g in games),
            helps=Summary.of(g.helps for g in games),
            abandons=Summary.of(len(g.abandons) for g in games),
            with_abandon=Share(sum(1 for g in games if g.abandons), n),
            abandons_by_stage=tuple(sum(1 for g in games for _, s in g.abandons if s == i) for i in range(stages)),
            form_left=Summary.of(finishers),
            form_out=Share(sum(1 for g in games for f in g.form_left if f == 0), n * data.n_riders),
            dial_out=Share(sum(g.dial_empty for g in games), rider_stages),
            energy_left=Summary.of(e for g in games for e in g.energy_left),
            shifts=Summary.of(g.shifts for g in games), slip_paid=Summary.of(g.slip_paid for g in games),
            slip_rolls=Summary.of(g.slip_rolls for g in games), escapes=Summary.of(g.escapes for g in games),
            pairs=Summary.of(g.pairs for g in games),
            breakaways=(("risky", Share(sum(g.risky for g in games), moves)),
                        ("safe only", Share(sum(g.safe for g in games), moves)),
                        ("none", Share(sum(g.plain for g in games), moves))),
        )

    def header(self) -> str:
        return f"{self.level} rules"

    def outcomes(self) -> dict:
        spread = [p.wins.value for p in self.profiles]
        return {"yellow jersey nobody's": self.yellow_unowned, "every rider out": self.nobody_left,
                "decided on equal time": Share(sum(s.k for d, s in self.decided if d != DECIDED[0]),
                                               self.decided[0][1].n),
                "profile win spread": round(max(spread) - min(spread), 4) if spread else 0.0,
                "punctures": self.punctures, "markers ran short": self.markers_short,
                "abandons": self.abandons, "riders out of form": self.form_out,
                "rounds of stage 1": self.stage_rounds[0] if self.stage_rounds else Summary.of([])}

    def as_dict(self) -> dict:
        return {
            "level": self.level, "riders_per_seat": self.riders_per_seat, "unowned_riders": self.unowned,
            "profiles": [p.as_dict(self.terrains) for p in self.profiles],
            "rider_wins": {name: s.as_dict() for name, s in self.riders},
            "race_end": {"yellow_unowned": self.yellow_unowned.as_dict(), "nobody_left": self.nobody_left.as_dict(),
                         "decided_by": {d: s.as_dict() for d, s in self.decided},
                         "margin_minutes": self.margin.as_dict()},
            "stage_rounds": [s.as_dict() for s in self.stage_rounds],
            "punctures": {"per_game": self.punctures.as_dict(), "per_risky_roll": self.puncture_rate.as_dict(),
                          "games_with": self.with_puncture.as_dict(), "waiting_at_once": self.waiting_max.as_dict(),
                          "markers": self.markers, "markers_short": self.markers_short.as_dict(),
                          "turns_missed": self.skipped.as_dict(), "helps": self.helps.as_dict()},
            "abandons": {"per_game": self.abandons.as_dict(), "games_with": self.with_abandon.as_dict(),
                         "by_stage": list(self.abandons_by_stage)},
            "form": {"left_at_the_end": self.form_left.as_dict(), "ran_out": self.form_out.as_dict()},
            "energy": {"dial_ran_empty": self.dial_out.as_dict(), "left_at_the_line": self.energy_left.as_dict()},
            "slipstream": {"squares_pulled": self.shifts.as_dict(), "leaders_paid": self.slip_paid.as_dict(),
                           "leaders_rolled": self.slip_rolls.as_dict(), "shaken_off": self.escapes.as_dict(),
                           "side_by_side": self.pairs.as_dict()},
            "breakaways": {k: s.as_dict() for k, s in self.breakaways},
        }

    def lines(self, report) -> list[str]:
        out = [f"riders per seat: {self.riders_per_seat}, nobody's: {self.unowned}", "",
               "Tour wins and podiums per star profile (fair share in brackets):"]
        for p in self.profiles:
            flag = "  <- outside the interval" if p.unfair or p.unfair_podium else ""
            stars = "/".join(str(s) for s in p.stars)
            out.append(f"  {p.profile} ({stars}, {p.riders} rider{'s' if p.riders > 1 else ''}): "
                       f"wins {p.wins.text()} [{100 * p.fair_win:.1f}], podiums {p.podiums.text()} "
                       f"[{100 * p.fair_podium:.1f}]{flag}")
            out.append("    stage wins: " + ", ".join(f"{i}: {100 * s.value:.0f} %"
                                                     for i, s in enumerate(p.stage_wins, 1)))
        out += ["", f"yellow jersey on a rider nobody owns: {self.yellow_unowned.text()}",
                f"every rider out of the Tour: {self.nobody_left.text()}",
                "yellow jersey decided by: " + ", ".join(f"{d} {s.k}" for d, s in self.decided),
                f"margin of the winner (minutes): {self.margin.text()}",
                "rounds per stage: " + "; ".join(f"{i}: {s.text()}" for i, s in enumerate(self.stage_rounds, 1)),
                "",
                f"punctures per race: {self.punctures.text()} ({_counts(self.punctures)})",
                f"punctures per risky throw: {self.puncture_rate.text()}",
                f"riders waiting at once, at most: {_counts(self.waiting_max)}; markers in the kit: {self.markers}",
                f"races where the markers ran short: {self.markers_short.text()}",
                f"turns missed per race: {self.skipped.text()}; helps per race: {self.helps.text()}",
                "",
                f"abandons per race: {self.abandons.text()} ({_counts(self.abandons)}); by stage: "
                + ", ".join(f"{i}: {n}" for i, n in enumerate(self.abandons_by_stage, 1)),
                f"form left at the end: {self.form_left.text()}; riders out of form: {self.form_out.text()}",
                f"dial ran empty (rider-stages): {self.dial_out.text()}",
                f"energy left on crossing the line: {self.energy_left.text()} ({_counts(self.energy_left)})",
                "moves with a breakaway: " + ", ".join(f"{k} {100 * s.value:.1f} %" for k, s in self.breakaways),
                f"slipstream per race: squares pulled {self.shifts.text()}; "
                f"leaders paid {self.slip_paid.mean:.1f}, rolled {self.slip_rolls.mean:.1f}, shook off "
                f"{self.escapes.mean:.1f}, rode side by side {self.pairs.mean:.1f}",
                "",
                f"game length ({report.move_unit}): {report.game_length.text()}"]
        return out


def _counts(summary: Summary) -> str:
    """A distribution as "value: count" pairs ("0: 812, 1: 170, 2: 18")."""
    return ", ".join(f"{v}: {k}" for v, k in summary.counts) or "none"


def _profiles(games: list[RaceRecord], with_yellow: list[RaceRecord], data: EngineData) -> tuple[ProfileStat, ...]:
    riders_of: dict[str, list[int]] = {}
    for r, p in enumerate(data.profiles):
        riders_of.setdefault(p, []).append(r)
    n = data.n_riders
    podium_places = sum(min(3, sum(1 for x in g.ranks if x)) for g in games)
    fair_podium = podium_places / (len(games) * n) if games else 0.0
    stages = len(data.stages)
    out = []
    for profile, riders in riders_of.items():
        wins = sum(1 for g in with_yellow for r in riders if g.ranks[r] == 1)
        podiums = sum(1 for g in games for r in riders if 1 <= g.ranks[r] <= 3)
        out.append(ProfileStat(
            profile=profile, stars=data.profile_stars[profile], riders=len(riders),
            wins=Share(wins, len(with_yellow)), fair_win=len(riders) / n,
            podiums=Share(podiums, len(games) * len(riders)), fair_podium=fair_podium,
            places=Summary.of(g.ranks[r] for g in games for r in riders if g.ranks[r]),
            abandons=Share(sum(1 for g in games for r, _ in g.abandons if r in riders), len(games) * len(riders)),
            stage_wins=tuple(Share(sum(1 for g in games if len(g.stage_winners) > i and g.stage_winners[i] in riders),
                                   sum(1 for g in games if len(g.stage_winners) > i and g.stage_winners[i] >= 0))
                             for i in range(stages))))
    return tuple(out)


class MaillotJauneSimulation(RaceEngine):
    """Maillot Jaune's engine (pnp.games.maillot_jaune.engine) with its figures and findings.

    Options: ``level`` ("basic" or "advanced" rules; default ``engine.level`` of rules.yaml) and
    ``side`` (the board side; default its first)."""

    def summarize(self, records: Sequence[GameRecord], players: int) -> MaillotJauneDetails:
        return MaillotJauneDetails.of(records, self.data, players)

    @classmethod
    def variants(cls, model) -> list[dict]:
        """Both sets of rules: the basic ones and the advanced ones."""
        return [{"level": level} for level in LEVELS]

    def component(self, report) -> str:
        return f"{report.players} players, {report.detail.level} rules"

    @classmethod
    def source(cls, model, topic: str, players: int | None = None):
        if topic == "seat":
            return model.sources.rule("players")
        return model.sources.rule("engine")

    def watched(self, report) -> list[Watch]:
        d: MaillotJauneDetails = report.detail
        out = [Watch(f"{p.profile} wins", p.wins, p.fair_win) for p in d.profiles]
        out += [Watch(f"{p.profile} podiums", p.podiums, p.fair_podium) for p in d.profiles]
        return out + [Watch("races without a winner", report.no_winner, NO_WINNER),
                      Watch("yellow jersey on equal time", _on_equal_time(d), TIES),
                      Watch("markers ran short", d.markers_short, MARKERS),
                      Watch("races with a puncture", d.with_puncture, PUNCTURES),
                      Watch("races with an abandon", d.with_abandon, ABANDONS),
                      Watch("riders out of form", d.form_out, FORM_OUT),
                      Watch("dial ran empty", d.dial_out, DIAL_OUT)]

    def findings(self, model, report) -> list[Finding]:
        return report_findings(model, report, self.component(report))

    def engine_findings(self, model) -> list[Finding]:
        from pnp.games.maillot_jaune.engine.gaps import engine_findings

        return engine_findings(model)


def _on_equal_time(d: MaillotJauneDetails) -> Share:
    n = d.decided[0][1].n
    return Share(sum(s.k for name, s in d.decided if name != DECIDED[0]), n)


def _decided_above(share: Share, threshold: float) -> bool:
    """The share is at or above ``threshold``."""
    return share.n > 0 and share.value >= threshold


def _profile_findings(d: MaillotJauneDetails, how: str, who: str, src) -> list[Finding]:
    """MJ-SIM-PROFILE and MJ-SIM-PODIUM: one warning each listing every profile whose wins (podiums)
    fall outside their fair share, at the line of the one farthest from it."""
    out = []
    for rule, unfair, share, fair, what in (
            ("MJ-SIM-PROFILE", "unfair", "wins", "fair_win", "won the Tour in {s} of the races"),
            ("MJ-SIM-PODIUM", "unfair_podium", "podiums", "fair_podium", "reached the podium in {s} of their races")):
        off = [p for p in d.profiles if getattr(p, unfair)]
        if not off:
            continue
        off.sort(key=lambda p: -abs(getattr(p, share).value - getattr(p, fair)))
        parts = []
        for p in off:
            stars = ", ".join(f"{t} {n}" for t, n in zip(d.terrains, p.stars))
            got = getattr(p, share)
            side = "more" if got.value > getattr(p, fair) else "less"
            parts.append(f"{p.profile} ({stars}) " + what.format(s=got.text())
                         + f", {side} than the fair {100 * getattr(p, fair):.1f} %")
        out.append(warning(rule, who, f"riders of equal star totals do not fare alike: {'; '.join(parts)} "
                           f"({how}); the rules promise every rider the same chances",
                           src.component(f"profile:{off[0].profile}")))
    return out


def report_findings(model, report, who: str) -> list[Finding]:
    """The MJ-SIM findings of one report (one player count, one set of rules)."""
    d: MaillotJauneDetails = report.detail
    how = run_words(report)
    src = model.sources
    out: list[Finding] = []
    out += _profile_findings(d, how, who, src)
    none = report.no_winner
    if _decided_above(none, NO_WINNER):
        out.append(question("MJ-SIM-NO-WINNER", who, f"{none.text()} of the races had no winning player: the "
                            f"yellow jersey went to a rider nobody owns in {d.yellow_unowned.text()}, every rider "
                            f"left the Tour in {d.nobody_left.text()}; {d.unowned} of the riders are nobody's "
                            f"at {report.players} players ({how})", src.rule("engine", "winner")))
    equal = _on_equal_time(d)
    if _decided_above(equal, TIES):
        parts = ", ".join(f"{name} {s.k}" for name, s in d.decided if name != DECIDED[0] and s.k)
        out.append(question("MJ-SIM-TIES", who, f"the first two finished on equal time in {equal.text()} of the "
                            f"races, so the tie rule of MJ-D-TIES gave the yellow jersey ({parts}): a rule the "
                            f"source leaves open decided those Tours (MJ-ENGINE-TIES) ({how})",
                            src.rule("engine", "ties")))
    if d.markers_short.k:
        out.append(warning("MJ-SIM-MARKERS", who, f"more riders waited out a puncture at once than the kit's "
                           f"{d.markers} markers in {d.markers_short.text()} of the races; riders waiting at once, "
                           f"at most, per race: {_counts(d.waiting_max)} ({how})", src.component("token:crevaison")))
    if _decided_above(d.with_puncture, PUNCTURES):
        out.append(question("MJ-SIM-PUNCTURES", who, f"{d.with_puncture.text()} of the races had a puncture; "
                            f"punctures per race: {_counts(d.punctures)} (mean {d.punctures.mean:.2f}); "
                            f"{d.puncture_rate.text()} of the risky throws punctured ({how})",
                            src.rule("risky_table")))
    if _decided_above(d.with_abandon, ABANDONS):
        out.append(question("MJ-SIM-ABANDON", who, f"riders abandoned the Tour in {d.with_abandon.text()} of the "
                            f"races; abandons per race: {_counts(d.abandons)}; by stage: "
                            + ", ".join(f"{i}: {n}" for i, n in enumerate(d.abandons_by_stage, 1)) + f" ({how})",
                            src.rule("engine", "abandon")))
    if _decided_above(d.form_out, FORM_OUT):
        out.append(question("MJ-SIM-FORM", who, f"{d.form_out.text()} of the riders ended the Tour with no form "
                            f"left; form left by the riders who finished: {_counts(d.form_left)} ({how})",
                            src.rule("form")))
    if _decided_above(d.dial_out, DIAL_OUT):
        out.append(question("MJ-SIM-ENERGY", who, f"the dial ran empty in {d.dial_out.text()} of the riders' "
                            f"stages; energy left on crossing a line: {_counts(d.energy_left)} ({how})",
                            src.rule("energy")))
    return out


SIMULATION = MaillotJauneSimulation
"""What pnp.simulate plays (exported by the rules module, pnp.games.maillot_jaune)."""
