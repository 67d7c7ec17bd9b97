"""html: a preview gallery of the kit, one page (``index.html``) that opens offline in a browser:
every card and piece front and back with how many the kit holds, the boards, the rulebook's pages
and the rules check's summary, in the kit's language.

Cards, pieces and boards are the build's scenes painted once as SVG (pnp.paint.svg) into one hidden
``<svg>`` of symbols, which every picture places with ``<use>``: crisp at any zoom, each design and
each font defined once (one @font-face per face, subset to the characters the page draws). The
rulebook is the PDF the build paints (linked) and its pages as pictures. The page is
``templates/gallery.html.j2`` (a game may give its own); over http it reloads itself when the
server's ``__version`` changes (``pnp watch --preview``).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from pnp.export import Exported, ExportOptions
from pnp.export.designs import DesignGroup, board_sides, cut_pieces, design_groups
from pnp.export.manifest import export_manifest
from pnp.export.source import KitSource
from pnp.layout.scene import Scene, Symbol, Use

DESCRIPTION = "a preview gallery: one HTML page with every card, piece, board and the rulebook (opens offline)"

TEMPLATE = "gallery.html.j2"
RULEBOOK_DPI = 60
"""The rulebook's pages as pictures: enough to see them; the PDF beside them is the one to read."""
ROOT_DEFAULTS = ("fill-rule", "clip-rule", "stroke-miterlimit")
"""What the SVG painter sets on its root, which every picture of the page restates (a ``<use>``
inherits from where it is, not from where its symbol is defined)."""


@dataclass(frozen=True)
class Picture:
    """A symbol of the page's hidden ``<svg>``, as a picture places it."""

    id: str
    width: str
    height: str
    """In mm, as the SVG painter writes lengths."""

    @classmethod
    def of(cls, symbol: Symbol, ids: dict[str, str]) -> "Picture":
        from pnp.paint.svg import fmt

        return cls(ids[symbol.key], fmt(symbol.width), fmt(symbol.height))


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write index.html, the rulebook and its pages and export.json into <game>/<lang>/html/."""
    folder = f"{kit.model.id}/{kit.lang}/html"
    groups = design_groups(kit, cut_pieces(kit))
    boards = board_sides(kit)
    symbols = [s for g in groups for d in g.designs for s in (d.front, d.back) if s is not None]
    defs, ids, root = _shared_svg([*symbols, *(b for _, b in boards)])
    written: list[tuple[str, Path]] = []
    rulebook = _rulebook(kit, tx, folder, written)

    def picture(symbol: Symbol | None) -> Picture | None:
        return Picture.of(symbol, ids) if symbol is not None else None

    page = _render(kit, groups=[_group(g, picture) for g in groups], root=root, defs=defs, rulebook=rulebook,
                   boards=[{"name": side.name, "picture": picture(b)} for side, b in boards])
    path = tx.path(f"{folder}/index.html")
    path.write_text(page, encoding="utf-8", newline="\n")
    written.insert(0, ("index.html", path))
    pieces = sum(g.count for g in groups)
    designs = sum(len(g.designs) for g in groups)
    extra = {"pieces": pieces, "designs": designs, "boards": len(boards), "rulebook_pages": len(rulebook["pages"])}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "html", folder, written, extra), encoding="utf-8")
    return Exported("html", Path(folder), summary=f"{designs} designs of {pieces} pieces, {len(boards)} board side(s), "
                    f"{len(rulebook['pages'])} rulebook page(s)")


def _group(group: DesignGroup, picture) -> dict:
    return {"id": group.id, "name": group.name, "kind": group.kind, "count": group.count,
            "designs": [{"label": d.label, "name": d.name, "copies": d.copies, "front": picture(d.front),
                         "back": picture(d.back)} for d in group.designs]}


def _shared_svg(symbols: list[Symbol]) -> tuple[str, dict[str, str], dict[str, str]]:
    """One SVG that defines every symbol once: the inside of its ``<defs>`` (with the fonts'
    @font-face), the id of each symbol's key, and the painter's root defaults."""
    from pnp.paint.svg import paint_svg

    unique = list({s.key: s for s in symbols}.values())
    buffer = io.StringIO()
    paint_svg(Scene(1.0, 1.0, tuple(Use(s) for s in unique)), buffer, ids=False)
    text = buffer.getvalue()
    start, end = text.find("<defs>"), text.rfind("</defs>")
    defs = text[start + len("<defs>"):end] if start >= 0 else ""
    hrefs = re.findall(r'<use xlink:href="#([^"]+)"', text[end:])
    if len(hrefs) != len(unique):
        raise RuntimeError(f"the SVG painter placed {len(hrefs)} of {len(unique)} symbols")
    root_tag = re.match(r"(?s).*?<svg ([^>]*)>", text).group(1)
    root = {name: value for name, value in re.findall(r'([\w:-]+)="([^"]*)"', root_tag) if name in ROOT_DEFAULTS}
    return defs, {s.key: href for s, href in zip(unique, hrefs)}, root


def _rulebook(kit: KitSource, tx, folder: str, written: list[tuple[str, Path]]) -> dict:
    """rulebook.pdf as the build paints it, and its pages as PNG pictures."""
    import pypdfium2 as pdfium

    from pnp.export.raster import save_png
    from pnp.write.kit_files import paint_plan_rulebook

    plan = kit.plan
    pdf_path = tx.path(f"{folder}/assets/rulebook.pdf")
    paint_plan_rulebook(plan, str(pdf_path), kit.lang)
    written.append(("assets/rulebook.pdf", pdf_path))
    pages = []
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            image = page.render(scale=RULEBOOK_DPI / 72.0, may_draw_forms=False).to_pil().convert("RGB")
            page.close()
            name = f"assets/rulebook-{i + 1:02d}.png"
            path = tx.path(f"{folder}/{name}")
            save_png(image, path, RULEBOOK_DPI)
            written.append((name, path))
            pages.append({"src": name, "width": image.width, "height": image.height, "number": i + 1})
    finally:
        pdf.close()
    return {"pdf": "assets/rulebook.pdf", "pages": pages, "title": plan.shared("rulebook_subtitle")}


def _render(kit: KitSource, **context) -> str:
    """The page: the gallery template (the game's own, else the shared one) in the kit's language."""
    import jinja2
    from markupsafe import Markup

    from pnp.paths import template_dirs

    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(d) for d in template_dirs(kit.model.sources.folder)]),
                             autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True)
    info, shared = kit.model.info, kit.plan.shared
    words = {"title": shared("kit_title", title=info.title), "cards": shared("cards_title"),
             "pieces": shared("pieces_title"), "board": shared("board_title")}
    return env.get_template(TEMPLATE).render(
        lang=kit.lang, info=info, words=words, summary=kit.summary(), defs=Markup(context.pop("defs")),
        **context)
