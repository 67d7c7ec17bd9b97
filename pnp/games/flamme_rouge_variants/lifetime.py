"""How long the decks last, computed from the data.

The World Cup's form deck (FRV-CALC-FORM): each event a team enters world_cup_entered of its riders and
picks a form card for each from its form deck (forme.csv, the first team's); after the event, the card
of a rider who races the next event too is put aside for good, the others go back. The deck serves an
event while it holds a card per entered rider. Exactly (fractions): the events it serves when the same
riders race every time, when they take turns, and when a team's entries are drawn at random; the chance
it runs short before the score sheet's last event (score_sheets.events).

The riders' piles (FRV-CALC-PILE): a rider plays one energy card a turn (an attack plays with a card),
so its pile's own cards last as many turns as it has energy cards, exhaustion aside; its draws of
``hand`` cards need the face-up cards shuffled back in from a turn on. The peloton bot (FRV-CALC-PELOTON)
draws peloton_bot.draw cards a turn from its two riders' decks shuffled together and plays them all; its
pile holds the attack cards of both decks, which its rule never plays.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

from pnp.check.checked import Checked
from pnp.check.findings import Finding, question, warning
from pnp.check.piles import pile_location
from pnp.games.flamme_rouge_variants.decks import energy_cards, team_counts
from pnp.games.flamme_rouge_variants.numbers import chance, percent, values
from pnp.games.flamme_rouge_variants.piles import first_reshuffle
from pnp.model.game_model import GameModel

MAX_EVENTS = 200


# --- the form deck

def served(cards: int, entered: int, overlaps: list[int]) -> int:
    """Events a form deck of ``cards`` serves when ``overlaps[i]`` riders of event i+1 race event i+2 too
    (the last overlap repeats)."""
    events, left = 0, cards
    while left >= entered and events < MAX_EVENTS:
        events += 1
        left -= overlaps[min(events - 1, len(overlaps) - 1)]
    return events


def served_at_random(cards: int, riders: int, entered: int, horizon: int = MAX_EVENTS) -> dict[int, Fraction]:
    """Events served -> exact chance, when every event's entries are drawn at random among the team's
    ``riders`` (all sets of ``entered`` alike); events beyond ``horizon`` are counted at ``horizon``."""
    teams = list(combinations(range(riders), entered))
    out: dict[int, Fraction] = {}
    if cards < entered:
        return {0: Fraction(1)}
    states = {(s, cards): Fraction(1, len(teams)) for s in teams}  # entries of the event just served, cards
    events = 1
    while states and events < horizon:
        nxt: dict[tuple, Fraction] = {}
        for (last, left), p in states.items():
            for s in teams:
                rest = left - len(set(last) & set(s))
                q = p / len(teams)
                if rest >= entered:
                    nxt[(s, rest)] = nxt.get((s, rest), Fraction(0)) + q
                else:
                    out[events] = out.get(events, Fraction(0)) + q
        states = nxt
        events += 1
    if states:
        out[horizon] = out.get(horizon, Fraction(0)) + sum(states.values())
    return out


def form_numbers(model: GameModel) -> tuple[int, int, int, int, dict[int, Fraction]]:
    """(cards, riders, entered, events of the cup, events served -> chance at random)."""
    f = model.facts
    cards = sum(team_counts(model, f.world_cup.form.deck).values()) or len(f.world_cup.form.values)
    riders, entered = f.riders_per_team.world_cup, f.world_cup_entered
    return cards, riders, entered, f.score_sheets.events, served_at_random(cards, riders, entered,
                                                                          max(f.score_sheets.events, 1) + cards + 1)


def form(model: GameModel) -> list[Finding]:
    """FRV-CALC-FORM: the form deck runs short before the cup's last event no more often than
    computed.run_out accepts with entries drawn at random (a warning), nor with the same riders every
    event (a question)."""
    f, out = model.facts, Checked()
    cards, riders, entered, events, dist = form_numbers(model)
    if entered > riders:
        return out
    short = sum((p for e, p in dist.items() if e < events), Fraction(0))
    worst = served(cards, entered, [entered])
    best = served(cards, entered, [max(0, 2 * entered - riders)])
    where = model.sources.rule("world_cup", "form")
    if short > Fraction(str(f.computed.run_out)):
        out.append(warning("FRV-CALC-FORM", "form deck", f"with entries drawn at random, a team's {cards} form "
                           f"cards run short before event {events} {chance(short)} of cups, above the "
                           f"{percent(f.computed.run_out)} computed.run_out accepts", where))
    elif worst < events:
        out.append(question("FRV-CALC-FORM", "form deck", f"a team entering the same {entered} riders every event "
                            f"has no form card left for event {worst + 1} (its {cards} cards serve {worst} events; "
                            f"the score sheet has {events}); with entries drawn at random it runs short "
                            f"{chance(short)} of cups", where))
    spread = "; ".join(f"{e}: {chance(p)}" for e, p in sorted(dist.items()))
    most = "never runs short" if best >= MAX_EVENTS else f"{best} the most (riders taking turns)"
    out.ok("FRV-CALC-FORM", "form deck", f"{cards} cards, {entered} of {riders} riders per event: serves {worst} "
           f"events at the least (the same riders every time), {most}; entries at random, events served {spread}; "
           f"short before event {events} {chance(short)} of cups", where=where)
    return out


# --- the riders' piles

def pile_cards(model: GameModel, profile: str, world_cup: bool) -> tuple[int, int]:
    """(energy cards, cards drawn from) of a rider's pile at the start: its deck, its attack card, and a
    form card in a World Cup (an energy card of its value)."""
    f = model.facts
    energy = sum(energy_cards(model, profile).values()) + (1 if world_cup else 0)
    return energy, energy + f.attack.per_rider_deck


def piles(model: GameModel) -> list[Finding]:
    """FRV-CALC-PILE: a rider's own cards last a stage (one a turn, exhaustion aside)."""
    f, out = model.facts, Checked()
    T = f.computed.stage_turns
    for p in model.piles:
        if p.id not in f.profiles:
            continue
        energy, drawn = pile_cards(model, p.id, False)
        wc_energy, wc_drawn = pile_cards(model, p.id, True)
        where = pile_location(model, p.id)
        if energy < T:
            out.append(warning("FRV-CALC-PILE", f"pile {p.id}", f"{energy} energy cards last {energy} turns: in a "
                               f"stage of {T} the rider runs out (100 %, above the {percent(f.computed.run_out)} "
                               "computed.run_out accepts) unless it takes exhaustion", where))
        out.ok("FRV-CALC-PILE", f"pile {p.id}", f"{drawn} cards ({energy} energy, {f.attack.per_rider_deck} attack): "
               f"its own cards last {energy} turns, a stage of {T} at least; drawing {f.hand} a turn, the face-up "
               f"cards come back from turn {first_reshuffle(drawn, f.hand, f.hand)}; in a World Cup with its form "
               f"card {wc_drawn} cards, {wc_energy} turns", where=where)
    return out


# --- the peloton bot

def peloton_numbers(model: GameModel) -> tuple[int, int, int]:
    """(energy cards, attack cards, cards a turn) of a peloton team's pile."""
    f = model.facts
    decks = f.peloton_bot.decks
    energy = sum(sum(energy_cards(model, d).values()) for d in decks if d in f.profiles)
    return energy, f.attack.per_rider_deck * len(decks), f.peloton_bot.draw


def attack_drawn(cards: int, attacks: int, drawn: int) -> Fraction:
    """The chance ``drawn`` cards from a pile of ``cards`` show one of its ``attacks`` attack cards."""
    drawn = min(drawn, cards)
    return 1 - Fraction(math.comb(cards - attacks, drawn), math.comb(cards, drawn))


def _peloton_where(model: GameModel):
    return pile_location(model, "peloton") if any(p.id == "peloton" for p in model.piles) \
        else model.sources.rule("peloton_bot")


def peloton(model: GameModel) -> list[Finding]:
    """FRV-CALC-PELOTON: the bot's pile lasts the stage (a warning when not), and what it does with an
    attack card drawn (a question: its rule does not say)."""
    f, out = model.facts, Checked()
    energy, attacks, draw = peloton_numbers(model)
    T = f.computed.stage_turns
    turns = energy // draw
    where = _peloton_where(model)
    if turns < T:
        out.append(warning("FRV-CALC-PELOTON", "peloton pile", f"{energy} energy cards at {draw} a turn last "
                           f"{turns} turns: in a stage of {T} the bot runs out (100 %, above the "
                           f"{percent(f.computed.run_out)} computed.run_out accepts)", where))
    out.ok("FRV-CALC-PELOTON", "peloton pile", f"{values(f.peloton_bot.decks)} shuffled together: {energy} energy "
           f"cards and {attacks} attack, {draw} played a turn: {turns} turns, a stage of {T} at least", where=where)
    if attacks:
        p = attack_drawn(energy + attacks, attacks, draw * T)
        first = attack_drawn(energy + attacks, attacks, draw)
        out.append(question("FRV-CALC-PELOTON", "attack card", f"a peloton team's pile holds {attacks} attack cards "
                            f"(one per rider deck): the bot draws one on its first turn {chance(first)} of stages and "
                            f"within {T} turns {chance(p)}, and its rule (play the lower card to the front rider, the "
                            "higher to the rear one) says nothing of an attack card", where))
    return out


CHECKS = (form, piles, peloton)
