"""One sprint: deal, form the peloton, play cards in turn until it ends, rank, score, award the jersey.

Every random draw (shuffles, peloton draws, photo-finishes) comes from the game's own seeded
``random.Random``; every choice from the players.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.games.green_jersey.engine import invariants
from pnp.games.green_jersey.engine.moves import apply_move, legal_moves


@dataclass
class DealResult:
    """What the deal of one sprint did with the draw pile."""

    pile: int = 0            # cards in the draw pile before the deal
    short: int = 0           # cards a hand should have got when the pile was already empty
    short_step: str = ""     # where the pile ran out: "deal" (top-up to the hand) or "refill"
    empty: bool = False      # the pile was empty after the deal
    capped: int = 0          # players whose discards were limited by what the pile could replace
    discarded: int = 0       # cards discarded in all


@dataclass
class SprintResult:
    number: int
    first: int                              # seat of the first player
    deal: DealResult
    cards_played: int = 0
    ended: str = ""                         # "finishers" or "cards"
    finishers: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    photo_finish: bool = False              # a draw between riders of one column decided a scoring place
    forced: int = 0                         # cards played without a move because no card had one
    kept: int = 0                           # cards kept for the next sprint
    wearer: int = -1                        # rider wearing the jersey after the sprint
    jersey_changed: bool = False            # the jersey went to another rider (not counting the first award)


def deal(game) -> DealResult:
    """Top every hand up to ``hand``, let each player discard in turn, top up to ``refill_to``."""
    data, st = game.data, game.st
    res = DealResult(pile=len(st.pile))
    order = st.seat_order()
    for seat in order:
        _draw(st, seat, data.hand - len(st.hands[seat]), res, "deal")
    need = sum(max(0, data.refill_to - len(st.hands[s])) for s in order)
    spare = len(st.pile) - need
    for seat in order:
        hand = st.hands[seat]
        allowed = min(data.discard_max, len(hand))
        cap = max(0, min(allowed, spare)) if data.discard_capped else allowed
        if cap < allowed:
            res.capped += 1
        if not cap:
            continue
        chosen = list(game.players[seat].choose_discards(game, seat, cap))
        for c in chosen:
            hand.remove(c)
            st.discard.append(c)
        st.in_hands -= len(chosen)
        spare -= len(chosen)
        res.discarded += len(chosen)
        if game.log is not None:
            game.log_discard(seat, chosen, cap)
    for seat in order:
        _draw(st, seat, data.refill_to - len(st.hands[seat]), res, "refill")
    res.empty = not st.pile
    return res


def _draw(st, seat: int, n: int, res: DealResult, step: str) -> None:
    if n <= 0:
        return
    take = min(n, len(st.pile))
    if take:
        hand = st.hands[seat]
        hand.extend(st.pile[-take:])
        del st.pile[-take:]
        st.in_hands += take
    if take < n:
        res.short += n - take
        res.short_step = res.short_step or step


def form_peloton(game) -> list[int]:
    """Riders on the peloton squares, square 1 first: by a draw of rider cards in the first sprint,
    then by the standings (``engine.peloton_order``), ties by a draw of their rider cards."""
    data, st, rng = game.data, game.st, game.rng
    riders = list(range(data.n_riders))
    rng.shuffle(riders)
    if st.sprint > 1:
        if data.rules.peloton_order == "last-sprint" and st.last_ranking:
            place = {r: i for i, r in enumerate(st.last_ranking)}
            riders.sort(key=lambda r: place.get(r, len(place)))
        else:
            riders.sort(key=lambda r: -st.points[r])
    occ = st.occ
    for i in range(len(occ)):
        occ[i] = -1
    for r, sq in zip(riders, data.geo.peloton):
        st.pos[r] = sq
        occ[sq] = r
    return riders


def play_cards(game, res: SprintResult) -> None:
    """Turns from the first player clockwise until enough riders crossed or no card is left."""
    data, st, players = game.data, game.st, game.players
    n = st.players
    seat = st.first
    goal = data.finishers_to_end
    check = game.check
    log = game.log is not None
    while True:
        if len(st.finished) >= goal:
            res.ended = "finishers"
            break
        if st.in_hands <= 0:
            res.ended = "cards"
            break
        if st.hands[seat]:
            if check:
                before, was_done = st.pos[:], st.done[:]
            options, forced = legal_moves(data, st, seat)
            move = players[seat].choose_move(game, seat, options, forced)
            if forced:
                res.forced += 1
            if log:
                game.log_move(seat, move, forced)
            apply_move(data, st, seat, move)
            if log:
                game.log_after_move()
            if check:
                invariants.check_move(data, st, before, was_done, game.seed)
        seat += 1
        if seat == n:
            seat = 0
    res.cards_played = st.played
    res.finishers = list(st.finished)


def rank(game) -> tuple[list[int], bool]:
    """Finishers in crossing order, then the others by distance to the finish; riders of one
    column are drawn at random (photo-finish). Returns the ranking and whether a draw decided one
    of the scoring places."""
    data, st, rng = game.data, game.st, game.rng
    col = data.geo.col
    rest = [r for r in range(data.n_riders) if not st.done[r]]
    rng.shuffle(rest)
    rest.sort(key=lambda r: -col[st.pos[r]])
    ranking = list(st.finished) + rest
    places = len(data.points)
    photo = False
    for i in range(len(st.finished), min(places, len(ranking))):
        r = ranking[i]
        if any(col[st.pos[x]] == col[st.pos[r]] for x in rest if x != r):
            photo = True
            break
    return ranking, photo


def score(game, ranking: list[int]) -> None:
    st = game.st
    for place, (r, pts) in enumerate(zip(ranking, game.data.points), 1):
        st.points[r] += pts
        st.tokens[r].append(place)


def keep_cards(game, res: SprintResult) -> None:
    """After a sprint ended by finishers, players still holding cards may keep some; the rest of
    every hand goes to the discard pile."""
    data, st = game.data, game.st
    for seat in st.seat_order():
        hand = st.hands[seat]
        if not hand:
            continue
        kept: list[int] = []
        asked = res.ended == "finishers" and data.keep_max > 0
        if asked:
            kept = list(game.players[seat].choose_keep(game, seat, min(data.keep_max, len(hand))))
        rest = [c for c in hand if c not in kept]
        st.discard.extend(rest)
        st.in_hands -= len(rest)
        hand[:] = kept
        res.kept += len(kept)
        if game.log is not None and asked:
            game.log_keep(seat, kept)


def award_jersey(game, ranking: list[int]) -> bool:
    """The highest total takes the jersey; a tie: the wearer keeps it, else the best placed in this
    sprint. The new wearer's green card is set aside; the old one goes back (GJ-D-SWAP-RETURN).
    Returns True when the jersey went from one rider to another."""
    data, st = game.data, game.st
    best = max(st.points)
    tied = [r for r in range(data.n_riders) if st.points[r] == best]
    old = st.wearer
    if old in tied:
        new = old
    else:
        place = {r: i for i, r in enumerate(ranking)}
        new = min(tied, key=lambda r: place.get(r, len(place)))
    if new == old:
        return False
    st.wearer = new
    if st.aside:
        st.discard.extend(st.aside)   # back into the deck when it is shuffled
        st.aside.clear()
    card = data.cards.award_pair[new]
    if card >= 0:
        _set_aside(st, card)
    return old >= 0


def _set_aside(st, card: int) -> None:
    for where in (st.pile, st.discard, st.box):
        if card in where:
            where.remove(card)
            st.aside.append(card)
            return
    for hand in st.hands:
        if card in hand:                # a kept card (engine.kept_award_card: set-aside)
            hand.remove(card)
            st.in_hands -= 1
            st.aside.append(card)
            return


def reshuffle(game, next_sprint: int) -> None:
    """At the end of every sprint: the discards (and, from the second sprint, the green cards)
    join the draw pile, which is shuffled."""
    st = game.st
    st.pile.extend(st.discard)
    st.discard.clear()
    if next_sprint >= 2 and st.box:
        st.pile.extend(st.box)
        st.box.clear()
    st.pile.sort()
    game.rng.shuffle(st.pile)
