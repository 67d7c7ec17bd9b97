"""Supply against demand: cards for every deal, for every player count (the tokens for every sprint
are declared in rules.yaml: GJ-SUPPLY-TOKENS)."""

from __future__ import annotations

from pnp.check.findings import Finding, error, warning


def deal_rules(model) -> list[Finding]:
    """GJ-DEAL-RULES: the deal steps are possible at all (discard no more than the hand,
    refill above the first deal, keep no more than a hand)."""
    deal, out = model.facts.deal, []
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


def deal_supply(model) -> list[Finding]:
    """GJ-SUPPLY-DEAL: for every player count and sprint, the draw pile covers the deal,
    the refill, and the discards the rules allow."""
    facts, out = model.facts, []
    for players in facts.players.values():
        for sprint, label in ((1, "the first sprint"), (2, "later sprints")):
            out.extend(_deal_finding(model, players, sprint, label))
    return out


def _deal_finding(model, players: int, sprint: int, label: str) -> list[Finding]:
    facts, deal = model.facts, model.facts.deal
    pile = facts.deck_size(sprint)
    hands = players * deal.refill_to
    spare = pile - hands
    component = f"{players} players, {label}"
    where = model.sources.rule("deal", "refill_to")
    if spare < 0:
        return [error("GJ-SUPPLY-DEAL", component, f"the pile holds {pile} cards but {players} hands of "
                      f"{deal.refill_to} need {hands}", where)]
    allowed = players * deal.discard_max
    if spare < allowed:
        return [warning("GJ-SUPPLY-DEAL", component,
                        f"the pile holds {pile} cards; {players} hands of {deal.refill_to} take {hands}, "
                        f"leaving {spare} for discards where the rules allow up to {allowed}: "
                        "a discard may find the pile empty",
                        model.sources.rule("deal", "discard_max"))]
    return []
