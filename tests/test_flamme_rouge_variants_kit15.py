"""Flamme Rouge variants, the kit a publisher would post (issue 15): the climber standees and the line
markers are data and are printed; the wind rose is laid out as the seed says (the marker's point shows
where the wind blows to); the sheet backs carry the title once, the player aids and score sheets have no
back, only the stage sheet asks for the kind of finish; ordinals are typographic; no text a player reads
on the cards, pieces or board is below 6 pt; the booklet's last section speaks to players. The kit is
built once (French and English) and read back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.model import load_game

from kit_helpers import text_runs as _runs
from kit_helpers import ROOT, broken_game, build_kits, rule_ids

DATA = ROOT / "data" / "flamme-rouge-variants"
READABLE_PT = 6.0
SUN = (0xF2, 0xB7, 0x05)
TAILWIND, HEADWIND = (0x7F, 0xB7, 0x7E), (0xE4, 0x57, 0x3D)


@pytest.fixture(scope="module")
def model():
    return load_game(DATA)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("frv-kit15"), "flamme-rouge-variants")


def _pages(path: Path) -> list[str]:
    """The text of each page, whitespace folded."""
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(str(path)).pages]


def _manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def _duplex(kit: Path, name: str) -> set[int]:
    """The pages (from 1) of ``name`` that are printed in front/back pairs."""
    entry = next(f for f in _manifest(kit)["files"] if f["name"] == name)
    return {p for a, b in entry["duplex_pages"] for p in range(a, b + 1)}


def _word_box(page, word: str) -> tuple[float, float, float, float] | None:
    """The box (left, bottom, right, top, in points) of the first ``word`` on a pdfium page."""
    tp = page.get_textpage()
    text = tp.get_text_range()
    at = text.find(word)
    if at < 0:
        return None
    boxes = [tp.get_charbox(at + k) for k in range(len(word))]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _find_page(pdf, word: str) -> int:
    return next(i for i in range(len(pdf)) if word in pdf[i].get_textpage().get_text_range())


# --- the climber standees and the line markers are data

def test_every_team_has_a_climber_standee(model) -> None:
    riders = {r.id: r for r in model.riders}
    colours = [riders[s.rider].colour for s in model.standees]
    assert sorted(colours) == sorted(model.facts.teams)
    assert all(any(j.rider == s.rider for j in model.jerseys) for s in model.standees)


def test_line_markers_are_counted_by_the_rules(model) -> None:
    counts = {t.kind: t.count for t in model.tokens}
    assert counts == {"sprint": model.facts.markers.sprint, "summit": model.facts.markers.summit}


@pytest.mark.parametrize("rule, edits", [
    ("FRV-MARKERS", [("tokens.yaml", "kind: summit, name: Sommet, count: 4", "kind: summit, name: Sommet, count: 3")]),
    ("FRV-CLIMBERS", [("riders.yaml", "  - {id: figurine-grimpeur-rose,  rider: grimpeur-rose}\n", "")]),
    ("FRV-WIND-WAY", [("rules.yaml", "rose: [face, profil, dos, profil]", "rose: [dos, profil, face, profil]")]),
])
def test_each_new_check_fires_on_a_broken_copy(tmp_path, rule, edits) -> None:
    assert rule in rule_ids(broken_game(tmp_path, "flamme-rouge-variants", *edits))


def test_the_shipped_data_passes_the_new_checks(model) -> None:
    from pnp.check import run_checks

    assert not {"FRV-MARKERS", "FRV-CLIMBERS", "FRV-WIND-WAY"} & rule_ids(run_checks(model))


def test_the_kit_prints_the_standees_and_the_markers(kits, model) -> None:
    for lang, kit in kits.items():
        components = _manifest(kit)["components"]
        assert components["standees"] == len(model.facts.teams)
        assert components["tokens"] == {"sprint": model.facts.markers.sprint, "sommet": model.facts.markers.summit}
        text = " ".join(_pages(kit / "pieces.pdf"))
        points = " · ".join(str(p) for p in model.facts.points.intermediate)
        assert text.count(f"{points} pts") >= model.facts.markers.sprint
        assert text.count("SPRINT") >= model.facts.markers.sprint
        assert text.count("SOMMET" if lang == "fr" else "SUMMIT") >= model.facts.markers.summit


# --- sheets: backs, headers, ordinals

def test_sheet_backs_carry_the_title_once(kits) -> None:
    """The title already says "house rules": the backs of the weather track and the wind rose (the only
    sheets with a back) print it once, with no "Variantes maison" line under it."""
    for lang, kit in kits.items():
        title, line = ("VARIANTES MAISON", "Variantes maison") if lang == "fr" else ("HOUSE RULES", "House rules")
        backs = [t for t in _pages(kit / "pieces.pdf") if title in t]
        # the two backs may share a sheet (pieces are ganged): the title twice in all, once per back
        assert sum(text.count(title) for text in backs) == 2, backs
        for text in backs:
            assert line not in text, text


def test_player_aids_and_score_sheets_have_no_back(kits) -> None:
    for lang, kit in kits.items():
        words = ("Aide de jeu", "Grand tour ·", "Contre-la-montre", "Coupe du monde") if lang == "fr" else \
                ("Player aid", "Grand Tour ·", "Time trial", "World Cup")
        duplex = _duplex(kit, "pieces.pdf")
        pages = _pages(kit / "pieces.pdf")
        sheets = [i + 1 for i, t in enumerate(pages) if any(w in t for w in words)]
        assert len(sheets) == 6, sheets   # 2 player aids and 4 score sheets
        assert not duplex & set(sheets)


def test_only_the_stage_sheet_asks_for_the_finish(kits) -> None:
    pages = _pages(kits["fr"] / "pieces.pdf")
    finish = "Arrivée : plat / montagne"
    stage = [t for t in pages if "feuille d’étape" in t]
    overall = [t for t in pages if "classements généraux" in t]
    tt = [t for t in pages if "Contre-la-montre individuel" in t]
    assert stage and overall and tt
    assert finish in stage[0]
    assert finish not in overall[0] and finish not in tt[0]
    en = _pages(kits["en"] / "pieces.pdf")
    assert sum("flat / summit" in t for t in en) == 1


def test_ordinals_are_typographic(kits) -> None:
    fr = " ".join(_pages(kits["fr"] / "pieces.pdf"))
    assert "1er" in fr and "2e" in fr and "12e" in fr
    assert not re.search(r"\b1e\b", fr)
    en = " ".join(_pages(kits["en"] / "pieces.pdf"))
    for word in ("1st", "2nd", "3rd", "12th"):
        assert word in en
    assert not re.search(r"\b(1e|2e|3e)\b", en)


# --- the wind rose and the weather marker

def test_the_rose_puts_the_tailwind_on_the_race_way(kits, tmp_path) -> None:
    for lang, kit in kits.items():
        pdf = pdfium.PdfDocument(str(kit / "pieces.pdf"))
        tail, head = ("DE DOS", "DE FACE") if lang == "fr" else ("TAILWIND", "HEADWIND")
        page = pdf[_find_page(pdf, tail)]
        t, h = _word_box(page, tail), _word_box(page, head)
        assert t[1] > h[3], "the tailwind quarter is not above (on the race's way) the headwind one"
        # the quarters' colours: the top one is the tailwind's, the bottom one the headwind's
        race = _word_box(page, "course" if lang == "fr" else "race")
        image = page.render(scale=100 / 72).to_pil().convert("RGB")
        k = 100 / 72
        x = (t[0] + t[2]) / 2 * k
        top_y = (page.get_height() - t[3]) * k - 15
        bottom_y = (page.get_height() - h[1]) * k + 15
        assert _near(image.getpixel((x, top_y)), TAILWIND)
        assert _near(image.getpixel((x, bottom_y)), HEADWIND)
        assert race[1] > t[3], "the race's way is not at the top of the rose"


def _near(pixel, colour, tol=24) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel, colour))


def test_the_weather_word_is_clear_of_the_sun(kits) -> None:
    for lang, kit in kits.items():
        pdf = pdfium.PdfDocument(str(kit / "pieces.pdf"))
        word = "MÉTÉO" if lang == "fr" else "WEATHER"
        index = next(i for i in range(len(pdf)) if word in pdf[i].get_textpage().get_text_range()
                     and "ÉCHELLE" not in pdf[i].get_textpage().get_text_range()
                     and "TRACK" not in pdf[i].get_textpage().get_text_range())
        page = pdf[index]
        box = _word_box(page, word)
        k = 300 / 72
        image = page.render(scale=k).to_pil().convert("RGB")
        height = page.get_height()
        margin = 0.5 * 72 / 25.4   # 0.5 mm round the word
        x0, x1 = int((box[0] - margin) * k), int((box[2] + margin) * k)
        y0, y1 = int((height - box[3] - margin) * k), int((height - box[1] + margin) * k)
        sun = [(x, y) for x in range(x0, x1) for y in range(y0, y1) if _near(image.getpixel((x, y)), SUN, 30)]
        assert not sun, f"{len(sun)} sun pixels round {word}"


# --- sizes

def test_nothing_a_player_reads_is_below_6_pt(kits) -> None:
    ignore = ("Flamme Rouge · variantes maison v", "Flamme Rouge · house rules v", "Ce trait mesure",
              "This line measures", "feuille", "sheet ")
    for kit in kits.values():
        for name in ("cards.pdf", "pieces.pdf", "board-a.pdf"):
            small = [(page, round(size, 1), text) for page, size, text in _runs(kit / name)
                     if size < READABLE_PT - 0.05 and not any(text.startswith(i) or i in text for i in ignore)]
            assert not small, f"{name}: {small[:5]}"


# --- the booklet

def test_the_booklet_speaks_to_players(kits, model) -> None:
    for lang, kit in kits.items():
        text = " ".join(_pages(kit / "rulebook.pdf"))
        assert ("Choix faits pour cette édition" if lang == "fr" else "Choices made for this edition") in text
        assert "Choix du kit" not in text and "Choices of the kit" not in text
        for bad in ("FRV-", "Mesurez", "measure your", "vérificateur", "checker"):
            assert bad not in text, bad
        for author in model.facts.base_authors:
            assert author in text
        assert ("Sommet" if lang == "fr" else "Summit") in text
        assert ("où souffle le vent" if lang == "fr" else "where the wind blows to") in text


def test_the_booklet_counts_the_new_pieces_from_the_data(kits, model) -> None:
    text = " ".join(_pages(kits["fr"] / "rulebook.pdf"))
    m = model.facts.markers
    assert f"{m.sprint} marqueurs Sprint et {m.summit} marqueurs Sommet" in text
    assert f"{len(model.standees)} figurines de grimpeur" in text
