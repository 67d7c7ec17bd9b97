"""What changed in a game between two git revisions (pnp diff, pnp build --changed-since).

- ``git``: the game's data folder and the templates at a revision, extracted into a temporary folder;
- ``model``: the two models compared component by component, cards field by field, rules.yaml by path;
- ``rulebook``: the rulebook sections whose rendered Markdown differs;
- ``translations``: the msgids that appeared or went away (stale translations per language);
- ``report``: all of it as text or JSON.
"""

from pnp.diff.git import RevisionError, game_at

__all__ = ["RevisionError", "game_at"]
