"""How fast a game's engine plays: complete games per second, on one core and on all.

    python -m bench.simulate                 # 4 players, random play, one core
    python -m bench.simulate --jobs 0        # also with one process per core
    python -m bench.simulate --players 6 --policy greedy --games 300 --no-check
    python -m bench.simulate --wheel         # as `pip install .` runs it: engines compiled by mypyc

The engine is the game's (--data, Green Jersey by default), found through its rules module as
``pnp simulate`` finds it. Every game is a whole game (all its sprints) on the printed board and
deck, with the invariants checked after every move unless --no-check. Figures only: nothing here
passes or fails.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 200
"""Complete 4-player games per second on one core, invariants checked, that an engine should reach
(Green Jersey's, the reference engine: 400; see --target)."""


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.simulate", description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--policy", default="random", choices=("random", "greedy"))
    ap.add_argument("--side", default=None, help="board side (default: engine.board_side of rules.yaml)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=None,
                    help="also run with this many processes (0: one per core)")
    ap.add_argument("--no-check", action="store_true", help="do not check the invariants after every move")
    ap.add_argument("--data", type=Path, default=ROOT / "data" / "green-jersey")
    ap.add_argument("--target", type=int, default=None,
                    help=f"games/s on one core to reach (default {TARGET}; 400 for Green Jersey's engine)")
    ap.add_argument("--wheel", action="store_true",
                    help="measure pnp as its wheel installs it (engines compiled by mypyc), not the checkout")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as folder:
        if args.wheel:
            from bench.wheel import unpacked_wheel

            sys.path.insert(0, str(unpacked_wheel(Path(folder))))
        measure(args)


def measure(args: argparse.Namespace) -> None:
    from pnp.model import load_game
    from pnp.native import native_status
    from pnp.simulate import find_simulation, run_games

    import pnp

    print(f"pnp from {Path(pnp.__file__).parent}: {native_status(Path(pnp.__file__).parent)}")
    sim = find_simulation(load_game(args.data), side=args.side)
    check = not args.no_check
    setup = sim.summarize([], args.players).header()
    what = (f"{args.players}-player {args.policy} {sim.game} games{f' on {setup}' if setup else ''}"
            f"{'' if check else ', invariants not checked'}")
    run_games(sim, args.players, 20, args.seed + 1, policy=args.policy, check=check)  # warm up
    start = time.perf_counter()
    records = run_games(sim, args.players, args.games, args.seed, policy=args.policy, jobs=1, check=check)
    one = time.perf_counter() - start
    moves = sum(r.moves for r in records)
    rate = args.games / one
    print(f"{what}: one core: {args.games} games ({moves} {sim.move_unit}) in {one:.2f} s = "
          f"{rate:.0f} games/s, {moves / one:.0f} {sim.move_unit.split()[0]}/s")
    target = args.target or (400 if args.data.name == "green-jersey" else TARGET)
    if args.players == 4 and check:
        print(f"  target {target} games/s on one core with invariants: {'met' if rate >= target else 'NOT met'}")
    if args.jobs is not None:
        jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
        start = time.perf_counter()
        run_games(sim, args.players, args.games, args.seed, policy=args.policy, jobs=jobs, check=check)
        many = time.perf_counter() - start
        print(f"{what}: {jobs} processes: {args.games} games in {many:.2f} s = {args.games / many:.0f} games/s "
              f"({one / many:.2f} x one core)")


if __name__ == "__main__":
    main()
