"""<pnp:same-size>: text boxes set side by side take one size (pnp.layout.markup.same_size)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.layout.markup import MarkupError, read_face
from pnp.layout.scene import Group, Text

ROOT = Path(__file__).resolve().parent.parent
HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" '
        'viewBox="-3 -3 69.5 94.9">')
SHORT = "Un mot."
LONG = ("Une phrase bien plus longue que l'autre, qui ne tient dans sa boîte qu'en petits caractères, "
        "sur plusieurs lignes serrées.")


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    from pnp.layout.faces.common import CardContext
    from pnp.layout.paper import card_size
    from pnp.layout.templates import card_texts
    from pnp.model import load_game
    from pnp.paths import templates_dir

    folder = tmp_path_factory.mktemp("same-size") / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", folder)
    model = load_game(folder)
    return CardContext(model, card_size("poker"), 3.0, card_texts(model))


def texts(ctx, body: str) -> list[Text]:
    items = read_face(f"{HEAD}\n{body}\n</svg>", "face.svg.j2", "card test/x", ctx.model.sources.folder, ctx)
    out: list[Text] = []

    def walk(its):
        for it in its:
            if isinstance(it, Group):
                walk(it.items)
            elif isinstance(it, Text):
                out.append(it)
    walk(items)
    return out


def box(x: float, words: str, **attrs: str) -> str:
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (f'<pnp:text x="{x}" y="4" width="28" height="20" max-size="11" min-size="5" align="left" '
            f'valign="top" {extra}>{words}</pnp:text>')


def test_texts_alone_take_their_own_size(ctx):
    sizes = {t.size for t in texts(ctx, box(2, SHORT))} | {t.size for t in texts(ctx, box(32, LONG))}
    assert len(sizes) == 2


def test_texts_in_same_size_take_the_size_the_fullest_allows(ctx):
    alone = {t.size for t in texts(ctx, box(32, LONG))}
    together = texts(ctx, f"<pnp:same-size>{box(2, SHORT)}<g transform='translate(0 30)'>{box(32, LONG)}</g>"
                          "<rect width='2' height='2'/></pnp:same-size>")
    assert {t.size for t in together} == alone
    assert {t.text for t in together} >= {SHORT}


def test_a_fixed_size_is_kept_and_the_group_takes_a_transform(ctx):
    found = texts(ctx, f"<pnp:same-size transform='translate(1 1)'>{box(2, SHORT, size='4')}{box(32, LONG)}"
                       "</pnp:same-size>")
    assert 4.0 in {t.size for t in found}


def test_unknown_attribute_is_a_mistake(ctx):
    with pytest.raises(MarkupError) as info:
        texts(ctx, f"<pnp:same-size size='3'>{box(2, SHORT)}</pnp:same-size>")
    assert "unknown attribute size=" in info.value.render()
