"""Card face layouts by name (a deck's ``face:`` and ``back:`` in decks.yaml)."""

from __future__ import annotations

from collections.abc import Callable

from pnp.layout.faces import back, first_player, jersey_move, player_aid, rider

FACES: dict[str, Callable] = {
    "jersey-move": jersey_move.draw,
    "rider": rider.draw,
    "first-player": first_player.draw,
    "green-jersey-aid": player_aid.front,
}
BACKS: dict[str, Callable] = {
    "game-back": back.draw,
    "green-jersey-aid-back": player_aid.back,
}
