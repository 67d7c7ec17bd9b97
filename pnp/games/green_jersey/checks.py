"""All Green Jersey checks, gathered in one list.

GJ-SUPPLY-TOKENS and GJ-DECK-SINGLES are declared under ``checks:`` in rules.yaml (pnp.check.declared).
"""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.green_jersey import (check_board, check_components, check_deck, check_engine, check_supply,
                                    check_tables)
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
