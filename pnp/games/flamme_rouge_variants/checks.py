"""The checks of the Flamme Rouge variants: pure functions model -> findings, rule ids FRV-...

Categories (DESIGN.md): deck compositions and counts against the rules (climber deck, sprinteur
replacements, attack cards, form decks, exhaustion), tokens against riders (supply and demand),
tables that follow a stated generator (mountain points), monotonic point scales, completeness of the
lookup tables (weather die faces, terrains, wind directions and the rose), the roundabout tile and the
overlays at the size of the track, the score sheets against the classifications, the box list, the
identity. Designer decisions are listed as questions by pnp.check.

Each check returns a Checked (pnp.check.checked): its findings, and what it verified with the figures
it compared (``pnp check --all``); a claim is cancelled by a finding of its rule on its component.
"""

from __future__ import annotations

from collections import Counter

from pnp.check.checked import Checked, listing
from pnp.check.findings import Finding, error, warning
from pnp.model.game_model import GameModel

WEATHER_EFFECTS = {"cold", "none", "hot"}
SHEET_KINDS = {"grand-tour-stage", "grand-tour-overall", "time-trial", "world-cup"}
GHOST_VALUES = ("top", "bottom", "middle")


# --- helpers shared with the booklet context and the faces

def deck(model: GameModel, deck_id: str):
    return next((d for d in model.decks if d.id == deck_id), None)


def mountain_row(length: int) -> list[int]:
    """The generator of the mountain table: the climb's length, then halved (integer) down to 1."""
    out, v = [], length
    while v >= 1:
        out.append(v)
        if v == 1:
            break
        v //= 2
    return out


def ghost_split(values: list[int], ghosts: dict) -> dict[str, list[int]]:
    """The distinct values of a deck that make each ghost behaviour (top, bottom, middle)."""
    distinct = sorted(set(values))
    out: dict[str, list[int]] = {}
    for name, g in ghosts.items():
        if g.values == "top":
            out[name] = distinct[len(distinct) - g.count:]
        elif g.values == "bottom":
            out[name] = distinct[:g.count]
        else:
            mid = (len(distinct) - g.count) // 2
            out[name] = distinct[mid:mid + g.count]
    return out


def _spread(counts: Counter) -> str:
    """``2 x3, 3 x3``: the values of a deck with their copies."""
    return ", ".join(f"{v} x{n}" for v, n in sorted(counts.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))


# --- decks

def profiles(model: GameModel) -> list[Finding]:
    """FRV-DECK-PROFILE: every printed energy deck holds, per team, the values the rules give: the climber
    deck in full, the sprinteur deck as the cards that turn the base deck into the variant one."""
    f, out = model.facts, Checked()
    sizes = sorted({q.size for q in f.profiles.values()})
    for name, p in f.profiles.items():
        where = model.sources.rule("profiles", name)
        if p.printed == "none":
            continue
        before = len(out)
        d = deck(model, p.deck)
        if d is None:
            out.append(error("FRV-DECK-PROFILE", f"profile {name}", f"no deck '{p.deck}' in decks.yaml", where))
            continue
        if p.printed == "deck":
            want = Counter({v: p.copies for v in p.values})
        else:
            if len(p.base_values) != len(p.values):
                out.append(error("FRV-DECK-PROFILE", f"profile {name}", "the base and variant decks do not have "
                                 "the same number of values", where))
            want = Counter({v: p.copies for v in p.values}) - Counter({v: p.copies for v in p.base_values})
        for team in f.teams:
            have = Counter()
            for c in d.cards:
                if c.colour == team:
                    have[c.value] += c.qty
            if have != want:
                out.append(error("FRV-DECK-PROFILE", f"deck {d.id} ({team})", f"holds {dict(sorted(have.items()))}, "
                                 f"the rules give {dict(sorted(want.items()))}", where))
        stray = [c for c in d.cards if c.colour not in f.teams]
        for c in stray:
            out.append(error("FRV-DECK-PROFILE", f"card {d.id}/{c.id}", f"colour '{c.colour}' is not a team",
                             model.card_location(d, c)))
        for v in p.cap_exempt:
            if v not in p.values or v <= f.mountain_cap:
                out.append(error("FRV-DECK-PROFILE", f"profile {name}", f"{v} is exempt from the climbs' cap of "
                                 f"{f.mountain_cap}, so it must be a value of the deck above the cap", where))
        if len(sizes) > 1:
            out.append(warning("FRV-DECK-PROFILE", f"profile {name}", f"decks of different sizes {sizes}",
                               where))
            break
        if len(out) == before:
            what = ("the whole deck" if p.printed == "deck"
                    else f"the cards that turn {listing(p.base_values)} into {listing(p.values)}")
            out.ok("FRV-DECK-PROFILE", f"profile {name}", f"deck {d.id}: {_spread(want)} per team in "
                   f"{len(f.teams)} colours, {what}; decks of {listing(sizes)} cards"
                   + (f"; {listing(p.cap_exempt)} above the climbs' cap of {f.mountain_cap}" if p.cap_exempt else ""),
                   where=where)
    return out


def attack_cards(model: GameModel) -> list[Finding]:
    """FRV-DECK-ATTACK: one attack card per rider deck, for the most riders a team fields, in every colour."""
    f = model.facts
    d = deck(model, f.attack.deck)
    where = model.sources.rule("attack")
    if d is None:
        return [error("FRV-DECK-ATTACK", "attack", f"no deck '{f.attack.deck}' in decks.yaml", where)]
    r = f.riders_per_team
    want = f.attack.per_rider_deck * max(r.race, r.grand_tour, r.world_cup)
    out = Checked()
    for team in f.teams:
        n = sum(c.qty for c in d.cards if c.colour == team and c.kind == "attack")
        if n != want:
            out.append(error("FRV-DECK-ATTACK", f"team {team}", f"{n} attack cards, a team of up to "
                             f"{max(r.race, r.grand_tour, r.world_cup)} riders needs {want}", where))
    out.verified("FRV-DECK-ATTACK", "attack", f"{want} attack cards per team in {len(f.teams)} colours: "
                 f"{f.attack.per_rider_deck} per rider deck for teams of up to "
                 f"{max(r.race, r.grand_tour, r.world_cup)} riders", where=where)
    return out


def form_decks(model: GameModel) -> list[Finding]:
    """FRV-FORM: every team has the form deck the rules list (12 cards: 2 x 5, 4 x 4, 6 x 3), and a team
    has enough form cards for every event of a World Cup when each card is used at most twice."""
    f, wc = model.facts, model.facts.world_cup
    d = deck(model, wc.form.deck)
    where = model.sources.rule("world_cup", "form")
    if d is None:
        return [error("FRV-FORM", "form", f"no deck '{wc.form.deck}' in decks.yaml", where)]
    want = Counter(wc.form.values)
    out = Checked()
    for team in f.teams:
        have = Counter()
        for c in d.cards:
            if c.colour == team:
                have[c.value] += c.qty
        if have != want:
            out.append(error("FRV-FORM", f"team {team}", f"form deck {dict(sorted(have.items()))}, the rules list "
                             f"{dict(sorted(want.items()))}", where))
    if len(wc.form.values) < f.world_cup_entered:
        out.append(error("FRV-FORM", "form", f"{len(wc.form.values)} form cards for {f.world_cup_entered} entered "
                         "riders", where))
    out.verified("FRV-FORM", "form", f"{len(wc.form.values)} form cards per team ({_spread(want)}) in {len(f.teams)} "
                 f"colours, as rules.yaml lists; {f.world_cup_entered} entered riders a team", where=where)
    return out


def exhaustion(model: GameModel) -> list[Finding]:
    """FRV-DECK-EXHAUSTION: the printed exhaustion cards are worth the base game's exhaustion value and
    number per_team per team."""
    f = model.facts
    d = deck(model, f.exhaustion.deck)
    where = model.sources.rule("exhaustion")
    if d is None:
        return [error("FRV-DECK-EXHAUSTION", "exhaustion", f"no deck '{f.exhaustion.deck}'", where)]
    out = Checked()
    for c in d.cards:
        if c.value != f.exhaustion_value:
            out.append(error("FRV-DECK-EXHAUSTION", f"card {d.id}/{c.id}", f"worth {c.value}, exhaustion cards are "
                             f"worth {f.exhaustion_value}", model.card_location(d, c)))
    if d.size != f.exhaustion.per_team * len(f.teams):
        out.append(error("FRV-DECK-EXHAUSTION", "exhaustion", f"{d.size} cards, the rules give {f.exhaustion.per_team} "
                         f"per team for {len(f.teams)} teams", where))
    out.verified("FRV-DECK-EXHAUSTION", "exhaustion", f"{d.size} cards worth {f.exhaustion_value}: "
                 f"{f.exhaustion.per_team} per team for {len(f.teams)} teams", where=where)
    return out


# --- tables

def mountain(model: GameModel) -> list[Finding]:
    """FRV-MOUNTAIN-GEN: every row of the mountain table follows the generator (the length, halved down to 1),
    the lengths run without a gap, and the black square's bonus is the same in both places rules.yaml
    gives it (mountain.steep_bonus for the tables, steep.mountain_bonus for the overlays and the text)."""
    m, out = model.facts.mountain, Checked()
    where = model.sources.rule("mountain", "lengths")
    if m.steep_bonus != model.facts.steep.mountain_bonus:
        out.append(error("FRV-MOUNTAIN-GEN", "steep bonus", f"mountain.steep_bonus is {m.steep_bonus} but "
                         f"steep.mountain_bonus is {model.facts.steep.mountain_bonus}: the tables and the overlays "
                         "would print different bonuses", model.sources.rule("mountain", "steep_bonus")))
    for length, row in m.lengths.items():
        if list(row) != mountain_row(length):
            out.append(error("FRV-MOUNTAIN-GEN", f"climb of {length}", f"{list(row)}, the rule gives "
                             f"{mountain_row(length)}", where))
    keys = sorted(m.lengths)
    if keys and keys != list(range(keys[0], keys[-1] + 1)):
        out.append(error("FRV-MOUNTAIN-GEN", "mountain", f"climb lengths {keys} have gaps", where))
    if keys:
        out.verified("FRV-MOUNTAIN-GEN", "mountain", f"{len(keys)} climb lengths {keys[0]} to {keys[-1]} without a "
                     f"gap, each row the length halved down to 1 (e.g. {keys[-1]}: {listing(mountain_row(keys[-1]))})",
                     where=where)
    out.ok("FRV-MOUNTAIN-GEN", "steep bonus", f"mountain.steep_bonus = steep.mountain_bonus = {m.steep_bonus}",
           where=model.sources.rule("mountain", "steep_bonus"))
    return out


# FRV-SCALE (point and bonus scales fall strictly and stay above 0; a World Cup place per starter) is
# declared under checks: in rules.yaml (pnp.check.declared).


def weather(model: GameModel) -> list[Finding]:
    """FRV-WEATHER: every face of the d6 moves the weather by -1, 0 or +1; every level of the scale has an
    effect; the start lies on the scale."""
    w, out = model.facts.weather, Checked()
    where = model.sources.rule("weather")
    missing = sorted(set(range(1, 7)) - set(w.die))
    if missing or set(w.die) - set(range(1, 7)):
        out.append(error("FRV-WEATHER", "weather die", f"faces 1 to 6 must each be mapped (missing {missing})", where))
    if any(v not in (-1, 0, 1) for v in w.die.values()):
        out.append(error("FRV-WEATHER", "weather die", "a face moves the weather by more than one step", where))
    levels = set(range(w.min, w.max + 1))
    if set(w.effects) != levels:
        out.append(error("FRV-WEATHER", "weather effects", f"levels {sorted(w.effects)}, the scale is "
                         f"{w.min} to {w.max}", where))
    bad = sorted(set(w.effects.values()) - WEATHER_EFFECTS)
    if bad:
        out.append(error("FRV-WEATHER", "weather effects", f"unknown effects {bad} (known: {sorted(WEATHER_EFFECTS)})",
                         where))
    if not w.min <= w.start <= w.max:
        out.append(error("FRV-WEATHER", "weather start", f"{w.start} is off the scale {w.min} to {w.max}", where))
    steps = Counter(w.die.values())
    out.ok("FRV-WEATHER", "weather die", f"faces {min(w.die, default='-')} to {max(w.die, default='-')} each mapped, "
           "steps " + ", ".join(f"{s:+d} x{n}" if s else f"0 x{n}" for s, n in sorted(steps.items())),
           where=model.sources.rule("weather", "die"))
    out.ok("FRV-WEATHER", "weather effects", f"levels {w.min} to {w.max} each with an effect ("
           + ", ".join(f"{k}: {v}" for k, v in sorted(w.effects.items())) + ")",
           where=model.sources.rule("weather", "effects"))
    out.ok("FRV-WEATHER", "weather start", f"{w.start} on the scale {w.min} to {w.max}",
           where=model.sources.rule("weather", "start"))
    return out


def terrains(model: GameModel) -> list[Finding]:
    """FRV-TERRAIN: every terrain has a crash threshold and a time per square left; rain never makes a
    threshold negative; descents crash at once (0)."""
    f, out = model.facts, Checked()
    crash, left = set(f.crash_thresholds), set(f.time.left_seconds)
    for t in sorted(crash ^ left):
        where = model.sources.rule("crash_thresholds" if t not in crash else "time", *(() if t not in crash else ()))
        out.append(error("FRV-TERRAIN", f"terrain {t}", "needs both a crash threshold and seconds per square left",
                         where))
    for t, v in f.crash_thresholds.items():
        if v < 0 or (v > 0 and v + f.rain_modifier < 0):
            out.append(error("FRV-TERRAIN", f"terrain {t}", f"threshold {v} with rain {f.rain_modifier} falls below 0",
                             model.sources.rule("crash_thresholds", t)))
    if f.crash_thresholds.get("descente", 0) != 0:
        out.append(error("FRV-TERRAIN", "terrain descente", "a blocked rider on a descent always crashes (0)",
                         model.sources.rule("crash_thresholds")))
    for t, v in f.crash_thresholds.items():
        rain = max(0, v + f.rain_modifier) if v else 0
        out.ok("FRV-TERRAIN", f"terrain {t}", f"crash when set back {v} (in the rain {rain}; 0: always), "
               f"{f.time.left_seconds.get(t, '-')} s per square left", where=model.sources.rule("crash_thresholds", t))
    return out


def wind(model: GameModel) -> list[Finding]:
    """FRV-WIND: every quarter of the rose names a wind of the table, every wind is on the rose, and more
    shelter-breaking wind costs more (head >= side >= tail)."""
    w, out = model.facts.wind, Checked()
    where = model.sources.rule("wind")
    for q in w.rose:
        if q not in w.directions:
            out.append(error("FRV-WIND", "wind rose", f"quarter '{q}' is not a wind of the table", where))
    for d in w.directions:
        if d not in w.rose:
            out.append(error("FRV-WIND", f"wind {d}", "never comes up on the rose", where))
    if len(w.rose) not in (4, 8):
        out.append(error("FRV-WIND", "wind rose", f"{len(w.rose)} sectors: use 4 or 8", where))
    costs = {d.shelter: d.exhaustion for d in w.directions.values()}
    if not costs.get("front", 0) >= costs.get("side", 0) >= costs.get("none", 0):
        out.append(warning("FRV-WIND", "wind", f"exhaustion {costs} does not fall from head to tail wind", where))
    out += wind_from_ahead(w, where)
    out.ok("FRV-WIND", "wind rose", f"{len(w.rose)} quarters ({listing(w.rose)}), each a wind of the table",
           where=model.sources.rule("wind", "rose"))
    out.ok("FRV-WIND", "wind", "exhaustion falls from head to tail wind: "
           + ", ".join(f"{d} {x.exhaustion} ({x.shelter})" for d, x in w.directions.items()), where=where)
    for d in w.directions:
        out.ok("FRV-WIND", f"wind {d}", "on the rose", where=model.sources.rule("wind", "directions", d))
    out.ok("FRV-WIND-WAY", "wind rose", f"the first quarter ({w.rose[0] if w.rose else '-'}) is the headwind, the "
           "opposite one the tailwind", where=model.sources.rule("wind", "rose"))
    return out


def wind_from_ahead(w, where) -> list[Finding]:
    """FRV-WIND-WAY: the rose lists the wind by where it comes from, from the race's way: its first quarter
    is the headwind (front shelter), the opposite one the tailwind (none). The rose is drawn turned round
    (the marker's point shows where the wind goes), so a rose in the other sense prints head and tail
    swapped."""
    rose = [w.directions[q].shelter for q in w.rose if q in w.directions]
    if len(rose) != len(w.rose) or len(rose) % 2:
        return []
    if rose[0] != "front" or rose[len(rose) // 2] != "none":
        return [error("FRV-WIND-WAY", "wind rose", f"the quarters {list(w.rose)} do not start with the wind from "
                      "ahead (headwind) and have the tailwind opposite it", where)]
    return []


def ghosts(model: GameModel) -> list[Finding]:
    """FRV-GHOST: the three behaviours share out the distinct values of every deck a ghost may race with,
    without overlap and leaving none out; ghosts draw no more than a hand."""
    f, out = model.facts, Checked()
    where = model.sources.rule("ghosts")
    for name, p in f.profiles.items():
        split = ghost_split(list(p.values), f.ghosts)
        covered = [v for vs in split.values() for v in vs]
        if sorted(covered) != sorted(set(p.values)):
            out.append(warning("FRV-GHOST", f"profile {name}", f"behaviours take values {split} of "
                               f"{sorted(set(p.values))}: some values overlap or are left out", where))
        out.ok("FRV-GHOST", f"profile {name}", f"the behaviours share out {listing(sorted(set(p.values)))} once each: "
               + "; ".join(f"{b} {listing(vs)}" for b, vs in split.items()), where=where)
    for name, g in f.ghosts.items():
        if g.draw > f.hand:
            out.append(error("FRV-GHOST", f"ghost {name}", f"draws {g.draw}, more than a hand of {f.hand}", where))
        out.ok("FRV-GHOST", f"ghost {name}", f"draws {g.draw}, within a hand of {f.hand}",
               where=model.sources.rule("ghosts", name))
    return out


def tokens(model: GameModel) -> list[Finding]:
    """FRV-TOKENS: supply against demand: a musette and a status marker per rider, ghost markers for every
    ghost in each behaviour, one weather marker and one wind arrow."""
    f, out = model.facts, Checked()
    riders, ghosts_n = f.max_riders, f.max_ghosts

    def size(deck_id: str, kind: str | None = None, card: str | None = None) -> int:
        d = deck(model, deck_id)
        if d is None:
            return 0
        return sum(c.qty for c in d.cards if (kind is None or c.kind == kind) and (card is None or c.id == card))

    for deck_id, need in (("musettes", riders), ("statuts", riders)):
        have = size(deck_id)
        if have < need:
            out.append(error("FRV-TOKENS", deck_id, f"{have} pieces for up to {riders} riders",
                             model.sources.component(f"deck:{deck_id}")))
    for name in f.ghosts:
        have = size("fantomes", "ghost", name)
        if have < ghosts_n:
            out.append(error("FRV-TOKENS", f"ghost {name}", f"{have} markers; with {f.players.min} players up to "
                             f"{ghosts_n} ghosts may take this behaviour", model.sources.component("deck:fantomes")))
    for kind in ("weather-marker", "wind-arrow"):
        if size("marqueurs", kind) != 1:
            out.append(error("FRV-TOKENS", kind, "the kit needs exactly one", model.sources.component("deck:marqueurs")))
    if size("pourcentages") != f.steep.overlays:
        out.append(error("FRV-TOKENS", "steep overlays", f"{size('pourcentages')} printed, the rules give "
                         f"{f.steep.overlays}", model.sources.rule("steep", "overlays")))
    for deck_id in ("musettes", "statuts"):
        out.ok("FRV-TOKENS", deck_id, f"{size(deck_id)} pieces for up to {riders} riders",
               where=model.sources.component(f"deck:{deck_id}"))
    for name in f.ghosts:
        out.ok("FRV-TOKENS", f"ghost {name}", f"{size('fantomes', 'ghost', name)} markers for up to {ghosts_n} "
               f"ghosts at {f.players.min} players", where=model.sources.component("deck:fantomes"))
    for kind in ("weather-marker", "wind-arrow"):
        out.ok("FRV-TOKENS", kind, "exactly one", where=model.sources.component("deck:marqueurs"))
    out.ok("FRV-TOKENS", "steep overlays", f"{size('pourcentages')} printed, as steep.overlays",
           where=model.sources.rule("steep", "overlays"))
    return out


def tile(model: GameModel) -> list[Finding]:
    """FRV-TILE: the roundabout tile has two lanes of `short` and `long` squares making `squares`; it and the
    steep overlays are at the size of the track (square_mm, lane_mm); the tile's board draws its lanes as the
    rules say (its options lane_mm and short_lane)."""
    f, r, out = model.facts, model.facts.roundabout, Checked()
    where = model.sources.rule("roundabout")
    if r.short + r.long != r.squares or r.short >= r.long:
        out.append(error("FRV-TILE", "roundabout", f"{r.short} + {r.long} squares must make {r.squares}, the short "
                         "side first", where))
    board = next((b for b in model.boards if b.id == f.tile.board), None)
    if board is None or not board.sides:
        out.append(error("FRV-TILE", "roundabout", f"no board '{f.tile.board}' in boards.yaml",
                         model.sources.rule("tile", "board")))
    else:
        side = board.sides[0]
        inner, outer = (1, 2) if r.short_lane == "inner" else (2, 1)
        per_lane = {lane: sum(1 for c in range(1, side.columns + 1) if side.is_road(c, lane))
                    for lane in range(1, side.lanes + 1)}
        if side.lanes != 2 or per_lane.get(inner) != r.short or per_lane.get(outer) != r.long:
            out.append(error("FRV-TILE", f"board {board.id}", f"squares per lane {per_lane}, the rules give "
                             f"{r.short} on the {r.short_lane} lane and {r.long} on the other",
                             model.sources.component(f"board:{board.id}")))
        if side.square_mm != f.tile.square_mm:
            out.append(error("FRV-TILE", f"board {board.id}", f"squares of {side.square_mm:g} mm, the track's are "
                             f"{f.tile.square_mm:g} mm", model.sources.component(f"board:{board.id}")))
        for option, want in (("lane_mm", f.tile.lane_mm), ("short_lane", r.short_lane)):
            given = board.options.get(option)
            if given != want:
                rule = "tile.lane_mm" if option == "lane_mm" else "roundabout.short_lane"
                out.append(error("FRV-TILE", f"board {board.id}", f"options: {option} is {given!r}, the rules give "
                                 f"{want!r} (rules.yaml, {rule})", model.sources.component(f"board:{board.id}")))
        if board.width_mm and board.height_mm:
            radius = board.width_mm
            if board.height_mm != 2 * radius or radius < 2 * f.tile.lane_mm + 10:
                out.append(error("FRV-TILE", f"board {board.id}", f"{board.width_mm:g} x {board.height_mm:g} mm is not "
                                 f"a half-round tile holding two lanes of {f.tile.lane_mm:g} mm",
                                 model.sources.component(f"board:{board.id}")))
    d = deck(model, "pourcentages")
    if d is not None:
        from pnp.layout.paper import card_size

        size = card_size(d.card_size or model.info.card_size)
        if (size.w, size.h) != (f.tile.square_mm, 2 * f.tile.lane_mm):
            out.append(error("FRV-TILE", "steep overlays", f"{size.w:g} x {size.h:g} mm, a square of the track is "
                             f"{f.tile.square_mm:g} x {2 * f.tile.lane_mm:g} mm", model.sources.component("deck:pourcentages")))
    out.ok("FRV-TILE", "roundabout", f"{r.short} + {r.long} = {r.squares} squares, the short lane {r.short_lane}",
           where=where)
    out.ok("FRV-TILE", f"board {f.tile.board}", f"lanes of {r.short} and {r.long} squares of {f.tile.square_mm:g} mm, "
           f"{f.tile.lane_mm:g} mm wide, on a half-round tile", where=model.sources.component(f"board:{f.tile.board}"))
    out.ok("FRV-TILE", "steep overlays", f"{f.tile.square_mm:g} x {2 * f.tile.lane_mm:g} mm, a square of the track",
           where=model.sources.component("deck:pourcentages"))
    return out


def sheets(model: GameModel) -> list[Finding]:
    """FRV-SHEETS: a score sheet for the Grand Tour, the time trials and the World Cup, each with a row for
    every rider; the sheets are printed on one side (they are written on)."""
    f, s, out = model.facts, model.facts.score_sheets, Checked()
    d = deck(model, "feuilles")
    where = model.sources.rule("score_sheets")
    ids = {c.id: c for c in d.cards} if d else {}
    for key in ("grand_tour", "time_trial", "world_cup"):
        if getattr(s, key) not in ids:
            out.append(error("FRV-SHEETS", key, f"no score sheet '{getattr(s, key)}' in deck feuilles", where))
    for c in ids.values():
        if c.kind not in SHEET_KINDS:
            out.append(error("FRV-SHEETS", f"card feuilles/{c.id}", f"unknown sheet kind '{c.kind}'",
                             model.card_location(d, c)))
    if s.rows < f.max_riders:
        out.append(error("FRV-SHEETS", "rows", f"{s.rows} rows for up to {f.max_riders} riders", where))
    if d is not None and not d.single_sided:
        out.append(warning("FRV-SHEETS", "feuilles", "score sheets are written on: print them single-sided",
                           model.sources.component("deck:feuilles")))
    if len(f.classifications) != 6 or len(set(f.classifications)) != len(f.classifications):
        out.append(error("FRV-SHEETS", "classifications", f"{list(f.classifications)}: the Grand Tour has six",
                         model.sources.rule("classifications")))
    for key in ("grand_tour", "time_trial", "world_cup"):
        out.ok("FRV-SHEETS", key, f"score sheet '{getattr(s, key)}' in deck feuilles", where=where)
    if not any(x.component.startswith("card feuilles/") for x in out):
        out.ok("FRV-SHEETS", "rows", f"{s.rows} rows for up to {f.max_riders} riders", where=where)
    out.ok("FRV-SHEETS", "feuilles", "printed single-sided", where=model.sources.component("deck:feuilles"))
    out.ok("FRV-SHEETS", "classifications", f"{len(f.classifications)} classifications, all different",
           where=model.sources.rule("classifications"))
    return out


def manifest(model: GameModel) -> list[Finding]:
    """FRV-MANIFEST: the box list of rules.yaml agrees with the printed decks and pieces."""
    f, out = model.facts, Checked()
    for key, want in f.components.items():
        d = deck(model, key)
        have = d.size if d else 0
        if have != want:
            out.append(error("FRV-MANIFEST", key, f"the data holds {have}, the rules list {want}",
                             model.sources.rule("components", key)))
        out.ok("FRV-MANIFEST", key, f"{have} in the data, as rules.yaml lists",
               where=model.sources.rule("components", key))
    return out


def identity(model: GameModel) -> list[Finding]:
    """FRV-IDENTITY: the kit is house rules for a named base game, and prints none of the base game's decks."""
    f, out = model.facts, Checked()
    if model.info.nature != "house-rules":
        out.append(error("FRV-IDENTITY", "game", f"nature '{model.info.nature}': these are house rules",
                         model.sources.rule("base_game")))
    if not f.base_game:
        out.append(error("FRV-IDENTITY", "game", "name the base game", model.sources.rule("base_game")))
    for name, p in f.profiles.items():
        if p.printed == "none" and p.deck and deck(model, p.deck) is not None:
            out.append(error("FRV-IDENTITY", f"profile {name}", "the base game's deck is printed",
                             model.sources.rule("profiles", name)))
    if not f.players.min <= len(f.teams) or f.players.max > len(f.teams):
        out.append(error("FRV-IDENTITY", "players", f"{f.players.min}-{f.players.max} players for {len(f.teams)} "
                         "teams", model.sources.rule("players")))
    out.ok("FRV-IDENTITY", "game", f"house rules for {f.base_game}", where=model.sources.rule("base_game"))
    out.ok("FRV-IDENTITY", "players", f"{f.players.min} to {f.players.max} players for {len(f.teams)} teams",
           where=model.sources.rule("players"))
    for name, p in f.profiles.items():
        if p.printed == "none":
            out.ok("FRV-IDENTITY", f"profile {name}", "the base game's deck, not printed",
                   where=model.sources.rule("profiles", name))
    return out


CHECKS = (profiles, attack_cards, form_decks, exhaustion, mountain, weather, terrains, wind, ghosts, tokens,
          tile, sheets, manifest, identity)


def check(model: GameModel) -> list[Finding]:
    """Run every Flamme Rouge variants check on ``model``."""
    return [finding for rule in CHECKS for finding in rule(model)]
