"""Where the rules are silent or contradict themselves, and what the engine does there.

Every gap is a field of ``EngineRules`` (the ``engine:`` mapping of rules.yaml). The engine never
decides such a point in code: it reads the choice, and ``engine_gaps()`` lists each one, so a check
can report it as a question (rule ``GJ-ENGINE-...``) next to the designer decision that answers it
for the rulebook, where there is one.
"""

from __future__ import annotations

from pnp.games.green_jersey.facts import EngineRules
from pnp.simulate.gaps import Gap


GAPS = (
    Gap("board_side", "GJ-ENGINE-SIDE", "board side",
        "The rules do not say which side of the board a game is played on.",
        {"": "simulations play the first side of the board unless another is asked for."},
        "GJ-D-BOARD"),
    Gap("rider_choice", "GJ-ENGINE-RIDERS", "choosing riders",
        "Players choose their riders; the rules do not say in what order, so which seat owns which "
        "rider is open.",
        {"random": "every seat draws its rider at random.",
         "seat-order": "seat 1 takes the first rider of riders.yaml, seat 2 the second, and so on."}),
    Gap("zero_move", "GJ-ENGINE-ZERO-MOVE", "move stopped at once",
        "A straight move may stop short at the road edge or at the 300 m line; the rules do not say "
        "whether a move stopped before its first square still counts as a move.",
        {"illegal": "it is no move: the card must be used in another direction or for another rider.",
         "no-effect": "the card may be played that way, moving nobody."}),
    Gap("finished_rider", "GJ-ENGINE-FINISHED-RIDER", "finished riders",
        "A rider past the finish line can no longer be moved in any way; the rules do not say whether "
        "its square can still be landed on.",
        {"blocks": "it stays on its square: no move may end there, and it is never pushed.",
         "leaves-road": "it leaves the road: its square is free for the other riders."},
        "GJ-D-FINISHED-RIDER"),
    Gap("vacated_square", "GJ-ENGINE-VACATED", "pushing onto the square left",
        "When a move ends on a rider, the rules do not say whether that rider may be pushed onto the "
        "square the moving rider has just left.",
        {"free": "yes: the square left behind is free.",
         "taken": "no: the mover's starting square does not count as free."}),
    Gap("push_across_finish", "GJ-ENGINE-PUSH-FINISH", "pushed over the line",
        "A push sends a rider to any free square around it; the rules do not say whether that may be "
        "over the finish line.",
        {"allowed": "yes: the pushed rider has crossed, and finishes.",
         "forbidden": "no: squares past the line do not count as free for a push."},
        "GJ-D-PUSH-FINISH"),
    Gap("pair_with_finished", "GJ-ENGINE-PAIR-FINISHED", "two-jersey card and a finished rider",
        "A two-jersey card places one rider next to the other 'whatever their positions'; the rules "
        "do not say whether the other may be a rider that has finished, which takes the placed rider "
        "over the line too.",
        {"allowed": "yes: the placed rider crosses the line next to the finished one.",
         "forbidden": "no: the card can only place the finished rider's partner next to a rider still racing."},
        "GJ-D-PAIR-FINISHED"),
    Gap("no_legal_move", "GJ-ENGINE-NO-MOVE", "no legal move",
        "The rules let a card be played without a move only when it is a player's last card; they do "
        "not say what a player does when none of several cards has a legal move.",
        {"any-card": "the player plays one card of their choice without moving anyone."},
        "GJ-D-NO-MOVE"),
    Gap("laid_down_cards", "GJ-ENGINE-LAID-DOWN", "cards laid down",
        "A player whose rider has finished lays their cards down; the rules do not say where they go "
        "or whether they may be kept for the next sprint.",
        {"discard": "they go on the discard pile, are not played, and are not kept."},
        "GJ-D-LAID-DOWN"),
    Gap("kept_award_card", "GJ-ENGINE-KEPT-AWARD", "kept green card",
        "The new wearer's green card is set aside, but it may be in a hand kept for the next sprint.",
        {"set-aside": "it is taken from that hand and set aside; the next deal tops the hand up."},
        "GJ-D-KEPT-AWARD"),
    Gap("peloton_order", "GJ-ENGINE-PELOTON", "peloton order",
        "From the second sprint the riders line up 'by their standing': the rules do not say whether "
        "that is the points total or the last sprint's ranking.",
        {"points": "by points total, the leader on peloton square 1; ties by a draw of rider cards.",
         "last-sprint": "by the last sprint's ranking."}),
    Gap("discard_limit", "GJ-ENGINE-DISCARD", "discards and the draw pile",
        "Discards may leave the draw pile too short to top every hand up again, and the rules do not "
        "say what happens then.",
        {"pile": "discards are made in turn from the first player, and nobody discards more than the "
                 "pile can still replace.",
         "rules": "everyone may discard up to discard_max; a hand the pile cannot fill stays short "
                  "(the discards are not reshuffled during the deal)."},
        "GJ-D-DECK-OUT"),
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
        if gap.key == "board_side":
            meanings = {choice: (f"simulations play side '{choice}' unless another is asked for."
                                 if choice else gap.meanings[""])}
        out.append(Gap(gap.key, gap.rule, gap.topic, gap.question, meanings, gap.decision, choice))
    return out
