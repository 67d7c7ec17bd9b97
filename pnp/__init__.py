"""pnp: print-and-play kits for board games, checked against the game's rules model."""

__version__ = "0.1.0"
