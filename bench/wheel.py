"""pnp as a wheel installs it: the checkout built into a wheel (its engines compiled by mypyc, as
setup.py does) and unpacked into a folder, for a benchmark to import instead of the checkout.

    python -m bench.simulate --wheel     # measures the engines as `pip install .` runs them

The checkout is copied first: pip builds a local folder in place, and the repository's build/
must not leak into the wheel or the wheel into the repository.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORED = (".git", ".venv", "build", "dist", "output", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis",
           "*.so")


def unpacked_wheel(folder: Path) -> Path:
    """Build pnp's wheel from a copy of the checkout under ``folder`` and unpack it there; the folder
    to put first on ``sys.path``. Dies with pip's output when the build fails."""
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*IGNORED))
    wheels = folder / "wheels"
    print("building pnp's wheel (mypyc compiles the engines: about a minute)...", file=sys.stderr, flush=True)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)],
                           capture_output=True, text=True)
    if built.returncode:
        sys.exit(f"pip wheel failed:\n{built.stdout}{built.stderr}")
    (wheel,) = wheels.glob("pnp-*.whl")
    site = folder / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site
