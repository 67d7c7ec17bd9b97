"""Model stage: raw records -> typed, frozen objects (GameModel)."""

from pnp.model.game_model import GameModel, Sources
from pnp.model.reader import display_path, load_game

__all__ = ["GameModel", "Sources", "load_game", "display_path"]
