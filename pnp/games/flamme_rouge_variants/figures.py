"""What the rules checks of checks.py verified, with the figures they compared: one entry per component
a check looks at, named as its findings name it, so that a failing finding takes the entry out of the
passed list (verified.passed). The figures restate what the check computed; they find nothing of their
own."""

from __future__ import annotations

from collections import Counter

from pnp.games.flamme_rouge_variants import checks as C
from pnp.games.flamme_rouge_variants.numbers import values
from pnp.games.flamme_rouge_variants.verified import Verified
from pnp.model.game_model import GameModel


def _per_team(model: GameModel, deck_id: str) -> Counter:
    d = C.deck(model, deck_id)
    team = model.facts.teams[0] if model.facts.teams else ""
    out = Counter()
    for c in (d.cards if d else ()):
        if c.colour == team:
            out[c.value] += c.qty
    return out


def _spread(counts: Counter) -> str:
    return ", ".join(f"{v} x{n}" for v, n in sorted(counts.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))


def profiles(model: GameModel) -> list[Verified]:
    f, out = model.facts, []
    sizes = sorted({p.size for p in f.profiles.values()})
    for name, p in f.profiles.items():
        if p.printed == "none":
            continue
        what = ("the whole deck" if p.printed == "deck"
                else f"the cards that turn {values(p.base_values)} into {values(p.values)}")
        text = (f"deck {p.deck}: {_spread(_per_team(model, p.deck))} per team in {len(f.teams)} colours, {what}; "
                f"decks of {values(sizes)} cards")
        if p.cap_exempt:
            text += f"; {values(p.cap_exempt)} above the climbs' cap of {f.mountain_cap}"
        out.append(Verified("FRV-DECK-PROFILE", f"profile {name}", text,
                            covers=(f"deck {p.deck} (", f"card {p.deck}/")))
    return out


def attack_cards(model: GameModel) -> list[Verified]:
    f = model.facts
    r = f.riders_per_team
    most = max(r.race, r.grand_tour, r.world_cup)
    n = sum(_per_team(model, f.attack.deck).values())
    return [Verified("FRV-DECK-ATTACK", "attack", f"{n} attack cards per team in {len(f.teams)} colours: "
                     f"{f.attack.per_rider_deck} per rider deck for teams of up to {most} riders", covers=("team ",))]


def form_decks(model: GameModel) -> list[Verified]:
    f = model.facts
    have = _per_team(model, f.world_cup.form.deck)
    return [Verified("FRV-FORM", "form", f"{sum(have.values())} form cards per team ({_spread(have)}) in "
                     f"{len(f.teams)} colours, as rules.yaml lists; {f.world_cup_entered} entered riders a team",
                     covers=("team ",))]


def exhaustion(model: GameModel) -> list[Verified]:
    f = model.facts
    d = C.deck(model, f.exhaustion.deck)
    return [Verified("FRV-DECK-EXHAUSTION", "exhaustion", f"{d.size if d else 0} cards worth {f.exhaustion_value}: "
                     f"{f.exhaustion.per_team} per team for {len(f.teams)} teams",
                     covers=(f"card {f.exhaustion.deck}/",))]


def mountain(model: GameModel) -> list[Verified]:
    m = model.facts.mountain
    keys = sorted(m.lengths)
    return [Verified("FRV-MOUNTAIN-GEN", "mountain", f"{len(keys)} climb lengths {keys[0] if keys else '-'} to "
                     f"{keys[-1] if keys else '-'} without a gap, each row the length halved down to 1 (e.g. "
                     f"{keys[-1] if keys else '-'}: {values(C.mountain_row(keys[-1])) if keys else '-'})",
                     covers=("climb of ",)),
            Verified("FRV-MOUNTAIN-GEN", "steep bonus", f"mountain.steep_bonus = steep.mountain_bonus = "
                     f"{m.steep_bonus}")]


def weather(model: GameModel) -> list[Verified]:
    w = model.facts.weather
    steps = Counter(w.die.values())
    return [Verified("FRV-WEATHER", "weather die", f"faces {min(w.die)} to {max(w.die)} each mapped, steps "
                     + ", ".join(f"{s:+d} x{n}" if s else f"0 x{n}" for s, n in sorted(steps.items()))),
            Verified("FRV-WEATHER", "weather effects", f"levels {w.min} to {w.max} each with an effect ("
                     + ", ".join(f"{k}: {v}" for k, v in sorted(w.effects.items())) + ")"),
            Verified("FRV-WEATHER", "weather start", f"{w.start} on the scale {w.min} to {w.max}")]


def terrains(model: GameModel) -> list[Verified]:
    f = model.facts
    out = []
    for t, v in f.crash_thresholds.items():
        rain = max(0, v + f.rain_modifier) if v else 0
        out.append(Verified("FRV-TERRAIN", f"terrain {t}", f"crash when set back {v} (in the rain {rain}; 0: always), "
                            f"{f.time.left_seconds.get(t, '-')} s per square left"))
    return out


def wind(model: GameModel) -> list[Verified]:
    w = model.facts.wind
    costs = ", ".join(f"{d} {x.exhaustion} ({x.shelter})" for d, x in w.directions.items())
    rose = [w.directions[q].shelter for q in w.rose if q in w.directions]
    return [Verified("FRV-WIND", "wind rose", f"{len(w.rose)} quarters ({values(w.rose)}), each a wind of the table, "
                     "every wind on it", covers=("wind ",)),
            Verified("FRV-WIND", "wind", f"exhaustion falls from head to tail wind: {costs}"),
            Verified("FRV-WIND-WAY", "wind rose", f"the first quarter is the headwind ({rose[0] if rose else '-'} "
                     f"shelter), the opposite one the tailwind")]


def ghosts(model: GameModel) -> list[Verified]:
    f, out = model.facts, []
    for name, p in f.profiles.items():
        split = C.ghost_split(list(p.values), f.ghosts)
        out.append(Verified("FRV-GHOST", f"profile {name}", "the behaviours share out "
                            f"{values(sorted(set(p.values)))} once each: "
                            + "; ".join(f"{b} {values(vs)}" for b, vs in split.items())))
    for name, g in f.ghosts.items():
        out.append(Verified("FRV-GHOST", f"ghost {name}", f"draws {g.draw}, within a hand of {f.hand}"))
    return out


def tokens(model: GameModel) -> list[Verified]:
    f = model.facts

    def size(deck_id: str, kind: str | None = None, card: str | None = None) -> int:
        d = C.deck(model, deck_id)
        return sum(c.qty for c in (d.cards if d else ()) if (kind is None or c.kind == kind)
                   and (card is None or c.id == card))

    out = [Verified("FRV-TOKENS", deck_id, f"{size(deck_id)} pieces for up to {f.max_riders} riders")
           for deck_id in ("musettes", "statuts")]
    out += [Verified("FRV-TOKENS", f"ghost {name}", f"{size('fantomes', 'ghost', name)} markers for up to "
                     f"{f.max_ghosts} ghosts at {f.players.min} players") for name in f.ghosts]
    out += [Verified("FRV-TOKENS", kind, "exactly one") for kind in ("weather-marker", "wind-arrow")]
    out.append(Verified("FRV-TOKENS", "steep overlays", f"{size('pourcentages')} printed, as steep.overlays"))
    return out


def tile(model: GameModel) -> list[Verified]:
    f, r = model.facts, model.facts.roundabout
    return [Verified("FRV-TILE", "roundabout", f"{r.short} + {r.long} = {r.squares} squares, the short lane "
                     f"{r.short_lane}"),
            Verified("FRV-TILE", f"board {f.tile.board}", f"lanes of {r.short} and {r.long} squares of "
                     f"{f.tile.square_mm:g} mm, {f.tile.lane_mm:g} mm wide, on a half-round tile"),
            Verified("FRV-TILE", "steep overlays", f"{f.tile.square_mm:g} x {2 * f.tile.lane_mm:g} mm, a square of "
                     "the track")]


def sheets(model: GameModel) -> list[Verified]:
    f, s = model.facts, model.facts.score_sheets
    out = [Verified("FRV-SHEETS", key, f"score sheet '{getattr(s, key)}' in deck feuilles")
           for key in ("grand_tour", "time_trial", "world_cup")]
    out += [Verified("FRV-SHEETS", "rows", f"{s.rows} rows for up to {f.max_riders} riders",
                     covers=("card feuilles/",)),
            Verified("FRV-SHEETS", "feuilles", "printed single-sided"),
            Verified("FRV-SHEETS", "classifications", f"{len(f.classifications)} classifications, all different")]
    return out


def manifest(model: GameModel) -> list[Verified]:
    return [Verified("FRV-MANIFEST", key, f"{want} in the data, as rules.yaml lists")
            for key, want in model.facts.components.items()]


def identity(model: GameModel) -> list[Verified]:
    f = model.facts
    base = [n for n, p in f.profiles.items() if p.printed == "none"]
    return [Verified("FRV-IDENTITY", "game", f"house rules for {f.base_game}"),
            Verified("FRV-IDENTITY", "players",
                     f"{f.players.min} to {f.players.max} players for {len(f.teams)} teams")] \
        + [Verified("FRV-IDENTITY", f"profile {n}", "the base game's deck, not printed") for n in base]


FIGURES = {C.profiles: profiles, C.attack_cards: attack_cards, C.form_decks: form_decks, C.exhaustion: exhaustion,
           C.mountain: mountain, C.weather: weather, C.terrains: terrains, C.wind: wind, C.ghosts: ghosts,
           C.tokens: tokens, C.tile: tile, C.sheets: sheets, C.manifest: manifest, C.identity: identity}
"""Each rules check of checks.py -> what it verified."""
