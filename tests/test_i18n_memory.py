"""The translation memory: a new or stale catalog starts from the shared catalog and the other games'
translations, every one of them fuzzy until a translator confirms it, and unused by builds until then."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from babel.messages.catalog import Catalog
from click.testing import CliRunner

from pnp.cli import cli
from pnp.i18n.catalogs import languages, read, serialize, update
from pnp.i18n.memory import SHARED, Memory, load, prefill, shared_dir, shared_template
from pnp.i18n.translations import prepare
from pnp.model import load_game
from pnp.new import create

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
DATA = ROOT / "data"
PREFILLED = re.compile(r"pre-filled (\d+) of (\d+) untranslated strings from the translation memory "
                       r"\(fuzzy: review them\): (.*)")


def pnp(data: Path, *args: str):
    return CliRunner().invoke(cli, ["--data", str(data), *args])


def msgfmt_check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)


def fuzzy_entries(path: Path) -> list[polib.POEntry]:
    return [e for e in polib.pofile(str(path)) if "fuzzy" in e.flags and not e.obsolete]


# --- a new game --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def new_game(tmp_path_factory) -> Path:
    parent = tmp_path_factory.mktemp("games")
    return create("my-game", parent)


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_new_game_s_catalog_starts_from_the_memory(new_game: Path, lang: str) -> None:
    result = pnp(new_game.parent, "i18n", "update", "my-game", "--lang", lang)
    assert result.exit_code == 0, result.output
    found = PREFILLED.search(result.output)
    assert found, result.output
    filled, candidates = int(found.group(1)), int(found.group(2))
    po = new_game / "locales" / f"{lang}.po"
    total = sum(1 for e in polib.pofile(str(po)) if not e.obsolete)
    assert 0 < filled <= candidates == total
    assert len(fuzzy_entries(po)) == filled  # every one of them waits for a translator
    assert "from the shared catalog" in found.group(3) and "from other games" in found.group(3)
    check = msgfmt_check(po)
    assert check.returncode == 0, check.stderr
    # the kit's own texts come from the shared catalog, translated once
    shared = read(shared_dir(TEMPLATES) / f"{lang}.po", locale=lang)
    entry = polib.pofile(str(po)).find("Règle du jeu")
    assert entry.msgstr == shared.get("Règle du jeu").string and "fuzzy" in entry.flags


def test_fuzzy_pre_filled_strings_are_gaps_until_confirmed(new_game: Path) -> None:
    po = new_game / "locales" / "de.po"
    if not po.is_file():
        assert pnp(new_game.parent, "i18n", "update", "my-game", "--lang", "de").exit_code == 0
    prepared = prepare(new_game, load_game(new_game), "de")
    fuzzy = {(e.msgid, e.msgctxt) for e in fuzzy_entries(po)}
    gaps = {(g.msgid, g.context): g.kind for g in prepared.gaps}
    assert fuzzy and all(gaps.get(key) == "fuzzy" for key in fuzzy)
    # as gettext: a compiled catalog leaves fuzzy entries out, the French shows through
    assert prepared.language.gettext("Règle du jeu") == "Règle du jeu"
    status = pnp(new_game.parent, "i18n", "status", "my-game", "--lang", "de", "--check")
    assert status.exit_code == 1 and re.search(rf"de\s+0\s+{len(fuzzy)}\s", status.output), status.output


def test_no_memory_leaves_a_new_catalog_empty(tmp_path: Path) -> None:
    game = create("bare", tmp_path)
    result = pnp(tmp_path, "i18n", "update", "bare", "--lang", "de", "--no-memory")
    assert result.exit_code == 0 and "pre-filled" not in result.output
    assert not fuzzy_entries(game / "locales" / "de.po")


# --- a stale catalog -----------------------------------------------------------------------------


def test_a_new_string_of_a_translated_game_comes_from_another_game(tmp_path: Path) -> None:
    game = tmp_path / "green-jersey"
    shutil.copytree(DATA / "green-jersey", game)
    rulebook = game / "templates" / "rulebook.md.j2"
    # a heading Maillot Jaune's rulebook has and Green Jersey's has not
    rulebook.write_text(rulebook.read_text(encoding="utf-8") + "\n# {% trans %}Fabriquer le kit{% endtrans +%}\n",
                        encoding="utf-8")
    result = pnp(tmp_path, "i18n", "update", "green-jersey", "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "pre-filled 1 of 1 untranslated strings" in result.output
    assert "1 from other games (maillot-jaune 1)" in result.output
    entry = polib.pofile(str(game / "locales" / "de.po")).find("Fabriquer le kit")
    mj = polib.pofile(str(DATA / "maillot-jaune" / "locales" / "de.po")).find("Fabriquer le kit")
    assert entry.msgstr == mj.msgstr and "fuzzy" in entry.flags
    # the rest of the catalog is as it was: translated strings are never touched
    assert len(fuzzy_entries(game / "locales" / "de.po")) == 1


# --- the memory itself ---------------------------------------------------------------------------


def catalog_with(tmp: Path, name: str, lang: str, entries: list[tuple]) -> Path:
    """A <lang>.po under ``tmp/name/locales`` holding ``entries`` (msgid, translation[, context])."""
    catalog = Catalog(locale=lang)
    for msgid, string, *context in entries:
        catalog.add(msgid, string, context=context[0] if context else None)
    path = tmp / name / "locales" / f"{lang}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(serialize(catalog))
    return path


def test_the_shared_catalog_comes_first_then_most_games_then_the_first_game(tmp_path: Path) -> None:
    catalog_with(tmp_path / "templates", "", "de", [("Crédits", "Impressum")])
    games = {}
    for name, entries in (("a", [("Crédits", "Credits"), ("Jetons", "Marker"), ("Tour", "Runde"),
                                 ("Pion", "Spielstein")]),
                          ("b", [("Jetons", "Plättchen"), ("Tour", "Zug", "a player's turn"), ("Pion", "Figur")]),
                          ("c", [("Jetons", "Plättchen")])):
        catalog_with(tmp_path, name, "de", entries)
        games[name] = tmp_path / name
    memory = load("de", tmp_path / "templates", games)
    ask = Catalog(locale="de")
    for msgid, context in (("Crédits", None), ("Jetons", None), ("Pion", None), ("Tour", "a player's turn"),
                           ("Inconnu", None)):
        ask.add(msgid, context=context)
    report = prefill(ask, memory)
    got = {(m.id, m.context): m.string for m in ask if m.id}
    assert got[("Crédits", None)] == "Impressum"  # the shared catalog wins
    assert got[("Jetons", None)] == "Plättchen"  # two games of three
    assert got[("Pion", None)] == "Spielstein"  # a tie: the first game by name
    assert got[("Tour", "a player's turn")] == "Zug"  # the context must match: not game a's "Runde"
    assert not got[("Inconnu", None)]
    assert report.candidates == 5 and report.filled == 4
    assert report.by_source == {SHARED: 1, "b": 2, "a": 1}  # Jetons and Tour from b, Pion from a
    assert all(m.fuzzy for m in ask if m.id and m.string)


def test_a_plural_needs_as_many_forms_as_the_language_has(tmp_path: Path) -> None:
    catalog = Catalog(locale="pl")
    catalog.add(("%(n)s carte", "%(n)s cartes"), ("%(n)s karta", "%(n)s karty"))  # two forms: Polish has three
    path = tmp_path / "g" / "locales" / "pl.po"
    path.parent.mkdir(parents=True)
    path.write_bytes(serialize(catalog))
    memory = load("pl", None, {"g": tmp_path / "g"})
    ask = Catalog(locale="pl")
    ask.add(("%(n)s carte", "%(n)s cartes"))
    assert prefill(ask, memory).filled == 0


def test_an_update_of_a_memory_filled_catalog_changes_nothing(tmp_path: Path) -> None:
    game = create("twice", tmp_path)
    assert pnp(tmp_path, "i18n", "update", "twice", "--lang", "de").exit_code == 0
    first = (game / "locales" / "de.po").read_bytes()
    again = pnp(tmp_path, "i18n", "update", "twice", "--lang", "de")
    assert again.exit_code == 0 and "pre-filled" not in again.output and "(unchanged)" in again.output
    assert (game / "locales" / "de.po").read_bytes() == first


# --- the shared catalog --------------------------------------------------------------------------


def test_the_shared_catalog_holds_the_shared_templates_strings() -> None:
    shipped = read(shared_dir(TEMPLATES) / "messages.pot")
    fresh = shared_template(TEMPLATES)
    keys = lambda c: {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in c if m.id}  # noqa: E731
    assert keys(shipped) == keys(fresh) and len(keys(fresh)) > 80
    assert ("Règle du jeu", None) in keys(fresh) and ("plateau", "kit document") in keys(fresh)


@pytest.mark.parametrize("lang", languages(TEMPLATES))
def test_the_shared_catalog_is_translated_once_and_valid(lang: str) -> None:
    path = shared_dir(TEMPLATES) / f"{lang}.po"
    catalog = read(path, locale=lang)
    assert all(m.string and not m.fuzzy for m in catalog if m.id), lang
    assert msgfmt_check(path).returncode == 0


def test_every_game_shares_the_kit_texts_of_the_shared_catalog() -> None:
    fresh = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in shared_template(TEMPLATES) if m.id}
    for game in sorted(p for p in DATA.iterdir() if (p / "game.yaml").is_file()):
        pot = read(game / "locales" / "messages.pot")
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in pot if m.id}
        assert len(fresh & have) >= len(fresh) - 2, game.name  # a kit may leave out a text it never prints


def test_memory_of_a_language_nobody_translates_is_empty(tmp_path: Path) -> None:
    memory = load("ja", TEMPLATES, {p.name: p for p in DATA.iterdir() if (p / "game.yaml").is_file()})
    assert isinstance(memory, Memory) and len(memory) == 0 and memory.sources == []


def test_update_with_memory_reports_what_it_filled(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    (folder / "locales").mkdir(parents=True)
    template = Catalog(project="g")
    template.add("Règle du jeu", locations=[("templates/kit.j2", 1)])
    template.add("Rien de connu", locations=[("templates/kit.j2", 2)])
    memory = load("de", TEMPLATES, {})
    report = update(folder, template, "de", create=True, memory=memory)
    assert report.created and report.prefill.candidates == 2 and report.prefill.filled == 1
    assert report.prefill.describe("templates/locales/de.po") == (
        "pre-filled 1 of 2 untranslated strings from the translation memory (fuzzy: review them): "
        "1 from the shared catalog templates/locales/de.po")
