"""Cross-references between parts of the model: every name must point to something."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.errors import ErrorBag, Location
from pnp.load.suggest import did_you_mean
from pnp.model.game_model import GameModel


def _check(errors: ErrorBag, where: Location, field: str, name: str, kind: str,
           valid: Iterable[str]) -> None:
    valid = list(valid)
    if name not in valid:
        errors.add(where, f"unknown {kind} '{name}'", field, did_you_mean(name, valid))


def _known(model: GameModel, kind: str) -> list[str]:
    prefix = f"{kind}:"
    return [key[len(prefix):] for key in model.sources.components if key.startswith(prefix)]


def check_references(model: GameModel, errors: ErrorBag) -> None:
    """Add an error for every reference to a colour, rider or jersey that does not exist."""
    src = model.sources
    # Ids as written in the files, even for items that failed to validate: a mistake in one
    # rider must not also be reported as "unknown rider" everywhere it is named.
    colours, riders, jerseys, profiles = (_known(model, k) for k in ("colour", "rider", "jersey", "profile"))
    for rider in model.riders:
        where = src.component(f"rider:{rider.id}")
        _check(errors, where, f"riders[{rider.id}].colour", rider.colour, "colour", colours)
        if rider.profile:
            _check(errors, where, f"riders[{rider.id}].profile", rider.profile, "profile", profiles)
    for jersey in model.jerseys:
        where = src.component(f"jersey:{jersey.id}")
        for colour in jersey.colours:
            _check(errors, where, f"jerseys[{jersey.id}].colours", colour, "colour", colours)
        if jersey.rider:
            _check(errors, where, f"jerseys[{jersey.id}].rider", jersey.rider, "rider", riders)
    for standee in model.standees:
        where = src.component(f"standee:{standee.id}")
        if standee.rider or not standee.wearing:
            _check(errors, where, f"standees[{standee.id}].rider", standee.rider, "rider", riders)
        if standee.wearing:
            _check(errors, where, f"standees[{standee.id}].wearing", standee.wearing, "jersey", jerseys)
    for token in model.tokens:
        if token.colour:
            _check(errors, src.component(f"token:{token.id}"), f"tokens[{token.id}].colour",
                   token.colour, "colour", colours)
    for deck in model.decks:
        for card in deck.cards:
            where = model.card_location(deck, card)
            for jersey in card.jerseys:
                _check(errors, where, f"{deck.id}[{card.id}].jerseys", jersey, "jersey", jerseys)
            if card.rider:
                _check(errors, where, f"{deck.id}[{card.id}].rider", card.rider, "rider", riders)
            if card.colour:
                _check(errors, where, f"{deck.id}[{card.id}].colour", card.colour, "colour", colours)
