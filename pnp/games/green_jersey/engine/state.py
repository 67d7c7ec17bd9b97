"""The state of a game of Green Jersey: plain lists of integers, changed in place.

Riders, seats and cards are small integers (indexes into ``EngineData.riders``, the players'
seats clockwise from seat 0, and ``EngineData.cards``); squares are indexes of ``Geometry``.
Where every card is at any moment: in a hand, the draw pile, the discard pile, set aside beside
the wearer's rider card, or out of play (the cards showing the green jersey, in the first sprint).
"""

from __future__ import annotations

NONE = -1


class State:
    __slots__ = (
        "players", "pos", "occ", "done", "finished", "hands", "laid_down", "pile", "discard",
        "aside", "box", "points", "tokens", "wearer", "owner", "seat_rider", "first", "sprint",
        "moves", "played", "last_ranking", "in_hands",
    )

    def __init__(self, players: int, riders: int, squares: int) -> None:
        self.players = players
        self.pos = [NONE] * riders            # square of each rider
        self.occ = [NONE] * squares           # rider on each square, NONE when free
        self.done = [False] * riders          # the rider crossed the finish line in this sprint
        self.finished: list[int] = []         # riders in the order they crossed, this sprint
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.laid_down = [False] * players    # the seat's rider finished: it sits the sprint out
        self.pile: list[int] = []             # draw pile; the top is the end of the list
        self.discard: list[int] = []
        self.aside: list[int] = []            # the green card of the wearer, beside its rider card
        self.box: list[int] = []              # out of play (the green cards in the first sprint)
        self.points = [0] * riders
        self.tokens: list[list[int]] = [[] for _ in range(riders)]  # places (1, 2, 3) of tokens taken
        self.wearer = NONE                    # rider wearing the green jersey
        self.owner = [NONE] * riders          # seat owning each rider, NONE when unowned
        self.seat_rider = [NONE] * players
        self.first = 0                        # seat holding the first-player card
        self.sprint = 0                       # the sprint being played, from 1
        self.moves = 0                        # cards played in the game so far
        self.played = 0                       # cards played in this sprint
        self.last_ranking: list[int] = []
        self.in_hands = 0                     # cards in all hands (the sprint ends when none is left)

    def positions(self) -> tuple[int, ...]:
        return tuple(self.pos)

    def card_count(self) -> int:
        return (sum(len(h) for h in self.hands) + len(self.pile) + len(self.discard) + len(self.aside)
                + len(self.box))

    def all_cards(self) -> list[int]:
        out = [c for h in self.hands for c in h]
        out += self.pile + self.discard + self.aside + self.box
        return out

    def seat_order(self) -> list[int]:
        """Seats clockwise from the first player."""
        n = self.players
        return [(self.first + k) % n for k in range(n)]
