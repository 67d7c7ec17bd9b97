"""One deck, measured in a process of its own; prints one JSON object on stdout.

    python -m bench.measure --cards 540 [--repeat 3] [--trace] [--out DIR]

Without --trace: wall time of layout + imposition + paint + write (the first run, then ``--repeat``
more for a steadier median), file size, and the peak RSS of this process after the first run
(ru_maxrss, so earlier and later deck runs of other sizes cannot mix into it).
With --trace: one run under tracemalloc, sampling the memory in use every few pages, to show
whether memory held grows with the number of cards (tracemalloc slows the run; it is not timed).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _slope(points: list[tuple[int, int]]) -> float:
    """Least-squares slope of (x, y) points; 0 for fewer than two."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    den = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / den if den else 0.0


def timed(cards: int, repeat: int, out: Path) -> dict:
    t_import = time.perf_counter()
    from bench import deck

    deck.warm_up()
    setup = time.perf_counter() - t_import
    rss_setup = _rss_mb()
    first = deck.build(cards, str(out / f"deck-{cards}.pdf"))
    rss_peak = _rss_mb()  # before any repeat, so the peak is that of exactly one deck
    times, cpu = [first.seconds], [first.cpu]
    for _ in range(repeat):
        again = deck.build(cards, str(out / f"deck-{cards}.pdf"))
        times.append(again.seconds)
        cpu.append(again.cpu)
    return {"cards": cards, "pages": first.pages, "bytes": first.bytes, "seconds": times, "cpu": cpu,
            "setup_seconds": setup, "rss_setup_mb": rss_setup, "rss_peak_mb": rss_peak}


def traced(cards: int, out: Path, every: int = 10) -> dict:
    from bench import deck

    deck.warm_up()
    samples: list[tuple[int, int]] = []  # (pages painted, bytes traced now)

    def sample(pages):
        for n, scene in enumerate(pages, 1):
            yield scene
            if n % every == 0:
                samples.append((n, tracemalloc.get_traced_memory()[0]))

    tracemalloc.start()
    result = deck.build(cards, str(out / f"deck-{cards}-traced.pdf"), wrap=sample)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    cards_per_page = cards / result.pages
    # drop the first samples: caches (glyph widths, forms, colours) fill up during the first pages
    steady = samples[len(samples) // 5:]
    return {"cards": cards, "pages": result.pages, "trace_peak_mb": peak / 2 ** 20,
            "trace_end_mb": current / 2 ** 20,
            "retained_bytes_per_card": _slope(steady) / cards_per_page,
            "samples": samples}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, required=True)
    ap.add_argument("--repeat", type=int, default=0, help="extra timed runs after the first")
    ap.add_argument("--trace", action="store_true", help="measure tracemalloc peak and growth instead")
    ap.add_argument("--out", type=Path, default=None, help="folder for the PDF (default: a temp folder)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        out = args.out or Path(tmp)
        result = traced(args.cards, out) if args.trace else timed(args.cards, args.repeat, out)
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
