"""Supply against demand: cards for every deal, for every player count (the tokens for every sprint
are declared in rules.yaml: GJ-SUPPLY-TOKENS)."""

from __future__ import annotations

from pnp.check.findings import error, warning
from pnp.check.checked import Checked


def deal_rules(model) -> Checked:
    """GJ-DEAL-RULES: the deal steps are possible at all (discard no more than the hand,
    refill above the first deal, keep no more than a hand)."""
    deal, out = model.facts.deal, Checked()
    out.ok("GJ-DEAL-RULES", "discard", f"up to {deal.discard_max} discards from a hand of {deal.hand}")
    out.ok("GJ-DEAL-RULES", "refill", f"hands refilled to {deal.refill_to}, no fewer than the {deal.hand} dealt")
    out.ok("GJ-DEAL-RULES", "kept cards", f"up to {deal.keep_max} cards kept, no more than the first deal of "
           f"{deal.hand}")
    if deal.discard_max > deal.hand:
        out.append(error("GJ-DEAL-RULES", "discard", f"up to {deal.discard_max} discards from a hand of "
                         f"{deal.hand} cards", model.sources.rule("deal", "discard_max")))
    if deal.refill_to < deal.hand:
        out.append(error("GJ-DEAL-RULES", "refill", f"hands are refilled to {deal.refill_to}, fewer than the "
                         f"{deal.hand} dealt", model.sources.rule("deal", "refill_to")))
    if deal.keep_max > deal.hand:
        out.append(warning("GJ-DEAL-RULES", "kept cards", f"a player may keep {deal.keep_max} cards, more "
                           f"than the first deal of {deal.hand}", model.sources.rule("deal", "keep_max")))
    return out


def deal_supply(model) -> Checked:
    """GJ-SUPPLY-DEAL: for every player count and sprint, the draw pile covers the deal,
    the refill, and the discards the rules allow."""
    facts, out = model.facts, Checked()
    for players in facts.players.values():
        for sprint, label in ((1, "the first sprint"), (2, "later sprints")):
            _deal(model, players, sprint, label, out)
    return out


def _deal(model, players: int, sprint: int, label: str, out: Checked) -> None:
    """The figures of one table and sprint, and the finding when the pile falls short."""
    deal = model.facts.deal
    pile = model.facts.deck_size(sprint)
    hands = players * deal.refill_to
    spare = pile - hands
    allowed = players * deal.discard_max
    component = f"{players} players, {label}"
    out.ok("GJ-SUPPLY-DEAL", component, f"the pile holds {pile} cards; {players} hands of {deal.refill_to} take "
           f"{hands}, leaving {spare} for the up to {allowed} discards the rules allow")
    if spare < 0:
        out.append(error("GJ-SUPPLY-DEAL", component, f"the pile holds {pile} cards but {players} hands of "
                         f"{deal.refill_to} need {hands}", model.sources.rule("deal", "refill_to")))
    elif spare < allowed:
        out.append(warning("GJ-SUPPLY-DEAL", component,
                           f"the pile holds {pile} cards; {players} hands of {deal.refill_to} take {hands}, "
                           f"leaving {spare} for discards where the rules allow up to {allowed}: "
                           "a discard may find the pile empty",
                           model.sources.rule("deal", "discard_max")))
