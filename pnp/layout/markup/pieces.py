"""Template faces of pieces that are not cards (a token, a standee's figure).

A piece names its layout as a deck does (``face:``): ``faces/NAME.svg.j2``, the game's own first,
then the shared library's. Its template gets what a card's face gets (pnp.layout.markup.engine),
with the piece's own names (``token=...``, ``standee=...``) instead of ``card`` and ``deck``; its
drawing is named by its markup, so identical pieces are one drawing.
"""

from __future__ import annotations

from pnp.layout.markup import env as jenv
from pnp.layout.markup.engine import Drawn, faces_for


def piece(ctx, name: str, what: str, **names) -> Drawn:
    """The piece drawn by template ``name`` in card context ``ctx`` (its size and bleed), with
    ``names`` added to what the template receives; ``what`` names the piece in messages. A
    mistake in the template is a MarkupError (pnp.layout.markup)."""
    faces = faces_for(ctx)
    markup = jenv.render(faces.template(name), dict(faces.base, side="front", **names), what)
    return faces.read(name, markup, what)
