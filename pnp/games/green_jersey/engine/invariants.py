"""What must hold at every moment of a game; a violation names the seed and the move.

- every card is in exactly one place: a hand, the draw pile, the discard pile, set aside, or out
  of play (counted after every move, compared card by card at every deal and sprint end);
- one rider per square, every rider on a road square;
- a rider that has finished never moves again;
- a rider past the 300 m line is never back behind it.
"""

from __future__ import annotations

from pnp.games.green_jersey.engine.data import EngineData
from pnp.games.green_jersey.engine.errors import InvariantViolation
from pnp.games.green_jersey.engine.state import State


def check_move(data: EngineData, st: State, before: list[int], was_done: list[bool], seed: object) -> None:
    """After a move: the card count, and every rider that moved (``before``/``was_done``: positions
    and finished flags just before the move). The whole board is checked by ``check_board``."""
    total = len(st.pile) + len(st.discard) + len(st.aside) + len(st.box)
    for h in st.hands:
        total += len(h)
    if total != data.cards.total:
        raise InvariantViolation(f"{total} cards in hands, piles, aside and out of play; the deck has "
                                 f"{data.cards.total}", seed, st.moves, st.sprint)
    pos = st.pos
    if pos == before:
        return
    geo, occ = data.geo, st.occ
    on_road = data.finished_blocks
    fail = None
    for r, p in enumerate(pos):
        b = before[r]
        if p == b:
            continue
        name = data.riders[r]
        if was_done[r]:
            fail = f"rider {name} moved after finishing ({_sq(geo, b)} -> {_sq(geo, p)})"
        elif geo.crossed[b] and not geo.crossed[p]:
            fail = f"rider {name} went back over the 300 m line ({_sq(geo, b)} -> {_sq(geo, p)})"
        elif not geo.road[p]:
            fail = f"rider {name} stands off the road at {_sq(geo, p)}"
        elif occ[p] != r and (on_road or not st.done[r]):
            other = occ[p]
            fail = (f"riders {data.riders[other]} and {name} share {_sq(geo, p)}" if other >= 0 else
                    f"the board does not show rider {name} at {_sq(geo, p)}")
        elif occ[b] >= 0 and pos[occ[b]] != b:
            fail = f"{_sq(geo, b)}, left by rider {name}, is still marked taken"
        if fail:
            raise InvariantViolation(fail, seed, st.moves, st.sprint)
    racing = [p for r, p in enumerate(pos) if on_road or not st.done[r]]
    if len(set(racing)) != len(racing):
        raise InvariantViolation("two riders share a square", seed, st.moves, st.sprint)


def check_board(data: EngineData, st: State, seed: object, when: str) -> None:
    """The whole board: every racing rider on its own road square, and nothing else marked."""
    geo = data.geo
    on_road = data.finished_blocks
    seen: dict[int, int] = {}
    fail = None
    for r, p in enumerate(st.pos):
        name = data.riders[r]
        if st.done[r] and not on_road:
            if st.occ[p] == r:
                fail = f"finished rider {name} is still marked on the road"
        elif not geo.road[p]:
            fail = f"rider {name} stands off the road at {_sq(geo, p)}"
        elif p in seen:
            fail = f"riders {data.riders[seen[p]]} and {name} share {_sq(geo, p)}"
        elif st.occ[p] != r:
            fail = f"the board does not show rider {name} at {_sq(geo, p)}"
        else:
            seen[p] = r
        if fail:
            break
    if not fail and sum(1 for o in st.occ if o >= 0) != len(seen):
        fail = "a square is marked taken with no rider on it"
    if fail:
        raise InvariantViolation(f"{fail} ({when})", seed, st.moves, st.sprint)


def check_cards(data: EngineData, st: State, seed: object, when: str) -> None:
    """Every card exactly once across hands, draw pile, discard pile, aside and out of play."""
    cards = sorted(st.all_cards())
    if cards != list(range(data.cards.total)):
        missing = sorted(set(range(data.cards.total)) - set(cards))
        twice = sorted({c for c in cards if cards.count(c) > 1})
        what = []
        if missing:
            what.append("missing " + ", ".join(data.cards.ids[c] for c in missing))
        if twice:
            what.append("twice " + ", ".join(data.cards.ids[c] for c in twice))
        raise InvariantViolation(f"cards not conserved {when}: {'; '.join(what) or 'unknown card'}",
                                 seed, st.moves, st.sprint)
    if st.in_hands != sum(len(h) for h in st.hands):
        raise InvariantViolation(f"the count of cards in hands is off {when}", seed, st.moves, st.sprint)


def _sq(geo, index: int) -> str:
    c, ln = geo.square(index)
    return f"column {c}, lane {ln}"
