"""pod: the files a print-on-demand service takes, as its profile says (pnp/export/profiles/).

The kit is laid out again with the service's bleed (KitSource.with_print_bleed): the cards' art
reaches the service's cut line as it reaches the kit's own, nothing is stretched to make up the
difference. Each deck goes to the product of the service its trim matches (within the profile's
tolerance; a deck a little off is scaled, box to box, and the summary says so). A deck of the kit's
cards that matches no product stops the export with the sizes; decks printed with the pieces
(aids, sheets), tokens, standees and boards that match none are left out and listed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp.export import ExportFailed, Exported, ExportOptions
from pnp.export.card_pdf import card_pages, groups, write_pdf
from pnp.export.manifest import export_manifest
from pnp.export.png import safe, write_pngs
from pnp.export.profile import Product, Profile, available, profile_named
from pnp.export.source import KitSource, Piece
from pnp.layout.scene import Symbol, Use, scale

DESCRIPTION = "files for a print-on-demand service: --profile " + " or ".join(available())
DECK_KINDS = ("cards", "aids")
"""Pieces a card product can print: the decks of the cards and of the pieces sheets."""


@dataclass(frozen=True)
class DeckJob:
    """One deck of the kit, printed as one product of the service."""

    deck: str
    number: int
    """Its place among the decks exported (1, 2, ...)."""
    product: Product
    pieces: list[Piece]
    """Every copy of every card, drawn at the product's size with the profile's bleed."""
    trim: tuple[float, float]
    """The deck's own trim in the kit, in mm."""

    @property
    def scaled(self) -> bool:
        return any(abs(a - b) > 1e-6 for a, b in zip(self.trim, self.product.size))


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write the service's files and export.json into <game>/<lang>/pod/<profile>/."""
    if not options.profile:
        raise ExportFailed(f"--to pod needs --profile NAME (profiles: {', '.join(available())}; or the path of "
                           "a profile YAML file)")
    profile = profile_named(options.profile)
    kit = kit.with_print_bleed(profile.bleed)
    jobs, left_out = deck_jobs(kit, profile)
    folder = f"{kit.model.id}/{kit.lang}/pod/{profile.id}"
    place = lambda name: tx.path(f"{folder}/{name}")  # noqa: E731
    if profile.output == "png":
        written, decks = _pngs(kit, profile, jobs, place)
    else:
        written, decks = _pdfs(kit, profile, jobs, place)
    extra = {"profile": {"id": profile.id, "name": profile.name, "url": profile.url, "source": profile.source,
                         "output": profile.output, "dpi": profile.dpi, "bleed_mm": round(profile.bleed, 4)},
             "cards": sum(len(j.pieces) for j in jobs), "decks": decks, "left_out": left_out}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "pod", folder, written, extra), encoding="utf-8")
    return Exported("pod", Path(folder), summary=_summary(profile, jobs, left_out, len(written)))


def deck_jobs(kit: KitSource, profile: Profile) -> tuple[list[DeckJob], list[dict[str, Any]]]:
    """The decks the service prints, each with its product, and what is left out (with why);
    ExportFailed naming every deck of the kit's cards that no product of the service fits."""
    jobs: list[DeckJob] = []
    left_out: list[dict[str, Any]] = []
    refused: list[str] = []
    for group, pieces in groups(kit.pieces()).items():
        kind, trim = pieces[0].kind, pieces[0].trim
        product = profile.product_for(trim) if kind in DECK_KINDS else None
        if product is not None:
            fitted = [kit.printed(_fitted(p, product, profile.bleed)) for p in pieces]
            jobs.append(DeckJob(group, len(jobs) + 1, product, fitted, trim))
            continue
        size = f"{trim[0]:g} x {trim[1]:g} mm"
        if kind == "cards":
            refused.append(f"deck '{group}' is {size}")
        why = f"{size}: no product of {profile.name} has this size" if kind in DECK_KINDS else f"{kind}, not cards"
        left_out.append({"group": group, "kind": kind, "count": len(pieces), "why": why})
    sides = sum(len(b.sides) for b in kit.model.boards)  # no card product prints a board: not drawn
    if sides:
        left_out.append({"group": "boards", "kind": "boards", "count": sides, "why": "boards, not cards"})
    if refused:
        products = ", ".join(p.label() for p in profile.products)
        raise ExportFailed(f"{kit.model.id}: {'; '.join(refused)}: {profile.name} prints {products} (within "
                           f"{profile.tolerance:g} mm); give the deck one of these sizes (card_size in decks.yaml), "
                           f"or export with a profile that has its size (a copy of {profile.source} with that "
                           f"product, passed as --profile FILE.yaml)")
    if not jobs:
        raise ExportFailed(f"{kit.model.id}: no deck of the kit is the size of a product of {profile.name}")
    return jobs, left_out


def _fitted(piece: Piece, product: Product, bleed: float) -> Piece:
    """``piece`` at the product's size: the same when its trim is the product's; else its box (bleed
    included) scaled onto the product's, so the bleed never falls short and the trims differ by far
    less than the scale (at most the tolerance times 2 x bleed / width)."""
    w, h = product.size[0] + 2 * bleed, product.size[1] + 2 * bleed
    if abs(piece.front.width - w) < 1e-6 and abs(piece.front.height - h) < 1e-6:
        return piece
    return replace(piece, front=_scaled(piece.front, w, h), back=_scaled(piece.back, w, h) if piece.back else None,
                   bleed=bleed)


def _scaled(symbol: Symbol, w: float, h: float) -> Symbol:
    t = scale(w / symbol.width, h / symbol.height)
    return Symbol(f"{symbol.key}@{w:.3f}x{h:.3f}", w, h, (Use(symbol, t),))


def _designs(job: DeckJob, profile: Profile) -> list[tuple[Piece, int]]:
    """The pieces a deck's files show, each with how many copies it stands for: every copy
    (copies: each) or the first copy of each design with its count (copies: quantity)."""
    if profile.copies == "each":
        return [(p, 1) for p in job.pieces]
    first: dict[str, Piece] = {}
    count: dict[str, int] = {}
    for p in job.pieces:
        first.setdefault(p.design, p)
        count[p.design] = count.get(p.design, 0) + 1
    return [(p, count[d]) for d, p in first.items()]


def _fields(kit: KitSource, job: DeckJob, number: int, piece: Piece | None = None) -> dict[str, Any]:
    fields: dict[str, Any] = {"game": kit.model.id, "lang": kit.lang, "deck": safe(job.deck), "number": number}
    if piece is not None:
        design, _, copy = piece.label.partition("#")
        fields |= {"card": safe(design.split("/", 1)[-1]), "copy": int(copy or 1)}
    return fields


def _pngs(kit: KitSource, profile: Profile, jobs: list[DeckJob], place) -> tuple[list, list]:
    named: list[tuple[str, Symbol]] = []
    decks = []
    for job in jobs:
        shown = _designs(job, profile)
        backs = {p.back.key for p, _ in shown if p.back is not None}
        shared = len(backs) == 1 and all(p.back is not None for p, _ in shown)
        cards = []
        for i, (piece, quantity) in enumerate(shown, 1):
            fields = _fields(kit, job, i, piece)
            card = {"card": piece.design, "quantity": quantity, "face": profile.names.face.format(**fields)}
            named.append((card["face"], piece.front))
            if piece.back is not None and not shared:
                card["back"] = profile.names.card_back.format(**fields)
                named.append((card["back"], piece.back))
            cards.append(card)
        entry = _deck_entry(job)
        if shared:
            entry["back"] = profile.names.back.format(**_fields(kit, job, job.number))
            named.append((entry["back"], shown[0][0].back))
        entry["cards"] = cards
        decks.append(entry)
    _no_twice([name for name, _ in named], profile)
    return write_pngs(named, profile.dpi, place), decks


def _pdfs(kit: KitSource, profile: Profile, jobs: list[DeckJob], place) -> tuple[list, list]:
    written = []
    decks = []
    names = [profile.names.deck.format(**_fields(kit, job, job.number)) for job in jobs]
    _no_twice(names, profile)
    for job, name in zip(jobs, names):
        path = place(name)
        pages = [s for p, _ in _designs(job, profile) for s in card_pages(p, profile.order, blank_backs=True)]
        write_pdf(pages, path, f"{kit.model.info.title}: {job.deck}")
        written.append((name, path))
        decks.append(_deck_entry(job) | {"file": name, "pages": len(pages), "order": profile.order})
    return written, decks


def _deck_entry(job: DeckJob) -> dict[str, Any]:
    return {"deck": job.deck, "product": job.product.name, "size_mm": list(job.product.size),
            "kit_size_mm": list(job.trim), "scaled": job.scaled, "count": len(job.pieces)}


def _no_twice(names: list[str], profile: Profile) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ExportFailed(f"{profile.source}: names: two files would both be named {name}; put {{number}} or "
                               "{card} (and {deck}) in the name patterns")
        seen.add(name)


def _summary(profile: Profile, jobs: list[DeckJob], left_out: list[dict[str, Any]], files: int) -> str:
    decks = ", ".join(f"{j.deck} ({len(j.pieces)} as {j.product.name}"
                      + (f", scaled from {j.trim[0]:g} x {j.trim[1]:g} mm" if j.scaled else "") + ")" for j in jobs)
    text = f"{profile.name}: {decks}; {files} {profile.output.upper()} file{'s' if files != 1 else ''}"
    if left_out:
        text += "; left out: " + ", ".join(f"{x['group']} ({x['why']})" for x in left_out)
    return text
