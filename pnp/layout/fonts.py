"""Fonts from PyPI font packages, registered with ReportLab for measuring and painting.

Every string is checked against the font's character map before it is painted.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

# key -> (family, weight, italic)
FACES: dict[str, tuple[str, int, bool]] = {
    "sans": ("Fira Sans", 400, False),
    "sans-italic": ("Fira Sans", 400, True),
    "sans-medium": ("Fira Sans", 500, False),
    "sans-bold": ("Fira Sans", 700, False),
    "sans-black": ("Fira Sans", 900, False),
}
DEFAULT = "sans"
PT = 25.4 / 72.0
"""One point in millimetres."""


@dataclass(frozen=True)
class FontFace:
    key: str
    family: str
    weight: int
    italic: bool
    path: str
    ps_name: str
    """The name the font is registered under in ReportLab (unique per file)."""


@lru_cache(maxsize=None)
def face(key: str) -> FontFace:
    """The registered font for ``key`` ('sans', 'sans-bold', ...)."""
    import fontpkg
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    family, weight, italic = FACES[key]
    path = str(fontpkg.path(family, weight, style="italic" if italic else "normal"))
    ps_name = f"{family.replace(' ', '')}-{weight}{'i' if italic else ''}"
    if ps_name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(ps_name, path))
    return FontFace(key, family, weight, italic, path, ps_name)


@lru_cache(maxsize=None)
def _charmap(key: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    font = pdfmetrics.getFont(face(key).ps_name)
    return frozenset(font.face.charToGlyph.keys())


def missing_glyphs(text: str, key: str) -> list[str]:
    """Characters of ``text`` that the font ``key`` cannot draw (spaces and controls excepted)."""
    cmap = _charmap(key)
    return sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()})


def width_mm(text: str, key: str, size_pt: float) -> float:
    """Advance width of ``text`` in mm at ``size_pt``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, face(key).ps_name, size_pt) * PT
