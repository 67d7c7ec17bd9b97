"""PNG export of the 540-card bench deck (bench/deck.py) at 300 dpi, through the png format's own
code (pnp.export.png: every face painted as PDF, rasterized by PDFium, encoded by Pillow, written):

    python -m bench.export_png                 # 540 cards, 300 dpi, best of 3
    python -m bench.export_png --cards 100 --dpi 150 --repeat 1

Every card has its own front and all share one back, so 540 cards are 541 pictures and 1,080 files
(the back's bytes are written once per card, as the format writes them). The figure is cards per
second on one core: the export runs on one thread, so it is also given from the process's CPU time,
which other processes on the machine disturb less than the wall clock. Target: 50 cards/s. Prints
JSON; PASS/MISS is informational.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from bench import deck
from pnp.export.png import faces, write_pngs
from pnp.export.source import Piece

TARGET_CARDS_PER_S = 50.0


def pieces(count: int) -> list[Piece]:
    """The bench deck as the png format sees a kit's cards."""
    bleed = deck.spec().bleed
    return [Piece(art.label, "bench", "cards", art.front, art.back, bleed) for art in deck.card_arts(count)]


def run(count: int, dpi: int) -> dict:
    """One export of ``count`` cards into a temporary folder: wall and CPU seconds, bytes written."""
    deck.warm_up()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0, c0 = time.perf_counter(), time.process_time()
        written = write_pngs(faces(pieces(count)), dpi, lambda name: folder / name)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        size = sum(path.stat().st_size for _, path in written)
    return {"wall_s": wall, "cpu_s": cpu, "files": len(written), "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=540)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [run(args.cards, args.dpi) for _ in range(args.repeat)]
    best_wall = min(r["wall_s"] for r in runs)
    best_cpu = min(r["cpu_s"] for r in runs)
    per_s = args.cards / best_cpu
    print(json.dumps({
        "cards": args.cards, "dpi": args.dpi, "files": runs[0]["files"],
        "cards_per_s_one_core": round(per_s, 1), "cards_per_s_wall": round(args.cards / best_wall, 1),
        "cpu_s": round(best_cpu, 2), "wall_s": round(best_wall, 2),
        "kib_per_file": round(runs[0]["bytes"] / runs[0]["files"] / 1024, 1),
        "target_cards_per_s": TARGET_CARDS_PER_S, "result": "PASS" if per_s >= TARGET_CARDS_PER_S else "MISS",
    }, indent=2))


if __name__ == "__main__":
    main()
