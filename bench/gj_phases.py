"""Where the time of ``pnp build green-jersey`` goes, phase by phase, in one process; prints JSON.

    python -m bench.gj_phases --out DIR [GAME]

Runs the real command line (``pnp.cli.cli``) with a few pipeline functions wrapped in timers
(nothing in the package is changed). Module imports are timed apart (first import of each module,
wherever it happens), so a phase's figure is its own work without the imports it triggers. A phase's
time excludes the phases nested in it. Functions the package no longer has are skipped.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import sys
import time
from pathlib import Path

T_START = time.perf_counter()

_imports = {"seconds": 0.0, "depth": 0}
_by_module: dict[str, float] = {}  # outermost imports only: the module someone asked for
_phases: dict[str, float] = {}
_stack: list[list] = []  # [label, started, time of nested phases, import seconds at start]


def _hook_imports() -> None:
    boot = sys.modules["_frozen_importlib"]
    original = boot._find_and_load

    def timed_find_and_load(name, import_):
        if _imports["depth"]:
            return original(name, import_)
        _imports["depth"] += 1
        t0 = time.perf_counter()
        try:
            return original(name, import_)
        finally:
            dt = time.perf_counter() - t0
            _imports["seconds"] += dt
            _imports["depth"] -= 1
            _by_module[name] = _by_module.get(name, 0.0) + dt

    boot._find_and_load = timed_find_and_load


def _timed(label, fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        name = label(*args, **kwargs) if callable(label) else label
        frame = [name, time.perf_counter(), 0.0, _imports["seconds"]]
        _stack.append(frame)
        try:
            return fn(*args, **kwargs)
        finally:
            _stack.pop()
            total = time.perf_counter() - frame[1]
            imports = _imports["seconds"] - frame[3]
            own = total - frame[2] - imports
            _phases[name] = _phases.get(name, 0.0) + own
            if _stack:
                _stack[-1][2] += total - imports  # parent: our time, its imports are counted apart
    return wrapper


def _file_label(_pages, target, *args, **kwargs) -> str:
    name = Path(str(target)).name
    head, _, rest = name.partition("-")
    return f"paint {rest if head.isdigit() or head == 'scratch' else name}"


PHASES = [
    ("pnp.build", "load_game", "load game data (YAML, model)"),
    ("pnp.build", "run_checks", "rules checks"),
    ("pnp.build", "_language", "i18n: catalogs and gaps"),
    ("pnp.i18n.data", "localize_model", "i18n: localize model"),
    ("pnp.layout.kit", "KitPlan.__init__", "kit plan (documents, boards, tiling)"),
    ("pnp.write.kit_files", "paint_pdf", _file_label),
    ("pnp.paint.svg", "paint_svg", "paint board SVG (with WOFF fonts)"),
    ("pnp.layout.kit", "KitPlan.rulebook_blocks", "rulebook content (Markdown)"),
    ("pnp.write.kit_files", "paint_rulebook", "paint rulebook.pdf (platypus)"),
    ("pnp.write.kit_files", "concatenate", "join kit.pdf (pikepdf)"),
    ("pnp.write.kit_files", "write_manifest", "manifest.json"),
]


def _wrap_phases() -> list[str]:
    skipped = []
    for module_name, attr, label in PHASES:
        try:
            owner = importlib.import_module(module_name)
            *path, last = attr.split(".")
            for part in path:
                owner = getattr(owner, part)
            setattr(owner, last, _timed(label, getattr(owner, last)))
        except (ImportError, AttributeError):
            skipped.append(f"{module_name}.{attr}")
    return skipped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", nargs="?", default="green-jersey")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    _hook_imports()
    t0 = time.perf_counter()
    from pnp.cli import cli  # the imports a bare `pnp build` pays before any work

    cli_imports = time.perf_counter() - t0
    imports_before = _imports["seconds"]
    skipped = _wrap_phases()  # imports the wrapped modules: counted as imports, not as a phase
    t1 = time.perf_counter()
    imports_at_run = _imports["seconds"]
    try:
        cli.main(["build", args.game, "--out", args.out], prog_name="pnp", standalone_mode=False)
    except SystemExit as exc:
        if exc.code:
            raise
    run = time.perf_counter() - t1
    phased = sum(_phases.values())
    run_imports = _imports["seconds"] - imports_at_run
    result = {
        "startup_to_main_s": t0 - T_START,
        "import_cli_s": cli_imports,
        "import_wrapped_modules_s": imports_at_run - imports_before,
        "imports_during_build_s": run_imports,
        "build_s": run,
        "phases": _phases,
        "unaccounted_s": run - phased - run_imports,
        "skipped": skipped,
        "imports_top": dict(sorted(_by_module.items(), key=lambda kv: -kv[1])[:12]),
    }
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
