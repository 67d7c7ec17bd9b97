"""How the computed checks write their figures: exact chances as fractions with a percentage, floats rounded."""

from __future__ import annotations

from fractions import Fraction


def chance(p: Fraction) -> str:
    """An exact chance: '1/16 (6.2 %)', '0 %' or '100 %'."""
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    text = f"{100 * float(p):.1f} %" if p >= Fraction(1, 1000) else f"{100 * float(p):.3g} %"
    if p.denominator <= 10_000:
        return f"{p.numerator}/{p.denominator} ({text})"
    return text


def percent(p: float) -> str:
    """A chance computed in floating point, as a percentage."""
    return f"{100 * p:.1f} %"


def number(x: float) -> str:
    """A figure: whole numbers as such, others to one decimal."""
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def values(vs) -> str:
    """A list of values, comma separated."""
    return ", ".join(str(v) for v in vs)
