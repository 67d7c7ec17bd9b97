"""The two figures of incremental builds, each a whole `pnp build` process (wall clock, best of 3):

    python -m bench.incremental [GAME]

1. a build with nothing changed (target: under 0.5 s);
2. a build after one card changed (target: under 1 s for Green Jersey).
Works on a copy of the game's data in a temporary folder; prints JSON. The processes run as a
user's do: Python's bytecode cache on (PYTHONDONTWRITEBYTECODE is taken out of their environment),
so imports are not compiled again at every run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARD = ("pair-violet-vert,pair,violet+vert,", "pair-violet-vert,pair,vert+violet,")


def _run(data: Path, out: Path, game: str) -> float:
    t0 = time.perf_counter()
    pnp = Path(sys.executable).parent / "pnp"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([str(pnp), "--data", str(data), "build", game, "--out", str(out)],
                   check=True, capture_output=True, env=env)
    return time.perf_counter() - t0


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "green-jersey"
    with tempfile.TemporaryDirectory() as tmp:
        data, out = Path(tmp) / "data", Path(tmp) / "out"
        shutil.copytree(ROOT / "data" / game, data / game)
        full = _run(data, out, game)
        unchanged = min(_run(data, out, game) for _ in range(3))
        csv = data / game / "movement.csv"
        times = []
        for i in range(3):
            text = csv.read_text()
            a, b = CARD if i % 2 == 0 else CARD[::-1]
            if a not in text:
                raise SystemExit(f"bench: no card row {a!r} in {csv}")
            csv.write_text(text.replace(a, b))
            times.append(_run(data, out, game))
        print(json.dumps({"game": game, "full_build_s": round(full, 3),
                          "nothing_changed_s": round(unchanged, 3), "target_nothing_changed_s": 0.5,
                          "one_card_changed_s": round(min(times), 3), "target_one_card_changed_s": 1.0}, indent=2))


if __name__ == "__main__":
    main()
