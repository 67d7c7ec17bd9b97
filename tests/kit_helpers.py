"""Helpers shared by the tests that build a whole game's kit and read it back."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from pnp.build import BuildOptions, build_game

ROOT = Path(__file__).resolve().parent.parent
ONE_BOARD_KIT = ["cards.pdf", "pieces.pdf", "board-a.svg", "board-a.pdf", "board-a-a4.pdf", "rulebook.pdf",
                 "kit.pdf", "designer.pdf", "manifest.json"]
"""The files of a kit whose board has one side."""


def build_kits(out: Path, game: str, langs: tuple[str, ...] = ("fr", "en")) -> dict[str, Path]:
    """Build ``game`` in every language of ``langs`` into ``out``; the kit folder of each language."""
    for lang in langs:
        build_game(ROOT / "data" / game, BuildOptions(out=out, lang=lang))
    return {lang: out / game / lang for lang in langs}


def pdf_text(path: Path) -> str:
    """The text of every page of a PDF, joined."""
    return " ".join((p.extract_text() or "") for p in PdfReader(str(path)).pages)


def pdfium_text(path: Path) -> str:
    """The text of every page of a PDF as pdfium reads it (lines kept, form XObjects included)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def edited_copy(tmp_path: Path, game: str, edits) -> Path:
    """``game`` copied under ``tmp_path`` (once) with the (file, old, new) edits applied — ``old``
    must be there."""
    import shutil

    copy = tmp_path / game
    if not copy.exists():
        shutil.copytree(ROOT / "data" / game, copy)
    for file, old, new in edits:
        path = copy / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {file}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


def broken_game(tmp_path: Path, game: str, *edits: tuple[str, str, str]) -> list:
    """Copy ``game`` under ``tmp_path`` (once), apply (file, old, new) edits and run every rules
    check on the copy."""
    from pnp.check import run_checks
    from pnp.model import load_game

    return run_checks(load_game(edited_copy(tmp_path, game, edits)))


def read_as_printed(text: str) -> str:
    """Extracted ``text`` on one line, as a reader sees it: hyphenation undone, typographic
    apostrophes and spaces made plain."""
    import re

    text = re.sub("\ufffe\\s*|\u00ad\\s*|\u0002\\s*", "", text)
    text = text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", text)


def mutated_kit(tmp_path: Path, game: str, edits, parts: tuple[str, ...], lang: str = "fr") -> dict[str, str]:
    """Copy ``game`` under ``tmp_path`` with the (file, old, new) edits, build ``parts`` and return
    the text of each PDF written (read_as_printed), by file name: a mutation test's view."""
    out = tmp_path / "out"
    build_game(edited_copy(tmp_path, game, edits), BuildOptions(out=out, lang=lang, only=parts, incremental=False))
    return {p.name: read_as_printed(pdfium_text(p)) for p in (out / game / lang).glob("*.pdf")}


def trans_sentences(path: Path):
    """(line, text) of every {% trans %} block of a template, each plural form apart."""
    import re

    text = path.read_text(encoding="utf-8")
    for m in re.finditer(r"{%-? trans\b[^%]*%}(.*?){%-? endtrans", text, re.S):
        for part in re.split(r"{%-? pluralize[^%]*%}", m.group(1)):
            yield text[:m.start()].count("\n") + 1, part


def rule_ids(findings, severity=None) -> set[str]:
    """The rule ids of ``findings`` of ``severity`` (default: errors)."""
    from pnp.check import Severity

    severity = severity or Severity.ERROR
    return {f.rule for f in findings if f.severity is severity}


def kit_pages_without_blanks(kit_pdf: Path) -> int:
    """The pages of a kit.pdf that are not the blank pages laid in for duplex printing."""
    pages = PdfReader(str(kit_pdf)).pages
    blank = "intentionally blank", "intentionnellement"
    return sum(1 for p in pages if not any(b in (p.extract_text() or "") for b in blank))


def text_runs(pdf):
    """(page from 1, printed size in pt, text) of every run of characters of one size in ``pdf``:
    the font size times the scale of the character's text matrix, as pdfium reads it."""
    import ctypes
    import math

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(str(pdf))
    for i in range(len(doc)):
        tp = doc[i].get_textpage()
        run, cur = "", None
        for c in range(tp.count_chars()):
            m = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(tp, c, ctypes.byref(m))
            size = raw.FPDFText_GetFontSize(tp, c) * math.hypot(m.c, m.d)
            ch = chr(raw.FPDFText_GetUnicode(tp, c))
            if cur is None or abs(size - cur) > 0.05:
                if run.strip():
                    yield i + 1, cur, run.strip()
                run, cur = "", size
            run += ch
        if run.strip():
            yield i + 1, cur, run.strip()


def typed_in_templates(folder: Path, numbers, allowed: list[str]) -> list[str]:
    """Every match of ``numbers`` in the {% trans %} sentences of the templates under ``folder``,
    once the ``allowed`` phrases and the {{ values }} are taken out: numbers typed, not read."""
    import re

    typed = []
    for path in sorted(folder.rglob("*.j2")):
        for line, sentence in trans_sentences(path):
            rest = sentence.replace("\u2019", "'")
            for phrase in allowed:
                rest = re.sub(phrase, " ", rest)
            rest = re.sub(r"\{\{.*?\}\}", " ", rest)
            typed += [f"{path.relative_to(ROOT)}:{line}: {m.group(0)!r} in {sentence.strip()[:90]!r}"
                      for m in numbers.finditer(rest)]
    return typed


def typed_in_decisions(rules: Path, numbers, allowed: list[str]) -> list[str]:
    """Every match of ``numbers`` in the choice and why of the decisions of ``rules`` (rules.yaml),
    once the ``allowed`` phrases and the {rules.path} placeholders are taken out."""
    import re

    import yaml

    typed = []
    for d in yaml.safe_load(rules.read_text(encoding="utf-8"))["decisions"]:
        for key in ("choice", "why"):
            rest = d[key]
            for phrase in allowed:
                rest = re.sub(phrase, " ", rest)
            rest = re.sub(r"\{rules[^{}]*\}", " ", rest)
            typed += [f"{d['id']}.{key}: {m.group(0)!r} in {d[key][:80]!r}" for m in numbers.finditer(rest)]
    return typed


def wait_until(cond: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Whether ``cond()`` became true within ``timeout`` seconds (polled every 50 ms): for the tests
    of commands that run in a thread (watch, preview)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False
