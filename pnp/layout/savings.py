"""Paper a kit saves: pages that ganging spares, and the pages of each document of a plan."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.layout.kit import Document, KitPlan


@dataclass(frozen=True)
class Ganging:
    """The pages of a kit's ganged pieces, and what they would take with a sheet per kind."""

    pages: int
    """Pages the ganged sections print."""
    separate: int
    """Pages the same pieces would print if each kind had sheets of its own."""

    @property
    def saved(self) -> int:
        return self.separate - self.pages


def ganging(documents: list["Document"]) -> Ganging:
    """What ganging saves in ``documents`` (pnp.layout.kit.ganged): every section of pieces that
    shares sheets, against its members printed apart. Sections left on their own count for nothing."""
    pages = separate = 0
    for doc in documents:
        for section in doc.sections:
            if section.gang is not None:
                pages += section.pages
                separate += sum(member.pages for member in section.gang.members)
    return Ganging(pages, separate)


def sheets_of_paper(doc: "Document") -> int:
    """The sheets of paper ``doc`` takes: a page printed on both sides shares its sheet."""
    return sum(pages // 2 if duplex else pages for section in doc.sections for pages, duplex, _ in section.runs())


def printed(plan: "KitPlan") -> dict[str, tuple[int, int]]:
    """What a kit prints at home -> (pages, sheets of paper): cards.pdf, pieces.pdf, and each board
    side's tiles ('board BOARD/SIDE')."""
    out = {doc.name: (doc.pages, sheets_of_paper(doc)) for doc in plan.documents()}
    for side in plan.sides:
        out[f"board {side.board_id}/{side.side_id}"] = (len(side.pages), len(side.pages))
    return out
