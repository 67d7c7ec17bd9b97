"""What PDF renderers say about a file: poppler (pdftoppm), Ghostscript and pdfium (pypdfium2).

A PDF is correct when renderers agree, not when a structural checker does: each function renders
every page and returns the messages the renderer printed (empty when it had nothing to say).
Poppler and Ghostscript are optional programs; :func:`available` says which are installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

RENDERERS = ("pdfium", "poppler", "ghostscript")


def available() -> list[str]:
    """The renderers installed on this machine, of :data:`RENDERERS`."""
    found = []
    for name in RENDERERS:
        if name == "pdfium":
            try:
                import pypdfium2  # noqa: F401
            except ImportError:
                continue
        elif shutil.which({"poppler": "pdftoppm", "ghostscript": "gs"}[name]) is None:
            continue
        found.append(name)
    return found


def poppler_messages(path: Path, dpi: int = 8) -> list[str]:
    """Every line pdftoppm prints while rasterizing every page of ``path``."""
    with tempfile.TemporaryDirectory() as scratch:
        run = subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(path), f"{scratch}/page"],
                             capture_output=True, text=True, errors="replace")
    lines = [ln for ln in (run.stdout + run.stderr).splitlines() if ln.strip()]
    if run.returncode:
        lines.append(f"pdftoppm exit {run.returncode}")
    return lines


def ghostscript_messages(path: Path) -> list[str]:
    """Every line Ghostscript prints while interpreting every page of ``path`` (nullpage device)."""
    run = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", "-o", os.devnull,
                          str(path)], capture_output=True, text=True, errors="replace")
    lines = [ln for ln in (run.stdout + run.stderr).splitlines() if ln.strip()]
    if run.returncode:
        lines.append(f"gs exit {run.returncode}")
    return lines


def pdfium_messages(path: Path, scale: float = 0.1) -> list[str]:
    """What pdfium says rendering every page of ``path``: its exceptions, and whatever it writes on
    the process's stderr (captured at the file-descriptor level, where the C library writes)."""
    import pypdfium2

    lines: list[str] = []
    with tempfile.TemporaryFile(mode="w+b") as err:
        saved = os.dup(2)
        os.dup2(err.fileno(), 2)
        try:
            pdf = pypdfium2.PdfDocument(str(path))
            try:
                for i in range(len(pdf)):
                    page = pdf[i]
                    try:
                        page.render(scale=scale, grayscale=True).close()
                    except Exception as exc:  # a page pdfium cannot render is a message
                        lines.append(f"page {i + 1}: {exc}")
                    finally:
                        page.close()
            finally:
                pdf.close()
        except Exception as exc:
            lines.append(str(exc))
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        err.seek(0)
        lines += [ln for ln in err.read().decode("utf-8", "replace").splitlines() if ln.strip()]
    return lines


def messages(path: Path, renderer: str) -> list[str]:
    """The messages of ``renderer`` (one of :data:`RENDERERS`) on ``path``."""
    return {"pdfium": pdfium_messages, "poppler": poppler_messages,
            "ghostscript": ghostscript_messages}[renderer](path)
