"""Checks of the board: what the rules need from each side of the double-sided board.

The rules rely on a road of squares with edges, 6 numbered peloton squares, a 300 m line and a
finish line across the road, columns (squares at the same distance from the finish) and room after
the finish for the three piles of point tokens. Kinds of spaces, lines and areas in boards.yaml:
"peloton" squares, "300m" and "finish" lines, a "tokens" area.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from pnp.check.findings import error, warning
from pnp.errors import DataErrors, Location
from pnp.check.checked import Checked, listing
from pnp.model.boards import Board, BoardSide
from pnp.model.game_model import GameModel

PELOTON = "peloton"
LINE_300 = "300m"
FINISH = "finish"
TOKENS = "tokens"
SIDES = 2
"""The rules' board is "recto-verso": one sheet, two sides."""
PILE_GAP_MM = 5.0
"""Room between two token piles, and around them, to pick a token up."""

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND = tuple((dc, dl) for dc in (-1, 0, 1) for dl in (-1, 0, 1) if (dc, dl) != (0, 0))


# --- where things are in boards.yaml

@lru_cache(maxsize=8)
def _records(path: str, stamp: tuple[int, int]) -> object:
    from pnp.load import load_yaml
    from pnp.model.reader import display_path

    try:
        return load_yaml(Path(path), display_path(Path(path)))
    except DataErrors:
        return None


def _where(model: GameModel, *path: object) -> Location:
    """The location in boards.yaml of ``path`` (keys and indexes under the top ``boards:`` list)."""
    from pnp.load.records import location_of
    from pnp.model.reader import display_path

    file = model.sources.folder / "boards.yaml"
    try:
        st = file.stat()
    except OSError:
        return Location(display_path(file))
    raw = _records(str(file), (st.st_mtime_ns, st.st_size))
    if raw is None:
        return Location(display_path(file))
    return location_of(raw, ("boards", *path))


def game_board(model: GameModel) -> Board | None:
    """The game's board: the first of boards.yaml (the rules have exactly one)."""
    return model.boards[0] if model.boards else None


def _sides(model: GameModel) -> Iterator[tuple[int, int, BoardSide]]:
    """(board index, side index, side) for every side of the game's board."""
    board = game_board(model)
    if board is not None:
        for i, side in enumerate(board.sides):
            yield 0, i, side


def _name(side: BoardSide) -> str:
    return f"board side {side.id} ({side.name})"


def _side_where(model: GameModel, b: int, s: int, *path: object) -> Location:
    return _where(model, b, "sides", s, *path)


def _index(items: tuple, item: object) -> int:
    return next(i for i, x in enumerate(items) if x is item)


# --- geometry helpers

def finish_column(side: BoardSide) -> int | None:
    line = side.line(FINISH)
    return line.column if line else None


def distance_to_finish(side: BoardSide, column: int) -> int | None:
    """Squares a rider in ``column`` must move forward to cross the finish (0 once crossed)."""
    finish = finish_column(side)
    return None if finish is None else max(0, finish - column)


def _components(side: BoardSide) -> list[set[tuple[int, int]]]:
    """The road's orthogonally connected parts."""
    road = set(side.road())
    parts: list[set[tuple[int, int]]] = []
    while road:
        start = road.pop()
        part, todo = {start}, [start]
        while todo:
            c, l = todo.pop()
            for dc, dl in ORTH:
                n = (c + dc, l + dl)
                if n in road:
                    road.discard(n)
                    part.add(n)
                    todo.append(n)
        parts.append(part)
    return parts


def _reaches_finish(side: BoardSide, start: tuple[int, int], finish: int) -> bool:
    """Can a rider walk from ``start`` over road squares, one orthogonal step at a time, to a square
    past the finish? Once past the 300 m line it never steps back over it, as the rules say."""
    line = side.line(LINE_300)
    ratchet = line.column if line else None
    seen, todo = {start}, [start]
    while todo:
        c, l = todo.pop()
        if c >= finish:
            return True
        for dc, dl in ORTH:
            n = (c + dc, l + dl)
            if n in seen or not side.is_road(*n):
                continue
            if ratchet is not None and c >= ratchet and n[0] < ratchet:
                continue
            seen.add(n)
            todo.append(n)
    return False


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    eps = 1e-6
    return ax < bx + bw - eps and bx < ax + aw - eps and ay < by + bh - eps and by < ay + ah - eps


# --- the checks

def sides(model: GameModel) -> Checked:
    """GJ-BOARD-SIDES: one double-sided board ("plateau recto-verso"): exactly two sides, with
    different roads, each fitting on the one sheet."""
    board, out = game_board(model), Checked()
    if board is None:
        out.append(error("GJ-BOARD-SIDES", "board", "boards.yaml has no board: the rules play on a "
                         "double-sided board", Location(str(model.sources.folder / "boards.yaml"))))
        return out
    where = model.sources.component(f"board:{board.id}")
    if len(model.boards) > 1:
        out.append(warning("GJ-BOARD-SIDES", f"board {board.id}", f"{len(model.boards)} boards; the rules "
                           f"have one, and the checks look at the first, '{board.id}'", where))
    if len(board.sides) != SIDES:
        out.append(error("GJ-BOARD-SIDES", f"board {board.id}", f"{len(board.sides)} side(s); the board is "
                         f"printed recto-verso: it needs {SIDES}", _where(model, 0, "sides")))
    out.ok("GJ-BOARD-SIDES", f"board {board.id}", f"{len(model.boards)} board with {len(board.sides)} sides "
           f"({listing(s.id for s in board.sides)}): the rules' recto-verso board")
    shapes: dict[tuple, str] = {}
    for b, s, side in _sides(model):
        shape = (frozenset(side.road()), tuple(sorted((ln.kind, ln.column) for ln in side.lines)),
                 frozenset((p.column, p.lane, p.number) for p in side.marks(PELOTON)))
        if shape in shapes:
            out.append(warning("GJ-BOARD-SIDES", _name(side), f"the same road, lines and peloton as side "
                               f"'{shapes[shape]}': the two sides should give two different races",
                               _side_where(model, b, s)))
        shapes.setdefault(shape, side.id)
        _fits_sheet(model, board, b, s, side, out)
    return out


def _fits_sheet(model: GameModel, board: Board, b: int, s: int, side: BoardSide, out: Checked) -> None:
    w, h = board.size_mm(side)
    right, bottom = side.x_mm(side.columns + 1), side.y_mm(side.lanes + 1)
    out.ok("GJ-BOARD-SIDES", _name(side), f"its road ({side.origin_mm[0]:g}..{right:g} x {side.origin_mm[1]:g}.."
           f"{bottom:g} mm) and {len(side.areas)} areas on the {w:g} x {h:g} mm sheet; road, lines and "
           "peloton unlike the other side's")
    if side.origin_mm[0] < 0 or side.origin_mm[1] < 0 or right > w + 1e-6 or bottom > h + 1e-6:
        out.append(error("GJ-BOARD-SIDES", _name(side), f"the road grid spans {side.origin_mm[0]:g}..{right:g} x "
                         f"{side.origin_mm[1]:g}..{bottom:g} mm, off the {w:g} x {h:g} mm sheet that both "
                         "sides share", _side_where(model, b, s, "origin_mm")))
    for i, area in enumerate(side.areas):
        if area.x < 0 or area.y < 0 or area.x + area.w > w + 1e-6 or area.y + area.h > h + 1e-6:
            out.append(error("GJ-BOARD-SIDES", _name(side), f"area '{area.id}' runs off the {w:g} x {h:g} mm "
                             "sheet", _side_where(model, b, s, "areas", i)))


def peloton(model: GameModel) -> Checked:
    """GJ-BOARD-PELOTON: as many peloton squares as riders race, numbered 1..N once each (the
    starting order), each on its own road square, all behind the 300 m line."""
    facts, out = model.facts, Checked()
    n = facts.riders
    for b, s, side in _sides(model):
        marks = side.marks(PELOTON)
        where = _side_where(model, b, s, "spaces")
        line = side.line(LINE_300)
        columns = sorted({p.column for p in marks})
        behind = f" (before column {line.column})" if line else ""
        out.ok("GJ-BOARD-PELOTON", _name(side), f"{len(marks)} peloton squares for {n} riders, numbered 1 to "
               f"{len(marks)}, each on its own road square, in columns {listing(columns)}, behind the 300 m "
               f"line{behind}")
        if len(marks) != n:
            out.append(error("GJ-BOARD-PELOTON", _name(side), f"{len(marks)} peloton squares for {n} riders: "
                             "every rider starts on one", where))
        numbers = sorted(p.number for p in marks if p.number is not None)
        if numbers != list(range(1, len(marks) + 1)):
            out.append(error("GJ-BOARD-PELOTON", _name(side), f"peloton squares numbered {numbers or 'none'}; "
                             f"they need the numbers 1 to {len(marks)}, once each (the starting order)", where))
        seen: dict[tuple[int, int], int | None] = {}
        for mark in marks:
            at = _side_where(model, b, s, "spaces", _index(side.spaces, mark))
            square = f"column {mark.column}, lane {mark.lane}"
            if not side.is_road(mark.column, mark.lane):
                out.append(error("GJ-BOARD-PELOTON", _name(side), f"peloton square {mark.number} ({square}) is "
                                 "off the road", at))
            if (mark.column, mark.lane) in seen:
                out.append(error("GJ-BOARD-PELOTON", _name(side), f"peloton squares {seen[(mark.column, mark.lane)]} "
                                 f"and {mark.number} are the same square ({square})", at))
            seen.setdefault((mark.column, mark.lane), mark.number)
            if line is not None and mark.column >= line.column:
                out.append(error("GJ-BOARD-PELOTON", _name(side), f"peloton square {mark.number} ({square}) is "
                                 "past the 300 m line: riders start behind it", at))
    return out


def lines(model: GameModel) -> Checked:
    """GJ-BOARD-LINES: each side has one 300 m line and one finish line, the 300 m line before the
    finish, each across the whole road: road on both sides of it, in one unbroken stretch of lanes
    (no square off the road cutting it), the same lanes before and after it."""
    out = Checked()
    for b, s, side in _sides(model):
        drawn = []
        for kind, what in ((LINE_300, "300 m line"), (FINISH, "finish line")):
            found = side.lines_of(kind)
            if len(found) != 1:
                out.append(error("GJ-BOARD-LINES", _name(side), f"{len(found)} {what}s; the rules need exactly "
                                 f"one (a line of kind '{kind}')", _side_where(model, b, s, "lines")))
            drawn += [_across(model, b, s, side, line, what, out) for line in found]
        out.ok("GJ-BOARD-LINES", _name(side), "; ".join(drawn) + ", in that order")
        t, f = side.line(LINE_300), side.line(FINISH)
        if t is not None and f is not None and t.column >= f.column:
            out.append(error("GJ-BOARD-LINES", _name(side), f"the 300 m line (before column {t.column}) is not "
                             f"before the finish line (before column {f.column})",
                             _side_where(model, b, s, "lines", _index(side.lines, t))))
    return out


def _across(model: GameModel, b: int, s: int, side: BoardSide, line, what: str, out: Checked) -> str:
    """Check that ``line`` crosses the whole road; what it crosses, as a figure."""
    at = _side_where(model, b, s, "lines", _index(side.lines, line))
    before, after = side.road_lanes(line.column - 1), side.road_lanes(line.column)
    figure = f"the {what} before column {line.column}"
    if not before or not after:
        out.append(error("GJ-BOARD-LINES", _name(side), f"the {what} is drawn before column {line.column}, where "
                         "there is no road on " + ("both sides" if not (before or after) else
                                                   "its near side" if not before else "its far side"), at))
        return figure
    for column, lanes in ((line.column - 1, before), (line.column, after)):
        if lanes != list(range(lanes[0], lanes[-1] + 1)):
            gaps = sorted(set(range(lanes[0], lanes[-1] + 1)) - set(lanes))
            out.append(error("GJ-BOARD-LINES", _name(side), f"the {what} is cut by squares off the road in "
                             f"column {column} (lanes {', '.join(map(str, gaps))})", at))
            return figure
    if before != after:
        out.append(error("GJ-BOARD-LINES", _name(side), f"the road is lanes {before[0]}-{before[-1]} before the "
                         f"{what} and lanes {after[0]}-{after[-1]} after it: a line must cross the road where its "
                         "width does not change", at))
    return f"{figure} across the whole road (lanes {before[0]}-{before[-1]})"


def room(model: GameModel) -> Checked:
    """GJ-BOARD-ROOM: room to move and to push. Every road square has a road neighbour, the road is
    in one piece, the finish can be reached from every peloton square (moving square by square,
    never back over the 300 m line), and a rider on a peloton square can be pushed onto a free
    square at the start of a sprint (a bump with no free square is an illegal move)."""
    out = Checked()
    for b, s, side in _sides(model):
        where = _side_where(model, b, s, "map") if side.map else _side_where(model, b, s)
        road = set(side.road())
        if not road:
            out.append(error("GJ-BOARD-ROOM", _name(side), "the side has no road square", where))
            continue
        for c, l in sorted(road):
            if not any((c + dc, l + dl) in road for dc, dl in ORTH):
                out.append(error("GJ-BOARD-ROOM", _name(side), f"the road square at column {c}, lane {l} has no "
                                 "road square beside it: a rider there could never move", where))
        parts = _components(side)
        if len(parts) > 1:
            sizes = ", ".join(str(len(p)) for p in sorted(parts, key=len, reverse=True))
            out.append(error("GJ-BOARD-ROOM", _name(side), f"the road is in {len(parts)} separate pieces "
                             f"({sizes} squares): squares off the road cut it across", where))
        pushes = _peloton_room(model, b, s, side, road, out)
        out.ok("GJ-BOARD-ROOM", _name(side), f"{len(road)} road squares in one piece, each beside another; the "
               f"finish reachable from the {len(side.marks(PELOTON))} peloton squares, each with {pushes} free "
               "square(s) around it to push a rider onto")
    return out


def _peloton_room(model: GameModel, b: int, s: int, side: BoardSide, road: set, out: Checked) -> str:
    """Check the way to the finish and the room to push from every peloton square; how many free
    squares there are around them, as a figure."""
    finish = finish_column(side)
    starts = {(p.column, p.lane) for p in side.marks(PELOTON)}
    free_counts = []
    for mark in side.marks(PELOTON):
        square = (mark.column, mark.lane)
        if square not in road:
            continue  # reported by GJ-BOARD-PELOTON
        at = _side_where(model, b, s, "spaces", _index(side.spaces, mark))
        if finish is not None and not _reaches_finish(side, square, finish):
            out.append(error("GJ-BOARD-ROOM", _name(side), f"no way along the road from peloton square "
                             f"{mark.number} to the finish line", at))
        free = sum(1 for dc, dl in AROUND if (n := (mark.column + dc, mark.lane + dl)) in road and n not in starts)
        free_counts.append(free)
        if not free:
            out.append(error("GJ-BOARD-ROOM", _name(side), f"peloton square {mark.number} has no free road "
                             "square around it at the start: a rider landing there could not push its rider", at))
    return f"{min(free_counts)} to {max(free_counts)}" if free_counts else "no"


def run_out(model: GameModel) -> Checked:
    """GJ-BOARD-RUNOUT: road after the finish. A rider that crosses never moves again, so the road
    goes on past the line for the longest card (a rider just before the line lands on the board)
    and holds the riders that end the sprint."""
    facts, out = model.facts, Checked()
    longest = max(facts.deck.distances, default=1)
    needed = facts.sprint.finishers_to_end
    for b, s, side in _sides(model):
        finish = finish_column(side)
        if finish is None:
            continue
        at = _side_where(model, b, s, "lines", _index(side.lines, side.line(FINISH)))
        runs = {lane: _run(side, finish, lane) for lane in side.road_lanes(finish - 1)}
        past = sum(1 for c, _ in side.road() if c >= finish)
        out.ok("GJ-BOARD-RUNOUT", _name(side), f"the road runs on {min(runs.values(), default=0)} squares past the "
               f"finish in every lane, for the longest card ({longest}); {past} road squares there for the "
               f"{needed} riders that end a sprint")
        short = [lane for lane, run in runs.items() if run < longest]
        if short:
            out.append(error("GJ-BOARD-RUNOUT", _name(side), f"after the finish line the road runs fewer than "
                             f"{longest} squares (the longest card) in lane(s) {', '.join(map(str, short))}",
                             at))
        if past < needed:
            out.append(error("GJ-BOARD-RUNOUT", _name(side), f"{past} road squares past the finish line for the "
                             f"{needed} riders that end a sprint", at))
    return out


def _run(side: BoardSide, finish: int, lane: int) -> int:
    """Road squares in ``lane`` from the finish line on, before the first square off the road."""
    k = 0
    while k <= side.columns and side.is_road(finish + k, lane):
        k += 1
    return k


def tokens(model: GameModel) -> Checked:
    """GJ-BOARD-TOKENS: after the finish line, an area for the piles of point tokens (1st, 2nd,
    3rd): it names every pile, lies past the line and off the road, and has room for the piles
    side by side (or one above the other)."""
    facts, out = model.facts, Checked()
    piles = sorted((t for t in model.tokens if t.kind == facts.scoring.token_kind and t.rank),
                   key=lambda t: t.rank)
    for b, s, side in _sides(model):
        areas = side.areas_of(TOKENS)
        if not areas:
            out.append(error("GJ-BOARD-TOKENS", _name(side), "no area of kind 'tokens' for the piles of point "
                             "tokens after the finish", _side_where(model, b, s)))
            continue
        area = areas[0]
        at = _side_where(model, b, s, "areas", _index(side.areas, area))
        missing = [t.id for t in piles if t.id not in area.holds]
        if missing:
            out.append(error("GJ-BOARD-TOKENS", _name(side), f"the token area '{area.id}' does not hold the "
                             f"pile(s) {', '.join(missing)}", at))
        finish = finish_column(side)
        if finish is not None and area.x < side.x_mm(finish) - 1e-6:
            out.append(error("GJ-BOARD-TOKENS", _name(side), f"the token area '{area.id}' starts at x = "
                             f"{area.x:g} mm, before the finish line (x = {side.x_mm(finish):g} mm): the rules "
                             "put the piles after the finish", at))
        if any(_overlap(area.box, side.square_box(c, l)) for c, l in side.road()):
            out.append(error("GJ-BOARD-TOKENS", _name(side), f"the token area '{area.id}' lies over road "
                             "squares", at))
        need = _pile_room(side, area, piles, at, out) if piles else ""
        out.ok("GJ-BOARD-TOKENS", _name(side), f"the token area '{area.id}' ({area.w:g} x {area.h:g} mm) lies past "
               f"the finish line, off the road, and holds the {len(piles)} piles ({listing(t.id for t in piles)})"
               + need)
    return out


def _pile_room(side: BoardSide, area, piles: list, at: Location, out: Checked) -> str:
    """Check the area has room for the piles in a row; the room they need, as a figure."""
    size = max(t.size_mm for t in piles)
    n = len(piles)
    row = n * size + (n + 1) * PILE_GAP_MM
    deep = size + 2 * PILE_GAP_MM
    if not ((area.w >= row and area.h >= deep) or (area.h >= row and area.w >= deep)):
        out.append(error("GJ-BOARD-TOKENS", _name(side), f"the token area '{area.id}' is {area.w:g} x {area.h:g} "
                         f"mm; {n} piles of {size:g} mm tokens need {row:g} x {deep:g} mm", at))
    return f", with room for them in a row ({row:g} x {deep:g} mm)"


def length(model: GameModel) -> Checked:
    """GJ-BOARD-LENGTH: the distance from the peloton to the finish suits the cards.

    Not trivial: from the front peloton square the finish is more than twice the longest card away,
    so no rider crosses with two cards. Reachable: from the last peloton square it is no more than a
    hand of cards of average distance (refill_to x mean distance), so a sprint's cards can take even
    the last rider over the line.
    """
    facts, out = model.facts, Checked()
    distances = facts.deck.distances or (1,)
    shortest = 2 * max(distances) + 1
    longest = math.floor(facts.deal.refill_to * sum(distances) / len(distances))
    for b, s, side in _sides(model):
        finish, marks = finish_column(side), side.marks(PELOTON)
        if finish is None or not marks:
            continue
        at = _side_where(model, b, s, "lines", _index(side.lines, side.line(FINISH)))
        front = finish - max(p.column for p in marks)
        rear = finish - min(p.column for p in marks)
        out.ok("GJ-BOARD-LENGTH", _name(side), f"the front of the peloton is {front} squares from the finish, "
               f"more than two cards of {max(distances)} reach ({shortest - 1}); its back is {rear}, within a hand of "
               f"{facts.deal.refill_to} average cards ({longest})")
        if front < shortest:
            out.append(error("GJ-BOARD-LENGTH", _name(side), f"the front of the peloton is {front} squares from "
                             f"the finish: a rider could cross with two cards of {max(distances)}; it needs at "
                             f"least {shortest}", at))
        if rear > longest:
            out.append(error("GJ-BOARD-LENGTH", _name(side), f"the back of the peloton is {rear} squares from the "
                             f"finish, more than a hand of {facts.deal.refill_to} average cards moves a rider "
                             f"({longest}): the line would hardly ever be crossed", at))
    return out


def sheet(model: GameModel) -> Checked:
    """GJ-BOARD-SHEET: the title, the legend and the token area do not cover the road or each other."""
    out = Checked()
    for b, s, side in _sides(model):
        road = side.road()
        clear = [a.id for a in side.areas if a.kind != TOKENS]
        out.ok("GJ-BOARD-SHEET", _name(side), f"no two of its {len(side.areas)} areas "
               f"({listing(a.id for a in side.areas)}) overlap, and {listing(clear) or 'none'} leave the road clear")
        for i, area in enumerate(side.areas):
            at = _side_where(model, b, s, "areas", i)
            if area.kind != TOKENS and any(_overlap(area.box, side.square_box(c, l)) for c, l in road):
                out.append(error("GJ-BOARD-SHEET", _name(side), f"area '{area.id}' covers road squares", at))
            for other in side.areas[i + 1:]:
                if _overlap(area.box, other.box):
                    out.append(error("GJ-BOARD-SHEET", _name(side), f"areas '{area.id}' and '{other.id}' "
                                     "overlap", at))
    return out


BOARD_CHECKS = [sides, peloton, lines, room, run_out, tokens, length, sheet]
"""Every board check, in the order they are best read."""
