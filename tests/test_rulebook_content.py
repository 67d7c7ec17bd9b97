"""The Green Jersey rulebook: a French Jinja template whose numbers all come from the model,
whose prose all sits in trans blocks, and whose figures are the kit's own components."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
import yaml

from pnp.games.green_jersey.context import rulebook_context
from pnp.layout.rulebook_context import render_rulebook_markdown, template_name
from pnp.games.green_jersey.figures import push_cast
from pnp.layout.rulebook_figures import figure_refs, figure_scene
from pnp.layout.scene import Group, Scene, Text, Use
from pnp.model import load_game
from pnp.layout.templates import CARD_TEXTS
from pnp.paths import template_dirs, templates_dir

ROOT = Path(__file__).resolve().parent.parent
GREEN_JERSEY = ROOT / "data" / "green-jersey"
OPEN, CLOSE = "\u27e6", "\u27e7"   # ⟦ ⟧: marks what went through gettext


@pytest.fixture(scope="module")
def model():
    return load_game(GREEN_JERSEY)


@pytest.fixture(scope="module")
def markdown(model) -> str:
    return render_rulebook_markdown(model)


def edited(folder: Path, edit) -> object:
    """Load the copy at ``folder`` after ``edit`` changed its rules.yaml (a dict)."""
    path = folder / "rules.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_game(folder)


def marked_env() -> jinja2.Environment:
    """Translations that wrap every message in ⟦ ⟧, so prose left outside a trans block shows."""
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], loader=jinja2.FileSystemLoader(str(templates_dir())))
    env.install_gettext_callables(lambda s: f"{OPEN}{s}{CLOSE}",
                                  lambda s, p, n: f"{OPEN}{s if n == 1 else p}{CLOSE}", newstyle=True,
                                  pgettext=lambda c, s: f"{OPEN}{s}{CLOSE}",
                                  npgettext=lambda c, s, p, n: f"{OPEN}{s if n == 1 else p}{CLOSE}")
    return env


def strip_marked(text: str) -> str:
    """``text`` without its ⟦...⟧ spans (innermost first: a message may hold another)."""
    inner = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:
        shorter = inner.sub("", text)
        if shorter == text:
            return text
        text = shorter


def section(markdown: str, number: int) -> str:
    """The text of level-1 section ``number`` (up to the next level-1 heading)."""
    m = re.search(rf"^# {number}\. .*?(?=^# \d+\. |\Z)", markdown, re.M | re.S)
    assert m, f"no section {number}"
    return m.group(0)


# --- numbers from the data

def test_the_template_renders_to_markdown_with_numbered_sections(markdown):
    numbers = [int(n) for n in re.findall(r"^# (\d+)\. \S", markdown, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 10
    assert "{{" not in markdown and "{%" not in markdown


def test_sprints_table_rows_come_from_the_facts(model, markdown):
    for players, options in model.facts.sprints.items():
        cell = " ou ".join(str(o) for o in options) if len(options) > 1 else str(options[0])
        assert f"| {players} | {cell} |" in markdown
    assert "| 2 | 4 ou 6 |" in markdown and "| 6 | 6 |" in markdown


def test_hands_deck_sizes_and_tokens_are_the_data_s(model, markdown):
    deal = model.facts.deal
    assert f"chaque main compte {deal.hand} cartes" in markdown
    assert f"de 0 à {deal.discard_max} cartes" in markdown
    assert f"chaque main à {deal.refill_to} cartes" in markdown
    assert f"garder jusqu'à {deal.keep_max} de ses cartes" in markdown
    assert f"dès que {model.facts.sprint.finishers_to_end} coureurs ont passé l'arrivée" in markdown
    assert "Le premier sprint se court avec 36 cartes" in markdown
    assert "qui compte alors 44 cartes" in markdown
    for row in ("| 1er | 3 points | 6 |", "| 2e | 2 points | 6 |", "| 3e | 1 point | 6 |"):
        assert row in markdown
    assert "18 jetons points, en 3 piles de 6" in markdown


def test_components_and_deck_composition_are_counted_from_the_model(markdown):
    for line in ("- 1 plateau à 2 faces", "- 6 figurines de coureurs", "- 6 figurines des mêmes coureurs",
                 "- 45 cartes mouvement", "- 6 cartes coureur", "- 1 carte premier joueur"):
        assert line in markdown
    assert "| Un maillot | 21 | 3 | 1, 2, 3 |" in markdown
    assert "| Joker (maillot multicolore) | 3 | 0 | 1, 2, 3 |" in markdown
    assert "| Deux maillots | 21 | 6 | – |" in markdown
    assert "| **Total** | **45** | **9** | |" in markdown


def test_board_sides_are_described_from_the_boards(markdown):
    assert "**Face A : La ligne droite.** Une route droite de 4 voies" in markdown
    assert "**Face B : L'entonnoir.** Une route de 5 voies qui se resserre à 3 voies" in markdown
    assert markdown.count("l'avant du peloton est à 8 cases de l'arrivée") == 2


def test_changing_rules_yaml_changes_the_rulebook(game_copy):
    def edit(data):
        data["deal"]["hand"] = 4
        data["deal"]["keep_max"] = 3
        data["scoring"]["points"] = [5, 3, 1]
        data["sprints"][4] = [4, 8]
        data["sprint"]["finishers_to_end"] = 2
        data["deck"]["award_cards"] = 7

    text = render_rulebook_markdown(edited(game_copy, edit))
    assert "chaque main compte 4 cartes" in text and "chaque main compte 5 cartes" not in text
    assert "garder jusqu'à 3 de ses cartes" in text
    assert "| 1er | 5 points | 6 |" in text and "| 2e | 3 points | 6 |" in text
    assert "1er : 5 points, 2e : 3 points et 3e : 1 point" in text
    assert "| 4 | 4 ou 8 |" in text and "| 4 | 4 |" not in text
    assert "dès que 2 coureurs ont passé l'arrivée" in text
    assert "Le premier sprint se court avec 38 cartes, sans les 7 cartes" in text


def test_a_single_point_and_a_single_sprint_option_are_singular(game_copy):
    text = render_rulebook_markdown(edited(game_copy, lambda d: d["scoring"].update(points=[2, 1])))
    assert "| 2e | 1 point | 6 |" in text and "1 points" not in text
    assert "1er : 2 points et 2e : 1 point" in text
    assert "| 3e |" not in text


def test_the_choices_of_this_edition_are_in_players_words_without_ids(model, markdown):
    choices = section(markdown, 13)
    assert "Choix faits pour cette édition" in markdown
    for d in model.decisions:
        assert d.id not in markdown, "the ids are in designer.pdf, not the player's rulebook"
        assert d.choice not in markdown, "the data's note is reworded in French"
    assert "La carte premier joueur passe au voisin de gauche" in choices


def test_a_new_decision_is_listed_with_the_data_s_own_words(game_copy):
    def edit(data):
        data["decisions"].append({"id": "GJ-D-NEW", "topic": "Pluie", "choice": "Les routes glissent.",
                                  "why": "test"})

    text = render_rulebook_markdown(edited(game_copy, edit))
    assert "- **Pluie.** Les routes glissent." in text and "GJ-D-NEW" not in text


# --- localization

def test_every_line_of_prose_comes_from_a_trans_block(model):
    text = render_rulebook_markdown(model, marked_env())
    assert text.count(OPEN) > 150
    left = strip_marked(text)
    left = re.sub(r"\(fig:[^)]*\)", "", left)
    left = left.replace("---pagebreak---", "")
    for line in left.splitlines():
        assert not re.search(r"[^\W\d_]", line), f"words outside a trans block: {line!r}"


def test_each_message_is_one_unit_on_one_line(model):
    text = render_rulebook_markdown(model, marked_env())
    spans = re.findall(f"{OPEN}[^{CLOSE}]*", text)
    assert spans and all("\n" not in s for s in spans)
    for line in text.splitlines():
        # markup (headings, list and table syntax) stays outside the messages
        assert not line.startswith(OPEN + "#") and not line.startswith(OPEN + "- ")


def test_babel_extracts_the_template_s_messages():
    from babel.messages.extract import extract

    source = (GREEN_JERSEY / "templates" / template_name(load_game(GREEN_JERSEY))).read_bytes()
    messages = list(extract("jinja2.ext.babel_extract", io.BytesIO(source),
                            options={"trimmed": "true", "extensions": "jinja2.ext.i18n"}))
    ids = [m[1] if isinstance(m[1], str) else m[1][0] for m in messages]
    assert len(ids) > 100
    assert "But du jeu" in ids
    assert any(isinstance(m[1], tuple) for m in messages), "some messages have a plural"
    assert all("\n" not in i and "{{" not in i and "{%" not in i for i in ids)


def test_a_given_environment_is_used(model):
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], loader=jinja2.FileSystemLoader(str(templates_dir())))
    env.install_gettext_callables(lambda s: "Goal of the game" if s == "But du jeu" else s,
                                  lambda s, p, n: s if n == 1 else p, newstyle=True,
                                  pgettext=lambda c, s: s, npgettext=lambda c, s, p, n: s if n == 1 else p)
    text = render_rulebook_markdown(model, env)
    assert "# 1. Goal of the game" in text


# --- figures

def test_every_figure_of_the_rulebook_resolves(model, markdown):
    refs = figure_refs(markdown)
    assert {"push"} <= set(refs)
    kinds = {r.split(":")[0] for r in refs}
    assert {"card", "cards", "board", "push", "pair", "move", "jerseys", "tokens", "standees"} <= kinds
    assert any(re.fullmatch(r"board:\w+:\d+-\d+", r) for r in refs)
    for ref in refs:
        scene = figure_scene(model, ref)
        assert isinstance(scene, Scene) and scene.width > 0 and scene.height > 0, ref
        assert 0 < scene.meta["display_mm"] <= 175, ref


def test_figures_are_paragraphs_of_their_own(markdown):
    for line in markdown.splitlines():
        if "](fig:" in line:
            assert re.fullmatch(r"!\[[^\]]+\]\(fig:[^)\s]+\)", line), line


@pytest.mark.parametrize("ref", ["nope", "card:movement/nope", "card:nope/x", "cards:movement/",
                                 "card:movement", "board:z", "board:a:0-3", "board:a:5-99", "board:a:9-8",
                                 "board:a:x", "jersey:nope", "jersey:vert+nope", "push:1", "pair:nope",
                                 "move:pair-rouge-bleu", "token:nope", "standee:nope"])
def test_an_unknown_figure_is_a_key_error(model, ref):
    with pytest.raises(KeyError):
        figure_scene(model, ref)


def _texts(items) -> list[str]:
    out = []
    for item in items:
        if isinstance(item, Text):
            out.append(item.text)
        elif isinstance(item, Group):
            out += _texts(item.items)
        elif isinstance(item, Use):
            out += _texts(item.symbol.items)
    return out


def _symbols(items) -> set[str]:
    out = set()
    for item in items:
        if isinstance(item, Group):
            out |= _symbols(item.items)
        elif isinstance(item, Use):
            out.add(item.symbol.key)
            out |= _symbols(item.symbol.items)
    return out


def test_a_card_figure_is_the_printed_face_without_bleed(model):
    scene = figure_scene(model, "card:movement/single-rouge-2")
    assert scene.width == pytest.approx(63.5 + 1.2) and scene.height == pytest.approx(88.9 + 1.2)
    from pnp.layout.cards import face_items
    from pnp.layout.faces.common import CardContext
    from pnp.layout.paper import card_size
    from pnp.layout.templates import Texts

    deck = model.deck("movement")
    card = next(c for c in deck.cards if c.id == "single-rouge-2")
    texts = Texts(template_dirs(model.sources.folder), CARD_TEXTS, model=model)
    face = face_items(CardContext(model, card_size("poker"), 0.0, texts), deck, card)
    assert _texts(scene.items) == _texts(face), "the figure is the face the kit prints"
    assert model.info.stamp in _texts(scene.items)
    row = figure_scene(model, "cards:movement/single-rouge-2,joker-3,pair-rouge-bleu")
    assert row.width > 3 * 63.5 and row.meta["cards"] == 3


def test_a_board_window_crops_columns_and_runs_on_to_the_podium(model):
    side = model.boards[0].side("a")
    scene = figure_scene(model, "board:a:7-14")
    (window,) = scene.items
    assert window.clip.x == side.x_mm(7) and window.clip.w == pytest.approx(600 - side.x_mm(7))
    assert window.transform[4:] == (-window.clip.x, -window.clip.y)
    inner = figure_scene(model, "board:a:3-5")
    assert inner.width == pytest.approx(3 * side.square_mm)
    whole = figure_scene(model, "board:a")
    assert (whole.width, whole.height) == (600, 360)


def test_diagrams_use_the_real_jerseys(model):
    cast = push_cast(model)
    assert cast.off_road == 3 and len(cast.taken) == 2 and len(cast.free) == 3
    keys = _symbols(figure_scene(model, "push").items)
    for rider in (cast.mover, cast.pushed, *cast.blockers):
        assert f"jersey-green-jersey-{rider}" in keys
    assert "jersey-green-jersey-vert-over-rouge" in _symbols(figure_scene(model, "jersey:vert+rouge").items)
    assert {"jersey-green-jersey-rouge", "jersey-green-jersey-bleu"} <= _symbols(figure_scene(model, "pair").items)


def test_figures_paint_at_their_size(model, markdown, tmp_path):
    import pypdfium2 as pdfium

    from pnp.paint.pdf import paint_pdf

    scenes = [figure_scene(model, ref) for ref in figure_refs(markdown)]
    path = tmp_path / "figures.pdf"
    assert paint_pdf(scenes, str(path)) == len(scenes)
    pdf = pdfium.PdfDocument(str(path))
    for i, scene in enumerate(scenes):
        w, h = pdf[i].get_size()
        assert (w * 25.4 / 72, h * 25.4 / 72) == (pytest.approx(scene.width, abs=0.1),
                                                 pytest.approx(scene.height, abs=0.1))
    push = scenes[[s.meta["ref"] for s in scenes].index("push")]
    image = pdf[[s.meta["ref"] for s in scenes].index("push")].render(scale=1).to_pil().convert("RGB")
    # the highlighted free squares are drawn in green
    assert any(g > 150 and r < 120 and b < 140 for _, (r, g, b) in image.getcolors(1 << 24))
    assert push.height > push.width * 0.9, "the two steps are stacked: the figure fits a column"


def test_the_context_keeps_numbers_out_of_the_prose(model):
    ctx = rulebook_context(model)
    assert ctx["game"] is model.info and ctx["facts"] is model.facts and ctx["model"] is model
    assert ctx["deck"]["first_sprint"] == 36 and ctx["deck"]["later_sprints"] == 44
    assert [(r.players, r.options) for r in ctx["sprint_rows"]] == [(2, [4, 6]), (3, [3, 6]), (4, [4]), (5, [5]),
                                                                    (6, [6])]
    assert [(p.rank, p.value, p.tokens) for p in ctx["points"]] == [(1, 3, 6), (2, 2, 6), (3, 1, 6)]
    assert [c.key for c in ctx["components"]] == ["board", "standees", "standees_award", "movement", "riders",
                                                 "first-player", "aids", "points"]


def test_no_sentence_is_copied_from_the_seed():
    hook = ROOT.parent / "shared" / "hooks" / "seed_overlap.py"
    seeds = ROOT.parent / "shared" / "seeds"
    if not hook.exists() or not seeds.exists():
        pytest.skip("the seed documents are not beside this checkout")
    out = subprocess.run([sys.executable, str(hook), str(ROOT), str(seeds)], capture_output=True, text=True).stdout
    mine = ("green-jersey/templates/rulebook.md.j2", "rulebook_context.py", "green_jersey/context.py", "green_jersey/figures.py", "rulebook_figures.py", "test_rulebook_content.py")
    assert not [ln for ln in out.splitlines() if any(m in ln for m in mine)], out
