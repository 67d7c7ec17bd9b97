"""How a sweep scales: the same grid on one process, on every core, and on a 2-worker Dask
LocalCluster (the results are the same bytes on all three; the figures are games per second).

    python -m bench.sweep                         # Green Jersey, players=2..6, 400 greedy games a cell
    python -m bench.sweep --games 1000 --vary deal.hand=4,5,6 --vary players=2..6

Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    from pnp.simulate.sweep import Axis, sweep

    ap = argparse.ArgumentParser(prog="python -m bench.sweep", description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=ROOT / "data" / "green-jersey")
    ap.add_argument("--vary", action="append", default=None)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--policy", default="greedy", choices=("random", "greedy"))
    ap.add_argument("--no-cluster", action="store_true", help="skip the Dask LocalCluster run")
    args = ap.parse_args(argv)
    axes = [Axis.parse(v) for v in (args.vary or ["players=2..6"])]
    cores = os.cpu_count() or 1
    runs = {}

    def timed(name: str, **kw) -> None:
        start = time.perf_counter()
        result = sweep(args.data, axes, args.games, seed=1, policy=args.policy, **kw)
        seconds = time.perf_counter() - start
        games = sum(c.report.games for c in result.results if c.report is not None)
        runs[name] = (seconds, result.as_json())
        base = runs["1 process"][0]
        print(f"{name:>22}: {games} games in {seconds:6.2f} s = {games / seconds:6.0f} games/s "
              f"({base / seconds:.2f} x one process)")

    print(f"{args.data.name}: {' x '.join(f'{a.name}={len(a.values)}' for a in axes)} cells, "
          f"{args.games} {args.policy} games each, {cores} cores")
    timed("1 process", jobs=1)
    timed(f"{cores} processes", jobs=0)
    if not args.no_cluster:
        from distributed import LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=50) as cluster:
            timed("2-worker LocalCluster", cluster=cluster.scheduler_address)
    same = len({out for _, out in runs.values()}) == 1
    print(f"results identical on every backend: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
