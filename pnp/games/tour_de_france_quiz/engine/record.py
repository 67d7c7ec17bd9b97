"""What one finished game records (``Outcome.detail``): small, frozen and picklable."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tour_de_france_quiz.engine.state import State


@dataclass(frozen=True)
class QuizGame:
    """One game: its length, how it ended, the jerseys at the end, and what the decks went through.

    Per-deck tuples follow ``EngineData.cards.keys``; per-jersey ones ``EngineData.jerseys[1:]``."""

    rounds: int
    turns: int
    skipped: int
    winner_place: int
    """The winner's place in the order of play (0: the prologue's winner, who plays first)."""
    ended: str
    first_won: bool
    """Whether the winner was the first pawn whose move reached or passed the Arrivée."""
    """What stopped the winner on the Arrivée: "roll" (the dice alone), "cards" (strategy cards played on
    the roll), "mishap" (a mishap card's advance)."""
    winner_yellow: bool
    winner_jerseys: tuple[bool, ...]
    yellow_changes: int
    jersey_changes: tuple[int, ...]
    bounces: int
    aiming: int
    """The rounds the exact count cost the winner: from its first move that reached or passed the
    Arrivée to its win (0: it stopped there at once)."""
    questions: int
    right: int
    drawn: int
    own: int
    against: int
    jokers: int
    setbacks: int
    mishaps: int
    trials: int
    missed: tuple[int, ...]
    empty_at: tuple[int, ...]
    round_trip: tuple[int, ...]
    held: int
    """Strategy cards in the players' hands at the end."""

    @classmethod
    def of(cls, st: State) -> "QuizGame":
        r = st.rec
        w = st.winner
        return cls(
            rounds=st.round, turns=r.turns, skipped=r.skipped,
            winner_place=st.order.index(w) if w is not None else -1, ended=r.ended,
            first_won=w is not None and st.first_reach == w,
            winner_yellow=w is not None and st.holders[0] == w,
            winner_jerseys=tuple(w is not None and h == w for h in st.holders[1:]),
            yellow_changes=r.yellow_changes, jersey_changes=tuple(r.jersey_changes), bounces=r.bounces,
            aiming=st.round - st.reached[w] if w is not None else 0,
            questions=r.questions, right=r.right, drawn=r.drawn, own=r.own, against=r.against, jokers=r.jokers,
            setbacks=r.setbacks, mishaps=r.mishaps, trials=r.trials,
            missed=tuple(r.missed), empty_at=tuple(r.empty_at), round_trip=tuple(r.round_trip),
            held=sum(len(h) for h in st.hands),
        )
