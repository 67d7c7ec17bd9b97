"""Where the rules are silent, or the engine must assume something, and what it does there.

Every gap is a field of ``EngineRules`` (the ``engine:`` mapping of rules.yaml). The engine never
decides such a point in code: it reads the choice, and ``engine_gaps()`` lists each one so that a
check reports it as a question (rule ``TDF-ENGINE-...``), next to the designer decision that answers
it for the rulebook where there is one. ``gap_findings(model)`` gives those questions.
"""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.tour_de_france_mb.facts import EngineRules
from pnp.simulate.gaps import Gap, gap_questions

GAPS = (
    Gap("team_choice", "TDF-ENGINE-TEAMS", "choosing teams",
        "Players choose their team colours; the rules do not say in what order, and each colour has its own "
        "band and corridor on the course.",
        {"random": "each seat draws its team at random.",
         "seat-order": "seat 1 races the first team of rules.yaml, seat 2 the second, and so on."}),
    Gap("move_order", "TDF-ENGINE-MOVE-ORDER", "order of the cyclists of one card",
        "A card moves several cyclists of one team, and they can block one another; the rules do not say "
        "in what order they move.",
        {"foremost-first": "the cyclist furthest along the road moves first, then the next.",
         "rearmost-first": "the cyclist furthest back moves first."}),
    Gap("card_use", "TDF-ENGINE-CARD-USE", "numbers a cyclist cannot use",
        "A player moves as far as possible when a card cannot be used in full; the rules do not say whether "
        "the player must give the card's numbers to the cyclists that can use them.",
        {"free": "any cyclist may take any number; a number given to a cyclist that cannot move (finished, "
                 "stopped, boxed in) is lost.",
         "most-squares": "only the spreads that move the team the most squares (each cyclist on its own) "
                         "may be played."}),
    Gap("stopped_team", "TDF-ENGINE-STOPPED-TEAM", "a team that misses its turn",
        "When every cyclist of a player still racing misses the turn, the rules do not say whether the player "
        "plays a race card.",
        {"pass": "the player plays no card that turn.",
         "redraw": "the player cannot move, so discards and redraws as the rules say for a blocked team."}),
    Gap("risk_cyclist", "TDF-ENGINE-RISK-CYCLIST", "two cyclists on red dots",
        "A card can stop two cyclists of one player on red dots, but a player draws one risk card at most.",
        {"first-stopped": "the first of them to stop draws, and the card concerns it."}),
    Gap("combativity", "TDF-ENGINE-COMBATIVITY", "when the combativity card scores",
        "The combativity card's text gives no moment to play it.",
        {"at-once": "it is played as soon as it is drawn: its cyclist scores at once."}),
    Gap("stop_timing", "TDF-ENGINE-STOP-TIMING", "a stop played by its own player",
        "A red card is played at the start of its owner's turn; the rules do not say whether the owner's "
        "cyclist it stops misses that very turn or the next.",
        {"this-turn": "it misses the turn in which the card is played.",
         "next-turn": "it moves this turn and misses the next one."},
        "TDF-D-RED-PLAY"),
    Gap("stopped_again", "TDF-ENGINE-STOPPED-AGAIN", "a cyclist stopped twice",
        "A crash can reach a cyclist that already misses a turn; one miss-a-turn marker per cyclist cannot "
        "show two stops.",
        {"longest": "it misses the longer of the two stops, not both.",
         "adds": "it misses both, one after the other."},
        "TDF-D-LOST-TURN"),
    Gap("stall", "TDF-ENGINE-STALL", "the stalled cyclist's number",
        "Fringale keeps one cyclist in place while the others move; the rules do not say whether its number "
        "may go to another cyclist.",
        {"number-lost": "the number given to the stalled cyclist is lost."}),
    Gap("blue_after_finish", "TDF-ENGINE-BLUE-AFTER-FINISH", "a blue card whose cyclist has finished",
        "A blue card no longer helps a cyclist that has finished, but the rules do not say what becomes of it.",
        {"unusable": "it stays before its player, unused, until the end of the stage (and keeps the player "
                     "from drawing another risk card)."}),
    Gap("held_at_stage_end", "TDF-ENGINE-HELD-AT-END", "risk cards held at the end of a stage",
        "The rules do not say what happens to the risk cards still before the players when a stage ends.",
        {"under-pile": "they go under the risk pile, as played cards do."}),
    Gap("stage_deck", "TDF-ENGINE-STAGE-DECK", "the race pile at a new stage",
        "Every stage begins with a deal from the race pile; the rules do not say whether the cards of the last "
        "stage are gathered first.",
        {"gathered": "all the race cards are gathered and shuffled before every stage."}),
    Gap("itt_leftover", "TDF-ENGINE-ITT-LEFTOVER", "time trial cards left in hand",
        "A time trial racer crosses the line with cards still in hand; the rules do not say where they go.",
        {"played-pile": "they join the played cards (which rebuild the pile when it runs out)."},
        "TDF-D-RESHUFFLE"),
    Gap("itt_reruns", "TDF-ENGINE-ITT-RERUNS", "time trial re-runs",
        "Tied time trial racers race again; the rules set no limit, and a re-run can tie again.",
        {}, "TDF-D-TIES"),
    Gap("ttt_unfinished", "TDF-ENGINE-TTT-UNFINISHED", "teams not complete in the team time trial",
        "The team time trial ranks teams by when they complete; the rules do not say how the teams still on "
        "the road when it stops are ranked.",
        {"finishers-then-rearmost": "after the complete teams, by cyclists over the line, then by how far "
                                    "their last cyclist got; teams still equal share the better place."},
        "TDF-D-TIES"),
    Gap("yellow_wearer", "TDF-ENGINE-YELLOW-WEARER", "who wears the Yellow Jersey",
        "The leader of the individual classification has one of its cyclists wear the Yellow; which one "
        "matters at the green line.",
        {"best-placed": "the stage winner wears it after the first stage; later the leader's cyclist placed "
                        "best in the last road stage (its first cyclist if none); it stays on its wearer while "
                        "the same player leads."},
        "TDF-D-TIES"),
    Gap("tour_tie", "TDF-ENGINE-TOUR-TIE", "a tie for the Tour",
        "The rules name no winner when two players have the same best total.",
        {"shared": "the Tour has no single winner.",
         "individual": "the better individual classification wins; equal again, no single winner."}),
)


def engine_gaps(facts_or_rules=None) -> list[Gap]:
    """Every gap with the choice in force: from ``Facts.engine``, an ``EngineRules``, or the defaults."""
    rules = getattr(facts_or_rules, "engine", facts_or_rules)
    if not isinstance(rules, EngineRules):
        rules = EngineRules()
    out = []
    for gap in GAPS:
        choice = str(getattr(rules, gap.key))
        meanings = gap.meanings
        if gap.key == "itt_reruns":
            meanings = {choice: f"tied racers race again at most {choice} times; still tied, they share the "
                                "better place's points."}
        out.append(Gap(gap.key, gap.rule, gap.topic, gap.question, meanings, gap.decision, choice))
    return out


def gap_findings(model) -> list[Finding]:
    """TDF-ENGINE-*: one question per point where the engine follows a written choice, at its line of
    rules.yaml."""
    return gap_questions(model, engine_gaps(model.facts))
