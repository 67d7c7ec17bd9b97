"""All Green Jersey checks, gathered in one list.

Each check returns its findings as a ``Checked`` list (pnp.check.checked), which also
holds what it verified with the figures it computed: ``check`` gives the findings, ``verified`` the
passes (``pnp check --all``). GJ-SUPPLY-TOKENS and GJ-DECK-SINGLES are declared under ``checks:`` in
rules.yaml (pnp.check.declared).
"""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.green_jersey import (check_board, check_components, check_deck, check_engine, check_supply,
                                    check_tables)
from pnp.check.checked import verified_by
from pnp.model.game_model import GameModel

CHECKS = (
    check_deck.composition,
    check_deck.kinds_shape,
    check_deck.award_cards,
    check_deck.pair_coverage,
    check_deck.jersey_balance,
    check_deck.swap_cards,
    check_components.riders_and_jerseys,
    check_components.jersey_roles,
    check_components.players,
    check_components.rider_cards,
    check_components.first_player,
    check_components.standees,
    check_components.manifest,
    check_tables.sprints_table,
    check_tables.points_scale,
    check_tables.sprint_end,
    check_supply.deal_supply,
    check_supply.deal_rules,
    *check_board.BOARD_CHECKS,
    check_engine.gaps,
)


def check(model: GameModel) -> list[Finding]:
    """Run every Green Jersey check on ``model``."""
    return [finding for rule in CHECKS for finding in rule(model)]


def verified(model: GameModel) -> list[tuple]:
    """(rule, component, figures) of every part of ``model`` a Green Jersey check looked at and
    found nothing wrong with (pnp.check.passed lists them)."""
    return verified_by(CHECKS, model)
