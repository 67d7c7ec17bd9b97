"""The Tabletop Simulator export and the HTML gallery of Green Jersey, in process:

    python -m bench.exports                    # both formats, English, best of 3
    python -m bench.exports --format html --lang de --repeat 5

Each figure is one whole ``export_game`` (the kit checked and laid out, then the format's files
written into a temporary folder) and, apart, the format alone on a kit already opened; wall clock
and the process's CPU time (less disturbed by other processes); and ``pnp export`` run from the
shell (a new process: imports and caches cold). Targets: tts < 5 s, html < 2 s (the whole export
in process). Prints JSON; PASS/MISS is informational.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "green-jersey"
TARGETS_S = {"tts": 5.0, "html": 2.0}


def _timed(fn) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - t0, time.process_time() - c0


def whole(fmt: str, lang: str) -> tuple[float, float]:
    """One ``export_game``: wall and CPU seconds."""
    from pnp.export import ExportOptions, export_game

    with tempfile.TemporaryDirectory() as out:
        return _timed(lambda: export_game(GAME, fmt, ExportOptions(out=Path(out), lang=lang)))


def format_only(fmt: str, lang: str) -> tuple[float, float]:
    """The format's ``export`` on a kit opened beforehand: wall and CPU seconds."""
    from pnp.export import ExportOptions, format_module
    from pnp.export.source import open_kit
    from pnp.write import OutputTransaction

    kit = open_kit(GAME, lang)
    module = format_module(fmt)
    with tempfile.TemporaryDirectory() as out:
        options = ExportOptions(out=Path(out), lang=lang)
        with kit.active(), OutputTransaction(options.out) as tx:
            return _timed(lambda: module.export(kit, options, tx))


def process(fmt: str, lang: str) -> float:
    """``pnp export green-jersey --to FMT`` as a new process: wall seconds."""
    with tempfile.TemporaryDirectory() as out:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pnp", "export", GAME.name, "--to", fmt, "--lang", lang, "--out", out],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=sorted(TARGETS_S), action="append")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    whole("html", args.lang)  # warm up: imports, fonts, compiled templates
    report = {}
    for fmt in args.format or ["tts", "html"]:
        runs = [whole(fmt, args.lang) for _ in range(args.repeat)]
        alone = [format_only(fmt, args.lang) for _ in range(args.repeat)]
        wall = min(w for w, _ in runs)
        report[fmt] = {"game": GAME.name, "lang": args.lang, "wall_s": round(wall, 2),
                       "cpu_s": round(min(c for _, c in runs), 2),
                       "format_only_wall_s": round(min(w for w, _ in alone), 2),
                       "format_only_cpu_s": round(min(c for _, c in alone), 2),
                       "process_wall_s": round(min(process(fmt, args.lang) for _ in range(args.repeat)), 2),
                       "target_s": TARGETS_S[fmt], "result": "PASS" if wall < TARGETS_S[fmt] else "MISS"}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
