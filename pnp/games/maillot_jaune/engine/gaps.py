"""Where the rules are silent or contradict themselves, or the engine must assume something, and
what the engine does there.

Every gap is a field of ``EngineRules`` (the ``engine:`` mapping of rules.yaml). The engine never
decides such a point in code: it reads the choice, and ``engine_gaps()`` lists each one, so that
``pnp check --simulate`` reports it as a question (rule ``MJ-ENGINE-...``) at its line of rules.yaml,
next to the designer decision that answers it for the rulebook, where there is one.
"""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.maillot_jaune.facts import EngineRules
from pnp.simulate.gaps import Gap, gap_questions

GAPS = (
    Gap("level", "MJ-ENGINE-LEVEL", "rules played",
        "The advanced rules (slipstream, riding side by side, helping a punctured rider) are optional; "
        "a simulation must play one set or the other.",
        {"advanced": "a plain simulation plays the advanced rules; pnp check --simulate plays both sets.",
         "basic": "a plain simulation plays the basic rules; pnp check --simulate plays both sets."}),
    Gap("rider_choice", "MJ-ENGINE-RIDERS", "sharing out the riders",
        "Players share the riders out; the rules do not say how, so which seat gets which rider is open.",
        {"random": "the seats draw their riders at random, as many each; the riders left over are nobody's.",
         "seat-order": "riders are dealt round the table in riders.yaml's order; the last ones left over "
                       "are nobody's."}, "MJ-D-PLAYERS"),
    Gap("unowned_riders", "MJ-ENGINE-UNOWNED", "riders nobody owns",
        "Riders nobody takes are played 'in turn by everyone': whether that means one seat after "
        "another for each turn of such a rider is the engine's reading.",
        {"rotate": "each turn of a rider nobody owns is played by the next seat round the table, from a "
                   "first player drawn with a die."}, "MJ-D-PLAYERS"),
    Gap("unowned_play", "MJ-ENGINE-UNOWNED-PLAY", "how a rider nobody owns is ridden",
        "Nothing says how a player rides a rider that is not theirs; a player could hold it back, or "
        "spend its energy for nothing.",
        {"plain": "a greedy seat moves it at its stars and never breaks away with it.",
         "own": "a greedy seat rides it as if it were its own."}),
    Gap("winner", "MJ-ENGINE-WINNER", "who wins the game",
        "The Tour is won by a rider; the rules do not say which player wins when the yellow jersey "
        "goes to a rider nobody owns.",
        {"owner": "the player who owns the yellow jersey wins; when nobody owns it, nobody wins.",
         "best-owned": "the player who owns the best-placed rider that somebody owns wins."}),
    Gap("ties", "MJ-ENGINE-TIES", "equal times",
        "The source rules do not break ties in the overall time. Decision MJ-D-TIES (and the kit's "
        "rulebook) ranks riders on equal time by their best stage place and lets the yellow jersey's "
        "holder keep it. The engine follows the data's choice; then the holder, then the order drawn "
        "for the first grid.",
        {"best-stage-place": "equal times are ranked by each rider's best stage place, as MJ-D-TIES says.",
         "last-stage-place": "equal times are ranked by the last stage's place (another reading a designer may prefer)."},
        "MJ-D-TIES"),
    Gap("passing", "MJ-ENGINE-PASSING", "passing a rider",
        "A square holds one rider, but the rules do not say whether a move may pass over a taken square.",
        {"over": "a move may pass taken squares as long as it ends on a free one.",
         "around": "every step of a move lands on a free square."}),
    Gap("announce", "MJ-ENGINE-ANNOUNCE", "announcing a breakaway",
        "A breakaway is announced before the throw; a player could announce squares it does not use.",
        {"exact": "a move announces exactly the extra squares it uses beyond the stars, split between "
                  "safe and risky squares in every way the dial and the table allow."}),
    Gap("round_order", "MJ-ENGINE-ROUND-ORDER", "race order within a round",
        "Riders play in race order, but riders overtake one another during a round: whether the order "
        "is set when the round starts or after every move is open.",
        {"round-start": "the order is set when a round starts (front first, level riders leftmost "
                        "first); a rider pulled along in a wheel plays right after its leader."},
        "MJ-D-FIRST-ORDER"),
    Gap("stage_places", "MJ-ENGINE-STAGE-PLACES", "stage places",
        "Riders who cross in the same round share a time, but the tie rule needs their places.",
        {"crossing-order": "riders are placed in the order they cross the line, which is the order of play."},
        "MJ-D-FINISH"),
    Gap("finished_riders", "MJ-ENGINE-FINISHED", "riders over the line",
        "The rules do not say what becomes of a rider once over the stage's line.",
        {"leave-road": "it leaves the road until the next stage: it blocks nobody and drags nobody."}),
    Gap("puncture_breakaway", "MJ-ENGINE-PUNCTURE-BREAKAWAY", "a puncture in a combined breakaway",
        "A puncture cancels the breakaway, and the rulebook has the rider move on without one; the "
        "rules do not say what becomes of the safe squares announced with the risky ones.",
        {"none": "a puncture cancels the safe squares too; they are not paid, and the rider moves at its stars.",
         "safe-kept": "the safe squares stay, paid from the dial; only the risky ones are lost."},
        "MJ-D-PUNCTURES"),
    Gap("puncture_carry", "MJ-ENGINE-PUNCTURE-CARRY", "a puncture at the end of a stage",
        "A rider may puncture as it crosses the line, or still be waiting when the stage ends.",
        {"cleared": "turns still to miss are forgotten when the rider crosses and when the stage ends.",
         "kept": "they are missed in the next stage."}),
    Gap("abandon", "MJ-ENGINE-ABANDON", "abandoning the Tour",
        "A rider who has spent all its form and all its energy abandons; the rules do not say whether "
        "that is the moment both reach zero, or only when a cost can no longer be paid.",
        {"both-empty": "the rider abandons as soon as its dial and its form are both at 0; a cost it "
                       "cannot pay in full empties both.",
         "unpaid": "the rider abandons only when a cost exceeds what its dial and its form can pay."}),
    Gap("slipstream_line", "MJ-ENGINE-SLIPSTREAM-LINE", "a line of riders in one another's wheels",
        "The rules give what the riders of a line gain (the first follower follower_gain, each further "
        "one follower_step more) and show it as the line moving up at each of its riders' turns.",
        {"shift-per-turn": "each time a rider plays with a line in its wheel, the whole line behind it "
                           "moves up follower_gain squares, front first, into free squares; over a "
                           "round the k-th rider of a line gains (k - 1) x follower_gain."}),
    Gap("slipstream_escape", "MJ-ENGINE-ESCAPE", "shaking off a rider in one's wheel",
        "Moving sideways stops a rider in front from dragging the one in its wheel; the rules do not "
        "say how far the move must go.",
        {"other-lane": "a leader that ends its move in another lane drags nobody and pays nothing.",
         "none": "a leader drags the rider in its wheel wherever it ends."}),
    Gap("side_by_side", "MJ-ENGINE-SIDE-BY-SIDE", "riding side by side",
        "Two riders side by side before and after 'the move' cancel the slipstream; whose move is open.",
        {"own-move": "a leader level with a rider when its turn begins, and level with the same rider "
                     "where it ends its move, drags nobody and pays nothing."}),
    Gap("slipstream_puncture", "MJ-ENGINE-SLIPSTREAM-PUNCTURE", "a puncture on an empty leader's roll",
        "A leader with an empty dial rolls on the breakaway table; the rules do not say what a puncture "
        "row means there.",
        {"puncture": "it costs nothing, and the leader misses its next turns as after any puncture.",
         "no-cost": "it costs nothing and nothing else happens."}, "MJ-D-SLIPSTREAM-ROLL"),
    Gap("slipstream_blocked", "MJ-ENGINE-SLIPSTREAM-BLOCKED", "a follower that cannot move up",
        "The square in front of a rider in a wheel may still be taken after its leader's move.",
        {"leader-pays": "the leader pays all the same; the rider behind stays where it is.",
         "no-effect": "nobody pays and nobody moves."}),
    Gap("help_square", "MJ-ENGINE-HELP", "helping a punctured rider",
        "A helper comes 'right beside' the punctured rider; the rules do not say which squares count.",
        {"beside": "the helper ends its move in the same column, in the next lane; it then misses the "
                   "turns the punctured rider had to miss, and that rider plays on.",
         "around": "the helper ends its move on any square around the punctured rider."}),
)


def engine_gaps(facts_or_rules=None) -> list[Gap]:
    """Every gap with the choice in force: from ``Facts.engine``, an ``EngineRules``, or the defaults.
    With the facts, the slipstream gap also says whether the data's follower_step fits its reading."""
    rules = getattr(facts_or_rules, "engine", facts_or_rules)
    if not isinstance(rules, EngineRules):
        rules = EngineRules()
    slip = getattr(facts_or_rules, "slipstream", None)
    out = []
    for gap in GAPS:
        choice = str(getattr(rules, gap.key))
        question_text = gap.question
        if gap.key == "slipstream_line" and slip is not None:
            question_text += _line_fit(slip)
        out.append(Gap(gap.key, gap.rule, gap.topic, question_text, gap.meanings, gap.decision, choice))
    return out


def _line_fit(slip) -> str:
    if slip.follower_step == slip.follower_gain:
        return (f" Here follower_step equals follower_gain ({slip.follower_gain}): both readings give the "
                "same gains.")
    return (f" Here follower_step ({slip.follower_step}) differs from follower_gain ({slip.follower_gain}): "
            "the rulebook's gains for the third and fourth riders and the line moving up at each turn "
            "disagree, and the engine's reading ignores follower_step.")


def engine_findings(model) -> list[Finding]:
    """MJ-ENGINE-*: one question per point where the engine follows a choice of ``engine:``."""
    return gap_questions(model, engine_gaps(model.facts))
