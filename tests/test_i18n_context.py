"""msgctxt: a French string that means different things in different places is one entry per meaning,
and each meaning keeps its own translation in every catalog."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.i18n import activate
from pnp.i18n.catalogs import languages, read
from pnp.i18n.data import CONTEXTS, data_strings, translator
from pnp.i18n.extract import extract
from pnp.i18n.translations import compile_catalog, prepare
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file())

AMBIGUOUS = [
    # (game, French, context): short strings a translator cannot place without their context
    ("green-jersey", "Tour", "a player's turn"),
    ("green-jersey", "Type", "kind of card"),
    ("green-jersey", "Joker", "kind of card"),
    ("green-jersey", "Distribution", "dealing the cards"),
    ("green-jersey", "Peloton", "starting order of the riders"),
    ("green-jersey", "Place", "rank in a race"),
    ("green-jersey", "2e", "token"),
    ("green-jersey", "3e", "token"),
    ("green-jersey", "Plateau", "board"),
    ("green-jersey", "Or", "colour"),
    ("green-jersey", "plateau", "kit document"),
    ("maillot-jaune", "N", "compass point"),
    ("maillot-jaune", "N", "colour letter"),
    ("maillot-jaune", "Place", "rank in a race"),
    ("flamme-rouge-variants", "sec", "weather"),
    ("flamme-rouge-variants", "Côte", "climb in a race"),
    ("flamme-rouge-variants", "F", "score sheet column"),
    ("flamme-rouge-variants", "Rose", "colour"),
    ("tour-de-france-quiz", "Vert", "jersey square"),
    ("tour-de-france-quiz", "Vert", "colour"),
    ("tour-de-france-mb", "Rouge", "token"),
    ("tour-de-france-mb", "Rouge", "colour"),
]


def keys(catalog) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


@pytest.fixture(scope="module")
def templates() -> dict[str, object]:
    return {game: extract(DATA / game) for game in GAMES}


@pytest.mark.parametrize("game, msgid, context", AMBIGUOUS)
def test_an_ambiguous_string_is_extracted_with_its_context(templates, game, msgid, context) -> None:
    found = keys(templates[game])
    assert (msgid, context) in found
    assert (msgid, None) not in found, f"{msgid!r} is also extracted without a context in {game}"


@pytest.mark.parametrize("game, msgid, context", AMBIGUOUS)
def test_every_catalog_translates_each_meaning(game, msgid, context) -> None:
    for lang in languages(DATA / game):
        catalog = read(DATA / game / "locales" / f"{lang}.po", locale=lang)
        message = catalog.get(msgid, context)
        assert message is not None and message.string and not message.fuzzy, (game, lang, msgid, context)


def test_two_meanings_of_one_french_string_translate_apart() -> None:
    en = compile_catalog(read(DATA / "maillot-jaune" / "locales" / "en.po", locale="en"))
    assert en.pgettext("compass point", "N") == "N"  # north
    assert en.pgettext("colour letter", "N") == "Bk"  # noir: black
    de = compile_catalog(read(DATA / "green-jersey" / "locales" / "de.po", locale="de"))
    assert de.pgettext("a player's turn", "Tour") == "Zug"


@pytest.mark.parametrize("game", GAMES)
def test_data_fields_with_a_context_are_extracted_and_looked_up_with_it(game, templates) -> None:
    found = keys(templates[game])
    strings = [s for s in data_strings(DATA / game) if s.path in CONTEXTS]
    assert strings, game
    for s in strings:
        assert s.context == CONTEXTS[s.path] and (s.text, s.context) in found
    lang = languages(DATA / game)[0]
    prepared = prepare(DATA / game, load_game(DATA / game), lang)
    tr = translator(prepared.language)
    catalog = read(DATA / game / "locales" / f"{lang}.po", locale=lang)
    for s in strings:
        assert tr(s.path, s.text) == catalog.get(s.text, s.context).string


def test_the_rulebook_prints_each_meaning_in_german() -> None:
    from pnp.i18n.data import localize_model
    from pnp.layout.rulebook_context import render_rulebook_markdown

    game = DATA / "green-jersey"
    model = load_game(game)
    prepared = prepare(game, model, "de")
    with activate(prepared.language):
        markdown = render_rulebook_markdown(localize_model(model, prepared.language))
    assert "| Zug |" in markdown and "| Art |" in markdown


# --- rulebooks: paragraph-sized blocks, and a reason for every fragment ------------------------


def rulebook_blocks(game: str) -> list[tuple[int, str, list[str], str]]:
    """(line, msgid, translator comments, source line) of every block of the game's rulebook template."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    from pnp.i18n.extract import COMMENT_TAGS, JINJA_METHOD, JINJA_OPTIONS

    path = DATA / game / "templates" / "rulebook.md.j2"
    lines = path.read_text(encoding="utf-8").splitlines()
    found = extract_from_file(JINJA_METHOD, str(path), DEFAULT_KEYWORDS, COMMENT_TAGS, JINJA_OPTIONS,
                              strip_comment_tags=True)
    return [(n, m if isinstance(m, str) else m[0], comments, lines[n - 1]) for n, m, comments, _ in found]


@pytest.mark.parametrize("game", GAMES)
def test_every_short_rulebook_block_says_why_it_is_short(game) -> None:
    """A block that is not a sentence (a table cell, a label, a list joiner, a list item that ends the
    sentence before it) carries a translator comment; headings and figure captions are units."""
    fragments = []
    for line, msgid, comments, source in rulebook_blocks(game):
        if source.lstrip().startswith(("#", "![")):
            continue
        sentence = len(msgid.split()) > 3 and msgid.rstrip()[-1] in ".:;!?»)"
        if not sentence and not comments:
            fragments.append(f"{game} rulebook.md.j2:{line}: {msgid!r}")
    assert not fragments, "\n".join(fragments)


@pytest.mark.parametrize("game", GAMES)
def test_a_paragraph_is_one_block_unless_two_plurals_part_it(game) -> None:
    path = DATA / game / "templates" / "rulebook.md.j2"
    text = path.read_text(encoding="utf-8")
    assert "{% endtrans %} {% trans" not in text  # two blocks of one paragraph, side by side
    for line, msgid, comments, source in rulebook_blocks(game):
        if source.startswith("{#- Translators: the next sentence"):
            assert any("plural" in c for c in comments), (game, line)


def test_merged_blocks_keep_every_language_s_sentences() -> None:
    """The merged paragraphs read as the fragments did: the German colour paragraph has all three
    of its sentences, with the data's names and letters in place."""
    from pnp.i18n.data import localize_model
    from pnp.layout.rulebook_context import render_rulebook_markdown

    game = DATA / "green-jersey"
    model = load_game(game)
    prepared = prepare(game, model, "de")
    with activate(prepared.language):
        markdown = render_rulebook_markdown(localize_model(model, prepared.language))
    line = next(ln for ln in markdown.splitlines() if ln.startswith("Jedes farbige Trikot"))
    assert "Jedes Trikot trägt außerdem einen Buchstaben" in line and line.endswith("Anfangsbuchstabe seiner Farbe.")
    assert "**Erster Sprint:** Mischt die Fahrerkarten" in markdown
