"""The weather walk, computed exactly (fractions) from rules.yaml's weather: a marker on the levels
min..max, moved at the start of every turn by the step of a face of the die (each face alike), held at the
ends of the scale. A stage starts at weather.start; a Grand Tour carries the weather from one stage to
the next. Figures: the long-run share of each level, the turns a stage spends at each, the chance a stage
reaches each level with an effect, the turns until it does, and the same over a Grand Tour.

Rule id: FRV-CALC-WEATHER (a warning when a level with an effect can never be reached).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pnp.check.checked import Checked
from pnp.check.findings import Finding, warning
from pnp.games.flamme_rouge_variants.numbers import chance, number
from pnp.model.game_model import GameModel

Matrix = tuple[tuple[Fraction, ...], ...]


@lru_cache(maxsize=64)
def transitions(low: int, high: int, steps: tuple[int, ...]) -> Matrix:
    """Level -> level chances (rows and columns low..high) of one roll, a face per step, each alike."""
    n = high - low + 1
    rows = []
    for i in range(n):
        row = [Fraction(0)] * n
        for s in steps:
            row[min(max(i + s, 0), n - 1)] += Fraction(1, len(steps))
        rows.append(tuple(row))
    return tuple(rows)


def step(dist: tuple[Fraction, ...], m: Matrix) -> tuple[Fraction, ...]:
    """The distribution one roll later."""
    return tuple(sum(dist[i] * m[i][j] for i in range(len(dist))) for j in range(len(dist)))


def solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """x with a x = b, by Gaussian elimination over fractions (None when a is singular)."""
    n = len(b)
    rows = [list(r) + [v] for r, v in zip(a, b)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                k = rows[r][col] / rows[col][col]
                rows[r] = [x - k * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def stationary(m: Matrix) -> list[Fraction] | None:
    """The long-run share of each level (None when it depends on the start)."""
    n = len(m)
    a = [[m[i][j] - (1 if i == j else 0) for i in range(n)] for j in range(n - 1)] + [[Fraction(1)] * n]
    return solve(a, [Fraction(0)] * (n - 1) + [Fraction(1)])


def reached(m: Matrix, start: int, targets: set[int], rolls: int) -> Fraction:
    """The chance the walk from ``start`` stands on one of ``targets`` after some of ``rolls`` rolls."""
    dist = tuple(Fraction(i == start) for i in range(len(m)))
    hit = Fraction(0)
    for _ in range(rolls):
        dist = step(dist, m)
        hit += sum(dist[t] for t in targets)
        dist = tuple(Fraction(0) if i in targets else p for i, p in enumerate(dist))
    return hit


def expected_rolls(m: Matrix, start: int, targets: set[int]) -> Fraction | None:
    """The expected rolls until the walk from ``start`` first stands on ``targets`` (None: never)."""
    others = [i for i in range(len(m)) if i not in targets]
    if start in targets:
        return Fraction(0)
    a = [[(1 if i == j else 0) - m[i][j] for j in others] for i in others]
    x = solve(a, [Fraction(1)] * len(others))
    return None if x is None else x[others.index(start)]


def turns_at(m: Matrix, start: tuple[Fraction, ...], rolls: int) -> tuple[list[Fraction], tuple[Fraction, ...]]:
    """Expected turns at each level over ``rolls`` turns (one roll at each turn's start), and the
    distribution after them."""
    dist, at = start, [Fraction(0)] * len(m)
    for _ in range(rolls):
        dist = step(dist, m)
        at = [a + p for a, p in zip(at, dist)]
    return at, dist


def chain(model: GameModel) -> tuple[Matrix, int, dict[int, str]]:
    """The weather's transitions, the start's index and index -> effect for every level with one."""
    w = model.facts.weather
    steps = tuple(w.die[face] for face in sorted(w.die))
    effects = {lvl - w.min: e for lvl, e in w.effects.items() if e != "none"}
    return transitions(w.min, w.max, steps), w.start - w.min, effects


def unreachable(m: Matrix, start: int) -> set[int]:
    """The levels the walk from ``start`` can never reach."""
    seen, todo = {start}, [start]
    while todo:
        i = todo.pop()
        for j, p in enumerate(m[i]):
            if p and j not in seen:
                seen.add(j)
                todo.append(j)
    return set(range(len(m))) - seen


def walk(model: GameModel) -> list[Finding]:
    """FRV-CALC-WEATHER: every level with an effect can be reached from the start (a warning when one
    never is); what the walk gives over a stage and over a Grand Tour."""
    f, out = model.facts, Checked()
    w = f.weather
    if not w.die or not w.min <= w.start <= w.max:
        return out  # FRV-WEATHER reports the die or the start
    m, start, effects = chain(model)
    where = model.sources.rule("weather", "die")
    never = unreachable(m, start)
    for i in sorted(never & set(effects)):
        out.append(warning("FRV-CALC-WEATHER", f"weather {i + w.min}", f"the level {i + w.min} ({effects[i]}) is never "
                           f"reached from the start at {w.start}: the die's steps {sorted(set(w.die.values()))} never "
                           "lead there", where))
    T, stages = f.computed.stage_turns, f.score_sheets.stages
    first = tuple(Fraction(i == start) for i in range(len(m)))
    pi = stationary(m)
    if pi is not None:
        out.ok("FRV-CALC-WEATHER", "weather walk", f"{len(w.die)} faces, steps "
               f"{', '.join(f'{s:+d}' if s else '0' for s in (w.die[k] for k in sorted(w.die)))}; in the long run "
               f"each level {w.min} to {w.max} holds "
               + ", ".join(f"{i + w.min}: {chance(p)}" for i, p in enumerate(pi)),
               where=where)
    at, _ = turns_at(m, first, T)
    parts = []
    for i, effect in effects.items():
        if i in never:
            continue
        hit = expected_rolls(m, start, {i})
        parts.append(f"{effect} (level {i + w.min}) comes in {chance(reached(m, start, {i}, T))} of stages, "
                     f"{number(float(at[i]))} turns of it on average"
                     + (f", first after {number(float(hit))} turns on average" if hit is not None else ""))
    out.ok("FRV-CALC-WEATHER", "a stage", f"from {w.start}, over {T} turns: " + "; ".join(parts)
           + "; turns per level " + ", ".join(f"{i + w.min}: {number(float(a))}" for i, a in enumerate(at)),
           where=model.sources.rule("computed", "stage_turns"))
    tour_at, _ = turns_at(m, first, T * stages)
    out.ok("FRV-CALC-WEATHER", "a Grand Tour", f"{stages} stages of {T} turns, the weather carried over: "
           + "; ".join(f"{effect} {chance(reached(m, start, {i}, T * stages))} of tours, "
                       f"{number(float(tour_at[i]))} turns on average"
                       for i, effect in effects.items() if i not in never),
           where=model.sources.rule("score_sheets", "stages"))
    return out


CHECKS = (walk,)
