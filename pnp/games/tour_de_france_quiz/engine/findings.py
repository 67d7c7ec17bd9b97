"""The findings of a simulated run of Le jeu du Tour de France (one player count), with their intervals.

Rule ids (besides the generic TDQ-SIM-INVARIANT, TDQ-SIM-SEAT and TDQ-SIM-ENGINE of pnp.simulate):
- TDQ-SIM-YELLOW (question): the winner is often not wearing the yellow jersey at the end, though
  the aim asks for both;
- TDQ-SIM-DECK (warning, question when rare): a deck ran out (which, how often, from which round);
- TDQ-SIM-REPEAT (question): a question card came back in the same game;
- TDQ-SIM-ORDER (warning): a place in the order of play wins more or less than its fair share;
- TDQ-SIM-LENGTH (question): games last longer or shorter than the rulebook's estimate;
- TDQ-SIM-FINISH (question): stopping exactly on the Arrivée costs the winner more rounds than the
  rulebook's pace counts, in most games;
- TDQ-SIM-TALLY (warning, question when rare): games outlast the rows of the jersey points tally;
- TDQ-SIM-END (question): the first pawn to reach the Arrivée wins less than half the games (how the
  games end: the dice alone, strategy cards, a mishap card).
"""

from __future__ import annotations

from pnp.check.findings import Finding, question, warning
from pnp.games.tour_de_france_quiz.engine.details import ENDINGS, QuizDetails, rounds
from pnp.simulate.engine import Watch
from pnp.simulate.findings import run_words

NOT_YELLOW = 0.10
"""From this share of games won by a player not in yellow (lower end of the interval), a question."""
RUN_OUT = 0.01
"""From this share of games where a deck ran out (lower end of the interval), a warning (below: a question)."""
MOST = 0.5
"""From this share of games (lower end of the interval), "most games"."""
KEPT = ("polka", "green", "white")
"""The points decks: their cards are kept, so the supply check TDQ-SUPPLY-POINTS sizes them."""


def watched(report) -> list[Watch]:
    """The shares the findings below compare with a threshold."""
    d: QuizDetails = report.detail
    fair = 1 / report.players
    return [Watch("winner not in yellow", d.winner_not_yellow, NOT_YELLOW),
            *(Watch(f"{deck.key} deck ran out", deck.ran_out, RUN_OUT) for deck in d.decks),
            Watch("a question asked again", d.deck("questions").went_round, RUN_OUT),
            Watch("longer than the tally", d.beyond_tally, RUN_OUT),
            Watch("exact count beyond the pace", d.aiming_over, MOST),
            Watch("first to reach the arrivée wins", d.first_won, MOST),
            *(Watch(f"place {p} in the order wins", s, fair) for p, s in enumerate(d.by_place, 1))]


def report_findings(model, report, who: str) -> list[Finding]:
    how = run_words(report)
    return [*yellow(model, report.detail, who, how), *decks(model, report.detail, who, how),
            *repeats(model, report.detail, who, how), *order(model, report, who, how),
            *length(model, report, who, how), *finish(model, report.detail, who, how),
            *tally(model, report, who, how), *end(model, report.detail, who, how)]


def yellow(model, d: QuizDetails, who: str, how: str) -> list[Finding]:
    share = d.winner_not_yellow
    if not share.n or share.interval[0] <= NOT_YELLOW:
        return []
    return [question("TDQ-SIM-YELLOW", who, f"{share.text()} of the games were won by a player who was not "
                     f"wearing the yellow jersey at the end ({how}): the aim is to be first on the Arrivée and "
                     "to wear the yellow jersey, but the yellow card changes hands only after a full round "
                     "and the first pawn on the Arrivée wins at once", model.sources.rule("engine", "final_award"))]


def decks(model, d: QuizDetails, who: str, how: str) -> list[Finding]:
    out = []
    for deck in d.decks:
        share = deck.ran_out
        if not share.k:
            continue
        expects = ("the supply check TDQ-SUPPLY-POINTS expects a long game not to empty it" if deck.key in KEPT
                   else "TDQ-D-EMPTY-DECK expects it never to run out")
        text = (f"the {deck.key} deck ({deck.deck}, {deck.size} cards) ran out in {share.text()} of the games "
                f"({how}): first found empty at round {rounds(deck.first_round)}; draws that found it empty, "
                f"per such game: {deck.missed.text()}; {expects}")
        severity = warning if share.interval[0] > RUN_OUT else question
        out.append(severity("TDQ-SIM-DECK", who, text, model.sources.rule("decks", deck.key, "cards")))
    return out


def repeats(model, d: QuizDetails, who: str, how: str) -> list[Finding]:
    deck = d.deck("questions")
    share = deck.went_round
    if not share.k:
        return []
    return [question("TDQ-SIM-REPEAT", who, f"a question card was drawn a second time in {share.text()} of the "
                     f"games ({how}; the deck has {deck.size} cards and each goes back under it): first at "
                     f"round {rounds(deck.round_trip)}", model.sources.rule("decks", "questions", "cards"))]


def order(model, report, who: str, how: str) -> list[Finding]:
    d: QuizDetails = report.detail
    fair = 1 / report.players
    out = []
    for place, share in enumerate(d.by_place, 1):
        if share.excludes(fair):
            side = "more" if share.value > fair else "less"
            out.append(warning("TDQ-SIM-ORDER", who, f"the player in place {place} of the order of play (the "
                               f"prologue's ranking) won {share.text()} of the games, {side} than the fair "
                               f"{100 * fair:.1f} % ({how})", model.sources.decision("TDQ-D-PROLOGUE")))
    return out


def length(model, report, who: str, how: str) -> list[Finding]:
    """The rounds simulated against the rulebook's estimate of the turns a game lasts, give or take the
    pace's tolerance (pace.tolerance_minutes at this player count)."""
    f = model.facts
    expected = f.expected_turns(model)
    tolerance = f.pace.tolerance_minutes * 60 / (report.players * f.pace.seconds_per_turn)
    got = report.game_length
    if not got.n or abs(got.mean - expected) <= tolerance:
        return []
    d: QuizDetails = report.detail
    minutes = got.mean * report.players * f.pace.seconds_per_turn / 60
    return [question("TDQ-SIM-LENGTH", who, f"the rulebook expects about {expected:g} turns a player (Pourquoi "
                     f"ce parcours); the games lasted {got.text()} rounds ({how}), about {minutes:.0f} minutes "
                     f"at {f.pace.seconds_per_turn:g} s a turn; the exact count on the Arrivée cost the winner "
                     f"{d.aiming.text()} rounds, where the pace counts {f.pace.finish_turns:g}",
                     model.sources.rule("pace"))]


def finish(model, d: QuizDetails, who: str, how: str) -> list[Finding]:
    """The rounds the exact count costs the winner, against the turns the rulebook's pace counts."""
    share = d.aiming_over
    if not share.n or share.interval[0] <= MOST:
        return []
    return [question("TDQ-SIM-FINISH", who, f"in {share.text()} of the games the winner lost more than "
                     f"{d.finish_turns:g} rounds (pace.finish_turns) to the exact count: from its first roll "
                     f"that reached or passed the Arrivée, it took {d.aiming.text()} more rounds to stop on it, "
                     f"bouncing back {d.bounces.text()} times a game ({how})",
                     model.sources.rule("pace", "finish_turns"))]


def tally(model, report, who: str, how: str) -> list[Finding]:
    """Games longer than the rows the printed jersey points tally has."""
    d: QuizDetails = report.detail
    share = d.beyond_tally
    if not share.k:
        return []
    severity = warning if share.interval[0] > RUN_OUT else question
    return [severity("TDQ-SIM-TALLY", who, f"the jersey points tally has rows for {d.tally_rows} rounds "
                     f"(pace.long_game times the rulebook's turns), but {share.text()} of the games lasted longer "
                     f"({how}; {report.game_length.text()} rounds)", model.sources.rule("pace", "long_game"))]


def end(model, d: QuizDetails, who: str, how: str) -> list[Finding]:
    """How games end: whether the first pawn to reach the Arrivée usually wins."""
    share = d.first_won
    if not share.n or share.interval[1] >= MOST:
        return []
    ways = ", ".join(f"{e} {s.text()}" for e, s in zip(ENDINGS, d.ended))
    return [question("TDQ-SIM-END", who, f"the first pawn whose move reached or passed the Arrivée won only "
                     f"{share.text()} of the games ({how}): the exact count holds it there while the others "
                     f"come up; what stopped the winner on the Arrivée: {ways}",
                     model.sources.rule("bounce_back"))]
