"""The ghost riders, computed from the data: which behaviour a ghost takes (the rank of its first card's
value, FRV-D-GHOST-RANKS), how far it moves turn after turn and over a stage, against a rider moving its
deck's mean card, when its pile is shuffled again and runs out, how often its draws meet the attack card
every rider deck holds, and whether the behaviour markers suffice.

Rule ids: FRV-CALC-GHOST (the behaviours; their pace, figures only: ``pace``), FRV-CALC-GHOST-ATTACK,
FRV-CALC-GHOST-DECK, FRV-CALC-GHOST-MARKERS. A ghost's deck is its profile's energy cards; it takes no
exhaustion here (what it takes depends on the race), and its attack card is set aside from its moves (no
rule says how a ghost plays it: FRV-CALC-GHOST-ATTACK).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache

from pnp.check.checked import Checked
from pnp.check.findings import Finding, question, warning
from pnp.games.flamme_rouge_variants.checks import ghost_split
from pnp.games.flamme_rouge_variants.decks import energy_cards, find, mean
from pnp.games.flamme_rouge_variants.numbers import chance, number, percent, values
from pnp.games.flamme_rouge_variants.piles import Turns, exact_turns, first_reshuffle
from pnp.model.game_model import GameModel

MODES = ("race", "grand_tour", "world_cup")


# --- behaviours

def behaviour_chances(cards: Counter, ghosts: dict) -> dict[str, Fraction]:
    """Behaviour -> the exact chance a first card drawn at random from ``cards`` gives it."""
    split = ghost_split(sorted(cards.elements()), ghosts)
    n = sum(cards.values())
    return {name: Fraction(sum(cards[v] for v in vs), n) for name, vs in split.items()}


def attack_met(cards: int, attacks: int, first_draw: int, draw: int, turns: int) -> Fraction:
    """The chance a pile of ``cards`` holding ``attacks`` attack cards shows one in its draws within
    ``turns`` turns (``first_draw`` cards on the first, ``draw`` after): every card of the first pass
    through the face-down pile is drawn before any is drawn twice."""
    seen = min(cards, first_draw + draw * (turns - 1))
    return 1 - Fraction(math.comb(cards - attacks, seen), math.comb(cards, seen))


def ghost_turns(model: GameModel, profile: str, behaviour: str) -> Turns:
    """The exact moves of a ghost of ``profile`` that took ``behaviour``, over the stage."""
    f = model.facts
    cards = energy_cards(model, profile)
    vals = tuple(sorted(cards))
    split = ghost_split(sorted(cards.elements()), f.ghosts)
    g = f.ghosts[behaviour]
    return exact_turns(vals, tuple(cards[v] for v in vals), tuple(split[behaviour]), g.draw, g.play,
                       f.computed.stage_turns, f.exhaustion_value)


# --- markers

def team_profiles(model: GameModel, mode: str) -> list[str]:
    """The profiles of a team's riders in ``mode``: the first ones of rules.yaml's profiles."""
    f = model.facts
    n = f.world_cup_entered if mode == "world_cup" else getattr(f.riders_per_team, mode)
    names = list(f.profiles)
    return [names[i % len(names)] for i in range(n)]


@lru_cache(maxsize=64)
def behaviour_counts(ghosts: tuple[tuple[Fraction, ...], ...]) -> dict[tuple[int, ...], Fraction]:
    """The exact chance of every count of ghosts per behaviour, each ghost taking behaviour i with the
    chance ``ghosts[g][i]``."""
    states: dict[tuple[int, ...], Fraction] = {(0,) * len(ghosts[0]) if ghosts else (): Fraction(1)}
    for g in ghosts:
        nxt: dict[tuple[int, ...], Fraction] = {}
        for counts, p in states.items():
            for i, q in enumerate(g):
                if q:
                    key = tuple(c + (j == i) for j, c in enumerate(counts))
                    nxt[key] = nxt.get(key, Fraction(0)) + p * q
        states = nxt
    return states


def markers_short(ghosts: list[dict[str, Fraction]], markers: dict[str, int]) -> Fraction:
    """The exact chance that more ghosts take some behaviour than it has markers, each ghost taking a
    behaviour by its own chances (first cards outside every behaviour are drawn again)."""
    names = list(markers)
    chances = tuple(tuple(g.get(n, Fraction(0)) / sum(g.values()) for n in names) for g in ghosts)
    return sum((p for counts, p in behaviour_counts(chances).items()
                if any(c > markers[n] for c, n in zip(counts, names))), Fraction(0))


def marker_supply(model: GameModel) -> dict[str, int]:
    """Behaviour -> the ghost markers the kit prints for it."""
    d = find(model, "fantomes")
    return {name: sum(c.qty for c in (d.cards if d else ()) if c.id == name) for name in model.facts.ghosts}


def mode_ghosts(model: GameModel, mode: str) -> list[str]:
    """The profiles of every ghost at the fewest players in ``mode`` (the other teams' riders)."""
    f = model.facts
    return team_profiles(model, mode) * max(0, len(f.teams) - f.players.min)


def marker_shortage(model: GameModel, mode: str) -> Fraction:
    """The exact chance the markers fall short for the ghosts of ``mode`` at the fewest players."""
    chances = {p: behaviour_chances(energy_cards(model, p), model.facts.ghosts) for p in model.facts.profiles}
    return markers_short([chances[p] for p in mode_ghosts(model, mode)], marker_supply(model))


def fewest_markers(model: GameModel, mode: str) -> int:
    """The fewest markers per behaviour that fall short no more often than computed.run_out allows."""
    ghosts = mode_ghosts(model, mode)
    chances = {p: behaviour_chances(energy_cards(model, p), model.facts.ghosts) for p in model.facts.profiles}
    for n in range(len(ghosts) + 1):
        supply = dict.fromkeys(model.facts.ghosts, n)
        if markers_short([chances[p] for p in ghosts], supply) <= Fraction(str(model.facts.computed.run_out)):
            return n
    return len(ghosts)


# --- checks

def behaviours(model: GameModel) -> list[Finding]:
    """FRV-CALC-GHOST: the exact chance of each behaviour for a ghost of every deck (its first card
    drawn at random), and the steady ghost's pair rule against its middle card."""
    f, out = model.facts, Checked()
    a = f.attack.per_rider_deck
    for name in f.profiles:
        cards = energy_cards(model, name)
        split = ghost_split(sorted(cards.elements()), f.ghosts)
        odds = behaviour_chances(cards, f.ghosts)
        n = sum(cards.values())
        attack = f"; the attack card besides comes first {chance(Fraction(a, n + a))}" if a else ""
        out.ok("FRV-CALC-GHOST", f"profile {name}", f"first card drawn at random from {n}: "
               + "; ".join(f"{b} {chance(p)} ({values(split[b])})" for b, p in odds.items()) + attack,
               where=model.sources.rule("ghosts"))
    holds, hands = middle_rule_holds()
    if holds:
        out.ok("FRV-CALC-GHOST", "steady ghost's pair", f"in all {hands} orders of three cards a pair is the middle "
               "card: 'a pair if there is one' plays the middle card", where=model.sources.rule("ghosts", "regulier"))
    return out


def attack(model: GameModel) -> list[Finding]:
    """FRV-CALC-GHOST-ATTACK: a ghost's pile holds the attack card every rider deck gets; its first card
    may be it, and its draws meet it within a stage, with no rule for either."""
    f, out = model.facts, Checked()
    a = f.attack.per_rider_deck
    where = model.sources.rule("attack")
    if not a:
        out.ok("FRV-CALC-GHOST-ATTACK", "attack card", "no attack card in a rider deck, so none in a ghost's",
               where=where)
        return out
    by_chance: dict[Fraction, list[str]] = {}
    for name in f.profiles:
        by_chance.setdefault(Fraction(a, sum(energy_cards(model, name).values()) + a), []).append(name)
    first = "; ".join(f"{chance(p)} ({values(names)})" for p, names in by_chance.items()) \
        if len(by_chance) > 1 else f"{chance(next(iter(by_chance)))} for every deck"
    n = sum(energy_cards(model, next(iter(f.profiles))).values())
    met = "; ".join(f"{behaviour} {chance(attack_met(n + a - 1, a, g.draw, g.draw, f.computed.stage_turns - 1))}"
                    for behaviour, g in f.ghosts.items())
    out.append(question("FRV-CALC-GHOST-ATTACK", "attack card", f"the seed adds an attack card to every rider deck, "
                        f"so to a ghost's too: its first card is the attack card {first}, and no behaviour follows "
                        f"from an attack; later, within a stage of {f.computed.stage_turns} turns, its draws meet it "
                        f"({met}), and no rule says how a ghost plays it, nor that a ghost's deck goes without", where))
    return out


def decks(model: GameModel) -> list[Finding]:
    """FRV-CALC-GHOST-DECK: a ghost's own cards last the stage (it plays one a turn)."""
    f, out = model.facts, Checked()
    turns = f.computed.stage_turns
    for name in f.profiles:
        n = sum(energy_cards(model, name).values())
        where = model.sources.rule("profiles", name)
        if n < turns:
            out.append(warning("FRV-CALC-GHOST-DECK", f"profile {name}", f"a ghost plays a card a turn, so its "
                               f"{n} cards run out at turn {n + 1} of a stage of {turns} (100 %, above the "
                               f"{percent(f.computed.run_out)} computed.run_out accepts): it then moves "
                               f"{f.exhaustion_value} a turn on exhaustion", where))
        out.ok("FRV-CALC-GHOST-DECK", f"profile {name}", f"a ghost's {n} cards last {n} turns, a stage of {turns} "
               "at least", where=where)
    return out


def markers(model: GameModel) -> list[Finding]:
    """FRV-CALC-GHOST-MARKERS: the behaviour markers fall short (more ghosts of a behaviour than its
    markers, at the fewest players) no more often than computed.run_out accepts: a warning above it, a
    question when they may fall short at all."""
    f, out = model.facts, Checked()
    limit = Fraction(str(f.computed.run_out))
    supply = marker_supply(model)
    where = model.sources.rule("components", "fantomes")
    for mode in MODES:
        p = marker_shortage(model, mode)
        ghosts = len(mode_ghosts(model, mode))
        text = (f"{ghosts} ghosts at {f.players.min} players take more of one behaviour than its "
                f"{min(supply.values(), default=0)} markers {chance(p)} of the time")
        if p > limit:
            out.append(warning("FRV-CALC-GHOST-MARKERS", f"markers ({mode})", f"{text}, above the "
                               f"{percent(f.computed.run_out)} computed.run_out accepts; "
                               f"{fewest_markers(model, mode)} per behaviour would do", where))
        elif p:
            out.append(question("FRV-CALC-GHOST-MARKERS", f"markers ({mode})", f"{text}: within the "
                                f"{percent(f.computed.run_out)} computed.run_out accepts, but not never; "
                                f"{never_short(model, mode)} per behaviour never fall short", where))
        out.ok("FRV-CALC-GHOST-MARKERS", f"markers ({mode})", f"{ghosts} ghosts at {f.players.min} players, "
               f"{values(supply.values())} markers: never short; {fewest_markers(model, mode)} per behaviour would "
               f"do within computed.run_out ({percent(f.computed.run_out)})", where=where)
    return out


def never_short(model: GameModel, mode: str) -> int:
    """The fewest markers per behaviour that never fall short in ``mode``: one per ghost that may take it."""
    chances = {p: behaviour_chances(energy_cards(model, p), model.facts.ghosts) for p in model.facts.profiles}
    ghosts = mode_ghosts(model, mode)
    return max((sum(1 for p in ghosts if chances[p].get(b)) for b in model.facts.ghosts), default=0)


# --- the pace (figures only: the exact chain takes a few tenths of a second)

def _pace(turns: Turns, ref: float) -> str:
    lead, best, worst = 0.0, (0.0, 0), (0.0, 0)
    for t in range(1, len(turns.moves) + 1):
        lead += turns.mean(t) - ref
        best = max(best, (lead, t))
        worst = min(worst, (lead, t))
    text = (f"ahead of it by {number(best[0])} squares at most (turn {best[1]})" if best[0] >= 0.05
            else "never ahead of it")
    if worst[0] <= -0.05:
        text += f", behind by {number(-worst[0])} at most (turn {worst[1]})"
    return text


def _stage(turns: Turns, ref_total: float) -> str:
    totals = [v for v, p in turns.totals if p > 1e-12]
    mean_total = sum(v * p for v, p in turns.totals)
    if len(totals) == 1:
        return f"stage total {totals[0]} every time"
    ahead = sum(p for v, p in turns.totals if v > ref_total)
    behind = sum(p for v, p in turns.totals if v < ref_total)
    return (f"stage total {min(totals)} to {max(totals)}, mean {number(mean_total)}: more than the mean card's "
            f"{number(ref_total)} in {percent(ahead)} of stages, less in {percent(behind)}")


def behaviour_figures(model: GameModel, profile: str, behaviour: str) -> str:
    """What a ghost of ``profile`` that took ``behaviour`` does over a stage."""
    f = model.facts
    g = f.ghosts[behaviour]
    cards = energy_cards(model, profile)
    n, ref = sum(cards.values()), float(mean(cards))
    turns = ghost_turns(model, profile, behaviour)
    low, high = turns.support()
    T = f.computed.stage_turns
    overall = sum(turns.mean(t) for t in range(1, T + 1)) / T
    reshuffle = first_reshuffle(n, 1, g.draw)
    half = max(1, T // 2)

    def faster(v: int) -> bool:
        return v > ref

    def slower(v: int) -> bool:
        return v < ref

    return (f"draws {g.draw}, plays {g.play}: moves {low} to {high} a turn, mean {number(overall)} over {T} turns "
            f"({number(turns.mean(1))} on the first, {number(turns.mean(T))} on the last); faster than its deck's "
            f"mean card ({number(ref)}) in {percent(turns.share(faster))} of turns, slower in "
            f"{percent(turns.share(slower))} (in the first {half}: {percent(turns.share(faster, half))} and "
            f"{percent(turns.share(slower, half))}); {_pace(turns, ref)}; {_stage(turns, ref * T)}; its {n} "
            f"cards last {n} turns" + (f", the face-up ones shuffled back in from turn {reshuffle}" if reshuffle
                                       else ", never shuffled (it plays every card it draws)"))


def middle_rule_holds() -> tuple[bool, int]:
    """The seed's steady ghost plays 'a pair if there is one' else the middle card: for every hand of
    three values the pair is the middle card (so the rule is the middle card alone). (holds, hands)."""
    hands = [(a, b, c) for a in range(3) for b in range(a, 3) for c in range(b, 3)]
    holds = all(h[1] == next((v for v in h if h.count(v) >= 2), h[1]) for h in hands)
    return holds, len(hands)


def pace(model: GameModel) -> list[Finding]:
    """FRV-CALC-GHOST: how far a ghost of every deck and behaviour moves, turn after turn and over the
    stage, against a rider playing its deck's mean card (what it verified only: no finding)."""
    f, out = model.facts, Checked()
    for name in f.profiles:
        for behaviour in f.ghosts:
            out.ok("FRV-CALC-GHOST", f"ghost {behaviour} ({name})", behaviour_figures(model, name, behaviour),
                   where=model.sources.rule("ghosts", behaviour))
    return out


CHECKS = (behaviours, attack, decks, markers)
FIGURES = (pace,)
