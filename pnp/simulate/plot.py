"""A sweep as a figure: one panel per outcome, the first varied setting along the x axis, one line
per combination of the others; shares in % with their 95 % interval as error bars. SVG or PNG,
by the file's suffix; the same sweep gives the same bytes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.simulate.stats import Share, Summary
from pnp.simulate.sweep import PLAYERS, Sweep

SUFFIXES = (".svg", ".png")


def plot_sweep(result: Sweep, path: Path) -> Path:
    """Draw ``result`` into ``path`` (.svg or .png); PnpError when the suffix is another or
    matplotlib is missing."""
    path = Path(path)
    if path.suffix.lower() not in SUFFIXES:
        raise PnpError(f"--plot {path}: the figure is written as .svg or .png")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PnpError("--plot needs matplotlib: pip install 'pnp[plot]'") from None
    axes = [a for a in result.axes if len(a.values) > 1] or list(result.axes)
    x_axis, others = axes[0], [a for a in axes[1:]]
    cols = [c for c in result.columns() if _number(_first(result, c)) is not None]
    n = len(cols)
    width = 3 if n > 4 else max(1, n)
    rows = (n + width - 1) // width
    with plt.rc_context({"svg.hashsalt": "pnp", "svg.fonttype": "none", "font.size": 8}):
        fig, grid = plt.subplots(rows, width, figsize=(3.6 * width, 2.8 * rows), squeeze=False)
        for k, name in enumerate(cols):
            ax = grid[k // width][k % width]
            _panel(ax, result, name, x_axis.name, [o.name for o in others])
            ax.set_title(name + (" (%)" if isinstance(_first(result, name), Share) else ""))
            ax.set_xlabel(x_axis.name)
        for k in range(n, rows * width):
            grid[k // width][k % width].axis("off")
        handles, labels = grid[0][0].get_legend_handles_labels()
        if len(labels) > 1:
            fig.legend(handles, labels, loc="lower center", ncol=min(4, len(labels)), frameon=False)
        fig.suptitle(f"{result.game}: {result.games} {result.policy} games per cell, seed {result.seed}")
        fig.tight_layout(rect=(0, 0.06 if len(labels) > 1 else 0, 1, 0.95))
        metadata = {"Date": None} if path.suffix.lower() == ".svg" else {"Software": None}
        fig.savefig(path, metadata=metadata, dpi=120)
        plt.close(fig)
    return path


def _panel(ax, result: Sweep, name: str, x_name: str, others: list[str]) -> None:
    series: dict[tuple, list[tuple[Any, Any]]] = {}
    for c in result.results:
        if c.report is None:
            continue
        values = c.cell.as_dict()
        key = tuple((o, values[o]) for o in others)
        series.setdefault(key, []).append((values[x_name], c.outcomes().get(name)))
    for key, points in series.items():
        xs = [p[0] for p in points]
        ticks = list(range(len(xs))) if not all(isinstance(x, (int, float)) for x in xs) else xs
        ys = [_number(p[1]) for p in points]
        label = ", ".join(f"{k}={v}" for k, v in key) or None
        if all(isinstance(p[1], Share) for p in points):
            lo = [y - 100 * p[1].interval[0] for y, p in zip(ys, points)]
            hi = [100 * p[1].interval[1] - y for y, p in zip(ys, points)]
            ax.errorbar(ticks, ys, yerr=[lo, hi], marker="o", ms=3, capsize=2, label=label)
        else:
            ax.plot(ticks, ys, marker="o", ms=3, label=label)
        if ticks is not xs:
            ax.set_xticks(ticks, [str(x) for x in xs])
    if x_name == PLAYERS:
        ax.xaxis.get_major_locator().set_params(integer=True)


def _first(result: Sweep, name: str) -> Any:
    return next((c.outcomes()[name] for c in result.results if name in c.outcomes()), None)


def _number(value: Any) -> float | None:
    if isinstance(value, Share):
        return 100 * value.value if value.n else None
    if isinstance(value, Summary):
        return value.mean if value.n else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None
