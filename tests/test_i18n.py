"""Localization: extraction, catalogs (update, status), builds in other languages, drafts, fitting.

Every test that changes a catalog or the data works on a copy of the game (``game_copy``), never on
data/. Builds are few (about four seconds each): the English and Polish kits are built once per module.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.build import KIT_TEMPLATES, BuildFailed, BuildOptions, build_game
from pnp.cli import cli
from pnp.i18n import Language, activate
from pnp.i18n.catalogs import read
from pnp.i18n.extract import extract
from pnp.i18n.status import status
from pnp.i18n.translations import prepare
from pnp.layout import text as textfit
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "green-jersey"
TEMPLATES = ROOT / "templates"
LOCALES = GAME / "locales"
CARD_TEMPLATE = GAME / "templates" / "cards.j2"
BOARD_TEMPLATE = GAME / "templates" / "board.j2"
SHARED_TEMPLATE = TEMPLATES / "kit.j2"
FRENCH_CARD_TEXTS = ["exactement", "Coureur", "Premier joueur", "Distribuez", "maillot", "diagonale",
                     "feuille", "recto", "Carte coureur"]


def pnp(runner: CliRunner, data: Path, *args: str):
    return runner.invoke(cli, ["--data", str(data), *args])


def line_of(path: Path, text: str) -> int:
    """The line of ``path`` where ``text`` first appears (1-based)."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text in line:
            return n
    raise AssertionError(f"{text!r} not in {path}")


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def edit_po(folder: Path, lang: str, changes: dict[str, str | list[str]]) -> None:
    """Set the translations of some msgids in a (copied) catalog."""
    path = folder / "locales" / f"{lang}.po"
    po = polib.pofile(str(path))
    for msgid, value in changes.items():
        entry = po.find(msgid)
        assert entry is not None, msgid
        if isinstance(value, list):
            entry.msgstr_plural = dict(enumerate(value))
        else:
            entry.msgstr = value
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    po.save(str(path))


def fill_po(folder: Path, lang: str) -> None:
    """Translate every untranslated or fuzzy entry by copying its msgid (a complete catalog)."""
    path = folder / "locales" / f"{lang}.po"
    po = polib.pofile(str(path))
    forms = int(re.search(r"nplurals=(\d+)", po.metadata["Plural-Forms"]).group(1))
    for entry in po:
        if entry.obsolete or (entry.translated() and "fuzzy" not in entry.flags):
            continue
        if entry.msgid_plural:
            entry.msgstr_plural = {i: entry.msgid if i == 0 else entry.msgid_plural for i in range(forms)}
        else:
            entry.msgstr = entry.msgid
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        entry.previous_msgid = None
    po.save(str(path))


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- extraction ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def template():
    return extract(GAME)


def test_every_trans_block_of_the_kit_templates_is_extracted_at_its_line(template) -> None:
    for path in (CARD_TEMPLATE, BOARD_TEMPLATE, SHARED_TEMPLATE):
        ref = path.relative_to(ROOT).as_posix()
        found = sorted(line for m in template for f, line in m.locations if f == ref)
        text = re.sub(r"\{#.*?#\}", lambda c: "\n" * c.group().count("\n"), path.read_text(encoding="utf-8"),
                      flags=re.DOTALL)  # comments aside
        expected = sorted(text[:m.start()].count("\n") + 1 for m in re.finditer(r"\{%-?\s*trans\b", text))
        assert found == expected, ref


def test_extraction_references_cards_boards_shared_and_data(template) -> None:
    def refs(msgid, context=None):
        message = template.get(msgid, context)
        assert message is not None, msgid
        return {f"{f}:{n}" for f, n in message.locations}

    # (the rulebook may use the same strings: they share one entry, with every reference)
    assert f"data/green-jersey/templates/cards.j2:{line_of(CARD_TEMPLATE, 'Premier joueur')}" in refs("Premier joueur")
    assert f"data/green-jersey/templates/board.j2:{line_of(BOARD_TEMPLATE, 'Légende')}" in refs("Légende")
    assert f"templates/kit.j2:{line_of(SHARED_TEMPLATE, 'recto seul')}" in refs("recto seul")
    assert refs("Coureur rouge") == {"data/green-jersey/riders.yaml:3"}
    assert refs("L'entonnoir") == {"data/green-jersey/boards.yaml:76"}
    assert refs("R", "colour letter") == {"data/green-jersey/palette.yaml:5"}
    assert "data/green-jersey/tokens.yaml:4" in refs("1er", "token")  # also on the podium of the board
    # the award and the jersey of the card symbol stay distinct strings
    assert template.get("Maillot Vert") is not None and template.get("Maillot vert") is not None
    # a block with variables and a plural, as the build looks it up (new-style: %(n)s, "%%" for "%")
    plural = template.get("Le porteur du Maillot Vert avance, recule ou se décale d'exactement %(n)s case, "
                          "sans diagonale.")
    assert plural.id[1].endswith("%(n)s cases, sans diagonale.")
    assert template.get("Ce trait mesure %(length)s mm : imprimez à 100 %%, sans ajuster à la page.")


def test_every_translatable_data_field_is_extracted(template) -> None:
    import yaml

    from pnp.i18n.data import CONTEXTS

    ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    palette = yaml.safe_load((GAME / "palette.yaml").read_text(encoding="utf-8"))["colours"]
    for c in palette:
        assert (c["name"], "colour") in ids
        if c["letter"]:
            assert (c["letter"], "colour letter") in ids
    for name, key in (("riders.yaml", "riders"), ("jerseys.yaml", "jerseys"), ("decks.yaml", "decks"),
                      ("tokens.yaml", "tokens"), ("boards.yaml", "boards")):
        for item in yaml.safe_load((GAME / name).read_text(encoding="utf-8"))[key]:
            assert (item["name"], CONTEXTS.get((key, "name"))) in ids, item["name"]
            for side in item.get("sides", []):
                assert (side["name"], None) in ids


def test_the_rulebook_template_is_extracted_with_trans_blocks_and_underscore(tmp_path: Path) -> None:
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(GAME, game)
    (game / "templates" / "rulebook.md.j2").write_text(
        "# {% trans %}But du jeu{% endtrans %}\n\n"
        "{% trans n=riders, title=title %}Dans {{ title }}, chaque joueur\n  dirige un des {{ n }} coureurs."
        "{% endtrans %}\n\n{{ _('Voir page %(page)s', page=3) }}\n", encoding="utf-8")
    catalog = extract(game)
    ref = "data/green-jersey/templates/rulebook.md.j2"
    assert {f"{f}:{n}" for f, n in catalog.get("But du jeu").locations} == {f"{ref}:1"}
    assert catalog.get("Dans %(title)s, chaque joueur dirige un des %(n)s coureurs.").locations == [(ref, 3)]
    assert catalog.get("Voir page %(page)s").locations == [(ref, 6)]


def test_the_shipped_template_lists_the_strings_of_the_kit(template) -> None:
    pot = read(LOCALES / "messages.pot")
    shipped = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in pot if m.id}
    kit = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id
           and not all(f.endswith("templates/rulebook.md.j2") for f, _ in m.locations)}
    assert kit <= shipped, sorted(kit - shipped)[:5]


# --- the shipped catalogs ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_every_string_of_the_kit_is_translated(lang: str) -> None:
    prepared = prepare(GAME, load_game(GAME), lang, templates=KIT_TEMPLATES)
    assert [g.render() for g in prepared.gaps] == []
    assert prepared.problems == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
@pytest.mark.parametrize("name", sorted(p.name for p in LOCALES.glob("*.po")))
def test_every_shipped_catalog_passes_msgfmt_check(name: str, tmp_path: Path) -> None:
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(LOCALES / name)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_no_compiled_catalog_is_kept() -> None:
    assert not list(LOCALES.glob("*.mo"))


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_a_translation_that_drops_a_placeholder_is_caught(game_copy: Path, tmp_path: Path) -> None:
    edit_po(game_copy, "en", {"Face %(id)s · %(name)s": "Side %(id)s"})
    po = game_copy / "locales" / "en.po"
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(po)],
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "name" in result.stderr
    with pytest.raises(BuildFailed) as err:  # the build catches it too, before laying anything out
        build_game(game_copy, BuildOptions(out=tmp_path / "out", lang="en"))
    assert "drops the placeholder %(name)s" in str(err.value)
    assert not (tmp_path / "out").exists()


# --- update and status ---------------------------------------------------------------------


def test_update_marks_a_changed_french_string_fuzzy_and_keeps_its_previous_msgid(
        runner: CliRunner, game_copy: Path, tmp_path: Path) -> None:
    replace_in(game_copy / "riders.yaml", "name: Coureur rouge,", "name: Coureur rouge vif,")
    result = pnp(runner, game_copy.parent, "i18n", "update", "green-jersey")
    assert result.exit_code == 0, result.output
    assert "1 changed (now fuzzy)" in result.output
    entry = polib.pofile(str(game_copy / "locales" / "en.po")).find("Coureur rouge vif")
    assert "fuzzy" in entry.flags
    assert entry.previous_msgid == "Coureur rouge"
    assert entry.msgstr == "Red rider"  # the old translation, to revise
    # a second update keeps it all (Babel alone would turn "#|" into a comment)
    assert pnp(runner, game_copy.parent, "i18n", "update", "green-jersey").exit_code == 0
    text = (game_copy / "locales" / "en.po").read_text(encoding="utf-8")
    assert '#| msgid "Coureur rouge"\nmsgid "Coureur rouge vif"' in text
    assert "# | msgid" not in text

    out = tmp_path / "out"
    result = pnp(runner, game_copy.parent, "build", "green-jersey", "--lang", "en", "--out", str(out))
    assert result.exit_code == 1
    # the translator's place first (the PO entry's line), then where the text is used
    assert re.search(r'locales/en\.po:\d+: stale \(fuzzy: the French changed\): "Coureur rouge vif" '
                     r'\(used at data/green-jersey/riders\.yaml:3\)', result.output), result.output
    assert 'the French was "Coureur rouge"' in result.output
    assert "pnp i18n update green-jersey --lang en" in result.output and "--draft" in result.output
    assert not out.exists()

    result = pnp(runner, game_copy.parent, "build", "green-jersey", "--lang", "en", "--draft", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "DRAFT" in result.output and "1 string left in French" in result.output
    kit = out / "green-jersey" / "en"
    for page in PdfReader(str(kit / "cards.pdf")).pages:
        assert "DRAFT · EN" in page.extract_text()
    for name in ("pieces.pdf", "board-a.pdf", "board-b-a4.pdf", "kit.pdf"):
        pages = PdfReader(str(kit / name)).pages
        for page in (pages[0], pages[-1]):
            assert "DRAFT · EN" in page.extract_text(), name
    assert "Coureur rouge vif" in pdf_text(kit / "cards.pdf")  # the gap, filled with the French source
    assert "DRAFT · EN" in (kit / "board-a.svg").read_text(encoding="utf-8")
    assert json.loads((kit / "manifest.json").read_text(encoding="utf-8"))["draft"] is True


def test_status_counts_and_check(runner: CliRunner, game_copy: Path) -> None:
    fill_po(game_copy, "en")
    fill_po(game_copy, "pl")
    result = pnp(runner, game_copy.parent, "i18n", "status", "--check")
    assert result.exit_code == 0, result.output
    before = status(game_copy / "locales" / "en.po", "en")
    assert (before.fuzzy, before.untranslated) == (0, 0)

    replace_in(game_copy / "riders.yaml", "name: Coureur rouge,", "name: Coureur rouge vif,")       # fuzzy
    replace_in(game_copy / "decks.yaml", "name: Carte premier joueur", "name: Qwx 42 zkv")          # new + obsolete
    shared = {p: p.read_bytes() for p in sorted((ROOT / "templates" / "locales").glob("*"))}
    assert pnp(runner, game_copy.parent, "i18n", "update", "--lang", "en").exit_code == 0
    # a --data folder's update leaves pnp's own shared catalog as it was
    assert {p: p.read_bytes() for p in sorted((ROOT / "templates" / "locales").glob("*"))} == shared
    after = status(game_copy / "locales" / "en.po", "en", extract(game_copy))
    assert after.translated == before.translated - 2
    assert (after.fuzzy, after.untranslated, after.missing) == (1, 1, 0)
    assert after.obsolete == before.obsolete + 1

    result = pnp(runner, game_copy.parent, "i18n", "status", "green-jersey", "--lang", "en", "--check")
    assert result.exit_code == 1
    row = next(ln for ln in result.output.splitlines() if ln.strip().startswith("en "))
    assert row.split()[1:6] == [str(after.translated), "1", "1", str(after.obsolete), "0"]
    assert 'stale: "Coureur rouge vif"' in result.output
    # pl was not updated: the new French strings are reported as missing from it
    result = pnp(runner, game_copy.parent, "i18n", "status", "--lang", "pl")
    assert "not in data/green-jersey/locales/pl.po yet" in result.output or "pl.po yet" in result.output


def test_update_creates_a_new_language_and_rejects_unknown_ones(runner: CliRunner, game_copy: Path) -> None:
    (game_copy / "locales" / "pl.po").unlink()
    result = pnp(runner, game_copy.parent, "i18n", "update", "green-jersey", "--lang", "pl")
    assert result.exit_code == 0, result.output
    assert "pl.po: created" in result.output
    po = polib.pofile(str(game_copy / "locales" / "pl.po"))
    assert "nplurals=3" in po.metadata["Plural-Forms"]
    assert po.percent_translated() == 0

    result = pnp(runner, game_copy.parent, "i18n", "update", "--lang", "eng")
    assert result.exit_code == 2
    assert "unknown language 'eng'" in result.output and "did you mean 'en'?" in result.output
    result = pnp(runner, game_copy.parent, "i18n", "update", "--lang", "fr")
    assert result.exit_code == 2 and "source language" in result.output
    out = game_copy.parent.parent / "out"
    result = pnp(runner, game_copy.parent, "build", "--lang", "fr,enn", "--out", str(out))
    assert result.exit_code == 2
    assert "did you mean 'en'?" in result.output
    assert not out.exists()  # every language is checked before the first build


def test_strings_looked_up_but_not_translated_are_remembered() -> None:
    from babel.messages.catalog import Catalog

    from pnp.i18n.translations import Tracked, compile_catalog

    catalog = Catalog(locale="en")
    catalog.add("Arrivée", "Finish")
    catalog.add("R", "R", context="colour letter")
    tracked = Tracked(compile_catalog(catalog))
    assert tracked.gettext("Arrivée") == "Finish" and tracked.pgettext("colour letter", "R") == "R"
    assert tracked.fallbacks == {}
    assert tracked.gettext("Légende") == "Légende"
    assert tracked.ngettext("point", "points", 2) == "points"
    assert list(tracked.fallbacks) == [("Légende", None), ("point", None)]


def test_a_french_build_needs_no_catalog(game_copy: Path) -> None:
    shutil.rmtree(game_copy / "locales")
    prepared = prepare(game_copy, load_game(game_copy), "fr")
    assert prepared.language.source and prepared.gaps == [] and prepared.po is None
    with pytest.raises(Exception) as err:
        prepare(game_copy, load_game(game_copy), "en")
    assert "no catalog for language 'en'" in str(err.value)


# --- builds in other languages ---------------------------------------------------------------


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kits")
    for lang in ("en", "pl"):
        build_game(GAME, BuildOptions(out=out, lang=lang))
    return out / "green-jersey"


def test_the_english_cards_are_in_english(kits: Path) -> None:
    text = pdf_text(kits / "en" / "cards.pdf")
    for english in ("exactly", "Red rider", "First player", "no diagonals", "1 JERSEY", "sheet 1/7 · front"):
        assert english in text, english
    for french in FRENCH_CARD_TEXTS:
        assert french not in text, french
    assert json.loads((kits / "en" / "manifest.json").read_text(encoding="utf-8"))["language"] == "en"


def test_the_english_board_pieces_and_cover_are_in_english(kits: Path) -> None:
    board = pdf_text(kits / "en" / "board-a.pdf")
    assert "Side A · The Home Straight" in board and "FINISH" in board and "Arrivée" not in board
    pieces = pdf_text(kits / "en" / "pieces.pdf")
    assert "Player aid" in pieces and "Aide de jeu" not in pieces
    cover = PdfReader(str(kits / "en" / "kit.pdf")).pages[0].extract_text()
    assert "Print-and-play kit" in cover and "double-sided" in cover


def test_the_polish_kit_has_polish_diacritics(kits: Path) -> None:
    text = "\n".join(pdf_text(kits / "pl" / name) for name in ("cards.pdf", "pieces.pdf", "board-a.pdf"))
    for word in ("Żółty kolarz", "przesuwa się", "Pierwszy gracz", "Przepychanka", "Strona A · Ostatnia prosta"):
        assert word in text, word
    assert set("ąęłńóśż") <= set(text.lower())
    assert "Coureur" not in text


# --- text that does not fit, glyphs that do not exist, hyphenation ---------------------------


def test_a_translation_too_long_for_its_card_fails_naming_card_language_and_overflow(
        game_copy: Path, tmp_path: Path) -> None:
    long_text = " ".join(["Deal the cards, play first and pass this card to the left after the sprint."] * 12)
    edit_po(game_copy, "en", {"Distribuez les cartes et jouez le premier. Après le sprint, donnez cette carte à "
                              "votre voisin de gauche.": long_text})
    out = tmp_path / "out"
    with pytest.raises(BuildFailed) as err:
        build_game(game_copy, BuildOptions(out=out, lang="en", single_sided=True))
    message = str(err.value)
    assert "green-jersey [en]: card first-player/first-player:" in message
    assert re.search(r"does not fit at [\d.]+ pt: [\d.]+ mm too tall", message)
    assert "layout problem(s) in en; nothing was written" in message
    assert not out.exists()


def test_a_character_missing_from_the_font_fails_naming_string_character_and_font(
        game_copy: Path, tmp_path: Path) -> None:
    edit_po(game_copy, "en", {"Premier joueur": "先手"})
    with pytest.raises(BuildFailed) as err:
        build_game(game_copy, BuildOptions(out=tmp_path / "out", lang="en"))
    message = str(err.value)
    assert "the font Fira Sans has no glyph for '先' (U+5148), '手' (U+624B)" in message
    assert "'Premier joueur'" in message and "[en]" in message
    assert f"data/green-jersey/templates/cards.j2:{line_of(CARD_TEMPLATE, 'Premier joueur')}" in message


def test_a_word_wider_than_its_box_is_hyphenated_in_the_build_language() -> None:
    word = "internationalisation"
    width = textfit.fonts.width_mm(word, "sans", 10) * 0.6
    assert textfit.wrap(word, "sans", 10, width) == [word]  # off by default: shrinking comes first
    with activate(Language("en", source=False)):
        lines = textfit.wrap(f"an {word} issue", "sans", 10, width, hyphenate=True)
    assert len(lines) >= 2 and lines[0].endswith("-")
    assert "".join(ln.rstrip("-") for ln in lines).replace(" ", "") == f"an{word}issue"
    assert all(textfit.fonts.width_mm(ln, "sans", 10) <= width + 1e-6 for ln in lines)


def test_fit_hyphenates_only_when_no_size_fits() -> None:
    box = textfit.Box(0, 0, 14, 30, 9, 8)
    with activate(Language("pl", source=False)):
        items = textfit.fit("Przepychanka niedozwolona", box, "sans")
    assert any(t.text.endswith("-") for t in items)
    assert textfit.fit("Push", box, "sans")[0].size == 9


def test_a_long_previous_msgid_is_written_as_valid_po(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog

    from pnp.i18n.catalogs import serialize

    old = "Distribuez les cartes et jouez le premier. Après le sprint, donnez cette carte à votre voisin."
    new = old.replace("jouez le premier", "jouez en premier, puis passez la main")
    catalog = Catalog(locale="en")
    catalog.add(new, "Deal the cards and play first.", flags=["fuzzy"], previous_id=old, context="aid")
    path = tmp_path / "en.po"
    path.write_bytes(serialize(catalog))
    entry = polib.pofile(str(path)).find(new, msgctxt="aid")
    assert entry.previous_msgid == old and "fuzzy" in entry.flags
    if shutil.which("msgfmt"):
        subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], check=True)


def test_the_source_language_chooses_plurals_by_its_own_rule() -> None:
    """French writes "0 point", "1 point", "2 points" (English's rule would give "0 points")."""
    from pnp.i18n.context import SOURCE

    assert [SOURCE.ngettext("%(n)s point", "%(n)s points", n) % {"n": n} for n in (0, 1, 2, 7)] == \
        ["0 point", "1 point", "2 points", "7 points"]
