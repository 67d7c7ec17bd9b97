"""reprint.pdf: only the cards and pieces that changed since a revision, and what to throw away.

Which ones changed is decided by what they look like, not only by their data: every card and
piece of both revisions is laid out (the old one with the old templates), the old revision with the
new stamp so that a version bump alone does not change every card, and their drawings compared.
A card whose CSV row changed, or whose text changed with a rule of rules.yaml or a template, is in.

The first page lists the cards to remove from the old deck (with the old stamp) and the ones to
add (with the new stamp); then come the sheets of the new cards, imposed as in cards.pdf and
pieces.pdf: each front sheet followed by its back sheet, so the file prints duplex as it is (a
blank page follows the list page on a duplex kit, so that every front sheet is an odd page).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from pnp.layout import text as textfit
from pnp.layout.kit import Document, Section, documents, ganged, pages
from pnp.layout.standees import fold_diagram
from pnp.layout.scene import Scene
from pnp.write.incremental import digest


@dataclass
class Line:
    design: str
    """deck/card (token/<id>, standee/<id>) as in the kit's labels."""
    copies: int
    why: str


@dataclass
class Selection:
    """What a reprint holds: the copies to print and the lists of its first page."""

    old_stamp: str
    new_stamp: str
    since: str
    labels: set[str] = field(default_factory=set)
    """Labels of the physical cards to print (deck/card#n, token/id#n, standee/id)."""
    remove: list[Line] = field(default_factory=list)
    add: list[Line] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.labels or self.remove)

    def as_dict(self) -> dict:
        return {"since": self.since, "old_stamp": self.old_stamp, "new_stamp": self.new_stamp,
                "remove": [dataclasses.asdict(x) for x in self.remove],
                "add": [dataclasses.asdict(x) for x in self.add]}


def _design(label: str) -> str:
    return label.split("#", 1)[0]


def appearance(plan) -> dict[str, str]:
    """label of every physical card and piece -> digest of its front and back as drawn."""
    out: dict[str, str] = {}
    seen: dict[tuple[int, int], tuple] = {}  # the art is kept with its digest: its id stays its own
    for doc in plan.documents():
        for section in doc.sections:
            for art in section.arts:
                key = (id(art.front), id(art.back))
                if key not in seen:
                    seen[key] = (art, digest(art.front.items, art.back.items if art.back is not None else None))
                out[art.label] = seen[key][1]
    return out


def select(old_looks: dict[str, str], new_looks: dict[str, str], old_stamp: str, new_stamp: str, since: str,
           reasons: dict[str, str]) -> Selection:
    """The copies to print and to throw away. ``reasons``: design -> what changed in its data."""
    sel = Selection(old_stamp, new_stamp, since)
    removed: dict[str, list[str]] = {}
    added: dict[str, list[str]] = {}
    for label, look in new_looks.items():
        if label not in old_looks:
            added.setdefault(_design(label), []).append("new")
        elif old_looks[label] != look:
            added.setdefault(_design(label), []).append("changed")
            removed.setdefault(_design(label), []).append("changed")
        else:
            continue
        sel.labels.add(label)
    for label in old_looks:
        if label not in new_looks:
            removed.setdefault(_design(label), []).append("removed")
    for design, whys in removed.items():
        sel.remove.append(Line(design, len(whys), _why(design, whys, reasons)))
    for design, whys in added.items():
        sel.add.append(Line(design, len(whys), _why(design, whys, reasons)))
    return sel


def _why(design: str, whys: list[str], reasons: dict[str, str]) -> str:
    kinds = ", ".join(dict.fromkeys(whys))
    detail = reasons.get(design)
    if "changed" in whys and not detail:
        detail = "its drawing (a rule, a colour or a template it shows)"
    return f"{kinds}: {detail}" if detail else kinds


def reprint_document(plan, sel: Selection, title: str) -> Document:
    """The kit's sections with only the selected copies, imposed as in cards.pdf and pieces.pdf."""
    sections = []
    for doc in documents(plan.model, plan.base, plan.texts, plan.shared, plan.card_override, plan.problems):
        for s in doc.sections:
            for member in s.gang.members if s.gang is not None else (s,):
                arts = [a for a in member.arts if a.label in sel.labels]
                if arts:
                    sections.append(Section(member.what, member.spec, arts, len(arts), member.kind, member.names,
                                            member.stock))
    # the pieces to reprint share sheets as in pieces.pdf
    fold = fold_diagram(plan.shared.lines("standee_steps"))
    return Document("reprint.pdf", title, ganged(sections, plan.base, fold))


def list_pages(plan, sel: Selection, title: str) -> list[Scene]:
    """The first page(s): what to remove from the old deck, what to add, and the stamps."""
    paper, margin = plan.base.paper, max(plan.base.margin, 12.0)
    size, step = 9.0, 5.0
    warn = ""
    if sel.old_stamp == sel.new_stamp and (sel.remove or sel.add):
        warn = ("Note: the version and date in game.yaml did not change, so old and new cards carry the same "
                "stamp; bump them to tell the cards apart.")
    lines: list[tuple[str, str, float]] = [
        (f"{title}: reprint", "sans-black", 16.0), ("", "sans", size),
        (f"Changes since {sel.since}.", "sans", size),
        (f"Old cards carry the stamp: {sel.old_stamp}", "sans", size),
        (f"New cards carry the stamp: {sel.new_stamp}", "sans-bold", size)]
    if warn:
        lines += [(w, "sans-italic", size) for w in _wrap(warn, paper.w - 2 * margin, size)]
    lines += [("", "sans", size), (f"Remove from the old deck ({sum(x.copies for x in sel.remove)}):", "sans-bold",
                                    11.0)]
    lines += [(f"  {x.copies} × {x.design} — {x.why}", "sans", size) for x in sel.remove] or [("  nothing",
                                                                                                 "sans", size)]
    lines += [("", "sans", size), (f"Add from this file ({sum(x.copies for x in sel.add)}):", "sans-bold", 11.0)]
    lines += [(f"  {x.copies} × {x.design} — {x.why}", "sans", size) for x in sel.add] or [("  nothing",
                                                                                              "sans", size)]
    out: list[Scene] = []
    items: list = []
    y = margin + 8.0
    for text, font, pt in lines:
        if y > paper.h - margin:
            out.append(Scene(paper.w, paper.h, tuple(items), label="reprint list"))
            items, y = [], margin + 8.0
        if text:
            while pt > 5.0 and textfit.fonts.width_mm(text, font, pt) > paper.w - 2 * margin:
                pt -= 0.25
            items.append(textfit.fit_line(text, margin, y, font, pt, paper.w - 2 * margin, 5.0, "#000000",
                                          where="reprint list"))
        y += step * max(pt, size) / size
    out.append(Scene(paper.w, paper.h, tuple(items), label="reprint list"))
    return out


def _wrap(text: str, width: float, pt: float) -> list[str]:
    out, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and textfit.fonts.width_mm(trial, "sans-italic", pt) > width:
            out.append(line)
            line = word
        else:
            line = trial
    return out + ([line] if line else [])


def reprint_pages(plan, sel: Selection, title: str) -> Iterator[Scene]:
    """Every page of reprint.pdf, watermarked as the kit is."""
    first = list_pages(plan, sel, title)
    doc = reprint_document(plan, sel, title)
    yield from (plan.mark(p) for p in first)
    if doc.sections and plan.base.duplex and len(first) % 2:
        yield Scene(plan.base.paper.w, plan.base.paper.h, (), label="blank (duplex)")
    yield from (plan.mark(p) for p in pages(plan.model, doc, plan.shared))


__all__ = ["Selection", "appearance", "select", "reprint_document", "reprint_pages"]
