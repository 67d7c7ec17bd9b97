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


def test_ordinals_follow_the_language() -> None:
    from pnp.i18n.formats import ordinal

    assert [ordinal(n, "fr") for n in (1, 2, 11)] == ["1er", "2e", "11e"]
    assert ordinal(1, "fr", "f") == "1re" and ordinal(2, "fr", "f") == "2e"
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert ordinal(3, "pl") == "3." and ordinal(3, "de") == "3."


def test_decimals_and_dates_follow_the_language() -> None:
    import datetime

    from pnp.i18n.formats import decimal, long_date

    assert decimal(6.6, "fr") == "6,6" and decimal(6.6, "en") == "6.6" and decimal(3, "pl", 1) == "3,0"
    day = datetime.date(2023, 11, 3)
    assert [long_date(day, c).replace("\u00a0", " ") for c in ("fr", "en", "pl")] == ["3 novembre 2023", "3 November 2023",
                                                               "3 listopada 2023"]


def test_every_template_has_the_filters() -> None:
    import gettext

    from pnp.layout.templates import new_environment

    env = new_environment((".",), gettext.NullTranslations())
    assert env.from_string("{{ 1 | ordinal }} {{ 1 | ordinal('f') }} {{ 6.6 | decimal }}").render() == "1er 1re 6,6"


def test_a_filter_of_a_literal_follows_the_language_of_each_render() -> None:
    """Jinja folds constant expressions when it compiles: ``3 | ordinal`` must not keep the
    language of the first render."""
    import gettext

    from pnp.i18n.context import Language, activate
    from pnp.layout.templates import new_environment

    env = new_environment((".",), gettext.NullTranslations())
    template = env.from_string("{{ 3 | ordinal }} {{ 6.5 | decimal }}")
    with activate(Language("fr")):
        assert template.render() == "3e 6,5"
    with activate(Language("en")):
        assert template.render() == "3rd 6.5"


# --- hyphenation of a chunk bound by no-break spaces ----------------------------------------------


def test_a_number_bound_to_a_word_keeps_only_the_binding_whole() -> None:
    import pyphen

    from pnp.layout.text import breaks, uncuttable

    iterate = pyphen.Pyphen(lang="de_DE").iterate
    chunk = "1\u00a0Erschöpfungskarte"
    assert not uncuttable(chunk) and uncuttable("12") and uncuttable("AB-D-TOKENS")
    cuts = breaks(chunk, iterate)
    assert ("1\u00a0Erschöpfungs", "karte") in cuts
    assert all(head.startswith("1\u00a0Er") for head, _ in cuts)  # never "1-" nor inside what the space binds
    assert breaks("1\u00a0X2", iterate) == [] and breaks("30\u00a0mm", iterate) == []
    assert breaks("Jean\u00a0Vandamme", iterate, frozenset({"Vandamme"})) == []


def test_a_long_german_word_after_a_number_is_hyphenated_in_a_narrow_box() -> None:
    from pnp.i18n import Language, activate
    from pnp.layout import text as textfit

    words = "1\u00a0Erschöpfungskarte kostet"
    width = textfit.fonts.width_mm("1\u00a0Erschöpfungs-", "sans", 10) + 0.5  # narrower than the chunk
    with activate(Language("de", source=False)):
        lines = textfit.wrap(words, "sans", 10, width, hyphenate=True)
    assert lines[0] == "1\u00a0Erschöpfungs-", lines  # it was left whole, too wide for its box
    assert all(textfit.fonts.width_mm(ln, "sans", 10) <= width + 1e-6 for ln in lines)
    assert "".join(ln.rstrip("-") for ln in lines).replace(" ", "") == words.replace(" ", "")
