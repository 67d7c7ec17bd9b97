"""The points and bonus tables, computed from rules.yaml: each falls with every place (no tie), the gaps
between places (narrowing down the table, or not), a longer climb never pays less, the best total of
each classification over a Grand Tour or a World Cup and whether one rider can reach it, what the
scoring reference sheet prints against the data, and (seeded Monte Carlo) how often random results end
a classification with a shared first place, which FRV-D-TIES then breaks.

Rule ids: FRV-CALC-TABLES, FRV-CALC-BEST, FRV-CALC-SHEET, FRV-CALC-TIES (figures only: ``ties``).
"""

from __future__ import annotations

import random
from collections import Counter

from pnp.check.checked import Checked
from pnp.check.findings import Finding, error, question, warning
from pnp.games.flamme_rouge_variants.lifetime import form_numbers, served
from pnp.games.flamme_rouge_variants.numbers import values
from pnp.model.game_model import GameModel
from pnp.simulate.stats import Share

SEED = 1
SAMPLES = 2000


def tables(model: GameModel) -> list[tuple[tuple, tuple[int, ...]]]:
    """(rules.yaml path, values by place) of every points and bonus table."""
    f = model.facts
    out = [(("points", "intermediate"), f.points.intermediate), (("points", "finish"), f.points.finish),
           (("time", "stage_bonus"), f.time.stage_bonus), (("time", "intermediate_bonus"), f.time.intermediate_bonus),
           (("world_cup", "points"), f.world_cup.points)]
    out += [(("mountain", "lengths", k), v) for k, v in sorted(f.mountain.lengths.items())]
    return [(p, tuple(v)) for p, v in out]


def name(path: tuple) -> str:
    return ".".join(str(p) for p in path)


def gaps(row: tuple[int, ...]) -> list[int]:
    return [a - b for a, b in zip(row, row[1:])]


def strictly_falling(row: tuple[int, ...]) -> bool:
    return all(g > 0 for g in gaps(row))


def widening(row: tuple[int, ...]) -> int | None:
    """The place after which a gap is wider than the one before it (None: the gaps never widen)."""
    g = gaps(row)
    return next((i + 1 for i in range(1, len(g)) if g[i] > g[i - 1]), None)


def climbs_paying_less(lengths: dict[int, tuple[int, ...]]) -> list[tuple[int, int, int]]:
    """(place, shorter climb, longer climb) wherever a climb pays less at a place than the climb one
    square shorter (a missing place pays 0)."""
    keys = sorted(lengths)
    out = []
    for a, b in zip(keys, keys[1:]):
        for place in range(max(len(lengths[a]), len(lengths[b]))):
            pa = lengths[a][place] if place < len(lengths[a]) else 0
            pb = lengths[b][place] if place < len(lengths[b]) else 0
            if pb < pa:
                out.append((place + 1, a, b))
    return out


# --- the best totals

def best(model: GameModel) -> list[tuple[str, int, int, str]]:
    """(classification, best a stage or event, best over the tour or cup, what it takes)."""
    f = model.facts
    stages, events = f.score_sheets.stages, f.score_sheets.events
    sprints, summits = f.markers.sprint, f.markers.summit
    longest = max(f.mountain.lengths) if f.mountain.lengths else 0
    climb = (f.mountain.lengths[longest][0] + f.mountain.steep_bonus) if longest else 0
    first = lambda t: t[0] if t else 0  # noqa: E731
    rows = [
        ("points", sprints * first(f.points.intermediate) + first(f.points.finish),
         f"winning the {sprints} sprints and the finish"),
        ("montagne", summits * climb, f"first over {summits} climbs of {longest} with a black square"),
        ("bonuses (s)", first(f.time.stage_bonus) + sprints * first(f.time.intermediate_bonus),
         f"winning the stage and {sprints} sprints"),
        ("combativite", f.combativity, "the most exhaustion shed"),
    ]
    out = [(what, per, per * stages, how) for what, per, how in rows]
    out.append(("world cup", first(f.world_cup.points), first(f.world_cup.points) * events, "winning every event"))
    return out


def world_cup_reachable(model: GameModel) -> tuple[bool, int]:
    """Whether one rider can race every event of the cup (a form card each time, the team's other riders
    taking turns), and how many events the form deck then serves."""
    cards, riders, entered, events, _ = form_numbers(model)
    n = served(cards, entered, [max(1, 2 * entered - riders)])
    return n >= events, n


# --- the reference sheet

def printed_rows(model: GameModel) -> list[tuple[int, ...]] | None:
    """The rows of whole numbers the scoring reference sheet prints (each half of a line apart, or the
    whole line), read from its face as drawn (None when the kit has no such sheet)."""
    from pnp.layout.cards import card_size_of, face_items
    from pnp.layout.faces.common import CardContext
    from pnp.layout.templates import card_texts

    deck = next((d for d in model.decks if d.id == "references"), None)
    card = next((c for c in (deck.cards if deck else ()) if c.kind == "scoring"), None)
    if card is None:
        return None
    size = card_size_of(model, deck, None)
    try:
        items = face_items(CardContext(model, size, 0.0, card_texts(model)), deck, card)
    except Exception:  # noqa: BLE001 - a face that does not draw is the build's to report, with its place
        return None
    lines: dict[float, list] = {}
    for it in items:
        text = getattr(it, "text", None)
        if text is not None:
            lines.setdefault(round(it.y, 1), []).append((it.x, text.strip()))
    rows = []
    for line in lines.values():
        cells = sorted(line)
        whole = [int(t) for _, t in cells if t.isdigit()]
        if not whole:
            continue
        left = tuple(int(t) for x, t in cells if t.isdigit() and x < size.w / 2)
        right = tuple(int(t) for x, t in cells if t.isdigit() and x >= size.w / 2)
        rows += [r for r in (left, right) if r] if left and right and not _spans(cells, size.w) else [tuple(whole)]
    return rows


def _spans(cells, width: float) -> bool:
    """Whether a line's number cells run across both halves as one table (no label between them)."""
    numbers = [(x, t) for x, t in cells if t.isdigit()]
    labels = [x for x, t in cells if not t.isdigit()]
    return not labels or all(x < numbers[0][0] for x in labels)


def sheet(model: GameModel) -> list[Finding]:
    """FRV-CALC-SHEET: the scoring reference sheet prints every table of the data, and no other."""
    out = Checked()
    rows = printed_rows(model)
    if rows is None:
        return out
    want: dict[tuple[int, ...], list[str]] = {}
    for path, row in tables(model):
        want.setdefault(row, []).append(name(path))
    have = Counter(rows)
    card = model.sources.component("card:references/aide-classements")
    for row, names in want.items():
        if have[row] < len(names):
            path = names[0].split(".")
            out.append(error("FRV-CALC-SHEET", ", ".join(names), f"rules.yaml gives {values(row)} "
                             f"{len(names)} time(s), the scoring reference sheet prints it {have[row]} time(s)",
                             model.sources.rule(*(int(p) if p.isdigit() else p for p in path))))
    for row in sorted(set(have) - set(want)):
        out.append(error("FRV-CALC-SHEET", "scoring sheet", f"prints the row {values(row)}, which no table of "
                         "rules.yaml gives", card))
    out.verified("FRV-CALC-SHEET", "scoring sheet", f"prints {len(rows)} rows of numbers, each a table of rules.yaml "
                 f"({len(want)} different tables, {sum(len(n) for n in want.values())} in all)", where=card)
    return out


# --- ties, by seeded Monte Carlo

def world_cup_ties(model: GameModel, samples: int = SAMPLES, seed: int = SEED) -> Share:
    """Cups of random results (each team enters world_cup_entered riders at random, every finishing
    order alike) whose best total is shared."""
    f = model.facts
    rng = random.Random(seed)
    per_team = f.riders_per_team.world_cup
    riders = [(t, r) for t in range(len(f.teams)) for r in range(per_team)]
    points = list(f.world_cup.points)
    shared = 0
    for _ in range(samples):
        total: Counter = Counter()
        for _ in range(f.score_sheets.events):
            starters = [(t, r) for t in range(len(f.teams))
                        for r in rng.sample(range(per_team), f.world_cup_entered)]
            rng.shuffle(starters)
            for place, rider in enumerate(starters[:len(points)]):
                total[rider] += points[place]
        top = max(total[r] for r in riders)
        shared += sum(1 for r in riders if total[r] == top) > 1
    return Share(shared, samples)


def points_ties(model: GameModel, samples: int = SAMPLES, seed: int = SEED) -> Share:
    """Grand Tours of random results (markers.sprint sprints and a finish a stage, every order alike)
    whose points classification ends with a shared first place."""
    f = model.facts
    rng = random.Random(seed)
    riders = range(len(f.teams) * f.riders_per_team.grand_tour)
    shared = 0
    for _ in range(samples):
        total: Counter = Counter()
        for _ in range(f.score_sheets.stages):
            for table in [f.points.intermediate] * f.markers.sprint + [f.points.finish]:
                for place, rider in enumerate(rng.sample(riders, len(table))):
                    total[rider] += table[place]
        ranked = total.most_common(2)
        shared += len(ranked) > 1 and ranked[0][1] == ranked[1][1]
    return Share(shared, samples)


# --- checks

def scales(model: GameModel) -> list[Finding]:
    """FRV-CALC-TABLES: every table falls with each place (its ties are FRV-SCALE's and FRV-MOUNTAIN-GEN's
    to report); gaps widening down a table (a question); a longer climb paying less (a warning)."""
    f, out = model.facts, Checked()
    for path, row in tables(model):
        if not strictly_falling(row):
            continue
        at = widening(row)
        where = model.sources.rule(*path)
        if at is not None:
            out.append(question("FRV-CALC-TABLES", name(path), f"gaps {values(gaps(row))}: the gap after place {at} "
                                "is wider than the one before it, so that place is worth more against the next "
                                "than the places above it", where))
        out.ok("FRV-CALC-TABLES", name(path), f"{values(row)}: falls with every place, no tie; gaps "
               f"{values(gaps(row)) or 'none'}, never widening; {sum(row)} in all", where=where)
    less: dict[tuple[int, int], list[int]] = {}
    for place, a, b in climbs_paying_less(f.mountain.lengths):
        less.setdefault((a, b), []).append(place)
    for (a, b), places in less.items():
        out.append(warning("FRV-CALC-TABLES", f"mountain.lengths.{b}", f"a climb of {b} pays less than a climb of "
                           f"{a} at place(s) {values(places)}", model.sources.rule("mountain", "lengths", b)))
    if f.mountain.lengths and not less:
        out.ok("FRV-CALC-TABLES", "mountain", f"climbs of {min(f.mountain.lengths)} to {max(f.mountain.lengths)}: a "
               "longer climb never pays less at any place", where=model.sources.rule("mountain", "lengths"))
    return out


def best_totals(model: GameModel) -> list[Finding]:
    """FRV-CALC-BEST: the best total of each classification, and whether one rider can reach the World
    Cup's (a warning when the form deck cannot serve one rider every event)."""
    f, out = model.facts, Checked()
    ok, n = world_cup_reachable(model)
    if not ok:
        out.append(warning("FRV-CALC-BEST", "world cup", f"no rider can race all {f.score_sheets.events} events: "
                           f"the form deck serves one rider {n} events at the most, so "
                           f"{f.world_cup.points[0]} x {f.score_sheets.events} is out of reach",
                           model.sources.rule("world_cup", "form")))
    for what, per, total, how in best(model):
        span = f"{f.score_sheets.events} events" if what == "world cup" else f"{f.score_sheets.stages} stages"
        text = f"best {per} per {'event' if what == 'world cup' else 'stage'} ({how}), {total} over {span}"
        if what == "world cup":
            text += (f": one rider can race them all (the form deck serves it {n} events, its team's other riders "
                     f"taking turns; {f.world_cup.back_to_back_exhaustion * (f.score_sheets.events - 1)} exhaustion "
                     "for racing back to back)")
        out.ok("FRV-CALC-BEST", what, text, where=model.sources.rule("score_sheets"))
    return out


def ties(model: GameModel) -> list[Finding]:
    """FRV-CALC-TIES: how often random results share a first place (what it verified only: seeded
    Monte Carlo, no finding; FRV-D-TIES decides ties)."""
    out = Checked()
    wc, pts = world_cup_ties(model), points_ties(model)
    out.ok("FRV-CALC-TIES", "world cup", f"{SAMPLES} cups of random results (seed {SEED}): first place shared in "
           f"{wc.text()}; FRV-D-TIES breaks it", where=model.sources.rule("world_cup", "points"))
    out.ok("FRV-CALC-TIES", "points", f"{SAMPLES} Grand Tours of random results (seed {SEED}): first place of the "
           f"points shared in {pts.text()}; FRV-D-TIES breaks it", where=model.sources.rule("points"))
    return out


CHECKS = (scales, best_totals, sheet)
FIGURES = (ties,)
