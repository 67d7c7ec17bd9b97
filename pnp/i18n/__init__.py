"""Localization: gettext catalogs for every text a kit prints (cards, pieces, boards, kit pages, rulebook).

French is the source language. The flow, per game:

- ``extract``: the strings of the game's templates (cards, board, rulebook, and the shared kit texts)
  and the translatable fields of its data (names of colours, riders, jerseys, decks, tokens, board
  sides; colour letters) -> ``data/<game>/locales/messages.pot``, each with its file:line.
- ``catalogs``: ``update`` merges the template into each ``<lang>.po`` (Babel), so a changed French
  string becomes fuzzy and keeps its previous msgid; new languages are created from the template.
- ``status``: counts per language from the PO files, and the gaps a build would hit.
- ``translations``: a build compiles a catalog in memory, checks that every string the kit needs is
  translated (fresh extraction, not just the PO), and makes the language current (``context``):
  templates render through it and ``localize_model`` translates the data strings, in one place.

Modules import their heavy dependencies (Babel, Jinja) inside functions, so ``pnp --help`` stays fast.
"""

from pnp.i18n.context import Language, activate, current

__all__ = ["Language", "activate", "current"]
