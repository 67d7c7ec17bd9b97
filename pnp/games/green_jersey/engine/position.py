"""Set up a position by hand (tests, experiments, a rulebook figure): riders on squares, hands."""

from __future__ import annotations

from pnp.games.green_jersey.engine.data import EngineData
from pnp.games.green_jersey.engine.state import State


def position(data: EngineData, riders: dict[str, tuple[int, int]], hands: list[list[str]] | None = None,
             owners: dict[str, int] | None = None, wearer: str | None = None,
             finished: list[str] = (), pile: list[str] | None = None) -> State:
    """A state with ``riders`` on (column, lane) squares (every rider of ``data`` must be placed),
    the seats' ``hands`` (card ids), ``owners`` (rider -> seat), the jersey ``wearer``, and the riders
    that already ``finished`` (in crossing order). Cards in no hand form the draw pile (or ``pile``)."""
    hands = hands or [[]]
    st = State(len(hands), data.n_riders, data.geo.size)
    missing = [r for r in data.riders if r not in riders]
    if missing:
        raise ValueError(f"place every rider: {', '.join(missing)} have no square")
    for name, (column, lane) in riders.items():
        r = data.riders.index(name)
        if not data.geo.is_road(column, lane):
            raise ValueError(f"rider {name}: column {column}, lane {lane} is not a road square")
        sq = data.geo.index(column, lane)
        if st.occ[sq] >= 0:
            raise ValueError(f"two riders on column {column}, lane {lane}")
        st.pos[r] = sq
        st.occ[sq] = r
    for name in finished:
        r = data.riders.index(name)
        st.done[r] = True
        st.finished.append(r)
        if not data.finished_blocks:
            st.occ[st.pos[r]] = -1
    used = set()
    for seat, hand in enumerate(hands):
        st.hands[seat] = [data.cards.index[c] for c in hand]
        used.update(st.hands[seat])
    st.in_hands = sum(len(h) for h in st.hands)
    if pile is not None:
        st.pile = [data.cards.index[c] for c in pile]
        used.update(st.pile)
        st.box = [c for c in range(data.cards.total) if c not in used]
    else:
        st.pile = [c for c in range(data.cards.total) if c not in used]
    for name, seat in (owners or {}).items():
        r = data.riders.index(name)
        st.owner[r] = seat
        st.seat_rider[seat] = r
    st.wearer = data.riders.index(wearer) if wearer else -1
    st.sprint = 1
    return st
