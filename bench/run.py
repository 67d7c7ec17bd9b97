"""Benchmarks of the card pipeline, with the targets beside the figures.

    python -m bench.run            # 540 and 5,000 cards, Green Jersey build x5
    python -m bench.run --quick    # 540 and 1,500 cards, Green Jersey build x3
    python -m bench.run --profile  # also profile both (done anyway for a missed target):
                                   # cProfile of the 540-card run, Green Jersey build phase by phase

Every deck is measured in a subprocess of its own (``python -m bench.measure``) so the peak memory of
one size cannot leak into the other. PASS/MISS is informational: the exit code is 0 either way.
"""

from __future__ import annotations

import argparse
import cProfile
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SMALL = 540
BIG = 5000
BIG_QUICK = 1500
CARDS_PER_S = 1000.0        # 540 cards: at least
BYTES_PER_CARD = 500.0      # 540 cards: at most
PEAK_MB = 200.0             # big deck: peak RSS below
GROWTH = 0.10               # big deck: peak RSS at most 10% above the 540-card deck's ...
TRACE_GROWTH = 1.25         # ... and traced (Python) peak at most 25% above it
GJ_SECONDS = 2.0            # Green Jersey card build, whole process


def _child(args: list[str]) -> dict:
    cmd = [sys.executable, "-m", "bench.measure", *args]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_deck(cards: int, repeat: int, trace: bool) -> dict:
    print(f"  deck of {cards:,} cards ...", end="", flush=True)
    result = _child(["--cards", str(cards), "--repeat", str(repeat)])
    result["cards_per_s"] = cards / statistics.median(result["seconds"])
    result["bytes_per_card"] = result["bytes"] / cards
    if trace:
        print(" tracemalloc ...", end="", flush=True)
        result.update({k: v for k, v in _child(["--cards", str(cards), "--trace"]).items()
                       if k not in ("cards", "pages")})
    print(" done")
    return result


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _wall(cmd: list[str], runs: int, cpu: list[float] | None = None, **kw
          ) -> tuple[list[float], subprocess.CompletedProcess]:
    """Wall times of ``runs`` runs of ``cmd`` ("{i}" in an argument is the run number); the CPU time
    of each run (user + system, of the child) goes into ``cpu`` when given."""
    times, done = [], None
    for i in range(runs):
        extra = [a.format(i=i) for a in cmd]
        c0, t0 = _children_cpu(), time.perf_counter()
        done = subprocess.run(extra, capture_output=True, text=True, **kw)
        times.append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.append(_children_cpu() - c0)
        if done.returncode != 0:
            break
    return times, done


def green_jersey(runs: int) -> dict:
    """Median wall time of ``python -m pnp build green-jersey --only cards --out <tmp>`` as a whole process.

    Timed as the shell runs it (same environment). If that environment forbids bytecode caches
    (PYTHONDONTWRITEBYTECODE, which makes every run recompile pnp's own modules), it is timed a
    second time with a bytecode cache in a temporary PYTHONPYCACHEPREFIX (warmed by one run first),
    as a user's installed copy would run; that figure is informational.
    """
    print(f"  green-jersey build x{runs} ...", end="", flush=True)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-gj-") as tmp:
        cmd = [sys.executable, "-m", "pnp", "build", "green-jersey", "--only", "cards", "--out", os.path.join(tmp, "run{i}")]
        cpu: list[float] = []
        times, done = _wall(cmd, runs, cpu, cwd=ROOT)
        ok = done.returncode == 0
        size = 0
        if ok:
            pdf = Path(tmp) / f"run{len(times) - 1}" / "green-jersey" / "fr" / "cards.pdf"
            size = pdf.stat().st_size if pdf.exists() else 0
        cached = None
        if ok and (os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode):
            print(" with bytecode cache ...", end="", flush=True)
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
            cmd_c = [a.replace("run{i}", "cached{i}") for a in cmd]
            _wall([a.replace("{i}", "warm") for a in cmd_c], 1, cwd=ROOT, env=env)
            cpu_c: list[float] = []
            times_c, done_c = _wall(cmd_c, runs, cpu_c, cwd=ROOT, env=env)
            if done_c.returncode == 0:
                cached = (statistics.median(times_c), statistics.median(cpu_c))
    python, _ = _wall([sys.executable, "-c", "pass"], runs)
    imports, _ = _wall([sys.executable, "-c", "import pnp.cli, pnp.build, pnp.paint.pdf, reportlab.pdfgen.canvas"],
                       runs, cwd=ROOT)
    print(" done")
    return {"ok": ok, "stderr": "" if ok else done.stderr, "times": times,
            "median": statistics.median(times), "cpu": cpu, "cpu_median": statistics.median(cpu), "bytes": size, "command": " ".join(cmd[:-1] + ["<tmp>"]),
            "cached_median": cached, "python_median": statistics.median(python),
            "imports_median": statistics.median(imports)}


def green_jersey_phases(runs: int = 3) -> str:
    """Where the build's time goes (``python -m bench.gj_phases``), median of ``runs`` processes."""
    results = []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-gjp-") as tmp:
        for i in range(runs):
            done = subprocess.run([sys.executable, "-m", "bench.gj_phases", "--out", os.path.join(tmp, str(i))],
                                  cwd=ROOT, capture_output=True, text=True)
            if done.returncode != 0:
                return f"(phase timing failed: {done.stderr.strip()[-500:]})"
            results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    med = lambda key: statistics.median(r[key] for r in results)  # noqa: E731
    rows = [("harness start (after interpreter start-up)", med("startup_to_main_s")),
            ("imports: pnp.cli", med("import_cli_s")),
            ("imports: pipeline modules (build, layout, paint, write)", med("import_wrapped_modules_s")),
            ("imports: lazy, during the build", med("imports_during_build_s"))]
    names = list(dict.fromkeys(k for r in results for k in r["phases"]))
    rows += [(k, statistics.median(r["phases"].get(k, 0.0) for r in results)) for k in names]
    rows.append(("other (click, transaction, glue)", med("unaccounted_s")))
    total = sum(t for _, t in rows)
    out = [f"--- green-jersey build by phase, in-process, median of {runs} (imports apart; "
           f"sum {total:.2f} s) ---"]
    for name, t in sorted(rows, key=lambda r: -r[1]):
        out.append(f"  {name:<58} {t:6.3f} s  {100 * t / total:5.1f}%")
    heavy: dict[str, list[float]] = {}
    for r in results:
        for name, t in r.get("imports_top", {}).items():
            heavy.setdefault(name, []).append(t)
    top = sorted(((statistics.median(v), k) for k, v in heavy.items()), reverse=True)[:10]
    out.append("  heaviest imports (outermost module asked for, with everything it pulls in):")
    out += [f"    {k:<56} {t:6.3f} s" for t, k in top]
    skipped = results[0].get("skipped")
    if skipped:
        out.append(f"  (not found, not timed: {', '.join(skipped)})")
    return "\n".join(out)


def profile_small(cards: int, top: int = 25) -> str:
    """cProfile of one 540-card run (after a warm-up run), hottest functions first."""
    from bench import deck

    deck.warm_up()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-prof-") as tmp:
        path = os.path.join(tmp, "deck.pdf")
        deck.build(cards, path)  # warm caches, as in the timed runs
        prof = cProfile.Profile()
        prof.enable()
        deck.build(cards, path)
        prof.disable()
        dump = os.path.join(tempfile.gettempdir(), "pnp-bench-540.prof")
        prof.dump_stats(dump)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).strip_dirs()
    out.write(f"--- cProfile of the {cards}-card run, by own time (full stats: {dump}) ---\n")
    stats.sort_stats("tottime").print_stats(top)
    out.write("--- by cumulative time ---\n")
    stats.sort_stats("cumulative").print_stats(top)
    out.write("--- own time by area ---\n")
    areas: dict[str, float] = {}
    total = 0.0
    for (filename, _line, _name), (_cc, _nc, tt, _ct, _callers) in pstats.Stats(prof).stats.items():
        area = _area(filename)
        areas[area] = areas.get(area, 0.0) + tt
        total += tt
    for area, tt in sorted(areas.items(), key=lambda kv: -kv[1]):
        out.write(f"  {area:<40} {tt:7.3f} s  {100 * tt / total:5.1f}%\n")
    return out.getvalue()


def _area(filename: str) -> str:
    f = filename.replace(os.sep, "/")
    for marker in ("/pnp/", "/reportlab/", "/bench/"):
        if marker in f:
            rest = f.split(marker, 1)[1]
            return marker.strip("/") + "/" + rest
    if f.startswith("~") or f.startswith("<"):
        return "builtins"
    return "python stdlib / other"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(small: dict, big: dict, gj: dict, quick: bool) -> tuple[str, bool]:
    rows = []
    s_ok_speed = small["cards_per_s"] >= CARDS_PER_S
    s_ok_bytes = small["bytes_per_card"] <= BYTES_PER_CARD
    b_ok_peak = big["rss_peak_mb"] < PEAK_MB
    rss_growth = big["rss_peak_mb"] / small["rss_peak_mb"] - 1
    trace_ratio = big["trace_peak_mb"] / small["trace_peak_mb"] if small.get("trace_peak_mb") else float("nan")
    b_ok_flat = rss_growth <= GROWTH and trace_ratio <= TRACE_GROWTH
    gj_ok = gj["ok"] and gj["median"] < GJ_SECONDS
    n_small, n_big = f"{small['cards']:,} cards", f"{big['cards']:,} cards"
    rows.append((n_small, "speed (layout+paint+write)", f"{small['cards_per_s']:,.0f} cards/s",
                 f">= {CARDS_PER_S:,.0f} cards/s", _verdict(s_ok_speed)))
    rows.append((n_small, "PDF size", f"{small['bytes_per_card']:,.0f} B/card",
                 f"<= {BYTES_PER_CARD:,.0f} B/card", _verdict(s_ok_bytes)))
    rows.append((n_big, "peak memory (RSS, own process)", f"{big['rss_peak_mb']:,.1f} MB",
                 f"< {PEAK_MB:,.0f} MB", _verdict(b_ok_peak)))
    rows.append((n_big, "memory vs 540 cards", f"RSS {big['rss_peak_mb'] - small['rss_peak_mb']:+.1f} MB ({rss_growth:+.0%}), traced x{trace_ratio:.2f}",
                 f"RSS <= +{GROWTH:.0%}, traced <= x{TRACE_GROWTH}", _verdict(b_ok_flat)))
    rows.append(("green-jersey", "card build, whole process (median)",
                 f"{gj['median']:.2f} s" if gj["ok"] else "FAILED", f"< {GJ_SECONDS:g} s", _verdict(gj_ok)))
    head = ("deck", "figure", "measured", "target", "")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(5)]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    out = ["", "TARGETS" + ("  (quick run: the big deck has {:,} cards, not {:,})".format(big["cards"], BIG)
                           if quick else ""), line(head), line(tuple("-" * w for w in widths))]
    out += [line(r) for r in rows]

    out += ["", "DETAILS"]
    detail_head = ("cards", "pages", "median s", "runs (s)", "cards/s", "cards/CPU-s", "file", "B/card", "RSS setup",
                   "RSS peak", "traced peak", "traced end", "retained B/card")
    drows = []
    for d in (small, big):
        drows.append((f"{d['cards']:,}", str(d["pages"]), f"{statistics.median(d['seconds']):.3f}",
                      " ".join(f"{t:.3f}" for t in d["seconds"]), f"{d['cards_per_s']:,.0f}",
                      f"{d['cards'] / statistics.median(d['cpu']):,.0f}",
                      f"{d['bytes'] / 1024:,.0f} KiB", f"{d['bytes_per_card']:.0f}",
                      f"{d['rss_setup_mb']:.1f} MB", f"{d['rss_peak_mb']:.1f} MB",
                      f"{d.get('trace_peak_mb', float('nan')):.1f} MB",
                      f"{d.get('trace_end_mb', float('nan')):.1f} MB",
                      f"{d.get('retained_bytes_per_card', float('nan')):,.0f}"))
    dw = [max(len(r[i]) for r in drows + [detail_head]) for i in range(len(detail_head))]
    dline = lambda r: "  ".join(c.rjust(w) for c, w in zip(r, dw))  # noqa: E731
    out += [dline(detail_head)] + [dline(r) for r in drows]
    out += ["  cards/s is by wall time (the target); cards/CPU-s by this process's CPU time, which other",
            "  processes on the machine disturb less.",
            "  RSS setup = after imports and font registration; RSS peak = ru_maxrss after one deck run;",
            "  traced = tracemalloc (Python allocations) during one run; retained B/card = slope of traced",
            "  memory in use against cards painted (0 when nothing is kept per card)."]
    out += ["", f"green-jersey: {gj['command']}",
            f"  runs (s): {' '.join(f'{t:.3f}' for t in gj['times'])}   median {gj['median']:.3f} s wall, "
            f"{gj['cpu_median']:.3f} s CPU"
            + (f"   cards.pdf {gj['bytes'] / 1024:,.0f} KiB" if gj["bytes"] else ""),
            (f"  with a bytecode cache (PYTHONDONTWRITEBYTECODE unset, PYTHONPYCACHEPREFIX in a temp folder): "
             f"median {gj['cached_median'][0]:.3f} s wall, {gj['cached_median'][1]:.3f} s CPU"
             if gj.get("cached_median") else "  (bytecode cache allowed)"),
            f"  for scale: `python -c pass` {gj['python_median']:.3f} s, "
            f"importing pnp.cli + build + paint + reportlab {gj['imports_median']:.3f} s"]
    if not gj["ok"]:
        out.append("  the build failed:\n" + gj["stderr"])
    missed = {"small": not (s_ok_speed and s_ok_bytes), "green_jersey": not gj_ok}
    return "\n".join(out), missed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help=f"a smaller run: {SMALL} and {BIG_QUICK:,} cards, Green Jersey x3, one timed run each")
    ap.add_argument("--profile", action="store_true", help="profile even when the targets pass: cProfile of the 540-card run, Green Jersey build by phase")
    ap.add_argument("--no-profile", action="store_true", help="never profile")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures to this JSON file")
    args = ap.parse_args(argv)

    big_cards = BIG_QUICK if args.quick else BIG
    start_load = os.getloadavg()
    print(f"pnp card pipeline benchmark ({'quick' if args.quick else 'full'}); python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPU(s)")
    small = measure_deck(SMALL, repeat=0 if args.quick else 4, trace=True)
    big = measure_deck(big_cards, repeat=0, trace=True)
    gj = green_jersey(3 if args.quick else 5)
    load = os.getloadavg()
    text, missed = report(small, big, gj, args.quick)
    print(text)
    print(f"\nload average at the start {start_load[0]:.2f}, at the end {load[0]:.2f} "
          f"(on {os.cpu_count()} CPU(s); timings are noisy when other processes run)")
    if args.json:
        args.json.write_text(json.dumps({"small": small, "big": big, "green_jersey": gj}, indent=1))
    if not args.no_profile and (args.profile or missed["green_jersey"]):
        print()
        print(green_jersey_phases(2 if args.quick else 3))
    if not args.no_profile and (args.profile or missed["small"]):
        print()
        print(profile_small(SMALL))
    return 0


if __name__ == "__main__":
    sys.exit(main())
