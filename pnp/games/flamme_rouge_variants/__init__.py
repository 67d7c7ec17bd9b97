"""Flamme Rouge house-rule variants: the variants' tables as typed facts (from rules.yaml), the checks they
imply (rule ids FRV-...), the figures computed from them (FRV-CALC-...), what the checks verified, and what
the booklet template reads. Only the extra material is modelled: the base game's tiles, riders and decks
are a commercial product, named in rules.yaml as [base] facts."""

from pnp.games.flamme_rouge_variants.context import rulebook_context
from pnp.games.flamme_rouge_variants.facts import Facts
from pnp.games.flamme_rouge_variants.suite import CHECKS, check, verified

__all__ = ["CHECKS", "Facts", "check", "rulebook_context", "verified"]
