"""PILE-BACKS: the cards shuffled into one draw pile look the same from behind.

The piles are declared under ``piles:`` in rules.yaml (pnp.model.piles), for any game. A card drawn
blind must not show what it is before it is drawn, so the printed cards of a pile share one back,
one card size, one printing (both sides, in the same file of the kit). A pile that also holds the
decks of another box (``base:``) or cards that join it face up (``open:``) cannot be compared by the
kit: it needs a designer decision (``decision:``), which pnp check lists as a question. A pile with
base decks is not compared at all: there is no back of the kit's to match, and the decision (opaque
sleeves, say) covers the whole pile. Cards that join a pile face up are left out of the comparison.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.findings import Finding, error
from pnp.errors import Location
from pnp.model.decks import Deck
from pnp.model.game_model import GameModel
from pnp.model.piles import Pile, pile_index, split_ref

RULE = "PILE-BACKS"


@dataclass(frozen=True)
class Look:
    """What the back of a printed card shows: its back layout, its size, how it is printed."""

    back: str | None
    """None: printed on one side only (no back at all)."""
    size: tuple[float, float]
    sheet: str


@dataclass(frozen=True)
class Member:
    """The printed cards that one entry of a pile's ``decks:`` names."""

    ref: str
    deck: Deck
    look: Look
    where: Location


def _look(model: GameModel, deck: Deck) -> Look:
    from pnp.layout.paper import card_size  # the size names live with the paper sizes

    spec = deck.card_size or model.info.card_size
    try:
        size = card_size(spec)
        wh = (round(size.w, 2), round(size.h, 2))
    except ValueError:
        wh = (0.0, 0.0)
    return Look(None if deck.single_sided else deck.back, wh, deck.sheet)


def _members(model: GameModel, pile: Pile, index: int | None) -> list[Member]:
    decks = {d.id: d for d in model.decks}
    out = []
    for j, ref in enumerate(pile.decks):
        deck_id, card_id = split_ref(ref)
        deck = decks.get(deck_id)
        if deck is None or (card_id and not any(c.id == card_id for c in deck.cards)):
            continue  # reported when the model is read (an unknown name)
        where = model.sources.rule("piles", index, "decks", j) if index is not None else \
            model.sources.rule("piles")
        out.append(Member(ref, deck, _look(model, deck), where))
    return out


def _describe(look: Look, field: str) -> str:
    if field == "back":
        return f"back '{look.back}'" if look.back else "no back (printed single-sided)"
    if field == "size":
        return f"size {look.size[0]:g} x {look.size[1]:g} mm"
    return f"printed in {look.sheet}.pdf"


def pile_location(model: GameModel, pile_id: str) -> Location:
    """Where a pile is declared in rules.yaml (the ``piles:`` list when it cannot be told)."""
    index = pile_index(model.sources.rules_record, pile_id)
    return model.sources.rule("piles", index) if index is not None else model.sources.rule("piles")


def pile_backs(model: GameModel) -> list[Finding]:
    """PILE-BACKS: every printed card of a draw pile has the back, the size and the printing of the pile's
    first deck; a pile with decks of another box or cards joining it face up names a decision."""
    out: list[Finding] = []
    for pile in model.piles:
        index = pile_index(model.sources.rules_record, pile.id)
        where = pile_location(model, pile.id)
        component = f"pile {pile.id}"
        members = _members(model, pile, index)
        if pile.open and not pile.decision:
            out.append(error(RULE, component, f"{', '.join(pile.open)} join(s) the pile face up: name the decision "
                             "that says so under 'decision:'", where))
        if pile.base:
            if members and not pile.decision:
                out.append(error(RULE, component, f"made of the deck(s) {', '.join(pile.base)} of another box, whose "
                                 f"back the kit does not print, with {', '.join(m.ref for m in members)}: say how "
                                 "the printed cards are hidden among them (e.g. opaque sleeves) in a decision, and "
                                 "name it under 'decision:'", where))
            continue  # the decision covers the whole pile: there is no back of the kit's to compare with
        if not members:
            continue
        host = members[0]
        for m in members[1:]:
            wrong = [f for f in ("back", "size", "sheet") if getattr(m.look, f) != getattr(host.look, f)]
            if wrong:
                have = ", ".join(_describe(m.look, f) for f in wrong)
                want = ", ".join(_describe(host.look, f) for f in wrong)
                out.append(error(RULE, component, f"'{m.ref}' is shuffled into this pile with {have}; the pile's "
                                 f"cards (deck {host.deck.id}) have {want}: it shows before it is drawn. Print it "
                                 "like the deck it joins", m.where))
    return out
