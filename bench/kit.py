"""Benchmarks of the whole kit, the rulebook and board tiling; prints figures, asserts nothing.

    python -m bench.kit [--runs N]

- the Green Jersey kit in one language, as a whole process from the shell (target < 3 s);
- the Green Jersey rulebook in one language, in process, per language (target < 1.5 s);
- tiling a 600 x 420 mm board over A4, layout and paint (target < 0.3 s).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "green-jersey"


def _median_process(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pnp", *args, "--out", out], check=True, cwd=ROOT,
                           stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def kit_process(runs: int) -> float:
    return _median_process(["build", "green-jersey"], runs)


def rulebook(lang: str, runs: int) -> tuple[float, int]:
    """Seconds to render the rulebook (template, figures, typesetting) in ``lang``, in process."""
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model
    from pnp.i18n.translations import prepare
    from pnp.layout.rulebook import parse
    from pnp.layout.rulebook_context import render_rulebook_markdown
    from pnp.layout.rulebook_figures import figure_scene
    from pnp.model import load_game
    from pnp.paint.rulebook_pdf import RulebookMeta, paint_rulebook

    model = load_game(GAME)
    language = prepare(GAME, model, lang, False, ("rulebook.md.j2",)).language
    times, pages = [], 0
    with activate(language):
        local = localize_model(model, language)
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as out:
                t = time.perf_counter()
                blocks = parse(render_rulebook_markdown(local))
                pages = paint_rulebook(blocks, str(Path(out) / "r.pdf"), RulebookMeta(local.info.title),
                                       lambda ref: figure_scene(local, ref), hyphenation_lang=lang)
                times.append(time.perf_counter() - t)
    return statistics.median(times), pages


def synthetic_board(w: float = 600.0, h: float = 420.0):
    """A board-like scene: a grid of 30 mm squares, lines, circles and labels."""
    from pnp.layout import text as textfit
    from pnp.layout.scene import Circle, Group, Rect, Scene, Style

    items = [Rect(0, 0, w, h, Style(fill="#4E8F47"))]
    for col in range(int(w // 30)):
        for row in range(int(h // 30)):
            items.append(Rect(col * 30 + 1, row * 30 + 1, 28, 28, Style(fill="#474B52", stroke="#9A9EA5", width=0.3)))
            items.append(Circle(col * 30 + 15, row * 30 + 15, 4, Style(fill="#FFFFFF")))
            items.append(textfit.line(f"{col}-{row}", col * 30 + 3, row * 30 + 8, "sans", 6, "#FFFFFF"))
    return Scene(w, h, (Group(tuple(items), id="board"),), trim=(0, 0, w, h))


def tiling(runs: int) -> tuple[float, int, int]:
    """Seconds to cut the synthetic board into A4 tiles and paint them (board drawn once, as a form)."""
    from pnp.layout.paper import paper
    from pnp.layout.tiling import assembly_map, tile_pages
    from pnp.paint.pdf import paint_pdf

    scene = synthetic_board()
    times, size, pages = [], 0, 0
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            target = Path(out) / "tiles.pdf"
            t = time.perf_counter()
            grid, tiles = tile_pages(scene, "bench-board", paper("a4"), lambda n, i, k: f"tile {n} ({i}/{k})")
            amap = assembly_map(scene, "bench-board", grid, "Assembly", ["1. Cut.", "2. Glue."], "50 mm")
            pages = paint_pdf([amap, *tiles], str(target))
            times.append(time.perf_counter() - t)
            size = target.stat().st_size
    return statistics.median(times), pages, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    rows = []
    t = kit_process(runs)
    rows.append(("Green Jersey kit, one language, whole process", f"{t:.2f} s", "< 3 s", t < 3))
    for lang in ("fr", "en", "pl"):
        t, pages = rulebook(lang, runs)
        rows.append((f"rulebook [{lang}] ({pages} pages), in process", f"{t:.2f} s", "< 1.5 s", t < 1.5))
    t, pages, size = tiling(runs)
    rows.append((f"tiling 600x420 mm over A4 ({pages} pages, {size // 1024} KiB)", f"{t:.3f} s", "< 0.3 s", t < 0.3))
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':{width}}  {'figure':>9}  {'target':>8}")
    for name, figure, target, ok in rows:
        print(f"{name:{width}}  {figure:>9}  {target:>8}  {'PASS' if ok else 'MISS'}")


if __name__ == "__main__":
    main()
