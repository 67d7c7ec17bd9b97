"""The synthetic deck of bench.deck drawn by face templates: the cost of faces as templates.

    python -m bench.markup                 # 540 and 5,000 cards, Python faces and template faces
    python -m bench.markup --quick         # 540 and 1,500 cards
    python -m bench.markup --profile       # also a cProfile of the 540-card template run

Each front is the Jinja template below (``faces/bench-front.svg.j2`` in a temporary game folder),
rendered with its card and read into the scene by pnp.layout.markup, exactly as a deck's
``face: bench-front`` is: a paper, a frame, a title fitted by ``<pnp:text>``, a jersey
(``<pnp:jersey pattern=...>``, a Symbol) and three measured lines (``<text text-anchor="middle">``).
Every card is different, so every card is rendered and read: the worst case (copies and identical
cards are rendered and read once). The back is a template too, drawn once. Each deck is measured
in a process of its own, like bench.run does; the figures print beside those of bench.deck's Python
faces, with the targets of bench.run.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import io
import json
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS_PER_S = 1000.0
BYTES_PER_CARD = 500.0

FRONT = """\
{% set paper = "#FBF8F1" %}{% set ink = "#1F2328" %}{% set muted = "#6B6F76" %}
<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" {{ svg_size }}>
  <rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2 * bleed }}" height="{{ h + 2 * bleed }}" fill="{{ paper }}"/>
  <rect x="3" y="3" width="{{ w - 6 }}" height="{{ h - 6 }}" rx="2.5" fill="none" stroke="{{ ink }}" stroke-width="0.5"/>
  <pnp:text x="6" y="6" width="{{ w - 12 }}" height="11" max-size="14" min-size="8" font="sans-bold" fill="{{ ink }}">{{ card.name }} {{ card.n }}</pnp:text>
  <pnp:jersey pattern="{{ card.look.pattern }}" colours="{{ card.look.colours | join(' ') }}" mark="{{ card.look.mark }}" ink="{{ card.look.mark_ink }}" x="{{ (w - 34) / 2 }}" y="20" size="34"/>
  <g font-size="{{ (7.5 * pt) | mm }}" text-anchor="middle" fill="{{ ink }}">
    <text x="{{ w / 2 }}" y="64">Move {{ card.move }} squares forward,</text>
    <text x="{{ w / 2 }}" y="69.5">then draw {{ card.draw }} card{{ "s" if card.draw > 1 }} and pass.</text>
    <text x="{{ w / 2 }}" y="75" font-style="italic" fill="{{ muted }}">Card no. {{ "%05d" | format(card.n) }} of the bench deck</text>
  </g>
</svg>
"""

BACK = """\
<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" {{ svg_size }}>
  <rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2 * bleed }}" height="{{ h + 2 * bleed }}" fill="#146B36"/>
  <rect x="4" y="4" width="{{ w - 8 }}" height="{{ h - 8 }}" rx="3" fill="none" stroke="#FFFFFF" stroke-width="0.6"/>
  <pnp:jersey pattern="solid" colours="#F2C500" mark="J" ink="#1B1B1B" x="{{ (w - 30) / 2 }}" y="{{ (h - 30) / 2 }}" size="30"/>
{% for turn in (0, 180) %}
  <g transform="rotate({{ turn }} {{ w / 2 }} {{ h / 2 }})">
    <pnp:text x="7" y="12" width="{{ w - 14 }}" height="12" max-size="17" min-size="9" font="sans-black" fill="#FFFFFF">BENCH JERSEY</pnp:text>
  </g>
{% endfor %}
</svg>
"""


@dataclasses.dataclass(frozen=True)
class BenchCard:
    id: str
    name: str
    n: int
    move: int
    draw: int
    look: object
    qty: int = 1


@dataclasses.dataclass(frozen=True)
class BenchDeck:
    id: str = "bench"


class Setup:
    """A card context over a game folder that holds the two templates (made once, not timed)."""

    def __init__(self) -> None:
        from pnp.layout.faces.common import CardContext
        from pnp.layout.paper import card_size
        from pnp.model import load_game
        from pnp.paths import data_dir

        self.tmp = tempfile.TemporaryDirectory(prefix="pnp-bench-markup-")
        folder = Path(self.tmp.name) / "bench-game"
        faces = folder / "templates" / "faces"
        faces.mkdir(parents=True)
        (faces / "bench-front.svg.j2").write_text(FRONT, encoding="utf-8")
        (faces / "bench-back.svg.j2").write_text(BACK, encoding="utf-8")
        model = load_game(data_dir() / "green-jersey")
        model = dataclasses.replace(model, sources=dataclasses.replace(model.sources, folder=folder))
        from bench.deck import spec

        self.spec = spec()
        self.model = model
        self.size = card_size("poker")
        self.Context = CardContext

    def context(self):
        """A new card context (so every timed run starts with empty caches, as a build does)."""
        from pnp.layout.fonts import PT

        ctx = self.Context(self.model, self.size, self.spec.bleed, None)
        from pnp.layout.markup import faces_for

        faces_for(ctx).base["pt"] = PT
        return ctx


def card_arts(setup: Setup, count: int) -> Iterator:
    from bench.deck import LOOKS, NAMES
    from pnp.layout.cards import CardArt, as_symbol
    from pnp.layout.markup import faces_for

    ctx = setup.context()
    faces = faces_for(ctx)
    drawn = faces.back("bench-back")
    back = as_symbol(drawn.key, ctx, list(drawn.items))
    deck = BenchDeck()
    seen: set[str] = set()
    for i in range(count):
        card = BenchCard(f"b{i}", NAMES[i % len(NAMES)], i + 1, 1 + i % 6, 1 + i % 3, LOOKS[i % len(LOOKS)])
        d = faces.front("bench-front", deck, card)
        shared = d.key in seen
        seen.add(d.key)
        yield CardArt(f"bench/{i}", as_symbol(d.key, ctx, list(d.items)), back, shared)


def build(setup: Setup, count: int, path: str):
    from bench.deck import DeckResult
    from pnp.layout.imposition import SheetTexts, sheets
    from pnp.paint.pdf import paint_pdf

    t0, c0 = time.perf_counter(), time.process_time()
    texts = SheetTexts(label=lambda page, pages, side: f"Bench deck: sheet {page}/{pages} ({side})",
                       calibration="This line is 50 mm long: check that your printer does not scale.")
    n = paint_pdf(sheets(card_arts(setup, count), count, setup.spec, texts), path, title="bench deck",
                  author="bench", subject="bench")
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    return DeckResult(count, n, seconds, os.path.getsize(path), cpu)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(kind: str, cards: int, repeat: int) -> dict:
    """One deck, measured in this process: the first run, then ``repeat`` more."""
    from bench import deck

    deck.warm_up()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        path = os.path.join(tmp, "deck.pdf")
        if kind == "template":
            setup = Setup()
            run = lambda: build(setup, cards, path)  # noqa: E731
        else:
            run = lambda: deck.build(cards, path)  # noqa: E731
        rss0 = _rss_mb()
        first = run()
        rss = _rss_mb()
        results = [first] + [run() for _ in range(repeat)]
    return {"kind": kind, "cards": cards, "pages": first.pages, "bytes": first.bytes,
            "seconds": [r.seconds for r in results], "cpu": [r.cpu for r in results],
            "rss_setup_mb": rss0, "rss_peak_mb": rss}


def measure(kind: str, cards: int, repeat: int) -> dict:
    cmd = [sys.executable, "-m", "bench.markup", "--child", kind, "--cards", str(cards), "--repeat", str(repeat)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    r = json.loads(done.stdout.strip().splitlines()[-1])
    r["cards_per_s"] = cards / statistics.median(r["seconds"])
    r["cards_per_cpu_s"] = cards / statistics.median(r["cpu"])
    r["bytes_per_card"] = r["bytes"] / cards
    return r


def profile(cards: int, top: int = 25) -> str:
    from bench import deck

    deck.warm_up()
    setup = Setup()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-prof-") as tmp:
        path = os.path.join(tmp, "deck.pdf")
        build(setup, cards, path)
        prof = cProfile.Profile()
        prof.enable()
        build(setup, cards, path)
        prof.disable()
    out = io.StringIO()
    out.write(f"--- cProfile of the {cards}-card template run, by own time ---\n")
    pstats.Stats(prof, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="540 and 1,500 cards, one run each")
    ap.add_argument("--profile", action="store_true", help="also profile the 540-card template run")
    ap.add_argument("--child", choices=("python", "template"), help=argparse.SUPPRESS)
    ap.add_argument("--cards", type=int, default=540, help=argparse.SUPPRESS)
    ap.add_argument("--repeat", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.cards, args.repeat)))
        return 0
    sizes = (540, 1500 if args.quick else 5000)
    repeat = 0 if args.quick else 2
    print(f"faces as templates: the bench deck drawn by Python faces and by templates "
          f"(python {sys.version.split()[0]}, {os.cpu_count()} CPU(s))")
    rows = []
    for cards in sizes:
        for kind in ("python", "template"):
            print(f"  {kind} faces, {cards:,} cards ...", flush=True)
            rows.append(measure(kind, cards, repeat if cards == sizes[0] else 0))
    head = ("faces", "cards", "cards/s", "cards/CPU-s", "B/card", "RSS peak", "speed", "size")
    lines = []
    for r in rows:
        lines.append((r["kind"], f"{r['cards']:,}", f"{r['cards_per_s']:,.0f}", f"{r['cards_per_cpu_s']:,.0f}",
                      f"{r['bytes_per_card']:.0f}", f"{r['rss_peak_mb']:.1f} MB",
                      "PASS" if r["cards_per_s"] >= CARDS_PER_S else "MISS",
                      "PASS" if r["bytes_per_card"] <= BYTES_PER_CARD else "MISS"))
    widths = [max(len(str(x[i])) for x in lines + [head]) for i in range(len(head))]
    fmt = lambda row: "  ".join(str(c).rjust(w) for c, w in zip(row, widths))  # noqa: E731
    print()
    print(f"targets: >= {CARDS_PER_S:,.0f} cards/s, <= {BYTES_PER_CARD:,.0f} B/card (as bench.run)")
    print(fmt(head))
    for line in lines:
        print(fmt(line))
    print(f"\nload average {os.getloadavg()[0]:.2f} (timings are noisy when other processes run)")
    if args.profile:
        print()
        print(profile(sizes[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
