"""Everything the engine reads from the model, compiled once into plain, picklable data.

``EngineData.from_model(model, side)`` takes the printed track (the board side's typed squares, in
race order), the printed decks (questions, points, strategy, mishaps: every copy of every card), the
numbers of rules.yaml (dice, setback, bounce, answers, the favourable and unfavourable mishaps) and
the engine's choices where the rules are silent (``engine:`` in rules.yaml). Worker processes of a
simulation receive this object, not the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from pnp.errors import PnpError
from pnp.games.tour_de_france_quiz.facts import SHUFFLED, EngineRules

EFFECTS = ("advance", "back", "strategy", "replay", "skip", "joker")
"""The mishap effects the engine plays (the kinds of mishaps.csv); which are favourable is rules.yaml's."""
JOKER = "joker"
VALUED = ("advance", "back", "strategy", "skip")
"""Effects whose card needs a value (squares, cards or turns)."""


class EngineError(PnpError):
    """The data cannot be played by the engine (no track, too few prologue squares, an unknown
    mishap...). A ``PnpError``: the command line shows its message without a traceback."""


@dataclass(frozen=True)
class Cards:
    """Every copy of every card of the shuffled decks, numbered 0.. in deck order: ``deck[c]`` is the
    index (in ``keys``) of card ``c``'s deck, ``kind[c]`` and ``value[c]`` its kind and value
    (0 when none). ``ids[d]`` are the cards of deck ``d``."""

    keys: tuple[str, ...]
    names: tuple[str, ...]
    deck: tuple[int, ...]
    kind: tuple[str, ...]
    value: tuple[int, ...]
    ids: tuple[tuple[int, ...], ...]

    def index(self, key: str) -> int:
        return self.keys.index(key)


@dataclass(frozen=True)
class EngineData:
    """The track, the decks, the rules' numbers and the engine's choices, as plain data."""

    game: str
    side: str
    kinds: tuple[str, ...]
    """The kind of every square of the track, in race order (index 0: the first square)."""
    actions: tuple[str, ...]
    """The action of every square (rules.yaml squares)."""
    points_of: tuple[int, ...]
    """Per square: the points deck (index in ``cards.keys``) it draws from, or -1."""
    prologue: tuple[int, ...]
    """The square of the prologue's n-th place (index n-1): Prologue 1 first."""
    finish: int
    time_trials: tuple[int, ...]
    dice_count: int
    dice_faces: int
    setback: int
    bounce_back: bool
    sides: tuple[str, ...]
    right: tuple[float, ...]
    """Per side of a question card: the chance of a right answer (known, or guessed among the answers)."""
    favourable: frozenset[str]
    unfavourable: frozenset[str]
    cards: Cards
    questions: int
    strategy: int
    mishaps: int
    points: tuple[int, ...]
    """The points decks (indices in ``cards.keys``), in the order of ``jerseys[1:]``."""
    jerseys: tuple[str, ...]
    """The jersey cards: the yellow first, then one per points deck (rules.yaml jerseys)."""
    players_min: int
    players_max: int
    riders: int
    tally_rows: int
    finish_turns: float
    """The turns the rulebook's pace counts for stopping exactly on the Arrivée (rules.yaml pace)."""
    """The rounds the printed jersey points tally has rows for (rules.yaml pace, TDQ-D-TRACK)."""
    rules: EngineRules

    @property
    def dice_sums(self) -> dict[int, float]:
        """The chance of every sum of the dice."""
        out: dict[int, float] = {}
        for faces in product(range(1, self.dice_faces + 1), repeat=self.dice_count):
            out[sum(faces)] = out.get(sum(faces), 0.0) + 1.0
        total = self.dice_faces ** self.dice_count
        return {k: v / total for k, v in out.items()}

    @property
    def dice_mean(self) -> float:
        return self.dice_count * (self.dice_faces + 1) / 2

    @classmethod
    def from_model(cls, model, side: str | None = None) -> "EngineData":
        facts = model.facts
        rules: EngineRules | None = getattr(facts, "engine", None)
        if rules is None:
            raise EngineError("rules.yaml has no engine: section (the engine's choices where the rules are silent)")
        chosen = _side(model, side)
        track = sorted((s for s in chosen.spaces if s.kind not in ("road", "off")), key=lambda s: s.column)
        kinds = tuple(s.kind for s in track)
        unknown = sorted({k for k in kinds if k not in facts.squares})
        if unknown:
            raise EngineError(f"the track has squares of kinds rules.yaml does not list: {', '.join(unknown)}")
        actions = tuple(facts.squares[k].action for k in kinds)
        cards = _cards(model)
        deck_of = {getattr(facts.decks, k).deck: k for k in SHUFFLED}
        points_of = tuple(cards.index(deck_of[facts.squares[k].deck]) if a == "points" else -1
                          for k, a in zip(kinds, actions))
        points_keys = [k for k in ("polka", "green", "white") if cards.index(k) in points_of]
        return cls(
            game=model.id, side=chosen.id, kinds=kinds, actions=actions, points_of=points_of,
            prologue=_prologue(track, actions), finish=_finish(actions),
            time_trials=tuple(i for i, a in enumerate(actions) if a == "time-trial"),
            dice_count=facts.dice.count, dice_faces=facts.dice.faces, setback=facts.setback,
            bounce_back=facts.bounce_back, sides=tuple(facts.questions.sides),
            right=_right(facts.questions, rules), favourable=frozenset(facts.mishaps.favourable),
            unfavourable=frozenset(facts.mishaps.unfavourable), cards=cards,
            questions=cards.index("questions"), strategy=cards.index("strategy"),
            mishaps=cards.index("mishaps"), points=tuple(cards.index(k) for k in points_keys),
            jerseys=(facts.jerseys.yellow, *(getattr(facts.jerseys, k) for k in points_keys)),
            players_min=facts.players.min, players_max=facts.players.max, riders=len(model.riders),
            tally_rows=facts.tally_rounds(model), finish_turns=facts.pace.finish_turns, rules=rules,
        )


def _side(model, side: str | None):
    t = model.facts.track
    board = next((b for b in model.boards if b.id == t.board), None)
    if board is None:
        raise EngineError(f"rules.yaml track.board '{t.board}' is not a board of boards.yaml")
    wanted = side or t.side
    chosen = next((s for s in board.sides if s.id == wanted), None)
    if chosen is None:
        raise EngineError(f"board '{board.id}' has no side '{wanted}' (sides: {', '.join(s.id for s in board.sides)})")
    return chosen


def _prologue(track, actions: tuple[str, ...]) -> tuple[int, ...]:
    places = sorted((s.number or 0, i) for i, (s, a) in enumerate(zip(track, actions)) if a == "start")
    if not places:
        raise EngineError("the track has no prologue square to start from")
    return tuple(i for _, i in places)


def _finish(actions: tuple[str, ...]) -> int:
    if actions.count("finish") != 1 or actions[-1] != "finish":
        raise EngineError("the track must end with its one Arrivée square")
    return len(actions) - 1


def _right(questions, rules: EngineRules) -> tuple[float, ...]:
    missing = [s for s in questions.sides if s not in rules.answer]
    if missing:
        raise EngineError(f"engine.answer gives no share for the side(s) {', '.join(missing)} of questions.sides")
    return tuple(rules.answer[s] + (1 - rules.answer[s]) / questions.answers for s in questions.sides)


def _cards(model) -> Cards:
    """Every copy of the cards of the shuffled decks, numbered in deck order."""
    facts = model.facts
    decks = {d.id: d for d in model.decks}
    deck, kind, value, ids, names = [], [], [], [], []
    for i, key in enumerate(SHUFFLED):
        ref = getattr(facts.decks, key)
        printed = decks.get(ref.deck)
        if printed is None:
            raise EngineError(f"rules.yaml decks.{key} names the deck '{ref.deck}', which decks.yaml does not have")
        start = len(deck)
        for card in printed.cards:
            for _ in range(card.qty):
                deck.append(i)
                kind.append(card.kind)
                value.append(card.value or 0)
        ids.append(tuple(range(start, len(deck))))
        names.append(ref.deck)
        _check_deck(key, printed, facts)
    return Cards(SHUFFLED, tuple(names), tuple(deck), tuple(kind), tuple(value), tuple(ids))


def _check_deck(key: str, printed, facts) -> None:
    if key == "strategy" and any(c.value is None for c in printed.cards):
        raise EngineError(f"a card of the strategy deck '{printed.id}' has no value to add to a roll")
    if key in ("polka", "green", "white") and any(c.value is None for c in printed.cards):
        raise EngineError(f"a card of the points deck '{printed.id}' has no value")
    if key == "mishaps":
        wrong = sorted({c.kind for c in printed.cards} - set(EFFECTS))
        if wrong:
            raise EngineError(f"the engine does not know the mishap kind(s) {', '.join(wrong)} (it plays: "
                              f"{', '.join(EFFECTS)})")
        if any(c.kind in VALUED and not c.value for c in printed.cards):
            raise EngineError(f"a mishap card of kind {', '.join(VALUED)} needs a value")
        listed = set(facts.mishaps.favourable) | set(facts.mishaps.unfavourable)
        unlisted = sorted({c.kind for c in printed.cards if c.kind != JOKER} - listed)
        if unlisted:
            raise EngineError(f"rules.yaml mishaps lists {', '.join(unlisted)} neither favourable nor unfavourable")
