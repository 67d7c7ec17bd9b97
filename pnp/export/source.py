"""The kit an export draws from: the game's model in one language and its kit plan (the same scenes
as ``pnp build``), with every physical card and piece listed in print order."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.layout.scene import Group, Rect, Scene, Style, Symbol, Use, translate

if TYPE_CHECKING:
    from pnp.layout.kit import KitPlan, Section
    from pnp.model import GameModel


@dataclass(frozen=True)
class Piece:
    """One physical card or piece: its front and back as drawn, with their bleed."""

    label: str
    """deck/card#n, token/id#n or standee/id, as in the kit."""
    group: str
    """What it belongs to: the deck's id, 'tokens' or 'standees'."""
    kind: str
    """The section's kind: cards, tokens, aids, standees."""
    front: Symbol
    back: Symbol | None
    bleed: float
    """Bleed around the trim on every side of front and back, in mm."""

    @property
    def design(self) -> str:
        """The label without its copy number: copies of one design look the same."""
        return self.label.split("#", 1)[0]

    @property
    def trim(self) -> tuple[float, float]:
        """Width and height of the finished piece, in mm."""
        return self.front.width - 2 * self.bleed, self.front.height - 2 * self.bleed


@dataclass
class KitSource:
    """A game ready to export in one language."""

    model: "GameModel"
    plan: "KitPlan"
    lang: str
    findings: list
    language: object
    """The compiled translations (pnp.i18n), active while the plan's texts are drawn."""

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        """The kit's language, active (texts drawn lazily are in it)."""
        from pnp.i18n import activate

        with activate(self.language):
            yield

    def pieces(self) -> list[Piece]:
        """Every physical card and piece of the kit, in print order (cards.pdf, then pieces.pdf)."""
        out: list[Piece] = []
        for doc in self.plan.documents():
            for section in doc.sections:
                for member in _members(section):
                    out += [_piece(art, member) for art in member.arts]
        return out

    def boards(self) -> list[Piece]:
        """Every side of every board as one piece drawn whole (not tiled), with its bleed, after the
        cards and pieces in print order."""
        out = []
        for side in self.plan.sides:
            scene = side.scene
            x, _, w, h = scene.trim or (0.0, 0.0, scene.width, scene.height)
            symbol = Symbol(f"board:{side.key}", scene.width, scene.height, scene.items)
            out.append(Piece(f"board/{side.board_id}-{side.side_id}", "boards", "boards", symbol, None, x))
        return out

    def printed(self, piece: Piece) -> Piece:
        """``piece`` as the kit prints it: a draft's watermark across its front and back (the build
        marks whole sheets; a picture of one card carries its own mark)."""
        if not self.plan.draft:
            return piece
        return replace(piece, front=self._marked(piece.front),
                       back=self._marked(piece.back) if piece.back is not None else None)

    def _marked(self, symbol: Symbol) -> Symbol:
        scene = self.plan.mark(Scene(symbol.width, symbol.height, (Use(symbol),)))
        return Symbol(f"{symbol.key}@draft", scene.width, scene.height, scene.items)

    def summary(self) -> str:
        from pnp.check.report import summary

        return summary(self.findings)

    def with_print_bleed(self, bleed: float) -> "KitSource":
        """The same kit laid out again with ``bleed`` mm around every card and piece (a print service's
        bleed): the art's backgrounds reach the new edge as they reach the kit's own, nothing is
        stretched. BuildFailed when a piece no longer fits the paper with that bleed."""
        from pnp.build import BuildFailed
        from pnp.layout.imposition import ImpositionError
        from pnp.layout.kit import KitPlan

        p = self.plan
        if bleed == p.base.bleed:
            return self
        problems: list[str] = []
        try:
            with self.active():
                plan = KitPlan(p.model, replace(p.base, bleed=bleed), p.texts, p.shared, p.card_override, problems,
                               p.draft)
        except (ValueError, ImpositionError) as exc:
            raise BuildFailed(f"{self.model.id} [{self.lang}]: with {bleed:g} mm bleed: {exc}") from None
        if problems:
            raise BuildFailed("\n".join(f"{self.model.id} [{self.lang}]: {q}" for q in dict.fromkeys(problems)))
        return replace(self, plan=plan)


def _members(section: "Section") -> list["Section"]:
    return list(section.gang.members) if section.gang is not None else [section]


def _piece(art, section: "Section") -> Piece:
    group = art.label.split("/", 1)[0]
    group = {"token": "tokens", "standee": "standees"}.get(group, group)
    return Piece(art.label, group, section.kind, art.front, art.back, section.spec.bleed)


def open_kit(folder: Path, lang: str, paper: str = "a4", draft: bool = False) -> KitSource:
    """The game of ``folder`` checked, in ``lang``, laid out as ``pnp build`` lays it out (BuildFailed on a
    rule error, a gap in the catalog without ``draft``, or a text that does not fit)."""
    from pnp.build import BuildFailed, BuildOptions, _language, kit_plan, load_and_check, located_texts
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model

    model, findings = load_and_check(folder)
    options = BuildOptions(out=Path("."), paper=paper, lang=lang, draft=draft)
    prepared = _language(folder, model, options)
    with activate(prepared.language):
        local = localize_model(model, prepared.language)
        plan, problems = kit_plan(local, options)
        kit = KitSource(local, plan, lang, findings, prepared.language)
        kit.pieces()  # lay out every card now: a text that does not fit stops the export here
    if problems:
        unique = located_texts(list(dict.fromkeys(problems)), model, lang)
        raise BuildFailed("\n".join(f"{model.id} [{lang}]: {p}" for p in unique)
                          + f"\n{len(unique)} layout problem(s) in {lang}; nothing was written.")
    return kit


def with_bleed(piece: Piece, bleed: bool) -> Piece:
    """``piece`` as drawn with its bleed, or cropped to its trim."""
    return piece if bleed else replace(piece, front=_cropped(piece.front, piece.bleed),
                                       back=_cropped(piece.back, piece.bleed) if piece.back else None, bleed=0.0)


def _cropped(symbol: Symbol, bleed: float) -> Symbol:
    w, h = symbol.width - 2 * bleed, symbol.height - 2 * bleed
    body = Group((Use(symbol, translate(-bleed, -bleed)),), clip=Rect(0, 0, w, h, Style()))
    return Symbol(f"{symbol.key}@trim", w, h, (body,))
