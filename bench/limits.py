"""One mistaken value at a time: how long and how much memory check (or build) takes at worst.

    python -m bench.limits [GAME ...] [--build] [--value 1000000000] [--timeout 30] [--jobs 2]

For every number in every YAML file of the games (and every qty/distance cell of their CSV card
lists), a copy of the game gets that one value replaced (default: 10^9, one extra zero taken far),
and ``pnp check`` (``pnp build`` with --build) runs on it in a process limited to the timeout. Prints
the slowest runs, the largest peak memory, and every run that hung, crashed (exit 3, a traceback)
or used more than 500 MB. Asserts nothing: the figures go into the notes.
"""

from __future__ import annotations

import argparse
import concurrent.futures as futures
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
CHILD = """
import atexit, resource, sys
peak = sys.argv.pop(1)
atexit.register(lambda: open(peak, "w").write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)))
sys.argv[0] = "pnp"
from pnp.cli import main
main()
"""
"""The child process: pnp, writing its peak resident memory (KiB) to a file when it exits."""
NUMBER = re.compile(r"(?<![\w.#-])(\d+(?:\.\d+)?)(?![\w.%-])")


@dataclass
class Run:
    game: str
    file: str
    line: int
    old: str
    seconds: float
    peak_mb: float
    code: int | str
    tail: str


def mutations(game: Path) -> list[tuple[str, int, int, int, str]]:
    """(file, line, start, end, old) of every number in the game's YAML files."""
    out = []
    for path in sorted(game.glob("*.yaml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            for m in NUMBER.finditer(code):
                out.append((path.name, n, m.start(1), m.end(1), m.group(1)))
    return out


def run_one(game: Path, file: str, line: int, start: int, end: int, old: str, value: str, build: bool,
            timeout: float) -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / game.name
        shutil.copytree(game, copy)
        path = copy / file
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        text = lines[line - 1]
        lines[line - 1] = text[:start] + value + text[end:]
        path.write_text("".join(lines), encoding="utf-8")
        peak_file = Path(tmp) / "peak"
        args = [sys.executable, "-c", CHILD, str(peak_file), "build" if build else "check", str(copy)]
        if build:
            args += ["--out", str(Path(tmp) / "out")]
        t = time.perf_counter()
        try:
            done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd=tmp)
            code, tail = done.returncode, (done.stderr or done.stdout).strip().splitlines()[-1:] or [""]
        except subprocess.TimeoutExpired:
            code, tail = "timeout", [""]
        seconds = time.perf_counter() - t
        peak = float(peak_file.read_text()) if peak_file.exists() else float("nan")
        return Run(game.name, file, line, old, seconds, peak / 1024, code, tail[0][:160])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--value", default="1000000000")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    games = [DATA / g for g in args.games] if args.games else sorted(p for p in DATA.iterdir() if p.is_dir())
    jobs = [(g, *m) for g in games for m in mutations(g)]
    print(f"{len(jobs)} mutated values in {len(games)} game(s), {'build' if args.build else 'check'} each")
    runs: list[Run] = []
    with futures.ProcessPoolExecutor(args.jobs) as pool:
        todo = [pool.submit(run_one, g, f, ln, s, e, old, args.value, args.build, args.timeout)
                for g, f, ln, s, e, old in jobs]
        for fut in futures.as_completed(todo):
            runs.append(fut.result())
    bad = [r for r in runs if r.code not in (0, 1)]
    print(f"\nslowest runs (of {len(runs)}):")
    for r in sorted(runs, key=lambda r: -r.seconds)[:8]:
        print(f"  {r.seconds:6.2f} s {r.peak_mb:7.0f} MB  exit {r.code}  {r.game}/{r.file}:{r.line} ({r.old})  {r.tail}")
    peaks = [r for r in runs if r.peak_mb == r.peak_mb]
    top = max(peaks, key=lambda r: r.peak_mb)
    print(f"largest peak memory: {top.peak_mb:.0f} MB ({top.game}/{top.file}:{top.line}, {top.old})")
    heavy = [r for r in peaks if r.peak_mb > 500]
    print(f"runs above 500 MB: {len(heavy)}")
    for r in heavy:
        print(f"  {r.peak_mb:7.0f} MB  {r.game}/{r.file}:{r.line} ({r.old})  {r.tail}")
    print(f"hung, crashed or exit other than 0/1: {len(bad)}")
    for r in bad:
        print(f"  exit {r.code}  {r.game}/{r.file}:{r.line} ({r.old})  {r.tail}")


if __name__ == "__main__":
    main()
