"""Small statistics for simulation reports: shares with Wilson 95 % intervals, summaries of counts."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95 % by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if k <= 0 else max(0.0, centre - half)
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return lo, hi


@dataclass(frozen=True)
class Share:
    """``k`` of ``n``, with its Wilson 95 % interval."""

    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def excludes(self, p: float) -> bool:
        lo, hi = self.interval
        return self.n > 0 and not (lo <= p <= hi)

    def as_dict(self) -> dict:
        lo, hi = self.interval
        return {"k": self.k, "n": self.n, "share": round(self.value, 4), "ci95": [round(lo, 4), round(hi, 4)]}

    def text(self) -> str:
        if not self.n:
            return "n/a"
        lo, hi = self.interval
        return f"{self.k}/{self.n} = {100 * self.value:.1f} % [{100 * lo:.1f}-{100 * hi:.1f}]"


@dataclass(frozen=True)
class Summary:
    """Mean, extremes, median and the counts of every value of a list of whole numbers."""

    n: int
    mean: float
    min: int
    median: float
    max: int
    counts: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, values) -> "Summary":
        values = sorted(values)
        if not values:
            return cls(0, 0.0, 0, 0.0, 0, ())
        n = len(values)
        mid = n // 2
        median = values[mid] if n % 2 else (values[mid - 1] + values[mid]) / 2
        return cls(n, sum(values) / n, values[0], median, values[-1], tuple(sorted(Counter(values).items())))

    def as_dict(self) -> dict:
        return {"n": self.n, "mean": round(self.mean, 4), "min": self.min, "median": self.median,
                "max": self.max, "counts": {str(k): v for k, v in self.counts}}

    def text(self) -> str:
        if not self.n:
            return "n/a"
        return f"mean {self.mean:.2f}, median {self.median:g}, min {self.min}, max {self.max}"
