"""The cards a rider's pile starts with, read from the model: the kit's printed deck of a team where the
kit prints it (the climber's CSV), the profile of rules.yaml where the base box holds it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from pnp.model.game_model import GameModel


def find(model: GameModel, deck_id: str):
    """The deck ``deck_id`` of decks.yaml, or None."""
    return next((d for d in model.decks if d.id == deck_id), None)


def energy_cards(model: GameModel, profile: str) -> Counter:
    """Value -> copies of a rider's energy cards: the first team's printed deck when the kit prints the
    whole deck, else the profile's values (the base box's deck, with the kit's replacements)."""
    p = model.facts.profiles[profile]
    printed = find(model, p.deck) if p.printed == "deck" and p.deck else None
    if printed is not None and model.facts.teams:
        team = model.facts.teams[0]
        have = Counter()
        for c in printed.cards:
            if c.colour == team and c.value is not None:
                have[c.value] += c.qty
        if have:
            return have
    return Counter({v: p.copies for v in p.values})


def team_counts(model: GameModel, deck_id: str) -> Counter:
    """Value -> copies in one team's share of a printed deck (the first team's), e.g. its form deck."""
    d = find(model, deck_id)
    team = model.facts.teams[0] if model.facts.teams else None
    out = Counter()
    for c in (d.cards if d else ()):
        if c.colour == team and c.value is not None:
            out[c.value] += c.qty
    return out


def mean(cards: Counter) -> Fraction:
    """The mean card of ``cards`` (value -> copies), exactly."""
    n = sum(cards.values())
    return Fraction(sum(v * c for v, c in cards.items()), n) if n else Fraction(0)
