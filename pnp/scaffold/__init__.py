"""The game `pnp new` writes (game/): package data, filled in by pnp.new."""
