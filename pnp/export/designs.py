"""The kit's pieces by design: each distinct front and back once, with how many copies the kit
holds and the names a player reads (from the model, in the kit's language)."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from pnp.export.source import KitSource, Piece, with_bleed
from pnp.layout.scene import Symbol

if TYPE_CHECKING:
    from pnp.layout.kit import BoardSideArt


@dataclass
class Design:
    """Copies of one piece that look the same."""

    group: str
    label: str
    """The piece's label without its copy number (deck/card)."""
    kind: str
    name: str
    front: Symbol
    back: Symbol | None
    trim: tuple[float, float]
    bleed: float
    copies: int = 0
    labels: list[str] = field(default_factory=list)
    """The label of every copy, in print order."""


@dataclass
class DesignGroup:
    """A deck, the tokens or the standees: its designs in print order."""

    id: str
    name: str
    kind: str
    designs: list[Design]

    @property
    def count(self) -> int:
        return sum(d.copies for d in self.designs)


def design_groups(kit: KitSource, pieces: list[Piece] | None = None) -> list[DesignGroup]:
    """Every group of ``pieces`` (default: the kit's, in print order) with its designs."""
    groups: dict[str, DesignGroup] = {}
    seen: dict[tuple, Design] = {}
    names = _names(kit)
    for p in pieces if pieces is not None else kit.pieces():
        group = groups.get(p.group)
        if group is None:
            group = groups[p.group] = DesignGroup(p.group, names.get(p.group, p.group), p.kind, [])
        key = (p.group, p.design, p.front.key, p.back.key if p.back else None)
        design = seen.get(key)
        if design is None:
            design = seen[key] = Design(p.group, p.design, p.kind, names.get(p.design, _short(p.design)),
                                        p.front, p.back, p.trim, p.bleed)
            group.designs.append(design)
        design.copies += 1
        design.labels.append(p.label)
    return list(groups.values())


def _short(label: str) -> str:
    return label.split("/", 1)[-1]


def _names(kit: KitSource) -> dict[str, str]:
    """group id or design label -> the name printed for it (deck and card names, token names)."""
    model, shared = kit.model, kit.plan.shared
    out: dict[str, str] = {"tokens": shared("tokens_title"), "standees": shared("standees_title")}
    for deck in model.decks:
        out[deck.id] = deck.name or deck.id
        for card in deck.cards:
            if card.name:
                out[f"{deck.id}/{card.id}"] = card.name
    for token in model.tokens:
        if token.name:
            out[f"token/{token.id}"] = token.name
    return out


def cut_pieces(kit: KitSource) -> list[Piece]:
    """The kit's pieces as cut (at their trim) and printed (a draft's watermark across each)."""
    return [kit.printed(with_bleed(p, False)) for p in kit.pieces()]


def board_sides(kit: KitSource) -> list[tuple["BoardSideArt", Symbol]]:
    """Every board side with its picture, cut at its trim and printed."""
    return [(side, kit.printed(with_bleed(piece, False)).front) for side, piece in zip(kit.plan.sides, kit.boards())]
