"""Every movement rule of Green Jersey, on small hand-made boards (pnp.games.green_jersey.engine).

Boards here are tiny ``BoardSide`` objects: "." road, "#" off the road, lane 1 at the top, the
finish line drawn before column ``finish`` and the 300 m line before column ``line300``. Riders
are r (red), b (blue), y (yellow); their cards are named like "r2" (red, 2 squares), "j3" (joker),
"rb" (red + blue), "g1" (green jersey, 1 square), "rg" (red + green).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games.green_jersey.engine import EngineData, apply_move, legal_moves, position
from pnp.games.green_jersey.engine.board_geometry import Geometry
from pnp.games.green_jersey.facts import EngineRules
from pnp.model.boards import BoardSide, Line, Space
from pnp.model.decks import Card

RIDERS = ["r", "b", "y"]
CARDS = [
    *(Card(id=f"{x}{d}", kind="single", jerseys=(x,), distance=d) for x in RIDERS for d in (1, 2, 3)),
    *(Card(id=f"g{d}", kind="single", jerseys=("vert",), distance=d) for d in (1, 2, 3)),
    *(Card(id=f"j{d}", kind="joker", jerseys=("multicolore",), distance=d) for d in (1, 2, 3)),
    Card(id="rb", kind="pair", jerseys=("r", "b")),
    Card(id="ry", kind="pair", jerseys=("r", "y")),
    Card(id="by", kind="pair", jerseys=("b", "y")),
    Card(id="rg", kind="pair", jerseys=("r", "vert")),
    Card(id="bg", kind="pair", jerseys=("b", "vert")),
]


def side(*rows: str, line300: int | None = None, finish: int | None = None) -> BoardSide:
    columns = len(rows[0])
    lines = []
    if line300:
        lines.append(Line(id="l300", kind="300m", column=line300))
    lines.append(Line(id="finish", kind="finish", column=finish or columns + 1))
    peloton = tuple(Space(column=1, lane=i + 1, kind="peloton", number=i + 1) for i in range(min(3, len(rows))))
    return BoardSide(id="t", name="test", columns=columns, lanes=len(rows), map=rows, lines=tuple(lines),
                     spaces=peloton)


OPEN = side("........", "........", "........", "........", "........")   # 8 x 5, no line inside


def engine(board: BoardSide = OPEN, **rules) -> EngineData:
    return EngineData.from_parts(board, CARDS, RIDERS, rules=EngineRules(**rules))


def moves(data, st, seat=0):
    """Legal moves as readable tuples: (card, rider, (col, lane)) or with a push
    (card, rider, (col, lane), pushed, (col, lane)); no move: (card,)."""
    options, forced = legal_moves(data, st, seat)
    out = set()
    for c, r, t, o, u in options:
        card = data.cards.ids[c]
        if r < 0:
            out.add((card,))
        elif o < 0:
            out.add((card, data.riders[r], data.geo.square(t)))
        else:
            out.add((card, data.riders[r], data.geo.square(t), data.riders[o], data.geo.square(u)))
    return out, forced


def where(data, st, rider):
    return data.geo.square(st.pos[data.riders.index(rider)])


def play(data, st, wanted, seat=0):
    """Apply the legal move that reads as ``wanted``."""
    options, _ = legal_moves(data, st, seat)
    for m in options:
        c, r, t, o, u = m
        text = (data.cards.ids[c],) if r < 0 else (data.cards.ids[c], data.riders[r], data.geo.square(t))
        if o >= 0:
            text += (data.riders[o], data.geo.square(u))
        if text == wanted:
            return apply_move(data, st, seat, m)
    raise AssertionError(f"{wanted} is not a legal move")


FAR = {"b": (8, 1), "y": (8, 5)}   # riders parked out of the way


# --------------------------------------------------------------------------- single cards

def test_single_card_moves_exactly_n_squares_in_four_directions():
    data = engine()
    st = position(data, {"r": (4, 3), **FAR}, hands=[["r2"]])
    assert moves(data, st)[0] == {("r2", "r", (6, 3)), ("r2", "r", (2, 3)), ("r2", "r", (4, 1)), ("r2", "r", (4, 5))}


def test_no_diagonal_and_no_other_rider():
    data = engine()
    st = position(data, {"r": (4, 3), **FAR}, hands=[["r1"]])
    found, _ = moves(data, st)
    assert all(m[1] == "r" for m in found)
    assert {m[2] for m in found} == {(5, 3), (3, 3), (4, 2), (4, 4)}


def test_a_rider_passes_through_occupied_squares():
    data = engine()
    st = position(data, {"r": (2, 3), "b": (3, 3), "y": (4, 3)}, hands=[["r3"]])
    found, _ = moves(data, st)
    assert ("r3", "r", (5, 3)) in found          # over b and y, no push: (5, 3) is free


def test_the_road_edge_stops_a_move_early():
    data = engine()
    st = position(data, {"r": (7, 2), **FAR}, hands=[["r3"]])
    found, _ = moves(data, st)
    assert ("r3", "r", (8, 2)) in found          # forward: stopped at the last column
    assert ("r3", "r", (7, 1)) in found          # left: stopped at the side of the road
    assert ("r3", "r", (7, 5)) in found          # right: 3 squares
    assert ("r3", "r", (4, 2)) in found          # back: 3 squares


def test_squares_off_the_road_stop_a_move():
    board = side("........", "...#....", "........")
    data = engine(board)
    st = position(data, {"r": (1, 2), "b": (8, 1), "y": (8, 3)}, hands=[["r3"]])
    found, _ = moves(data, st)
    assert ("r3", "r", (3, 2)) in found          # stopped before the off square, not jumping it
    assert not any(m[2] == (4, 2) for m in found)


def test_a_move_stopped_before_its_first_square_is_no_move():
    data = engine()
    st = position(data, {"r": (1, 1), **FAR}, hands=[["r2"]])
    found, forced = moves(data, st)
    assert found == {("r2", "r", (3, 1)), ("r2", "r", (1, 3))}
    assert not forced


def test_zero_move_no_effect_lets_the_card_be_played_without_moving():
    data = engine(zero_move="no-effect")
    st = position(data, {"r": (1, 1), **FAR}, hands=[["r2"]])
    found, _ = moves(data, st)
    assert ("r2",) in found


# --------------------------------------------------------------------------- the 300 m line

LINED = side("..........", "..........", "..........", line300=5, finish=9)


def test_a_rider_past_the_300m_line_stops_at_it_when_moving_back():
    data = engine(LINED)
    st = position(data, {"r": (6, 2), "b": (1, 1), "y": (1, 3)}, hands=[["r3"]])
    found, _ = moves(data, st)
    assert ("r3", "r", (5, 2)) in found          # 3 back from column 6: stopped on column 5, the line
    assert not any(m[2][0] < 5 for m in found)


def test_a_rider_on_the_line_cannot_move_back_at_all():
    data = engine(LINED)
    st = position(data, {"r": (5, 2), "b": (1, 1), "y": (1, 3)}, hands=[["r1"]])
    found, _ = moves(data, st)
    assert {m[2] for m in found} == {(6, 2), (5, 1), (5, 3)}


def test_a_rider_before_the_line_crosses_it_both_ways_freely():
    data = engine(LINED)
    st = position(data, {"r": (4, 2), "b": (1, 1), "y": (1, 3)}, hands=[["r3"]])
    found, _ = moves(data, st)
    assert ("r3", "r", (7, 2)) in found and ("r3", "r", (1, 2)) in found


def test_a_pushed_rider_past_the_line_is_never_pushed_behind_it():
    data = engine(LINED)
    st = position(data, {"r": (2, 2), "b": (5, 2), "y": (1, 3)}, hands=[["r3"]])
    found, _ = moves(data, st)
    pushes = {m[4] for m in found if m[:3] == ("r3", "r", (5, 2))}
    assert pushes == {(5, 1), (5, 3), (6, 1), (6, 2), (6, 3)}   # never column 4


def test_a_rider_before_the_line_may_be_pushed_over_it():
    data = engine(LINED)
    st = position(data, {"r": (1, 2), "b": (4, 2), "y": (1, 3)}, hands=[["r3"]])
    found, _ = moves(data, st)
    pushes = {m[4] for m in found if m[:3] == ("r3", "r", (4, 2))}
    assert (5, 1) in pushes and (3, 1) in pushes


# --------------------------------------------------------------------------- pushes

def test_ending_on_a_rider_pushes_it_to_any_free_square_of_its_eight():
    data = engine()
    st = position(data, {"r": (1, 3), "b": (4, 3), "y": (5, 4)}, hands=[["r3"]])
    found, _ = moves(data, st)
    pushes = {m[4] for m in found if m[:3] == ("r3", "r", (4, 3))}
    assert all(m[3] == "b" for m in found if m[:3] == ("r3", "r", (4, 3)))
    # the 8 squares around (4, 3) but (5, 4), where y stands
    assert pushes == {(3, 2), (4, 2), (5, 2), (3, 3), (5, 3), (3, 4), (4, 4)}


def test_the_push_is_applied_as_chosen():
    data = engine()
    st = position(data, {"r": (1, 3), "b": (4, 3), "y": (8, 5)}, hands=[["r3"]])
    play(data, st, ("r3", "r", (4, 3), "b", (5, 2)))
    assert where(data, st, "r") == (4, 3) and where(data, st, "b") == (5, 2)
    assert st.occ[data.geo.index(1, 3)] == -1


def test_the_square_just_left_is_free_for_the_push():
    data = engine()
    st = position(data, {"r": (3, 3), "b": (4, 3), "y": (8, 5)}, hands=[["r1"]])
    found, _ = moves(data, st)
    assert ("r1", "r", (4, 3), "b", (3, 3)) in found
    play(data, st, ("r1", "r", (4, 3), "b", (3, 3)))             # the two swap places
    assert where(data, st, "r") == (4, 3) and where(data, st, "b") == (3, 3)


def test_vacated_square_taken_keeps_the_movers_square_out_of_the_push():
    data = engine(vacated_square="taken")
    st = position(data, {"r": (3, 3), "b": (4, 3), "y": (8, 5)}, hands=[["r1"]])
    found, _ = moves(data, st)
    assert ("r1", "r", (4, 3), "b", (3, 3)) not in found
    assert ("r1", "r", (4, 3), "b", (5, 3)) in found


def test_a_push_never_goes_off_the_road():
    board = side(".....", ".....")
    data = engine(board)
    st = position(data, {"r": (1, 1), "b": (3, 1), "y": (5, 2)}, hands=[["r2"]])
    found, _ = moves(data, st)
    pushes = {m[4] for m in found if m[:3] == ("r2", "r", (3, 1))}
    assert pushes == {(2, 1), (4, 1), (2, 2), (3, 2), (4, 2)}


def test_no_free_square_around_makes_the_move_illegal():
    board = side("...", "...")                   # b at (2, 1): neighbours (1..3, 1..2)
    data = engine(board)
    st = position(data, {"r": (2, 2), "b": (2, 1), "y": (3, 2)}, hands=[["r1"]])
    found, _ = moves(data, st)
    # up onto b: b may go to (1, 1), (3, 1), (1, 2) — free — or (2, 2), which r just left
    assert {m[4] for m in found if m[:3] == ("r1", "r", (2, 1))} == {(1, 1), (3, 1), (1, 2), (2, 2)}
    board = side("...")                          # one lane: r at 1, b at 2, y at 3
    data = engine(board, vacated_square="taken")
    st = position(data, {"r": (1, 1), "b": (2, 1), "y": (3, 1)}, hands=[["r1"]])
    found, forced = moves(data, st)
    assert forced and found == {("r1",)}         # onto b, and b has nowhere to go: no move at all


def test_with_no_legal_move_any_card_is_played_without_effect():
    board = side("...")
    data = engine(board, vacated_square="taken")
    st = position(data, {"r": (1, 1), "b": (2, 1), "y": (3, 1)}, hands=[["r1", "g2"]])
    found, forced = moves(data, st)
    assert forced and found == {("r1",), ("g2",)}     # g2: nobody wears the jersey yet
    crossed = play(data, st, ("g2",))
    assert crossed == [] and st.played == 1 and st.hands[0] == [data.cards.index["r1"]]
    assert [data.cards.ids[c] for c in st.discard] == ["g2"]


# --------------------------------------------------------------------------- jokers

def test_a_joker_moves_any_rider():
    data = engine()
    st = position(data, {"r": (2, 1), "b": (2, 3), "y": (2, 5)}, hands=[["j1"]])
    found, _ = moves(data, st)
    assert {m[1] for m in found} == {"r", "b", "y"}
    assert ("j1", "y", (3, 5)) in found and ("j1", "b", (1, 3)) in found


# --------------------------------------------------------------------------- two-jersey cards

def test_a_pair_card_places_one_rider_beside_the_other():
    data = engine()
    st = position(data, {"r": (1, 1), "b": (5, 3), "y": (8, 5)}, hands=[["rb"]])
    found, _ = moves(data, st)
    assert found == {
        ("rb", "r", (6, 3)), ("rb", "r", (4, 3)), ("rb", "r", (5, 2)), ("rb", "r", (5, 4)),
        ("rb", "b", (2, 1)), ("rb", "b", (1, 2)),           # r is in a corner: only two squares beside it
    }


def test_a_pair_card_pushes_a_rider_on_the_square():
    data = engine()
    st = position(data, {"r": (1, 1), "b": (5, 3), "y": (6, 3)}, hands=[["rb"]])
    found, _ = moves(data, st)
    assert ("rb", "r", (6, 3)) not in found
    assert ("rb", "r", (6, 3), "y", (7, 3)) in found


def test_pair_riders_already_side_by_side_may_stay_put():
    data = engine()
    st = position(data, {"r": (4, 3), "b": (5, 3), "y": (8, 5)}, hands=[["rb"]])
    found, _ = moves(data, st)
    assert ("rb",) in found
    st = position(data, {"r": (4, 3), "b": (4, 4), "y": (8, 5)}, hands=[["rb"]])
    assert ("rb",) in moves(data, st)[0]
    st = position(data, {"r": (4, 3), "b": (5, 4), "y": (8, 5)}, hands=[["rb"]])   # diagonal: not adjacent
    assert ("rb",) not in moves(data, st)[0]


def test_a_pair_card_respects_the_300m_line_for_the_rider_it_moves():
    data = engine(LINED)
    st = position(data, {"r": (6, 2), "b": (5, 2), "y": (1, 3)}, hands=[["rb"]])
    found, _ = moves(data, st)
    assert ("rb", "r", (4, 2)) not in found          # r has crossed: not behind the line
    assert ("rb", "b", (7, 2)) in found and ("rb", "b", (6, 1)) in found
    st = position(data, {"r": (6, 2), "b": (2, 2), "y": (1, 3)}, hands=[["rb"]])
    found, _ = moves(data, st)
    assert not any(m[1] == "r" for m in found)       # every square beside b is behind the line
    assert ("rb", "b", (5, 2)) in found              # b, before the line, may be placed past it


def test_a_pair_card_stays_on_the_road():
    board = side("#####", ".....", "#####")
    data = engine(board)
    st = position(data, {"r": (1, 2), "b": (4, 2), "y": (5, 2)}, hands=[["rb"]])
    found, _ = moves(data, st)
    assert ("rb", "r", (3, 2)) in found
    assert ("rb", "r", (5, 2), "y", (4, 2)) not in found   # (4, 2) is b's own square: taken
    assert not any(m[2][1] != 2 for m in found)


# --------------------------------------------------------------------------- the green jersey

def test_a_green_card_moves_the_wearer():
    data = engine()
    st = position(data, {"r": (4, 3), **FAR}, hands=[["g1"]], wearer="r")
    assert {m[1] for m in moves(data, st)[0]} == {"r"}


def test_the_wearer_still_moves_with_its_own_colour():
    data = engine()
    st = position(data, {"r": (4, 3), **FAR}, hands=[["r1"]], wearer="r")
    assert {m[1] for m in moves(data, st)[0]} == {"r"}


def test_a_green_card_without_a_wearer_moves_nobody():
    data = engine()
    st = position(data, {"r": (4, 3), **FAR}, hands=[["g1"]])
    assert moves(data, st) == ({("g1",)}, True)


def test_a_green_pair_card_names_the_wearer_and_the_colour():
    data = engine()
    st = position(data, {"r": (4, 3), "b": (1, 1), "y": (8, 5)}, hands=[["bg"]], wearer="r")
    found, _ = moves(data, st)
    assert {m[1] for m in found} == {"r", "b"}
    assert ("bg", "b", (5, 3)) in found and ("bg", "r", (2, 1)) in found


# --------------------------------------------------------------------------- the finish line

FINISH = side("........", "........", "........", line300=3, finish=6)


def test_crossing_the_finish_line_records_the_order_and_lays_the_cards_down():
    data = engine(FINISH)
    st = position(data, {"r": (4, 2), "b": (1, 1), "y": (1, 3)}, hands=[["r2", "b1", "y1"], ["j1"]],
                  owners={"r": 0, "b": 1})
    assert play(data, st, ("r2", "r", (6, 2))) == [data.riders.index("r")]
    assert st.done[0] and st.finished == [0]
    assert st.hands[0] == [] and st.laid_down[0] and st.in_hands == 1
    assert sorted(data.cards.ids[c] for c in st.discard) == ["b1", "r2", "y1"]


def test_a_finished_rider_never_moves():
    data = engine(FINISH)
    st = position(data, {"r": (6, 2), "b": (4, 1), "y": (1, 3)}, hands=[["r1", "j1"]], finished=["r"])
    found, _ = moves(data, st)
    assert not any(m[1] == "r" for m in found if len(m) > 1)


def test_a_finished_rider_blocks_its_square_and_is_never_pushed():
    data = engine(FINISH)
    st = position(data, {"r": (6, 2), "b": (4, 2), "y": (1, 3)}, hands=[["b2"]], finished=["r"])
    found, _ = moves(data, st)
    assert not any(m[2] == (6, 2) for m in found)    # no move ends on the finished rider
    st = position(data, {"r": (6, 2), "b": (3, 2), "y": (5, 2)}, hands=[["b2"]], finished=["r"])
    found, _ = moves(data, st)
    pushes = {m[4] for m in found if m[:3] == ("b2", "b", (5, 2))}
    assert pushes == {(4, 1), (5, 1), (6, 1), (4, 2), (4, 3), (5, 3), (6, 3)}   # never onto r's (6, 2)


def test_finished_riders_may_leave_the_road_instead():
    data = engine(FINISH, finished_rider="leaves-road")
    st = position(data, {"r": (6, 2), "b": (4, 2), "y": (1, 3)}, hands=[["b2"]], finished=["r"])
    assert ("b2", "b", (6, 2)) in moves(data, st)[0]


def test_a_push_over_the_finish_line_finishes_the_pushed_rider():
    data = engine(FINISH)
    st = position(data, {"r": (3, 2), "b": (5, 2), "y": (1, 3)}, hands=[["r2"], ["y1"]], owners={"b": 1})
    assert play(data, st, ("r2", "r", (5, 2), "b", (6, 1))) == [data.riders.index("b")]
    assert st.finished == [1] and not st.done[0]
    assert st.laid_down[1] and st.hands[1] == []     # b's owner lays down their cards


def test_a_move_never_ends_past_the_line_on_a_rider_so_two_never_cross_at_once():
    data = engine(FINISH)
    st = position(data, {"r": (4, 2), "b": (6, 2), "y": (1, 3)}, hands=[["r2", "rb"]], finished=["b"])
    found, _ = moves(data, st)
    assert not any(len(m) == 5 for m in found if m[2][0] >= 6)


def test_pushes_over_the_line_can_be_forbidden():
    data = engine(FINISH, push_across_finish="forbidden")
    st = position(data, {"r": (3, 2), "b": (5, 2), "y": (1, 3)}, hands=[["r2"]])
    pushes = {m[4] for m in moves(data, st)[0] if m[:3] == ("r2", "r", (5, 2))}
    assert pushes and all(c < 6 for c, _ in pushes)


def test_a_pair_card_may_place_a_rider_beside_a_finished_one():
    data = engine(FINISH)
    st = position(data, {"r": (7, 2), "b": (2, 2), "y": (1, 3)}, hands=[["rb"]], finished=["r"])
    found, _ = moves(data, st)
    assert ("rb", "b", (6, 2)) in found and ("rb", "b", (8, 2)) in found
    assert not any(m[1] == "r" for m in found if len(m) > 1)
    assert play(data, st, ("rb", "b", (6, 2))) == [1]
    data = engine(FINISH, pair_with_finished="forbidden")
    st = position(data, {"r": (7, 2), "b": (2, 2), "y": (1, 3)}, hands=[["rb"]], finished=["r"])
    assert moves(data, st) == ({("rb",)}, True)


# --------------------------------------------------------------------------- the printed board

@pytest.fixture(scope="module")
def printed():
    from pnp.model import load_game

    return load_game(Path(__file__).resolve().parent.parent / "data" / "green-jersey")


def test_the_printed_funnel_stops_riders_at_its_narrowing(printed):
    board = printed.boards[0].side("b")
    geo = Geometry(board)
    start = geo.index(4, 1)
    assert sorted(geo.square(t) for t in geo.dest[3][start]) == [(1, 1), (4, 4), (5, 1)]
    assert geo.finish_column == 12 and geo.line300 == 8
    assert [geo.square(s) for s in geo.peloton] == [(4, 3), (4, 2), (4, 4), (3, 3), (3, 2), (3, 4)]


def test_the_printed_deck_is_read_card_by_card(printed):
    data = EngineData.from_model(printed)
    cards = data.cards
    assert cards.total == 45
    assert sum(cards.award) == printed.facts.deck.award_cards
    assert cards.ids[cards.award_pair[data.riders.index("rouge")]] == "pair-rouge-vert"
    assert data.geo.side_id == printed.facts.engine.board_side
