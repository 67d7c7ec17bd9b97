"""Helpers shared by the tests that build a whole game's kit and read it back."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from pnp.build import BuildOptions, build_game

ROOT = Path(__file__).resolve().parent.parent


def build_kits(out: Path, game: str, langs: tuple[str, ...] = ("fr", "en")) -> dict[str, Path]:
    """Build ``game`` in every language of ``langs`` into ``out``; the kit folder of each language."""
    for lang in langs:
        build_game(ROOT / "data" / game, BuildOptions(out=out, lang=lang))
    return {lang: out / game / lang for lang in langs}


def pdf_text(path: Path) -> str:
    """The text of every page of a PDF, joined."""
    return " ".join((p.extract_text() or "") for p in PdfReader(str(path)).pages)
