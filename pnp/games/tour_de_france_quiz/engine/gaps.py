"""Where the rules are silent, contradict themselves or leave the engine to model the table, and what
the engine does there.

Every gap is a field of ``EngineRules`` (the ``engine:`` mapping of rules.yaml). The engine never
decides such a point in code: it reads the choice, and ``engine_gaps()`` lists each one, so
``gap_findings`` reports it as a question (rule ``TDQ-ENGINE-...``) at its line of rules.yaml, next
to the designer decision that answers it for the rulebook, where there is one.
"""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.tour_de_france_quiz.facts import EngineRules
from pnp.simulate.gaps import Gap, gap_questions

GAPS = (
    Gap("answer", "TDQ-ENGINE-ANSWER", "answering a question",
        "Whether a player answers a question right is up to the player; the engine needs a model of it.",
        {"": "a player knows the share given per side of the card, and otherwise guesses one of the answers "
             "(questions.answers); when both sides are as easy the side is not a decision."}),
    Gap("strategy_order", "TDQ-ENGINE-STRATEGY-ORDER", "who plays strategy cards first",
        "Anyone may play strategy cards on a roll, their own or an opponent's, before the pawn moves; the "
        "rules do not say in what order, nor whether a card played may be answered.",
        {"opponents-first": "each opponent in turn from the roller's left plays any cards one at a time, "
                            "then the roller, who sees the final total; nobody plays twice on one roll.",
         "roller-first": "the roller plays first, then each opponent in turn from the roller's left; nobody "
                         "plays twice on one roll."}),
    Gap("strategy_rolls", "TDQ-ENGINE-STRATEGY-ROLLS", "which rolls strategy cards change",
        "A strategy card changes 'a roll of the dice'; the rules do not say whether that includes the "
        "prologue's rolls, a time trial's or a tie-break's.",
        {"moves": "only a roll that moves a pawn (a turn's, or a mishap's second roll)."}),
    Gap("low_total", "TDQ-ENGINE-LOW-TOTAL", "a roll brought to nothing",
        "Minus cards can take a roll to zero or below; the rules do not say what a pawn does then.",
        {"stay": "the pawn stays where it is and its square does not act again.",
         "back": "a total below zero moves the pawn back that many squares, and the square reached does "
                 "not act."}),
    Gap("bounce_square", "TDQ-ENGINE-BOUNCE", "the square after a bounce",
        "A roll past the Arrivée goes back the excess; the rules do not say whether the square reached "
        "then acts.",
        {"play": "it acts like any square a roll ends on.",
         "skip": "it does not act."}),
    Gap("card_finish", "TDQ-ENGINE-CARD-FINISH", "a mishap card's advance to the Arrivée",
        "The Arrivée needs the exact count of a roll; the rules do not say whether a mishap card that "
        "moves a pawn forward needs it too.",
        {"exact": "yes: it stops the pawn on the Arrivée only at the exact count, and bounces back the excess.",
         "stop": "no: a card that reaches or passes the Arrivée stops the pawn on it, and it wins."}),
    Gap("time_trial_leader", "TDQ-ENGINE-TRIAL-LEADER", "who triggers a time trial",
        "A time trial is raced when 'the leader of the race' reaches or passes its square: the pawn in "
        "front on the board, or the player wearing the yellow jersey card (given at the end of a round)?",
        {"front": "the first pawn to reach or pass the square triggers it (it leads the race as it does).",
         "yellow": "only the yellow jersey's wearer triggers it; a square the wearer never reaches is "
                   "never raced."},
        "TDQ-D-TIME-TRIAL"),
    Gap("time_trial_order", "TDQ-ENGINE-TRIAL-ORDER", "a time trial and the mover's square",
        "When a pawn passes a time trial square and stops further on, the rules do not say whether its "
        "own square acts before or after the trial.",
        {"after-square": "the mover's square acts first, then everyone races the trial.",
         "before-square": "everyone races the trial first, then the mover's square acts."}),
    Gap("final_award", "TDQ-ENGINE-FINAL-AWARD", "the jerseys when the game ends",
        "The aim is to be first on the Arrivée and to wear the yellow jersey, but the yellow card only "
        "changes hands at the end of a full round, and the game ends when a pawn stops on the Arrivée: "
        "the winner may not be wearing it.",
        {"none": "the game ends at once: the unfinished round awards no jersey, and the winner wins "
                 "whoever wears yellow (TDQ-SIM-YELLOW measures how often that is someone else).",
         "award": "the jerseys are awarded when the game ends, so the winner always takes the yellow."}),
    Gap("joker_cancels", "TDQ-ENGINE-JOKER", "what a Joker cancels",
        "A Joker cancels setback squares and 'mishap cards'; the rules do not say whether a favourable "
        "mishap card counts, nor whether it may save another player.",
        {"unfavourable": "it cancels a setback square or an unfavourable mishap card that hits its own "
                         "holder; showing it is the holder's choice."},
        "TDQ-D-MISHAP-PLAY"),
    Gap("empty_deck", "TDQ-ENGINE-EMPTY-DECK", "an empty deck",
        "Players keep strategy cards as long as they like, so the strategy deck can run out, though the "
        "kit's decision expects it never to; the rules do not say what a draw from an empty deck gives.",
        {"nothing": "nothing: the square or the right answer gives no card (TDQ-SIM-DECK measures how often)."},
        "TDQ-D-EMPTY-DECK"),
    Gap("side_jerseys", "TDQ-ENGINE-SIDE-JERSEYS", "what the other jerseys are worth",
        "The polka-dot, green and white jerseys change hands all game, but the rules give them no part "
        "in who wins.",
        {"honours": "they are honours only: the first pawn on the Arrivée wins, whatever jerseys anyone "
                    "wears."}),
    Gap("behind_start", "TDQ-ENGINE-START", "sent back behind the start",
        "A pawn sent back near the start may have fewer squares behind it than it must go back.",
        {"first-square": "it stops on the first square of the track."}),
)


def engine_gaps(facts_or_rules=None) -> list[Gap]:
    """Every gap with the choice in force: from ``Facts.engine`` or an ``EngineRules``."""
    rules = getattr(facts_or_rules, "engine", facts_or_rules)
    if not isinstance(rules, EngineRules):
        return []
    out = []
    for gap in GAPS:
        raw = getattr(rules, gap.key)
        choice = ", ".join(f"{k} {v:g}" for k, v in raw.items()) if isinstance(raw, dict) else str(raw)
        meanings = {choice: gap.meanings[""]} if "" in gap.meanings else gap.meanings
        out.append(Gap(gap.key, gap.rule, gap.topic, gap.question, meanings, gap.decision, choice))
    return out


def gap_findings(model) -> list[Finding]:
    """TDQ-ENGINE-*: one question per gap of the rules that the engine fills with a written choice."""
    return gap_questions(model, engine_gaps(model.facts))
