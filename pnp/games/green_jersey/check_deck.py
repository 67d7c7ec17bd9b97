"""Checks of the movement deck: its sums, and how its cards cover the jerseys."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from pnp.check.findings import error, warning
from pnp.check.checked import Checked, listing, span
from pnp.model.decks import Card, Deck
from pnp.model.game_model import GameModel


def movement_deck(model: GameModel) -> Deck | None:
    return next((d for d in model.decks if d.id == model.facts.deck.deck), None)


def racing_jerseys(model: GameModel) -> list[str]:
    """The jerseys that name one rider at a time: the six colours and the award jersey."""
    return [j.id for j in model.jerseys if j.rider or j.award]


def _cards(deck: Deck, kind: str) -> list[Card]:
    return [c for c in deck.cards for _ in range(c.qty) if c.kind == kind]


def composition(model: GameModel) -> Checked:
    """GJ-DECK-MISSING: rules.yaml names a movement deck that decks.yaml has. (Its sums, GJ-DECK-TOTAL
    and GJ-DECK-KINDS, are declared under ``checks:`` in rules.yaml: pnp.check.declared.)"""
    facts, deck, out = model.facts, movement_deck(model), Checked()
    if deck is None:
        out.append(error("GJ-DECK-MISSING", f"deck {facts.deck.deck}",
                         f"rules.yaml names the movement deck '{facts.deck.deck}' but decks.yaml has no such deck",
                         model.sources.rule("deck", "deck")))
    else:
        out.ok("GJ-DECK-MISSING", f"deck {facts.deck.deck}", f"rules.yaml's movement deck '{deck.id}' is in "
               f"decks.yaml: {deck.size} cards")
    return out


def kinds_shape(model: GameModel) -> Checked:
    """GJ-CARD-SHAPE: a single shows one colour jersey, a joker the wildcard, a pair two jerseys;
    singles and jokers carry an allowed distance, pairs none."""
    deck, out = movement_deck(model), Checked()
    if deck is None:
        return out
    facts, racing = model.facts, set(racing_jerseys(model))
    for card in deck.cards:
        where = model.card_location(deck, card)
        problem = _shape_problem(card, racing, facts.jersey.wildcard, facts.deck.distances)
        if problem:
            out.append(error("GJ-CARD-SHAPE", f"card {card.id}", problem, where))
    kinds = Counter(c.kind for c, _ in deck.copies())
    moves = sorted({c.distance for c, _ in deck.copies() if c.kind in ("single", "joker")},
                   key=lambda d: (d is None, d or 0))
    out.ok("GJ-CARD-SHAPE", f"deck {deck.id}",
           f"{kinds['single']} singles each show one of the {len(racing)} racing jerseys, {kinds['joker']} jokers "
           f"the '{facts.jersey.wildcard}' jersey, {kinds['pair']} pairs two different racing jerseys; singles "
           f"and jokers move {listing(moves)} squares (allowed: {listing(facts.deck.distances)}), pairs none",
           whole=True)
    return out


def _shape_problem(card: Card, racing: set[str], wildcard: str, distances: tuple[int, ...]) -> str:
    j = card.jerseys
    if card.kind == "single" and (len(j) != 1 or j[0] not in racing):
        return f"a single card shows one rider's jersey or the award jersey, not {'+'.join(j) or 'nothing'}"
    if card.kind == "joker" and j != (wildcard,):
        return f"a joker shows the '{wildcard}' jersey, not {'+'.join(j) or 'nothing'}"
    if card.kind == "pair" and (len(j) != 2 or j[0] == j[1] or not set(j) <= racing):
        return f"a pair card shows two different racing jerseys, not {'+'.join(j) or 'nothing'}"
    if card.kind in ("single", "joker") and card.distance is None:
        return f"a {card.kind} card needs a distance (grey squares): set 'distance'"
    if card.kind in ("single", "joker") and card.distance not in distances:
        return (f"distance {card.distance} is not one of the allowed distances "
                f"{', '.join(map(str, distances))} (set 'distance')")
    if card.kind == "pair" and card.distance is not None:
        return "a pair card moves a rider next to the other, it has no distance: leave 'distance' empty"
    return ""


def award_cards(model: GameModel) -> Checked:
    """GJ-DECK-AWARD: as many cards show the green jersey as the rules set aside for sprint 1."""
    deck, out = movement_deck(model), Checked()
    if deck is None:
        return out
    award, expected = model.facts.jersey.award, model.facts.deck.award_cards
    n = sum(1 for c, _ in deck.copies() if award in c.jerseys)
    if n != expected:
        out.append(error("GJ-DECK-AWARD", f"deck {deck.id}",
                         f"{n} cards show the '{award}' jersey, the rules remove {expected} "
                         "of them for the first sprint", model.sources.rule("deck", "award_cards")))
    out.ok("GJ-DECK-AWARD", f"deck {deck.id}", f"{n} cards show the '{award}' jersey, the {expected} the rules "
           f"leave out of the first sprint; it is played with {deck.size - n} of the {deck.size} cards")
    return out


def pair_coverage(model: GameModel) -> Checked:
    """GJ-DECK-PAIRS: one pair card for every unordered pair of racing jerseys, C(7, 2) = 21."""
    deck, out = movement_deck(model), Checked()
    if deck is None:
        return out
    racing = racing_jerseys(model)
    seen = Counter(frozenset(c.jerseys) for c in _cards(deck, "pair") if len(set(c.jerseys)) == 2)
    pairs = list(combinations(racing, 2))
    out.ok("GJ-DECK-PAIRS", f"deck {deck.id}", f"each of the {len(pairs)} pairs of the {len(racing)} racing "
           f"jerseys is on exactly one of the {len(_cards(deck, 'pair'))} pair cards", whole=True)
    for a, b in pairs:
        n = seen.get(frozenset((a, b)), 0)
        if n != 1:
            what = "no card" if n == 0 else f"{n} cards"
            out.append(error("GJ-DECK-PAIRS", f"pair {a}+{b}",
                             f"{what} for the jerseys {a} and {b}; every pair needs exactly one",
                             model.sources.component(f"deck:{deck.id}")))
    return out


def jersey_balance(model: GameModel) -> Checked:
    """GJ-DECK-BALANCE: every racing jersey appears on the same number of cards."""
    deck, out = movement_deck(model), Checked()
    if deck is None:
        return out
    counts = Counter(j for c, _ in deck.copies() for j in set(c.jerseys))
    racing = racing_jerseys(model)
    values = {j: counts.get(j, 0) for j in racing}
    usual = Counter(values.values()).most_common(1)[0][0] if values else 0
    out += [warning("GJ-DECK-BALANCE", f"jersey {j}", f"appears on {n} cards, the others on {usual}",
                    model.sources.component(f"jersey:{j}")) for j, n in values.items() if n != usual]
    award, wildcard = model.facts.jersey.award, model.facts.jersey.wildcard
    jokers = sum(1 for c, _ in deck.copies() if wildcard in c.jerseys)
    out.ok("GJ-DECK-BALANCE", f"deck {deck.id}", f"every racing jersey on {span(values.values())} cards; the "
           f"rider wearing the '{award}' jersey can be moved by {span(_wearer_cards(model, deck))} (its cards and "
           f"the '{award}' ones, less the one set aside) and {jokers} jokers", whole=True)
    return out


def _wearer_cards(model: GameModel, deck: Deck) -> list[int]:
    """For each rider: the cards that can move it while it wears the award jersey (its jersey's
    and the award's, less the card showing both, set aside beside its rider card)."""
    award = model.facts.jersey.award
    return [sum(1 for c, _ in deck.copies() if {award, j.id} & set(c.jerseys) and set(c.jerseys) != {award, j.id})
            for j in model.jerseys if j.rider]


def swap_cards(model: GameModel) -> Checked:
    """GJ-SWAP-CARD: for every rider, one card shows green + that rider: it is set aside
    beside the rider card while that rider wears the jersey."""
    deck, out = movement_deck(model), Checked()
    if deck is None:
        return out
    award = model.facts.jersey.award
    riders = [j for j in model.jerseys if j.rider]
    out.ok("GJ-SWAP-CARD", f"deck {deck.id}", f"each of the {len(riders)} riders' jerseys is on exactly one "
           f"card with '{award}', set aside while that rider wears it", whole=True)
    for jersey in riders:
        n = sum(1 for c, _ in deck.copies() if c.kind == "pair" and set(c.jerseys) == {award, jersey.id})
        if n != 1:
            out.append(error("GJ-SWAP-CARD", f"rider {jersey.rider}",
                             f"{n} cards show {award} + {jersey.id}; exactly one must exist to be set aside "
                             "when this rider takes the jersey", model.sources.component(f"jersey:{jersey.id}")))
    return out
