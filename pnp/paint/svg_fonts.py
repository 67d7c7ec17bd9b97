"""Fonts embedded in an SVG: a subset of each face with only the characters the file uses,
as WOFF in an @font-face rule, so a browser shows the same glyphs and widths as the PDF."""

from __future__ import annotations

import base64
import io
from functools import lru_cache

from pnp.layout import fonts


@lru_cache(maxsize=64)
def woff_base64(path: str, chars: str) -> str:
    """The font at ``path`` cut down to ``chars``, as base64 WOFF (deterministic)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(path, recalcTimestamp=False, lazy=True)
    options = subset.Options()
    options.flavor = "woff"
    # No OpenType layout: ReportLab sets text without kerning or ligatures, so the SVG matches the
    # PDF without them, and the layout tables are what makes subsetting slow.
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return base64.b64encode(out.getvalue()).decode("ascii")


def font_face_css(used: dict[str, set[str]]) -> str:
    """@font-face rules for every font key used, each with the characters it draws."""
    rules = []
    for key in sorted(used):
        face = fonts.face(key)
        chars = "".join(sorted(used[key] | {" "}))
        data = woff_base64(face.path, chars)
        style = "italic" if face.italic else "normal"
        rules.append(f"@font-face{{font-family:'{face.family}';font-weight:{face.weight};font-style:{style};"
                     f"src:url(data:font/woff;base64,{data}) format('woff');}}")
    return "\n".join(rules)
