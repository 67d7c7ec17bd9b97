"""The rulebook: generated Markdown parsed into blocks, and typeset into rulebook.pdf (read back)."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from pnp.errors import PnpError
from pnp.layout import text as textfit
from pnp.layout.paper import paper
from pnp.layout.rulebook import (BulletList, Figure, Heading, Note, NumberedList, PageBreak, Paragraph, Rule,
                                 RulebookSyntaxError, Table, parse, plain_text)
from pnp.layout.scene import Circle, Rect, Scene, Style, Symbol, Text, Use, translate
from pnp.paint.rulebook_pdf import RulebookMeta, paint_rulebook

# -- parsing ----------------------------------------------------------------------------------------


def test_headings_paragraphs_and_inline_markup():
    blocks = parse("# Mise en place\n\n## Les *cartes*\n\n### Détail\n\n"
                   "Chaque joueur **pioche** 5 cartes & *garde* <les> meilleures.\nSuite.\n")
    assert blocks == [Heading(1, "Mise en place"), Heading(2, "Les <i>cartes</i>"), Heading(3, "Détail"),
                      Paragraph("Chaque joueur <b>pioche</b> 5 cartes &amp; <i>garde</i> &lt;les&gt; "
                                "meilleures. Suite.")]
    assert blocks[1].plain == "Les cartes"
    assert plain_text(blocks[3].text).startswith("Chaque joueur pioche 5 cartes & garde <les>")


def test_inline_html_is_kept_only_when_known():
    [p] = parse("a <b>gras</b> <em>it</em> H<sub>2</sub>O<br>fin <span>x</span> <!-- note -->\n")
    assert p.text == "a <b>gras</b> <i>it</i> H<sub>2</sub>O<br/>fin &lt;span&gt;x&lt;/span&gt;"


def test_typography_apostrophes_and_narrow_spaces():
    [p, f] = parse("L'équipe gagne\u202f!\n\n![d'où qu'il vienne](fig:pair)\n")
    assert p.text == "L’équipe gagne\xa0!"
    assert f.caption == "d’où qu’il vienne"


def test_lists():
    blocks = parse("- un\n- **deux**\n\n3. trois\n4. quatre\n   - sous-point\n")
    assert blocks[0] == BulletList(["un", "<b>deux</b>"])
    assert isinstance(blocks[1], NumberedList) and blocks[1].start == 3
    assert blocks[1].items[0] == "trois"
    assert blocks[1].items[1].startswith("quatre<br/>") and "sous-point" in blocks[1].items[1]


def test_table_with_alignment():
    [t] = parse("| Joueurs | Cartes |\n|:--|--:|\n| 2 | **7** |\n| 3 | 6 |\n")
    assert t == Table(["Joueurs", "Cartes"], [["2", "<b>7</b>"], ["3", "6"]], ["left", "right"])


def test_figure_paragraph():
    blocks = parse("Avant.\n\n![Une carte *simple*](fig:card:movement/single-rouge-2)\n\n"
                   "![](fig:board:a:9-14)\n\n![Pousser](fig:push)\n")
    assert blocks[1:] == [Figure("card:movement/single-rouge-2", "Une carte <i>simple</i>"),
                          Figure("board:a:9-14", ""), Figure("push", "Pousser")]


def test_figures_must_stand_alone_and_use_fig():
    with pytest.raises(RulebookSyntaxError, match="paragraph of its own"):
        parse("Voir ![la carte](fig:push) ici.")
    with pytest.raises(RulebookSyntaxError, match="photo.png"):
        parse("![photo](photo.png)")


def test_page_breaks_notes_rules():
    blocks = parse("Un.\n---pagebreak---\nDeux.\n\n<!-- pagebreak -->\n\n> **Astuce :** lire.\n\n***\n\n"
                   "<!-- un commentaire -->\n")
    assert blocks == [Paragraph("Un."), PageBreak(), Paragraph("Deux."), PageBreak(),
                      Note("<b>Astuce :</b> lire."), Rule()]


def test_indentation_is_not_code():
    assert parse("        texte indenté par le modèle\n") == [Paragraph("texte indenté par le modèle")]


# -- typesetting ------------------------------------------------------------------------------------

PROSE = ("Chaque coureur avance d'autant de cases que la valeur de la carte jouée. Un coureur ne peut "
         "jamais traverser un autre coureur sur une case étroite ; il s'arrête derrière lui et perd le "
         "reste de son mouvement. Les cartes de fatigue se mélangent à la pioche et ralentissent "
         "l'équipe jusqu'à la fin de l'étape. ")


def sample_markdown() -> str:
    body = "\n\n".join(PROSE * (1 + i % 3) for i in range(4))
    return f"""# Présentation

Green Jersey est une course de **vélo** pour 2 à 6 joueurs & leurs *équipes*. {PROSE}

{body}

## Matériel

- 96 cartes **Énergie** (4 couleurs)
- 12 coureurs et leurs *maillots*
- un plateau en deux parties, recto-verso

![Une carte de mouvement *simple*](fig:card:movement/single-rouge-2)

# Mise en place

1. Dépliez la piste sur une surface dégagée.
2. Les participants prennent leurs deux coureurs.
3. Mélangez les cartes.

{body}

| Joueurs | Cartes par main | Étapes |
|:--|:-:|--:|
| 2 | 7 | 3 |
| 4 | 5 | 2 |
| 6 | 4 | 1 |

> **Astuce :** les cartes de fatigue ne comptent pas dans la main.

## Le tour de jeu

{body}

![Le plateau, côté A](fig:board:a:9-14)

---pagebreak---

# Fin de la partie

{body}
"""


def card_scene() -> Scene:
    pip = Symbol("pip", 20, 20, (Circle(10, 10, 8, Style(fill="#146B36")),))
    return Scene(63, 88, (Rect(0, 0, 63, 88, Style(fill="#F4E3C1", stroke="#333333", width=0.5), radius=3),
                          Rect(5, 5, 53, 30, Style(fill="#C8102E")),
                          Use(pip, translate(21, 45)), Use(pip, translate(21, 60)),
                          textfit.line("Simple 2", 31.5, 82, "sans-bold", 12, "#000000", "center")))


def board_scene() -> Scene:
    items = [Rect(0, 0, 300, 120, Style(fill="#DDEEDD", stroke="#146B36", width=1))]
    items += [Rect(10 + i * 20, 50, 18, 18, Style(fill="#FFFFFF", stroke="#333333")) for i in range(14)]
    return Scene(300, 120, tuple(items))


FIGURES = {"card:movement/single-rouge-2": card_scene, "board:a:9-14": board_scene}


def resolve(ref: str) -> Scene:
    return FIGURES[ref]()


META = RulebookMeta(title="Green Jersey", subtitle="Règles du jeu", stamp="Green Jersey v0.3 · 2025-01-12",
                    language="fr", players="2–6 joueurs", age="10 ans et +", duration="45 minutes",
                    cover_art=board_scene(), calibration="Imprimez à 100 % : cette ligne mesure 50 mm",
                    page_label="page {page} / {pages}", figure_missing="figure inconnue : {ref}")


def render(markdown: str | None = None, meta: RulebookMeta = META, draft: str = "", **kwargs) -> tuple[bytes, int]:
    buf = BytesIO()
    pages = paint_rulebook(parse(markdown or sample_markdown()), buf, meta, resolve, draft, **kwargs)
    return buf.getvalue(), pages


@pytest.fixture(scope="module")
def rendered() -> tuple[bytes, int]:
    return render()


@pytest.fixture(scope="module")
def reader(rendered) -> PdfReader:
    return PdfReader(BytesIO(rendered[0]))


def test_pages_title_page_and_running_furniture(rendered, reader):
    data, pages = rendered
    assert pages == len(reader.pages) > 2
    first = reader.pages[0].extract_text()
    for text in ("Green Jersey", "Règles du jeu", "2–6 joueurs", "10 ans et +", "45 minutes",
                 "Green Jersey v0.3", "cette ligne mesure 50 mm"):
        assert text in first
    assert "page 1 /" not in first  # the title page has no footer
    for number, page in enumerate(reader.pages[1:], start=2):
        text = page.extract_text()
        assert f"page {number} / {pages}" in text
        assert "Green Jersey v0.3 · 2025-01-12" in text
    assert "Présentation" in reader.pages[1].extract_text()
    assert reader.metadata.title == "Green Jersey"
    assert [o.title for o in reader.outline if not isinstance(o, list)][:2] == ["Présentation", "Mise en place"]
    size = reader.pages[1].mediabox
    assert (round(float(size.width)), round(float(size.height))) == (595, 842)


def _fonts(obj, seen: set, out: list) -> None:
    """Every font dictionary reachable from a page's resources (forms included)."""
    resources = obj.get("/Resources")
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        out.append(font.get_object())
    for ref in (resources.get("/XObject") or {}).values():
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        if key not in seen:
            seen.add(key)
            _fonts(ref.get_object(), seen, out)


def test_every_font_is_embedded_fira(rendered, reader):
    fonts: list = []
    for page in reader.pages:
        _fonts(page, set(), fonts)
    assert fonts
    for font in fonts:
        descriptor = font.get("/FontDescriptor")
        if descriptor is None:
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        descriptor = descriptor.get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
        assert "FiraSans" in font["/BaseFont"]
    assert b"Helvetica" not in rendered[0]


def test_symbols_are_forms_drawn_once(reader):
    forms = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        forms.update(ref.idnum for ref in xobjects.values())
    assert len(forms) == 1  # the card's pip, used twice, is one form XObject


def test_same_input_same_bytes(rendered):
    assert render()[0] == rendered[0]


def test_draft_watermark_on_every_page():
    data, pages = render(draft="BROUILLON")
    reader = PdfReader(BytesIO(data))
    assert all("BROUILLON" in page.extract_text() for page in reader.pages)
    assert pages == len(reader.pages) > 2


def test_letter_paper_and_hyphenation():
    data, pages = render(paper=paper("letter"), hyphenation_lang="fr")
    reader = PdfReader(BytesIO(data))
    box = reader.pages[1].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert pages > 2


def test_unknown_figure_names_the_ref():
    with pytest.raises(PnpError, match="figure inconnue : card:nope"):
        render("# Titre\n\n![Carte](fig:card:nope)\n")


def test_missing_glyph_is_named():
    with pytest.raises(PnpError, match=r"Fira Sans has no glyph for '中' \(U\+4E2D\) in 'Les 中 joueurs.'"):
        render("# Titre\n\nLes 中 joueurs.\n")
    with pytest.raises(PnpError, match="U\\+4E2D"):
        render("# Titre\n", meta=RulebookMeta(title="Green 中"))
    FIGURES["bad"] = lambda: Scene(10, 10, (Text(0, 5, "中", "sans", 8),))
    try:
        with pytest.raises(PnpError, match="U\\+4E2D"):
            render("![x](fig:bad)\n")
    finally:
        del FIGURES["bad"]


def test_body_page_looks_like_a_rulebook(rendered, tmp_path: Path):
    """Rasterized: two columns of text with a gutter between them, a green band for a section."""
    pdf = pdfium.PdfDocument(rendered[0])
    image = pdf[1].render(scale=1.0).to_pil().convert("RGB")
    pdf.close()
    image.save(tmp_path / "body.png")
    w, h = image.size
    px = image.load()
    mm = w / 210

    def inked(x0: float, x1: float) -> int:
        return sum(1 for x in range(int(x0 * mm), int(x1 * mm)) for y in range(int(30 * mm), int(270 * mm), 3)
                   if sum(px[x, y]) < 500)

    assert inked(20, 95) > 500 and inked(115, 190) > 500       # both columns carry text
    assert inked(102.5, 107.5) == 0                          # the gutter is empty
    green = sum(1 for x in range(0, w, 2) for y in range(0, h, 2) if px[x, y] == (20, 107, 54))
    assert green > 300                                       # a section band


def test_blocks_as_lists_compare_with_tuples():
    assert BulletList(("a", "b")) == BulletList(["a", "b"])
    assert re.sub(r"\s+", " ", plain_text("a<br/>b &amp; c")) == "a b & c"


def test_title_page_calibration_line_is_50_mm(rendered):
    scale = 300 / 72  # 300 dpi
    pdf = pdfium.PdfDocument(rendered[0])
    image = pdf[0].render(scale=scale).to_pil().convert("L")
    pdf.close()
    px_per_mm = scale * 72 / 25.4
    y = round((297 - 12) * px_per_mm)  # the line sits 12 mm above the bottom edge
    row = [min(image.getpixel((x, yy)) for yy in (y - 1, y, y + 1)) for x in range(image.size[0])]
    start = next(x for x in range(round(10 * px_per_mm), len(row)) if row[x] < 128)
    end = next(x for x in range(start, len(row)) if row[x] >= 128)  # the line's run, not its note
    assert (end - start) / px_per_mm == pytest.approx(50.0, abs=0.3)
    assert start / px_per_mm == pytest.approx(16.0, abs=0.3)


def test_a_nested_list_is_set_under_its_item_and_lines_do_not_start_with_punctuation():
    md = ("# 1. Matériel\n\n- 165 cartes :\n  - 4 cartes-maillots, pliées en chevalet : elles tiennent debout toutes "
          "seules sur la table sans aucune aide\n  - 62 cartes Questions\n- 2 dés\n\n"
          "Une phrase assez longue pour passer à la ligne juste avant un point d'interrogation ? Oui !\n")
    data, _ = render(md)
    text = "\n".join(p.extract_text() for p in PdfReader(BytesIO(data)).pages)
    lines = [ln.strip() for ln in text.splitlines()]
    # each sub-item is a list item of its own: its dash, then its text on a line of its own
    at = lines.index("165 cartes :")
    assert lines[at + 1] == "–" and lines[at + 2].startswith("4 cartes-maillots"), lines[at:at + 8]
    assert "62 cartes Questions" in lines and lines[lines.index("62 cartes Questions") - 1] == "–"
    assert not any(ln.startswith(("?", "!", ":", ";")) for ln in lines), lines
