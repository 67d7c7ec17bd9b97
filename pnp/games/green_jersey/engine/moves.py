"""Legal moves and how a move changes the state.

A move is a tuple ``(card, rider, to, pushed, push_to)`` of integers: ``card`` is played,
``rider`` goes to square ``to``; if a rider stood there, ``pushed`` goes to ``push_to``. A card
played without moving anyone is ``(card, -1, -1, -1, -1)``.

The rules, as the engine plays them:

- single-jersey card: its rider (the green jersey names the wearer) moves exactly N squares in a
  straight line forward, back, left or right, never diagonally, passing through other riders;
  it stops early only at the road edge, or at the 300 m line when it has crossed it and moves back;
- joker: the same, for any rider;
- two-jersey card: one of its two riders is placed in front of, behind, left or right of the other
  (on the road; not behind the 300 m line if it has crossed it); if they are already side by side
  or one behind the other, the card may be played without moving anyone;
- a move ending on a rider pushes that rider onto a free square among its 8 neighbours (the player
  chooses): on the road, and past the 300 m line if it had crossed it; none free: illegal move;
- a rider past the finish line never moves and is never pushed (``engine.finished_rider``);
- a player none of whose cards has a legal move plays a card without moving (``engine.no_legal_move``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.green_jersey.engine.cards import AWARD, JOKER, PAIR, SINGLE
from pnp.games.green_jersey.engine.data import EngineData
from pnp.games.green_jersey.engine.state import State

Move = tuple[int, int, int, int, int]


def legal_moves(data: EngineData, st: State, seat: int) -> tuple[list[Move], bool]:
    """Every (card, move) the player at ``seat`` may make, and whether the play is forced (no card
    has a legal move, so any card may be played without moving)."""
    hand = st.hands[seat]
    cards = data.cards
    kinds, dists, names = cards.kind, cards.dist, cards.names
    geo = data.geo
    push, orth, crossed = data.push, geo.orth, geo.crossed
    pos, occ, done = st.pos, st.occ, st.done
    wearer = st.wearer
    vac_free = data.vacated_free
    out: list[Move] = []
    app = out.append
    all_riders: Sequence[int] = range(len(pos))
    for c in hand:
        k = kinds[c]
        if k == PAIR:
            a, b = names[c]
            if a == AWARD:
                a = wearer
            if b == AWARD:
                b = wearer
            if a < 0 or b < 0 or a == b:
                continue
            pa, pb = pos[a], pos[b]
            da, db = done[a], done[b]
            if (not (da or db) or data.pair_with_finished) and pb in orth[pa]:
                app((c, -1, -1, -1, -1))
            for m, pm, pf, fixed_done in ((a, pa, pb, db), (b, pb, pa, da)):
                if done[m] or (fixed_done and not data.pair_with_finished):
                    continue
                cm = crossed[pm]
                pv = pm if vac_free else -9
                for t in orth[pf]:
                    if t == pm or (cm and not crossed[t]):
                        continue
                    o = occ[t]
                    if o < 0:
                        app((c, m, t, -1, -1))
                    elif not done[o]:
                        out += [(c, m, t, o, u) for u in push[t] if occ[u] < 0 or u == pv]
        else:
            dd = geo.dest[dists[c]]
            if k == SINGLE:
                r = names[c][0]
                if r == AWARD:
                    r = wearer
                riders: Sequence[int] = (r,) if r >= 0 else ()
            else:
                riders = all_riders
            still = False
            for r in riders:
                if done[r]:
                    continue
                p = pos[r]
                pv = p if vac_free else -9
                for t in dd[p]:
                    o = occ[t]
                    if o < 0:
                        app((c, r, t, -1, -1))
                    elif not done[o]:
                        out += [(c, r, t, o, u) for u in push[t] if occ[u] < 0 or u == pv]
                if data.zero_move_no_effect and geo.blocked[dists[c]][p]:
                    still = True
            if still:
                app((c, -1, -1, -1, -1))
    if out:
        return out, False
    return [(c, -1, -1, -1, -1) for c in hand], True


def apply_move(data: EngineData, st: State, seat: int, move: Move) -> list[int]:
    """The player at ``seat`` plays ``move``: the card goes on the discard pile, the riders move.
    Returns the riders that crossed the finish line with this move, in crossing order (their
    owners lay their cards down and sit the rest of the sprint out)."""
    c, r, t, o, u = move
    st.hands[seat].remove(c)
    st.discard.append(c)
    st.in_hands -= 1
    st.played += 1
    st.moves += 1
    if r < 0:
        return []
    pos, occ = st.pos, st.occ
    occ[pos[r]] = -1
    if o >= 0:
        occ[u] = o
        pos[o] = u
    occ[t] = r
    pos[r] = t
    # A move ends past the line only on a free square (a rider there has finished and blocks it, or
    # has left the road), so the mover and a rider it pushes never cross with the same move.
    fin = data.geo.finish
    crossing = []
    if fin[t]:
        crossing.append(r)
    if o >= 0 and fin[u]:
        crossing.append(o)
    for x in crossing:
        st.done[x] = True
        st.finished.append(x)
        if not data.finished_blocks:
            occ[pos[x]] = -1      # the rider leaves the road (engine.finished_rider: leaves-road)
        owner = st.owner[x]
        if owner >= 0 and not st.laid_down[owner]:
            st.laid_down[owner] = True
            hand = st.hands[owner]
            st.in_hands -= len(hand)
            st.discard.extend(hand)
            hand.clear()
    return crossing


def named_riders(data: EngineData, st: State, card: int) -> tuple[int, ...]:
    """The riders a card names now (the green jersey names the wearer; a joker names them all)."""
    k = data.cards.kind[card]
    if k == JOKER:
        return tuple(range(len(st.pos)))
    out = []
    for n in data.cards.names[card]:
        n = st.wearer if n == AWARD else n
        if n >= 0:
            out.append(n)
    return tuple(out)
