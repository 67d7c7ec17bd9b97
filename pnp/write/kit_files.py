"""Paint every file of a kit into a transaction, and list them in manifest.json."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.layout.templates import BOARD_TEXTS, CARD_TEXTS, KIT_TEXTS
from pnp.write.incremental import Cache, digest, sources_digest
from pnp.write.manifest import FileEntry, manifest, manifest_text
from pnp.write.transaction import OutputTransaction

if TYPE_CHECKING:
    from pnp.layout.kit import KitPlan

Progress = Callable[[Iterable, int, str], Iterable]


# ReportLab's platypus, pikepdf and svgwrite are imported when a file needing them is painted: an
# incremental build that keeps the rulebook, the boards or kit.pdf does not pay for them.

def paint_pdf(*args, **kwargs) -> int:
    from pnp.paint.pdf import paint_pdf

    return paint_pdf(*args, **kwargs)


def paint_rulebook(*args, **kwargs) -> int:
    from pnp.paint.rulebook_pdf import paint_rulebook

    return paint_rulebook(*args, **kwargs)


def concatenate(*args, **kwargs) -> int:
    from pnp.paint.pdf_merge import concatenate

    return concatenate(*args, **kwargs)


PARTS = ("cards", "pieces", "boards", "rulebook", "kit", "designer")
"""What a build can be limited to (pnp build --only): cards.pdf, pieces.pdf, the board files,
rulebook.pdf, kit.pdf. manifest.json lists what the build wrote."""


def write_kit(plan: KitPlan, tx: OutputTransaction, prefix: str, lang: str, progress: Progress,
              only: tuple[str, ...] = (), inc: Incremental | None = None, findings: list | None = None
              ) -> list[FileEntry]:
    """cards.pdf, pieces.pdf, board-<side>.svg / .pdf / -<paper>.pdf, rulebook.pdf, kit.pdf and
    manifest.json; designer.pdf (the designer's report: pnp.check.designer) when the rules
    checks' ``findings`` are given.

    Every page comes from the plan, watermarked there when the kit is a draft; the board SVG is
    watermarked here, so no file of a draft passes for a finished translation.

    With ``inc`` (an incremental build), a file whose inputs have the key the cache recorded for it
    is kept as it is in the output folder (its entry points there) and not painted again.
    """
    model = plan.model
    info = model.info
    author = ", ".join(info.authors)
    paper = plan.base.paper.name
    entries: list[FileEntry] = []
    keys = OutputKeys(plan, lang, inc) if inc is not None else None

    def kept(name: str, key_of: str) -> bool:
        """Keep ``name`` when its inputs did not change (incremental builds only)."""
        if keys is None:
            return False
        key = keys.key(key_of)
        inc.keys[name] = key
        entry = inc.kept(name, key)
        if entry is not None:
            entries.append(entry)
        return entry is not None

    def pdf(name: str, scenes: Iterable, total: int, title: str, duplex: list[tuple[int, int]],
            scratch: bool = False) -> Path:
        """Paint ``name``; a scratch file is only a part of kit.pdf (the build was limited with --only)."""
        path = tx.scratch(name) if scratch else tx.path(f"{prefix}/{name}")
        pages = paint_pdf(progress(scenes, total, f"{model.id} {name}"), str(path), title=title, author=author,
                          subject=info.stamp)
        if not scratch:
            entries.append(FileEntry(name, path, pages, duplex))
        return path

    want = set(only or PARTS)
    kit_entry = None
    if "kit" in want and keys is not None:
        inc.keys["kit.pdf"] = keys.key("kit.pdf")
        kit_entry = inc.kept("kit.pdf", inc.keys["kit.pdf"])
    kit_wanted = "kit" in want and kit_entry is None
    parts: list[Path] = []          # the files kit.pdf is made of, after its cover and rulebook
    for doc, total in zip(plan.documents(), plan.page_counts):
        wanted = doc.name.removesuffix(".pdf") in want
        if wanted and kept(doc.name, doc.name):
            parts.append(entries[-1].path)
        elif wanted or kit_wanted:
            parts.append(pdf(doc.name, plan.doc_pages(doc), total, doc.title, doc.duplex_pages, not wanted))
    for board, side_id in board_files(model):
        base = f"board-{side_id}" if len(model.boards) == 1 else f"{board}-{side_id}"
        names = (f"{base}.svg", f"{base}.pdf", f"{base}-{paper}.pdf")
        side = next((s for s in plan.sides if (s.board_id, s.side_id) == (board, side_id)), None)
        if side is None:
            continue
        tiled = side.pages
        title = f"{info.title}: {side.name}"
        if "boards" not in want:
            if kit_wanted:
                parts.append(pdf(names[2], tiled, len(tiled), title, [], scratch=True))
            continue
        if all([kept(n, "boards") for n in names]):
            parts.append(entries[-1].path)
            continue
        entries[:] = [e for e in entries if e.name not in names]
        from pnp.layout.tiling import trimmed
        from pnp.paint.svg import paint_svg

        svg = tx.path(f"{prefix}/{base}.svg")
        paint_svg(plan.mark(trimmed(side.scene)), svg, title=f"{info.title} · {side.name}")
        entries.append(FileEntry(f"{base}.svg", svg, 1))
        pdf(f"{base}.pdf", [plan.full_size(side)], 1, title, [])
        parts.append(pdf(names[2], tiled, len(tiled), title, []))
    if "rulebook" in want or kit_wanted:
        entries += _rulebook_and_kit(plan, tx, prefix, lang, progress, want, author, parts if kit_wanted else None,
                                     keys, inc)
    if kit_entry is not None:
        entries.append(kit_entry)
    if findings is not None and "designer" in want:
        entries.append(_designer(plan, tx, prefix, findings, inc))
    data = manifest(model, lang, paper, entries)
    data["draft"] = bool(plan.draft)
    text = manifest_text(data)
    if inc is None or not inc.same_bytes("manifest.json", text):
        path = tx.path(f"{prefix}/manifest.json")
        path.write_text(text, encoding="utf-8")
        entries.append(FileEntry("manifest.json", path, 0))
    elif inc is not None:
        entries.append(FileEntry("manifest.json", inc.kit_dir / "manifest.json", 0))
    return entries


def _designer(plan: KitPlan, tx: OutputTransaction, prefix: str, findings: list, inc: Incremental | None
              ) -> FileEntry:
    """designer.pdf, painted again only when its text or the paper changed."""
    import hashlib

    from pnp.check.designer import paint_report, report_markdown

    text = report_markdown(plan.model, findings)
    paper = (plan.base.paper.w, plan.base.paper.h)
    if inc is not None:
        key = hashlib.sha256(f"{paper}\0{text}".encode()).hexdigest()
        inc.keys["designer.pdf"] = key
        entry = inc.kept("designer.pdf", key)
        if entry is not None:
            return entry
    path = tx.path(f"{prefix}/designer.pdf")
    pages = paint_report(plan.model, findings, str(path), paper)
    return FileEntry("designer.pdf", path, pages, [(1, pages)])


def board_files(model) -> list[tuple[str, str]]:
    """(board id, side id) of every side, in print order (the base of its file names)."""
    return [(b.id, s.id) for b in model.boards for s in b.sides]


def _rulebook_and_kit(plan: KitPlan, tx: OutputTransaction, prefix: str, lang: str, progress: Progress,
                      want: set[str], author: str, parts: list[Path] | None, keys: "OutputKeys | None" = None,
                      inc: Incremental | None = None) -> list[FileEntry]:
    """rulebook.pdf (typeset apart) and, when ``parts`` is given, kit.pdf: the cover, the rulebook,
    then ``parts`` (cards.pdf, pieces.pdf and the tiled boards), joined page for page."""
    info, entries = plan.model.info, []
    rulebook_kept = None
    if keys is not None and "rulebook" in want:
        inc.keys["rulebook.pdf"] = keys.key("rulebook.pdf")
        rulebook_kept = inc.kept("rulebook.pdf", inc.keys["rulebook.pdf"])
    if rulebook_kept is not None:
        rulebook, rulebook_pages = rulebook_kept.path, rulebook_kept.pages
        entries.append(rulebook_kept)
    else:
        rulebook = tx.path(f"{prefix}/rulebook.pdf") if "rulebook" in want else tx.scratch("rulebook.pdf")
        blocks = keys.blocks() if keys is not None else None
        rulebook_pages = paint_plan_rulebook(plan, str(rulebook), lang, blocks)
        if "rulebook" in want:
            entries.append(FileEntry("rulebook.pdf", rulebook, rulebook_pages, [(1, rulebook_pages)]))
    if parts is not None and not plan.problems:  # a face that failed left its file short: the build stops
        cover = tx.scratch("kit-cover.pdf")
        paint_pdf([plan.cover(rulebook_pages)], str(cover), title=f"{info.title}: kit", author=author,
                  subject=info.stamp)
        sequence = plan.kit_sequence(rulebook_pages)
        blank = None
        if None in sequence.pages:
            blank = tx.scratch("kit-blank.pdf")
            paint_pdf([plan.blank_page()], str(blank), title=f"{info.title}: kit", author=author, subject=info.stamp)
        kit = tx.path(f"{prefix}/kit.pdf")
        files = [cover, rulebook, *parts] if rulebook_pages else [cover, None, *parts]
        pages = concatenate(files, kit, title=f"{info.title}: kit", author=author, subject=info.stamp,
                            order=sequence.pages, blank_page=blank)
        entries.append(FileEntry("kit.pdf", kit, pages, plan.kit_duplex(rulebook_pages)))
    return entries


def paint_plan_rulebook(plan: KitPlan, target: str | None, lang: str, blocks: list | None = None) -> int:
    """The rulebook of ``plan`` painted into ``target`` as the build paints it (its blocks, or
    ``blocks``; its title page, figures, watermark, paper and hyphenation in ``lang``); with no
    ``target``, only flowed into pages. Returns its number of pages."""
    from pnp.paint.rulebook_pdf import RulebookMeta

    return paint_rulebook(plan.rulebook_blocks() if blocks is None else blocks, target,
                          RulebookMeta(**plan.rulebook_meta()), plan.rulebook_figure, plan.draft,
                          paper=(plan.base.paper.w, plan.base.paper.h), hyphenation_lang=lang)


class Incremental:
    """What an incremental build knows: the kit folder, the cache of the last build there, the
    build options and the templates; it collects the key of every file of this build."""

    def __init__(self, kit_dir: Path, cache: Cache, options: dict, templates: Path, folder: Path) -> None:
        self.kit_dir, self.cache, self.options, self.templates, self.folder = (kit_dir, cache, options, templates,
                                                                               folder)
        self.keys: dict[str, str] = {}

    def kept(self, name: str, key: str) -> FileEntry | None:
        """The entry of ``name`` as it is in the output folder, when it was made from ``key``."""
        if not self.cache.fresh(self.kit_dir, name, key):
            return None
        entry = self.cache.outputs[name]
        return FileEntry(name, self.kit_dir / name, entry.get("pages") or 0,
                         [tuple(r) for r in entry.get("duplex", [])])

    def same_bytes(self, name: str, text: str) -> bool:
        try:
            return (self.kit_dir / name).read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            return False

    def template(self, name: str) -> bytes:
        """The bytes of template ``name`` as the build finds it: the game's own, else the shared one."""
        for folder in (self.folder / "templates", self.templates):
            try:
                return (folder / name).read_bytes()
            except OSError:
                continue
        return b""

    def catalog(self, lang: str) -> bytes:
        try:
            return (self.folder / "locales" / f"{lang}.po").read_bytes()
        except OSError:
            return b""


class OutputKeys:
    """The key of each output file: a digest of what it is made from, from the model.

    cards.pdf: the card decks; pieces.pdf: tokens, aids and standees; boards: the boards (and
    tokens, drawn in their piles); rulebook.pdf: its Markdown as rendered, its figures as drawn and
    its title page; kit.pdf: all of them. Every key also holds the pnp sources, the build options,
    the game's identity, colours, riders, jerseys, rules and the language's catalog.
    """

    def __init__(self, plan: KitPlan, lang: str, inc: Incremental) -> None:
        self.plan, self.lang, self.inc = plan, lang, inc
        self._keys: dict[str, str] = {}
        self._blocks = None
        self._markdown: str | None = None
        m = plan.model
        from pnp.layout.markup import faces_digest

        self.common = digest(sources_digest(), inc.options, lang, plan.draft, m.info, m.colours, m.riders,
                             m.profiles, m.jerseys, m.decisions, m.facts, inc.catalog(lang),
                             inc.template(KIT_TEXTS), inc.template(CARD_TEXTS),
                             faces_digest(inc.folder))

    def key(self, what: str) -> str:
        if what not in self._keys:
            self._keys[what] = self._compute(what)
        return self._keys[what]

    def markdown(self) -> str:
        """The rulebook's Markdown, as KitPlan.rulebook_blocks renders it, with the compiled
        template kept between builds (Jinja's bytecode cache, checked against the template's source)."""
        if self._markdown is None:
            import jinja2

            from pnp.i18n import current
            from pnp.layout.rulebook_context import render_rulebook_markdown

            env = jinja2.Environment(autoescape=False,
                                     extensions=["jinja2.ext.i18n"], bytecode_cache=_bytecode_cache())
            env.install_gettext_translations(current().translations, newstyle=True)
            self._markdown = render_rulebook_markdown(self.plan.model, env)
        return self._markdown

    def blocks(self):
        """The rulebook's blocks, as KitPlan.rulebook_blocks makes them (parsed when it is painted)."""
        if self._blocks is None:
            from pnp.layout.rulebook import parse

            self._blocks = parse(self.markdown())
        return self._blocks

    def _compute(self, what: str) -> str:
        m, plan = self.plan.model, self.plan
        if what == "cards.pdf":
            return digest(self.common, "cards", plan.card_override,
                          [d for d in m.decks if d.sheet == "cards"])
        if what == "pieces.pdf":
            return digest(self.common, "pieces", [d for d in m.decks if d.sheet == "pieces"], m.tokens, m.standees)
        if what == "boards":
            return digest(self.common, "boards", m.boards, m.tokens, self.inc.template(BOARD_TEXTS))
        if what == "rulebook.pdf":
            # the rendered Markdown decides the blocks; every ``(fig:REF)`` in it (a superset of
            # the figures its parse finds) is drawn, so a card a figure shows is in the key
            text = self.markdown()
            figures = []
            for ref in _figure_refs(text):
                try:
                    figures.append(plan.rulebook_figure(ref))
                except KeyError as exc:
                    figures.append(str(exc))
            meta = plan.rulebook_meta()
            return digest(self.common, "rulebook", text, scenes_digest(figures), scenes_digest(meta))
        if what == "kit.pdf":
            return digest(self.common, "kit", self.key("cards.pdf"), self.key("pieces.pdf"), self.key("boards"),
                          self.key("rulebook.pdf"), m.decks, m.tokens, m.standees, m.boards,
                          self.inc.template(BOARD_TEXTS))
        raise KeyError(what)


def _figure_refs(markdown: str) -> list[str]:
    """The REF of every ``](fig:REF)`` of the rulebook's Markdown, as pnp.layout.rulebook reads it
    (percent-decoded, stripped), in order and once each."""
    import re
    from urllib.parse import unquote

    from pnp.layout.rulebook import FIGURE_SCHEME

    pattern = re.compile(r"\(\s*<?\s*" + re.escape(FIGURE_SCHEME) + r"([^)>\n]*)")
    return list(dict.fromkeys(unquote(m.group(1)).strip() for m in pattern.finditer(markdown)))


def _bytecode_cache():
    from pnp.layout.templates import bytecode_cache

    return bytecode_cache()


def scenes_digest(obj) -> str:
    """A digest of drawn scenes (frozen dataclasses of numbers and strings): pickled, which is much
    faster than walking them, and as stable (no sets, no addresses in a scene)."""
    import hashlib
    import pickle

    return hashlib.sha256(pickle.dumps(obj, protocol=5)).hexdigest()
