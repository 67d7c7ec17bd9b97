"""What a run of games shows (``QuizDetails``, the game's part of a report): who wins and with which
jerseys, how games end, the decks running out, the quiz, the strategy cards, and the game's pace."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pnp.games.tour_de_france_quiz.engine.data import EngineData
from pnp.simulate.engine import Details, GameRecord
from pnp.simulate.stats import Share, Summary

ENDINGS = ("roll", "cards", "mishap")
"""What stops the winner on the Arrivée (``QuizGame.ended``)."""


@dataclass(frozen=True)
class DeckRun:
    """One shuffled deck over a run: how often a draw found it empty (and from which round), and how
    often a card was drawn again in one game (more draws than the deck has cards)."""

    key: str
    deck: str
    size: int
    ran_out: Share
    first_round: Summary
    """The round of the first draw that found it empty, in the games where one did."""
    missed: Summary
    """Draws that found it empty, per game where one did."""
    went_round: Share
    round_trip: Summary
    """The round a card was first drawn again, in the games where one was."""

    @classmethod
    def of(cls, games, i: int, key: str, deck: str, size: int) -> "DeckRun":
        out = [g for g in games if g.empty_at[i]]
        again = [g for g in games if g.round_trip[i]]
        return cls(key, deck, size, Share(len(out), len(games)), Summary.of(g.empty_at[i] for g in out),
                   Summary.of(g.missed[i] for g in out), Share(len(again), len(games)),
                   Summary.of(g.round_trip[i] for g in again))

    def as_dict(self) -> dict:
        return {"deck": self.deck, "cards": self.size, "ran_out": self.ran_out.as_dict(),
                "first_round_empty": self.first_round.as_dict(), "draws_missed": self.missed.as_dict(),
                "card_drawn_again": self.went_round.as_dict(), "first_round_again": self.round_trip.as_dict()}

    def text(self) -> str:
        line = f"{self.key} ({self.deck}, {self.size} cards): ran out {self.ran_out.text()}"
        if self.ran_out.k:
            line += f"; first empty at round {rounds(self.first_round)}; draws missed {self.missed.text()}"
        return line


def rounds(summary: Summary) -> str:
    """A distribution of rounds, in full: "median 9 (7: 3, 8: 5, 9: 6...)"."""
    counts = ", ".join(f"{k}: {v}" for k, v in summary.counts)
    return f"median {summary.median:g} ({counts})"


@dataclass(frozen=True)
class QuizDetails(Details):
    """The figures of a run of Le jeu du Tour de France (``Simulation.summarize``)."""

    side: str
    players: int
    jerseys: tuple[str, ...]
    winner_not_yellow: Share
    winner_jerseys: tuple[Share, ...]
    """Games whose winner wears each points jersey at the end (``jerseys[1:]``)."""
    ended: tuple[Share, ...]
    """How the winner stopped on the Arrivée, per ``ENDINGS``."""
    first_won: Share
    """Games won by the first pawn whose move reached or passed the Arrivée."""
    by_place: tuple[Share, ...]
    """Wins of each place in the order of play (1st: the prologue's winner), of the games with a winner."""
    decks: tuple[DeckRun, ...]
    points_ran_out: Share
    """Games where a draw found one of the points decks empty."""
    turns: Summary
    aiming: Summary
    """The rounds the exact count cost the winner (``QuizGame.aiming``)."""
    aiming_over: Share
    """Games whose winner lost more rounds to the exact count than the rulebook's pace counts."""
    finish_turns: float
    beyond_tally: Share
    """Games longer than the rows of the printed jersey points tally."""
    tally_rows: int
    bounces: Summary
    questions: Summary
    right: Share
    drawn: Summary
    played_own: Summary
    played_against: Summary
    held: Summary
    setbacks: Summary
    jokers: Summary
    trials: Summary
    skipped: Summary
    yellow_changes: Summary
    jersey_changes: tuple[Summary, ...]

    no_winner: ClassVar[str] = "no game ends without one: the first pawn on the Arrivée wins"

    @classmethod
    def of(cls, records: Sequence[GameRecord], players: int, data: EngineData) -> "QuizDetails":
        games = [g.detail for g in records]
        c = data.cards
        decks = tuple((key, name, len(ids)) for key, name, ids in zip(c.keys, c.names, c.ids))
        jerseys = data.jerseys
        won = [g for g in games if g.winner_place >= 0]
        n = len(games)
        questions = sum(g.questions for g in games)
        return cls(
            side=data.side, players=players, jerseys=jerseys,
            winner_not_yellow=Share(sum(1 for g in won if not g.winner_yellow), len(won)),
            winner_jerseys=tuple(Share(sum(1 for g in won if g.winner_jerseys[j]), len(won))
                                 for j in range(len(jerseys) - 1)),
            ended=tuple(Share(sum(1 for g in won if g.ended == e), len(won)) for e in ENDINGS),
            first_won=Share(sum(1 for g in won if g.first_won), len(won)),
            by_place=tuple(Share(sum(1 for g in won if g.winner_place == p), len(won)) for p in range(players)),
            decks=tuple(DeckRun.of(games, i, *deck) for i, deck in enumerate(decks)),
            points_ran_out=Share(sum(1 for g in games if any(g.empty_at[i] for i in data.points)), n),
            turns=Summary.of(g.turns for g in games), aiming=Summary.of(g.aiming for g in won),
            aiming_over=Share(sum(1 for g in won if g.aiming > data.finish_turns), len(won)),
            finish_turns=data.finish_turns,
            beyond_tally=Share(sum(1 for g in games if g.rounds > data.tally_rows), n), tally_rows=data.tally_rows,
            bounces=Summary.of(g.bounces for g in games), questions=Summary.of(g.questions for g in games),
            right=Share(sum(g.right for g in games), questions), drawn=Summary.of(g.drawn for g in games),
            played_own=Summary.of(g.own for g in games), played_against=Summary.of(g.against for g in games),
            held=Summary.of(g.held for g in games), setbacks=Summary.of(g.setbacks for g in games),
            jokers=Summary.of(g.jokers for g in games), trials=Summary.of(g.trials for g in games),
            skipped=Summary.of(g.skipped for g in games),
            yellow_changes=Summary.of(g.yellow_changes for g in games),
            jersey_changes=tuple(Summary.of(g.jersey_changes[j] for g in games) for j in range(len(jerseys) - 1)),
        )

    def deck(self, key: str) -> DeckRun:
        return next(d for d in self.decks if d.key == key)

    def header(self) -> str:
        return f"side {self.side}"

    def as_dict(self) -> dict:
        named = dict(zip(self.jerseys[1:], self.winner_jerseys))
        return {
            "side": self.side,
            "winner_not_in_yellow": self.winner_not_yellow.as_dict(),
            "winner_wears": {k: v.as_dict() for k, v in named.items()},
            "ended_by": {e: s.as_dict() for e, s in zip(ENDINGS, self.ended)},
            "won_by_the_first_to_reach_the_arrivee": self.first_won.as_dict(),
            "wins_by_place_in_order": [s.as_dict() for s in self.by_place],
            "decks": {d.key: d.as_dict() for d in self.decks},
            "a_points_deck_ran_out": self.points_ran_out.as_dict(),
            "turns": self.turns.as_dict(), "rounds_lost_to_the_exact_count": self.aiming.as_dict(),
            "exact_count_longer_than_the_pace": self.aiming_over.as_dict(),
            "longer_than_the_tally": {"rows": self.tally_rows, **self.beyond_tally.as_dict()},
            "bounces": self.bounces.as_dict(), "questions": self.questions.as_dict(),
            "right_answers": self.right.as_dict(), "strategy_drawn": self.drawn.as_dict(),
            "strategy_played_on_own_roll": self.played_own.as_dict(),
            "strategy_played_against": self.played_against.as_dict(),
            "strategy_held_at_the_end": self.held.as_dict(), "setback_squares": self.setbacks.as_dict(),
            "jokers_shown": self.jokers.as_dict(), "time_trials": self.trials.as_dict(),
            "turns_skipped": self.skipped.as_dict(), "yellow_changes": self.yellow_changes.as_dict(),
            "jersey_changes": {k: v.as_dict() for k, v in zip(self.jerseys[1:], self.jersey_changes)},
        }

    def lines(self, report) -> list[str]:
        wears = ", ".join(f"{k} {s.text()}" for k, s in zip(self.jerseys[1:], self.winner_jerseys))
        return [
            f"game length ({report.move_unit}): {report.game_length.text()}; turns {self.turns.text()}",
            f"rounds the exact count cost the winner: {self.aiming.text()}; more than the pace's "
            f"{self.finish_turns:g}: {self.aiming_over.text()}",
            f"games longer than the {self.tally_rows} rounds of the points tally: {self.beyond_tally.text()}",
            f"bounces off the Arrivée per game: {self.bounces.text()}",
            "winner stopped on the Arrivée by: " + ", ".join(
                f"{e} {s.text()}" for e, s in zip(ENDINGS, self.ended)),
            f"won by the first pawn to reach the Arrivée: {self.first_won.text()}",
            f"winner not wearing the yellow jersey ({self.jerseys[0]}): {self.winner_not_yellow.text()}",
            f"winner wearing: {wears}",
            "wins by place in the order of play: " + ", ".join(
                f"{p}: {s.text()}" for p, s in enumerate(self.by_place, 1)),
            "",
            "decks:",
            *(f"  {d.text()}" for d in self.decks),
            f"  a question asked again in a game: {self.deck('questions').went_round.text()}",
            "",
            f"questions per game: {self.questions.text()}; right answers {self.right.text()}",
            f"strategy cards drawn per game: {self.drawn.text()}",
            f"  played on one's own roll: {self.played_own.text()}",
            f"  played against a rival: {self.played_against.text()}",
            f"  held at the end: {self.held.text()}",
            f"setback squares per game: {self.setbacks.text()}; Jokers shown {self.jokers.text()}",
            f"time trials per game: {self.trials.text()}; turns skipped {self.skipped.text()}",
            f"yellow changes per game: {self.yellow_changes.text()}",
            *(f"{k} changes per game: {s.text()}" for k, s in zip(self.jerseys[1:], self.jersey_changes)),
        ]

    def outcomes(self) -> dict[str, Any]:
        return {
            "winner not in yellow": self.winner_not_yellow,
            "won by the first to reach the arrivée": self.first_won,
            "won by the first to play": self.by_place[0] if self.by_place else Share(0, 0),
            "strategy deck ran out": self.deck("strategy").ran_out,
            "a points deck ran out": self.points_ran_out,
            "a question asked again": self.deck("questions").went_round,
            "rounds lost to the exact count": self.aiming,
            "longer than the tally": self.beyond_tally,
            "bounces": self.bounces,
        }
