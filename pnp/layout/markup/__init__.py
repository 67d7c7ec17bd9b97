"""Faces are templates: a Jinja template renders SVG in millimetres, pnp reads it into its scene.

A deck's ``face:`` / ``back:`` NAME is the template ``faces/NAME.svg.j2``, looked up in the game's
``templates/`` folder, then in the shared library (pnp.paths.template_dirs). The template renders
an SVG document whose viewBox is the card with its bleed (``svg_size`` gives the root's attributes),
so it opens in a browser or Inkscape as it prints. pnp reads the markup (pnp.layout.markup.svg, with
svgelements for path data, transforms and colours) into scene items, and its own elements
(pnp.layout.markup.pnp_elements, namespace ``https://pnp.invalid/ns``) add what SVG lacks: fitted
text boxes, inline icons, the game's jerseys and the stamp. The painters then paint the scene as
they paint every other: imposition, bleed, crop marks, duplex and form reuse are unchanged.

A template is rendered once per distinct input and read once per distinct markup; a face's drawing
is named by its markup, so identical faces are one Symbol (one PDF form). Every designer's
mistake is a MarkupError located in the template (file and line).
"""

from pnp.layout.markup.engine import Drawn, Faces, faces_for, read_face
from pnp.layout.markup.env import face_names, face_path, faces_digest, find
from pnp.layout.markup.errors import MarkupError
from pnp.layout.markup.tree import PNP_NS

__all__ = ["Drawn", "Faces", "MarkupError", "PNP_NS", "face_names", "face_path", "faces_digest", "faces_for", "find", "read_face"]
