"""Every Maillot Jaune check: pure functions model -> findings, each with a stable rule id.

Categories (DESIGN.md): component parity, the box list, the course and its terrain balance, the
board against the rules, rider profiles against the promise of equal chances, completeness and
monotony of the dice table, gauges, the terrain-change tactic, players and jerseys.
MJ-DICE-MONOTONIC (every row of the dice table rises) is declared under ``checks:`` in rules.yaml.
"""

from __future__ import annotations

from collections import Counter

from pnp.check.findings import Finding, error, warning
from pnp.games.maillot_jaune.facts import PUNCTURE, outcome_key, outcomes
from pnp.check.checked import Checked, Record, verified_by
from pnp.model.game_model import GameModel

RIDER_DECK = "coureurs"
PIECES = {"needle": "energy_needles", "form-track": "form_tracks", "form-marker": "form_markers"}
"""Card kinds that come one per rider, and the box-list entry that counts them."""


def _side(model: GameModel):
    return next((s for b in model.boards for s in b.sides), None)


def _per_rider(model: GameModel, kind: str) -> Counter:
    return Counter(c.rider for d in model.decks for c, _ in d.copies() if c.kind == kind)


# --- parity and the box list

def parity(model: GameModel) -> list[Finding]:
    """MJ-PARITY: one rider card, one energy needle, one form track and one form marker per rider,
    one standee per rider, and exactly the yellow-jersey standees the rules list."""
    out, pieces = Checked(), 0
    for kind in ("rider", *PIECES):
        counts = _per_rider(model, kind)
        pieces += sum(counts.values())
        for rider in model.riders:
            if counts.get(rider.id, 0) != 1:
                out.append(error("MJ-PARITY", f"rider {rider.id}", f"{counts.get(rider.id, 0)} piece(s) of kind "
                                 f"'{kind}' for this rider; the game needs exactly one",
                                 model.sources.component(f"rider:{rider.id}")))
        for rider_id in sorted(set(counts) - {r.id for r in model.riders}):
            out.append(error("MJ-PARITY", f"kind {kind}", f"a piece of kind '{kind}' names '{rider_id}', "
                             "which is no rider", model.sources.rule("riders")))
    plain = Counter(s.rider for s in model.standees if s.rider and not s.wearing)
    for rider in model.riders:
        if plain.get(rider.id, 0) != 1:
            out.append(error("MJ-PARITY", f"rider {rider.id}", f"{plain.get(rider.id, 0)} standee(s) for this "
                             "rider; each rider needs exactly one", model.sources.component(f"rider:{rider.id}")))
    out.verified("MJ-PARITY", "riders", f"{len(model.riders)} riders, each with one piece of every kind "
                 f"({', '.join(('rider', *PIECES))}) and one standee: {pieces} pieces, "
                 f"{sum(plain.values())} standees")
    return out


def manifest(model: GameModel) -> list[Finding]:
    """MJ-MANIFEST: the box list of rules.yaml agrees with the components in the data."""
    c, facts = model.facts.components, model.facts
    award = next((j.id for j in model.jerseys if j.award), "")
    actual = {
        "rider_cards": sum(1 for d in model.decks for x, _ in d.copies() if x.kind == "rider"),
        "standees": len(model.standees),
        "yellow_standees": sum(1 for s in model.standees if s.wearing == award and not s.rider),
        **{key: sum(1 for d in model.decks for x, _ in d.copies() if x.kind == kind) for kind, key in PIECES.items()},
    }
    out = Checked()
    for key, value in actual.items():
        expected = getattr(c, key)
        if value != expected:
            out.append(error("MJ-MANIFEST", key.replace("_", " "), f"the data holds {value}, the rules list "
                             f"{expected}", model.sources.rule("components", key)))
    if c.rider_cards != facts.riders:
        out.append(error("MJ-MANIFEST", "rider cards", f"{c.rider_cards} rider cards for {facts.riders} riders",
                         model.sources.rule("components", "rider_cards")))
    if c.standees != facts.riders + c.yellow_standees:
        out.append(error("MJ-MANIFEST", "standees", f"{c.standees} standees for {facts.riders} riders and "
                         f"{c.yellow_standees} yellow jersey", model.sources.rule("components", "standees")))
    if c.dice != facts.dice.count:
        out.append(error("MJ-MANIFEST", "dice", f"the box lists {c.dice} dice, the table is read with "
                         f"{facts.dice.count}", model.sources.rule("components", "dice")))
    out.verified("MJ-MANIFEST", "box list", "the data holds what the box lists: "
                 + ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in actual.items())
                 + f"; {c.rider_cards} rider cards for {facts.riders} riders, {c.standees} standees = "
                 f"{facts.riders} riders + {c.yellow_standees} yellow jersey, {c.dice} dice for the table")
    return out


def players(model: GameModel) -> list[Finding]:
    """MJ-PLAYERS: game.yaml and rules.yaml agree on the players, and each player has a rider."""
    a, b, out = model.info.players, model.facts.players, Checked()
    if (a.min, a.max) != (b.min, b.max):
        out.append(error("MJ-PLAYERS", "players", f"game.yaml says {a.min}-{a.max} players, rules.yaml "
                         f"{b.min}-{b.max}", model.sources.rule("players")))
    if b.max > model.facts.riders:
        out.append(error("MJ-PLAYERS", "players", f"up to {b.max} players but only {model.facts.riders} riders",
                         model.sources.rule("players")))
    if len(model.riders) != model.facts.riders:
        out.append(error("MJ-PLAYERS", "riders", f"{len(model.riders)} riders in riders.yaml, the rules race "
                         f"{model.facts.riders}", model.sources.rule("riders")))
    out.verified("MJ-PLAYERS", "players", f"{b.min}-{b.max} players in game.yaml and rules.yaml, a rider each "
                 f"among the {len(model.riders)} riders of riders.yaml")
    return out


def jersey(model: GameModel) -> list[Finding]:
    """MJ-JERSEY: one award jersey (the yellow jersey), one team jersey per rider."""
    out = Checked()
    awards = [j for j in model.jerseys if j.award]
    if len(awards) != 1:
        out.append(error("MJ-JERSEY", "yellow jersey", f"{len(awards)} jerseys marked 'award: true'; the race "
                         "has one leader's jersey", model.sources.rule("components", "yellow_standees")))
    per = Counter(j.rider for j in model.jerseys if j.rider)
    for rider in model.riders:
        if per.get(rider.id, 0) != 1:
            out.append(error("MJ-JERSEY", f"rider {rider.id}", f"{per.get(rider.id, 0)} team jerseys name this "
                             "rider; cards and figures need exactly one", model.sources.component(f"rider:{rider.id}")))
    out.verified("MJ-JERSEY", "jerseys", f"{len(awards)} award jersey ({', '.join(j.id for j in awards)}), "
                 f"{sum(per.values())} team jerseys, one for each of the {len(model.riders)} riders")
    return out


# --- the course and the board

def course(model: GameModel) -> list[Finding]:
    """MJ-COURSE: stages are two sections each, every section's terrain is known, stages of equal
    length, and each stage starts on the terrain the last one ended on (the circuit is closed)."""
    c, out = model.facts.course, Checked()
    where = model.sources.rule("course", "stages")
    for i, stage in enumerate(c.stages, 1):
        for t in stage:
            if t not in c.terrains:
                out.append(error("MJ-COURSE", f"stage {i}", f"unknown terrain '{t}'", where))
    lengths = {len(s) for s in c.stages}
    if len(lengths) > 1:
        out.append(error("MJ-COURSE", "stages", f"stages of {sorted(lengths)} sections: the rules make them "
                         "of equal length", where))
    for i in range(len(c.stages)):
        here, nxt = c.stages[i], c.stages[(i + 1) % len(c.stages)]
        if here and nxt and here[-1] != nxt[0]:
            out.append(warning("MJ-COURSE", f"stage {i + 1}", f"ends on {here[-1]} but stage "
                               f"{(i + 1) % len(c.stages) + 1} starts on {nxt[0]}: the circuit would change "
                               "terrain at a start line", where))
    out.verified("MJ-COURSE", "stages", f"{len(c.stages)} stages of {'/'.join(str(n) for n in sorted(lengths))} "
                 f"sections ({' | '.join(' > '.join(s) for s in c.stages)}) on the terrains "
                 f"{', '.join(c.terrains)}; each stage starts on the terrain the one before ends on")
    return out


def terrain_balance(model: GameModel) -> list[Finding]:
    """MJ-TERRAIN-BALANCE: as many sections (and squares) of each terrain, as the rules state; and
    the board's zones cover every square with the terrain the course gives it."""
    c, out = model.facts.course, Checked()
    counts = Counter(c.sections)
    if len({counts.get(t, 0) for t in c.terrains}) > 1:
        shown = ", ".join(f"{t} {counts.get(t, 0) * c.section_squares}" for t in c.terrains)
        out.append(error("MJ-TERRAIN-BALANCE", "course", f"squares per terrain are not equal ({shown}): the "
                         "star profiles would not give equal chances", model.sources.rule("course", "stages")))
    shown = ", ".join(f"{t} {counts.get(t, 0) * c.section_squares}" for t in c.terrains)
    side = _side(model)
    if side is None:
        out.verified("MJ-TERRAIN-BALANCE", "course", f"squares per terrain: {shown}")
        return out
    where = model.sources.component("board:" + next(b.id for b in model.boards))
    seen: dict[int, str] = {}
    for z in side.zones:
        for col in range(z.start, z.end + 1):
            if col in seen:
                out.append(error("MJ-TERRAIN-BALANCE", f"square {col}", "two zones give this square a terrain", where))
            seen[col] = z.terrain
    for col in range(1, side.columns + 1):
        want = c.terrain_of(col) if col <= c.squares else None
        if seen.get(col) != want:
            out.append(error("MJ-TERRAIN-BALANCE", f"square {col}", f"the board says {seen.get(col) or 'nothing'}, "
                             f"the course {want}", where))
            break
    out.verified("MJ-TERRAIN-BALANCE", "course", f"squares per terrain: {shown}; the board's {len(side.zones)} "
                 f"zones give each of its {side.columns} squares the course's terrain")
    return out


def board(model: GameModel) -> list[Finding]:
    """MJ-BOARD: the circuit has the course's squares and lanes, numbers its squares in the course's
    sections (its option section_squares), has a start line, a finish line at the end of every stage,
    and a start grid with a square per rider behind every stage's line."""
    facts, side, out = model.facts, _side(model), Checked()
    if side is None:
        return [error("MJ-BOARD", "board", "no board side", model.sources.rule("course"))]
    board = next(b for b in model.boards)
    where = model.sources.component("board:" + board.id)
    c = facts.course
    shown = board.options.get("section_squares")
    if shown != c.section_squares:
        out.append(error("MJ-BOARD", f"board {board.id}", f"numbers its squares in sections of {shown} "
                         f"(options: section_squares), the course's sections have {c.section_squares} squares "
                         "(rules.yaml, course.section_squares)", where))
    if side.columns != c.squares:
        out.append(error("MJ-BOARD", f"side {side.id}", f"{side.columns} squares on the circuit, the course has "
                         f"{len(c.sections)} sections of {c.section_squares} = {c.squares}", where))
    if side.lanes != c.lanes:
        out.append(error("MJ-BOARD", f"side {side.id}", f"{side.lanes} lanes, the rules say {c.lanes}", where))
    if [ln.column for ln in side.lines_of("start")] != [1]:
        out.append(error("MJ-BOARD", f"side {side.id}", "the start banner must stand before square 1", where))
    ends = sorted(ln.column for ln in side.lines_of("finish"))
    want = [c.stage_start(s + 1) for s in range(1, len(c.stages))] + [c.squares + 1]
    if ends != want:
        out.append(error("MJ-BOARD", f"side {side.id}", f"finish lines before squares {ends}; the stages end "
                         f"before squares {want}", where))
    grids = []
    for stage in range(1, len(c.stages) + 1):
        start = c.stage_start(stage)
        cols = {(start - 1 - r - 1) % c.squares + 1 for r in range(c.grid_rows)}
        grid = [s for s in side.marks("grid") if s.column in cols]
        grids.append(len(grid))
        if len(grid) < facts.riders:
            out.append(error("MJ-BOARD", f"stage {stage}", f"{len(grid)} grid squares behind the line for "
                             f"{facts.riders} riders", where))
        if sorted(s.number or 0 for s in grid) != list(range(1, len(grid) + 1)):
            out.append(error("MJ-BOARD", f"stage {stage}", "grid squares must be numbered 1, 2, 3... once each",
                             where))
    out.verified("MJ-BOARD", f"side {side.id}", f"{side.columns} squares numbered in sections of {shown}, "
                 f"{side.lanes} lanes; start before square 1, finish lines before squares "
                 f"{', '.join(str(e) for e in ends)}; grid squares behind each stage's line: "
                 f"{', '.join(str(n) for n in grids)} for {facts.riders} riders, numbered from 1")
    return out


STANDEE_BASE_MM = 25.0
"""A rider standee's base: every square of the circuit must hold one (MJ-D-LANES)."""


def board_square_size(model: GameModel) -> list[Finding]:
    """MJ-BOARD-SQUARE-SIZE: every square of the drawn circuit, bends included, is at least a
    standee base (25 mm) along its lane and across it, measured on the geometry the board is drawn
    from (pnp.layout.boards.circuit.square_sizes)."""
    from pnp.layout.boards.circuit import square_sizes

    out = Checked()
    for b in model.boards:
        if b.layout != "circuit":
            continue
        where = model.sources.component("board:" + b.id)
        for side in b.sides:
            sizes = square_sizes(side, *b.size_mm(side))
            (col, lane), (along, across) = min(sizes.items(), key=lambda kv: min(kv[1]))
            if min(along, across) < STANDEE_BASE_MM - 1e-6:
                small = sum(1 for a, c in sizes.values() if min(a, c) < STANDEE_BASE_MM - 1e-6)
                out.append(error("MJ-BOARD-SQUARE-SIZE", f"side {side.id}",
                                 f"{small} square(s) smaller than a {STANDEE_BASE_MM:g} mm standee base; the "
                                 f"smallest, square {col} lane {lane}, is {along:.1f} mm along the lane and "
                                 f"{across:.1f} mm across", where))
            out.verified("MJ-BOARD-SQUARE-SIZE", f"side {side.id}", f"{len(sizes)} squares, the smallest "
                         f"(square {col} lane {lane}) {along:.1f} mm along its lane and {across:.1f} mm across: "
                         f"each holds a {STANDEE_BASE_MM:g} mm standee base")
    return out


# --- riders

def stars_range(model: GameModel) -> list[Finding]:
    """MJ-STARS-RANGE: every rider has a profile rating every terrain, within the rules' stars."""
    facts, out = model.facts, Checked()
    profiles = {p.id: p for p in model.profiles}
    for rider in model.riders:
        where = model.sources.component(f"rider:{rider.id}")
        profile = profiles.get(rider.profile)
        if profile is None:
            out.append(error("MJ-STARS-RANGE", f"rider {rider.id}", "no star profile", where))
            continue
        for t in facts.course.terrains:
            n = profile.stars.get(t)
            if n is None or not facts.stars.min <= n <= facts.stars.max:
                out.append(error("MJ-STARS-RANGE", f"rider {rider.id}", f"{t}: {n} stars, the rules rate "
                                 f"{facts.stars.min} to {facts.stars.max}",
                                 model.sources.component(f"profile:{profile.id}")))
        for t in sorted(set(profile.stars) - set(facts.course.terrains)):
            out.append(error("MJ-STARS-RANGE", f"profile {profile.id}", f"unknown terrain '{t}'",
                             model.sources.component(f"profile:{profile.id}")))
    rated = [n for r in model.riders if r.profile in profiles for n in profiles[r.profile].stars.values()]
    out.verified("MJ-STARS-RANGE", "riders", f"{len(model.riders)} riders rated on {', '.join(facts.course.terrains)}"
                 f" from {min(rated, default=0)} to {max(rated, default=0)} stars, within the rules' "
                 f"{facts.stars.min} to {facts.stars.max}")
    return out


def _stars(model: GameModel) -> dict[str, dict[str, int]]:
    profiles = {p.id: p for p in model.profiles}
    return {r.id: dict(profiles[r.profile].stars) for r in model.riders if r.profile in profiles}


def stars_equal(model: GameModel) -> list[Finding]:
    """MJ-STARS-EQUAL: equal chances: every rider has the same total of stars (the rules' per_rider),
    since the circuit has as many squares of each terrain."""
    want, out = model.facts.stars.per_rider, Checked()
    table = _stars(model)
    for rider_id, stars in table.items():
        total = sum(stars.values())
        if total != want:
            out.append(error("MJ-STARS-EQUAL", f"rider {rider_id}", f"{total} stars in all, every rider needs "
                             f"{want} for equal chances", model.sources.component(f"rider:{rider_id}")))
    terrains = model.facts.course.terrains
    profiles = Counter(",".join(str(s.get(t, 0)) for t in terrains) for s in table.values())
    out.verified("MJ-STARS-EQUAL", "riders", f"{len(table)} riders, star sums {want} each; profiles "
                 f"({', '.join(terrains)}) " + " / ".join(f"{p} x{n}" for p, n in sorted(profiles.items())))
    return out


def stars_spread(model: GameModel) -> list[Finding]:
    """MJ-STARS-SPREAD: every terrain gets the same star total over the riders, and each rating is
    shared out alike on every terrain (no terrain where one rider alone is strong)."""
    facts, table, out = model.facts, _stars(model), Checked()
    if not table:
        return out
    where = model.sources.rule("stars")
    totals = {t: sum(s.get(t, 0) for s in table.values()) for t in facts.course.terrains}
    if len(set(totals.values())) > 1:
        out.append(warning("MJ-STARS-SPREAD", "profiles", "stars per terrain differ: "
                           + ", ".join(f"{t} {n}" for t, n in totals.items()), where))
    spreads = {t: tuple(sorted(Counter(s.get(t, 0) for s in table.values()).items())) for t in facts.course.terrains}
    if len(set(spreads.values())) > 1:
        out.append(warning("MJ-STARS-SPREAD", "profiles", "each terrain should have as many riders at each rating: "
                           + "; ".join(f"{t} {dict(v)}" for t, v in spreads.items()), where))
    spread = next(iter(spreads.values()), ())
    out.verified("MJ-STARS-SPREAD", "profiles", "stars per terrain: " + ", ".join(f"{t} {n}" for t, n in totals.items())
                 + "; on every terrain " + ", ".join(f"{n} rider(s) at {s}" for s, n in spread))
    return out


# --- tables

def dice_table(model: GameModel) -> list[Finding]:
    """MJ-DICE-COMPLETE: every throw of the dice (36 for two d6) has exactly one row, every row is
    reachable, and each row holds a cost per extra square (1 to risky_max) or a puncture."""
    facts, out = model.facts, Checked()
    table = facts.risky_table
    where = model.sources.rule("risky_table")
    if facts.dice.count != 2:
        return [error("MJ-DICE-COMPLETE", "dice", "the table is read with two dice", model.sources.rule("dice"))]
    keys = [outcome_key(a, b) for a, b in outcomes(facts.dice.faces)]
    for key in sorted(set(keys), key=lambda k: keys.index(k)):
        if key not in table:
            n = keys.count(key)
            out.append(error("MJ-DICE-COMPLETE", f"throw {key}", f"no row for {key} ({n} of {len(keys)} throws)",
                             where))
    for key in table:
        if key not in keys:
            out.append(error("MJ-DICE-COMPLETE", f"row {key}", "no throw of the dice gives this row",
                             model.sources.rule("risky_table", key)))
        row = table[key]
        if row != PUNCTURE and len(row) != facts.breakaway.risky_max:
            out.append(error("MJ-DICE-COMPLETE", f"row {key}", f"{len(row)} costs, the rules allow 1 to "
                             f"{facts.breakaway.risky_max} extra squares", model.sources.rule("risky_table", key)))
    punctures = sum(1 for row in table.values() if row == PUNCTURE)
    out.verified("MJ-DICE-COMPLETE", "risky table", f"the {len(keys)} throws of {facts.dice.count}d"
                 f"{facts.dice.faces} give {len(set(keys))} rows, each in the table: {len(table) - punctures} of "
                 f"{facts.breakaway.risky_max} costs, {punctures} puncture(s)")
    return out


def dice_risk(model: GameModel) -> list[Finding]:
    """MJ-DICE-RISK: a risky breakaway is a gamble, not a bargain: over the 36 throws, its average
    cost for k squares is not below a safe breakaway's (k x safe_cost) minus one square, and some
    throws puncture."""
    facts, out = model.facts, Checked()
    throws = [outcome_key(a, b) for a, b in outcomes(facts.dice.faces)]
    if any(k not in facts.risky_table for k in throws):
        return out  # MJ-DICE-COMPLETE reports it
    rows = [facts.risky_table[k] for k in throws]
    paying = [r for r in rows if r != PUNCTURE]
    means = []
    for k in range(1, facts.breakaway.risky_max + 1):
        if not paying or any(len(r) < k for r in paying):
            return out
        mean = sum(r[k - 1] for r in paying) / len(paying)
        means.append(f"{k}: {mean:.2f} (safe {k * facts.breakaway.safe_cost})")
        if mean < k * facts.breakaway.safe_cost - 1:
            out.append(warning("MJ-DICE-RISK", f"{k} square(s)", f"a risky breakaway costs {mean:.2f} on average, "
                               f"far below the safe {k * facts.breakaway.safe_cost}", model.sources.rule("risky_table")))
    out.verified("MJ-DICE-RISK", "risky table", f"average risky cost per extra squares {'; '.join(means)}, never "
                 f"more than 1 below the safe cost; {len(rows) - len(paying)} of {len(rows)} throws puncture")
    return out


def gauges(model: GameModel) -> list[Finding]:
    """MJ-GAUGES: the dial and the track start full, and the rules' costs fit them: a safe breakaway
    of risky_max squares is payable from a full dial, the slipstream loss from any non-empty one."""
    f, out = model.facts, Checked()
    for name, gauge in (("energy", f.energy), ("form", f.form)):
        if gauge.start != gauge.max:
            out.append(error("MJ-GAUGES", name, f"starts at {gauge.start} but goes up to {gauge.max}; the rules "
                             "start it full", model.sources.rule(name, "start")))
    if f.breakaway.risky_max * f.breakaway.safe_cost > f.energy.max:
        out.append(warning("MJ-GAUGES", "energy", "a full dial cannot pay a breakaway of the longest risky length "
                           "safely", model.sources.rule("breakaway")))
    if f.slipstream.leader_energy > f.energy.max:
        out.append(error("MJ-GAUGES", "slipstream", "the slipstream costs more energy than the dial holds",
                         model.sources.rule("slipstream", "leader_energy")))
    out.verified("MJ-GAUGES", "energy and form", f"energy starts full at {f.energy.start} of {f.energy.max}, form at "
                 f"{f.form.start} of {f.form.max}; a safe breakaway of {f.breakaway.risky_max} squares costs "
                 f"{f.breakaway.risky_max * f.breakaway.safe_cost}, the slipstream {f.slipstream.leader_energy}, "
                 f"of a full dial of {f.energy.max}")
    return out


def tactic(model: GameModel) -> list[Finding]:
    """MJ-TACTIC: the terrain-change square (section length minus stars: 11, 12, 13) lies inside a
    section for every rating, and the strongest rating can still reach the next section in one move."""
    f, out = model.facts, Checked()
    n = f.course.section_squares
    for s in range(f.stars.min, f.stars.max + 1):
        square = n - s
        if not 1 <= square < n:
            out.append(error("MJ-TACTIC", f"{s} stars", f"the change square {n} - {s} = {square} is not inside a "
                             f"section of {n}", model.sources.rule("course", "section_squares")))
    out.verified("MJ-TACTIC", "change squares", "the terrain-change square for "
                 + ", ".join(f"{s} star(s) is {n - s}" for s in range(f.stars.min, f.stars.max + 1))
                 + f", inside a section of {n}")
    return out


def tokens(model: GameModel) -> list[Finding]:
    """MJ-TOKENS: puncture markers exist when the table punctures."""
    out = Checked()
    rows = sum(1 for row in model.facts.risky_table.values() if row == PUNCTURE)
    markers = sum(t.count for t in model.tokens if t.kind == "puncture")
    if rows and not any(t.kind == "puncture" for t in model.tokens):
        out.append(warning("MJ-TOKENS", "puncture markers", "the table punctures but the kit has no puncture marker",
                           model.sources.rule("risky_table")))
    out.verified("MJ-TOKENS", "puncture markers", f"{rows} puncture row(s) in the table, {markers} puncture "
                 "marker(s) in the kit")
    return out


# --- the paper pieces that fit one another

MIN_CELL_MM = 5.0
"""The narrowest form-track cell a slider can be cut to and folded round."""


def _deck_of_kind(model: GameModel, kind: str):
    return next((d for d in model.decks if any(c.kind == kind for c in d.cards)), None)


def _size(model: GameModel, deck):
    from pnp.layout.paper import card_size

    return card_size(deck.card_size or model.info.card_size)


def pieces(model: GameModel) -> list[Finding]:
    """MJ-PIECES: the energy needle, cut from the dial's numbers (rules.yaml pieces.dial), reaches
    into the numbers' discs without covering their figures and fits its piece; the form marker's
    piece holds the slider cut from the form track (one cell wide, its flaps and the track's
    height long), and a cell is wide enough to cut it."""
    facts = model.facts
    dial, track = facts.pieces.dial, facts.pieces.form_track
    where = model.sources.rule("pieces")
    out, shown = Checked(), [f"the needle's tip goes {dial.reach:g} mm into a number's disc of radius {dial.mark:g} mm"]
    if not 0 < dial.reach < dial.mark:
        out.append(error("MJ-PIECES", "energy needle", f"its tip goes {dial.reach:g} mm into a number's disc of "
                         f"radius {dial.mark:g} mm: it must reach the disc and stop short of its figure", where))
    needles = _deck_of_kind(model, "needle")
    if needles is not None:
        size = _size(model, needles)
        shown.append(f"a needle {dial.needle_length:.1f} mm long fits the {dial.hole(size.h):.1f} mm its "
                     f"{size.w:g}x{size.h:g} mm piece leaves from the hole")
        if dial.hole(size.h) - dial.needle_length < 0:
            out.append(error("MJ-PIECES", f"deck {needles.id}", f"a needle {dial.needle_length:.1f} mm long from "
                             f"its hole does not fit a {size.w:g}x{size.h:g} mm piece", where))
    tracks, markers = _deck_of_kind(model, "form-track"), _deck_of_kind(model, "form-marker")
    if tracks is not None:
        tsize = _size(model, tracks)
        t = track.layout(tsize.w, tsize.h, facts.form.start + 1)
        shown.append(f"form track cells {t.cell_w:.1f} x {t.cell_h:.1f} mm (at least {MIN_CELL_MM:g} mm wide)")
        if t.cell_w < MIN_CELL_MM or t.cell_h <= 0:
            out.append(error("MJ-PIECES", f"deck {tracks.id}", f"its cells are {t.cell_w:.1f} x {t.cell_h:.1f} mm; "
                             f"a slider needs cells at least {MIN_CELL_MM:g} mm wide", where))
        if markers is not None:
            msize = _size(model, markers)
            shown.append(f"a {msize.w:g}x{msize.h:g} mm marker piece holds the {t.cell_w:.1f} x "
                         f"{t.slider_length:.1f} mm slider")
            if msize.w < t.cell_w or msize.h < t.slider_length:
                out.append(error("MJ-PIECES", f"deck {markers.id}", f"a {msize.w:g}x{msize.h:g} mm piece cannot "
                                 f"hold the slider cut to the form track: {t.cell_w:.1f} x {t.slider_length:.1f} mm",
                                 model.sources.component(f"deck:{markers.id}")))
    out.verified("MJ-PIECES", "paper pieces", "; ".join(shown))
    return out


CHECKS = (parity, manifest, players, jersey, course, terrain_balance, board, board_square_size, stars_range,
          stars_equal, stars_spread, dice_table, dice_risk, gauges, tactic, tokens, pieces)


def check(model: GameModel) -> list[Finding]:
    """Run every Maillot Jaune check on ``model``."""
    return [finding for rule in CHECKS for finding in rule(model)]


def verified(model: GameModel) -> list[Record]:
    """What every Maillot Jaune check verified on ``model`` and found nothing wrong with, with its figures
    (pnp.check.passed lists them)."""
    return verified_by(CHECKS, model)
