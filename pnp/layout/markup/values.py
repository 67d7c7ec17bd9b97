"""Attribute values of SVG markup: colours, lengths, number lists, transforms and path data.

Each parser is cached by its text (a deck repeats the same few values on every card) and raises
ValueError with a message for the designer when the text is not valid SVG: svgelements, which
does the parsing, quietly reads a bad colour as black and a bad transform as none.

Lengths follow SVG: a plain number is a user unit (a millimetre in a face whose viewBox is in mm),
and a unit converts at 96 px to the inch as browsers do (``1mm`` is 3.78 user units: write plain
numbers in a face).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from pnp.layout.scene import Affine

_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_LENGTH = re.compile(rf"\s*({_NUMBER})\s*(px|mm|cm|in|pt|pc)?\s*")
_NUMBERS = re.compile(_NUMBER)
_LIST_OK = re.compile(rf"\s*(?:{_NUMBER}(?:\s*,?\s*|\s+))*\s*")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_FUNC = re.compile(r"(?:rgba?|hsla?)\([^()]*\)", re.IGNORECASE)
_TRANSFORM = re.compile(
    rf"\s*(?:(?:matrix|translate|scale|rotate|skewX|skewY)\s*\(\s*{_NUMBER}(?:\s*,?\s*{_NUMBER})*\s*\)\s*,?\s*)*")
_PATH_START = re.compile(r"\s*[Mm]")


@lru_cache(maxsize=4096)
def length(text: str) -> float:
    """A length in user units ("3", "3.5", "10px", "1in"); percentages are not supported."""
    m = _LENGTH.fullmatch(text)
    if m is None:
        if text.strip().endswith("%"):
            raise ValueError(f"'{text}': percentages are not supported, give user units (mm)")
        raise ValueError(f"'{text}' is not a length (a number of user units, i.e. mm)")
    if not m.group(2) or m.group(2) == "px":
        return float(m.group(1))
    from svgelements import Length

    return float(Length(text.strip()).value(ppi=96.0))


@lru_cache(maxsize=1024)
def numbers(text: str) -> tuple[float, ...]:
    """A list of numbers separated by spaces or commas (points, a dash array)."""
    if not _LIST_OK.fullmatch(text):
        raise ValueError(f"'{text}' is not a list of numbers")
    return tuple(float(v) for v in _NUMBERS.findall(text))


@lru_cache(maxsize=1024)
def colour(text: str) -> tuple[str | None, float]:
    """'#RRGGBB' (upper case) and an opacity from 0 to 1, or (None, 1.0) for 'none'.
    Accepts what SVG does: #rgb, #rrggbb (with alpha), rgb(), rgba(), hsl(), hsla() and names."""
    from svgelements import Color

    v = text.strip()
    if v == "none" or v == "transparent":
        return None, 1.0
    low = v.lower()
    if not (_HEX.fullmatch(v) or _FUNC.fullmatch(v) or low == "black"
            or (low.isalpha() and Color.parse(low) != 255)):
        raise ValueError(f"'{text}' is not a colour (#RRGGBB, rgb(), a CSS colour name or none)")
    c = Color(v)
    if c.value is None:
        return None, 1.0
    return "#" + c.hex[1:7].upper(), (c.opacity if c.opacity is not None else 1.0)


@lru_cache(maxsize=1024)
def transform(text: str) -> Affine:
    """An SVG transform list as a matrix (a, b, c, d, e, f)."""
    if not _TRANSFORM.fullmatch(text):
        raise ValueError(f"'{text}' is not an SVG transform (matrix, translate, scale, rotate, skewX, skewY)")
    from svgelements import Matrix

    m = Matrix(text)
    return tuple(_clean(v) for v in (m.a, m.b, m.c, m.d, m.e, m.f))  # type: ignore[return-value]


def _clean(v: float) -> float:
    """Rounding noise of trigonometry (6e-17 for 0) removed, so matrices compare and print cleanly."""
    r = round(v, 12)
    return 0.0 if r == 0 else r


K = 4 * (math.sqrt(2) - 1) / 3
"""Control-point distance of a cubic quarter circle of radius 1."""


@lru_cache(maxsize=2048)
def path(d: str) -> tuple[tuple, ...]:
    """Path data as scene commands: ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',).
    Relative commands, H/V, S/T, quadratic curves and elliptical arcs become these (arcs and
    quadratics as cubic Béziers)."""
    if not d.strip():
        return ()
    if not _PATH_START.match(d):
        raise ValueError(f"path data must start with M: '{_short(d)}'")
    from svgelements import Arc, Close, CubicBezier, Line, Move, Path, QuadraticBezier

    try:
        segments = list(Path(d))
    except (ValueError, IndexError) as exc:
        raise ValueError(f"bad path data '{_short(d)}'{': ' + str(exc) if str(exc) else ''}") from None
    out: list[tuple] = []
    for seg in segments:
        if isinstance(seg, Move):
            out.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, Close):
            out.append(("Z",))
        elif isinstance(seg, Line):
            out.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, CubicBezier):
            out.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y, seg.end.x, seg.end.y))
        elif isinstance(seg, QuadraticBezier):
            (x0, y0), (qx, qy), (x, y) = (seg.start.x, seg.start.y), (seg.control.x, seg.control.y), (seg.end.x,
                                                                                                      seg.end.y)
            out.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x),
                        y + 2 / 3 * (qy - y), x, y))
        elif isinstance(seg, Arc):
            if seg.start == seg.end:
                continue
            if not seg.rx or not seg.ry:  # a flat arc is a straight line (SVG)
                out.append(("L", seg.end.x, seg.end.y))
                continue
            for c in seg.as_cubic_curves():
                out.append(("C", c.control1.x, c.control1.y, c.control2.x, c.control2.y, c.end.x, c.end.y))
        else:  # pragma: no cover - svgelements has no other segment kind
            raise ValueError(f"unsupported path segment {type(seg).__name__}")
    return tuple(tuple(_clean(v) if isinstance(v, float) else v for v in cmd) for cmd in out)


def ellipse(cx: float, cy: float, rx: float, ry: float) -> tuple[tuple, ...]:
    """An ellipse as four cubic quarters, clockwise from its rightmost point (as SVG draws it)."""
    kx, ky = rx * K, ry * K
    return (("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",))


def rounded_rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> tuple[tuple, ...]:
    """A rectangle whose corners are quarter ellipses of radii (rx, ry), as a path."""
    kx, ky = rx * K, ry * K
    return (("M", x + rx, y), ("L", x + w - rx, y), ("C", x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry),
            ("L", x + w, y + h - ry), ("C", x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h),
            ("L", x + rx, y + h), ("C", x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry),
            ("L", x, y + ry), ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",))


def transform_commands(commands: tuple[tuple, ...], t: Affine) -> tuple[tuple, ...]:
    """Path commands with every point moved by ``t`` (exact: Béziers are affine invariant)."""
    a, b, c, d, e, f = t
    out = []
    for cmd in commands:
        if cmd[0] == "Z":
            out.append(cmd)
            continue
        pts = cmd[1:]
        moved = []
        for i in range(0, len(pts), 2):
            x, y = pts[i], pts[i + 1]
            moved += [a * x + c * y + e, b * x + d * y + f]
        out.append((cmd[0], *moved))
    return tuple(out)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
