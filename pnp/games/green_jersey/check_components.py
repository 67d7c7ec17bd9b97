"""Checks of component parity: one of each thing per rider, and the box list."""

from __future__ import annotations

from collections import Counter

from pnp.check.findings import error
from pnp.check.checked import Checked
from pnp.model.game_model import GameModel


def riders_and_jerseys(model: GameModel) -> Checked:
    """GJ-PARITY-RIDERS: as many riders as the rules race, one colour jersey each,
    and enough riders for the largest table (one per player)."""
    facts, out = model.facts, Checked()
    if len(model.riders) != facts.riders:
        out.append(error("GJ-PARITY-RIDERS", "riders", f"{len(model.riders)} riders in riders.yaml, "
                         f"the rules race {facts.riders}", model.sources.rule("riders")))
    if facts.players.max > facts.riders:
        out.append(error("GJ-PARITY-RIDERS", "players", f"up to {facts.players.max} players but only "
                         f"{facts.riders} riders to own", model.sources.rule("players")))
    per_rider = Counter(j.rider for j in model.jerseys if j.rider)
    for rider in model.riders:
        if per_rider.get(rider.id, 0) != 1:
            out.append(error("GJ-PARITY-JERSEY", f"rider {rider.id}",
                             f"{per_rider.get(rider.id, 0)} jerseys name this rider; cards need exactly one",
                             model.sources.component(f"rider:{rider.id}")))
    out.ok("GJ-PARITY-RIDERS", "riders", f"{len(model.riders)} riders in riders.yaml, the {facts.riders} the "
           "rules race")
    out.ok("GJ-PARITY-RIDERS", "players", f"up to {facts.players.max} players for {facts.riders} riders: "
           "one each at the largest table")
    out.ok("GJ-PARITY-JERSEY", "riders", f"each of the {len(model.riders)} riders is named by exactly one of "
           f"the {len(per_rider)} colour jerseys", whole=True)
    return out


def jersey_roles(model: GameModel) -> Checked:
    """GJ-JERSEY-ROLES: rules.yaml's award jersey is marked `award`, its wildcard `wildcard`."""
    facts, out = model.facts, Checked()
    jerseys = {j.id: j for j in model.jerseys}
    for key, flag in (("award", "award"), ("wildcard", "wildcard")):
        name = getattr(facts.jersey, key)
        jersey = jerseys.get(name)
        if jersey is None:
            out.append(error("GJ-JERSEY-ROLES", f"jersey {name}", f"rules.yaml names the {key} jersey '{name}', "
                             f"which jerseys.yaml does not define", model.sources.rule("jersey", key)))
        elif not getattr(jersey, flag):
            out.append(error("GJ-JERSEY-ROLES", f"jersey {name}", f"the {key} jersey '{name}' is not marked "
                             f"'{flag}: true' in jerseys.yaml", model.sources.component(f"jersey:{name}")))
        else:
            out.ok("GJ-JERSEY-ROLES", f"jersey {name}", f"rules.yaml's {key} jersey '{name}' is marked "
                   f"'{flag}: true' in jerseys.yaml")
    return out


def players(model: GameModel) -> Checked:
    """GJ-PLAYERS: game.yaml and rules.yaml agree on the player count."""
    a, b = model.info.players, model.facts.players
    out = Checked()
    if (a.min, a.max) != (b.min, b.max):
        out.append(error("GJ-PLAYERS", "players", f"game.yaml says {a.min}-{a.max} players, rules.yaml "
                         f"{b.min}-{b.max}", model.sources.rule("players")))
    out.ok("GJ-PLAYERS", "players", f"game.yaml and rules.yaml both say {b.min}-{b.max} players")
    return out


def rider_cards(model: GameModel) -> Checked:
    """GJ-PARITY-RIDER-CARDS: one rider card per rider, for the random draws."""
    cards = Counter(c.rider for d in model.decks for c, _ in d.copies() if c.kind == "rider")
    out = Checked()
    out.ok("GJ-PARITY-RIDER-CARDS", "rider cards", f"one rider card for each of the {len(model.riders)} riders "
           f"({sum(cards.values())} in all)", whole=True)
    for rider in model.riders:
        if cards.get(rider.id, 0) != 1:
            out.append(error("GJ-PARITY-RIDER-CARDS", f"rider {rider.id}",
                             f"{cards.get(rider.id, 0)} rider cards for this rider; the draws need exactly one",
                             model.sources.component(f"rider:{rider.id}")))
    return out


def first_player(model: GameModel) -> Checked:
    """GJ-PARITY-FIRST-PLAYER: exactly the number of first-player cards the rules list."""
    n = sum(1 for d in model.decks for c, _ in d.copies() if c.kind == "first-player")
    expected = model.facts.components.first_player_cards
    out = Checked()
    if n != expected:
        out.append(error("GJ-PARITY-FIRST-PLAYER", "first-player card", f"{n} first-player cards, the rules "
                         f"list {expected}", model.sources.rule("components", "first_player_cards")))
    out.ok("GJ-PARITY-FIRST-PLAYER", "first-player card", f"{n} first-player card, the {expected} the rules list")
    return out


def manifest(model: GameModel) -> Checked:
    """GJ-MANIFEST: the box list of rules.yaml agrees with the components in the data."""
    facts = model.facts
    c = facts.components
    deck = next((d for d in model.decks if d.id == facts.deck.deck), None)
    actual = {
        "riders": sum(1 for s in model.standees if not s.wearing),
        "green_riders": sum(1 for s in model.standees if s.wearing == facts.jersey.award),
        "rider_cards": sum(1 for d in model.decks for x, _ in d.copies() if x.kind == "rider"),
        "movement_cards": deck.size if deck else 0,
        "point_tokens": sum(t.count for t in model.tokens if t.kind == facts.scoring.token_kind),
    }
    out = Checked()
    for key, value in actual.items():
        expected = getattr(c, key)
        if value != expected:
            out.append(error("GJ-MANIFEST", key.replace("_", " "),
                             f"the data holds {value}, the rules list {expected}",
                             model.sources.rule("components", key)))
    if c.peloton_squares != facts.riders:
        out.append(error("GJ-MANIFEST", "peloton squares", f"{c.peloton_squares} peloton squares for "
                         f"{facts.riders} riders: every rider starts on one",
                         model.sources.rule("components", "peloton_squares")))
    held = ", ".join(f"{value} {key.replace('_', ' ')}" for key, value in actual.items())
    out.ok("GJ-MANIFEST", "box list", f"the data holds what rules.yaml's box list says: {held}; "
           f"{c.peloton_squares} peloton squares for {facts.riders} riders", whole=True)
    return out


def standees(model: GameModel) -> Checked:
    """GJ-PARITY-STANDEES: every rider has one figure, and one wearing the green jersey
    to swap in when it takes the jersey."""
    award = model.facts.jersey.award
    plain = Counter(s.rider for s in model.standees if not s.wearing)
    green = Counter(s.rider for s in model.standees if s.wearing == award)
    out = Checked()
    out.ok("GJ-PARITY-STANDEES", "standees", f"each of the {len(model.riders)} riders has one plain figure and "
           f"one wearing the '{award}' jersey ({sum(plain.values())} + {sum(green.values())})", whole=True)
    for rider in model.riders:
        for what, counts in (("plain figure(s)", plain), (f"figure(s) wearing the {award} jersey", green)):
            if counts.get(rider.id, 0) != 1:
                out.append(error("GJ-PARITY-STANDEES", f"rider {rider.id}",
                                 f"{counts.get(rider.id, 0)} {what} for this rider; the game needs exactly one",
                                 model.sources.component(f"rider:{rider.id}")))
    return out
