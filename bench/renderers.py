"""Renderer messages on every PDF of built kits: poppler, Ghostscript and pdfium.

    python -m bench.renderers [DIR]...      (default: build --lang all on A4 and Letter first)

Prints, per renderer, how many files and how many messages, and the files with messages.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from renderers import available, messages  # noqa: E402


def build_all(out: Path) -> list[Path]:
    """Every game in every language on A4 and Letter, under ``out``."""
    from click.testing import CliRunner

    from pnp.cli import cli as main

    dirs = []
    for paper in ("a4", "letter"):
        target = out / paper
        result = CliRunner().invoke(main, ["build", "--lang", "all", "--paper", paper, "--full", "--out", str(target)])
        if result.exit_code:
            raise SystemExit(result.output)
        dirs.append(target)
    return dirs


def main(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        dirs = [Path(a) for a in argv] or build_all(Path(scratch))
        pdfs = sorted(p for d in dirs for p in d.rglob("*.pdf"))
        print(f"{len(pdfs)} PDFs")
        for renderer in available():
            start = time.perf_counter()
            total, kinds, bad = 0, Counter(), {}
            for pdf in pdfs:
                lines = messages(pdf, renderer)
                if lines:
                    bad[pdf] = len(lines)
                    total += len(lines)
                    kinds.update(lines)
            took = time.perf_counter() - start
            print(f"{renderer}: {total} messages in {len(bad)} of {len(pdfs)} files ({took:.1f} s)")
            for line, n in kinds.most_common(5):
                print(f"    {n:7d}  {line[:100]}")


if __name__ == "__main__":
    main(sys.argv[1:])
