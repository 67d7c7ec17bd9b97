"""A whole game: seats, riders, sprints, the jersey, the winner; with an optional transcript.

    data = EngineData.from_model(load_game(Path("data/green-jersey")))
    result = Game(data, make_players("random", 4, seed=1), seed=1).play()
    result.winner            # the seat owning the jersey wearer, or None

A transcript (``record=True``) lists every event: the seats' riders, every deal, discard, peloton,
move (card, rider, squares, push, riders after it), the ranking and points of every sprint.
``Game.replay(data, transcript)`` plays the recorded decisions again against the engine (which
redraws every shuffle from the same seed) and checks that each is legal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.games.green_jersey.engine import invariants, sprint as sp
from pnp.games.green_jersey.engine.data import EngineData, EngineError
from pnp.games.green_jersey.engine.moves import Move
from pnp.games.green_jersey.engine.players import Player, ScriptedPlayer
from pnp.games.green_jersey.engine.state import State

TRANSCRIPT_VERSION = 1


@dataclass
class GameResult:
    seed: int
    players: int
    riders: list[int]                       # rider of each seat
    sprints: list[sp.SprintResult]
    points: list[int]                       # per rider
    wearer: int                             # rider wearing the jersey at the end (-1: none)
    winner: int | None                      # seat owning the wearer, None if the wearer is unowned
    jersey_changes: int
    moves: int
    transcript: list[dict] | None = field(default=None, repr=False)


class Game:
    def __init__(self, data: EngineData, players: list[Player], seed: int, sprints: int | None = None,
                 record: bool = False, check: bool = True) -> None:
        n = len(players)
        if not 1 <= n <= data.n_riders:
            raise EngineError(f"{n} players for {data.n_riders} riders")
        if len(data.geo.peloton) < data.n_riders:
            raise EngineError(f"board side '{data.geo.side_id}' has {len(data.geo.peloton)} peloton squares "
                              f"for {data.n_riders} riders")
        self.data = data
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.sprints = sprints if sprints is not None else data.sprints_for(n)
        self.check = check
        self.log: list[dict] | None = [] if record else None
        self.st = State(n, data.n_riders, data.geo.size)

    # --- the game

    def play(self) -> GameResult:
        data, st, rng = self.data, self.st, self.rng
        n = st.players
        if data.rules.rider_choice == "random":
            riders = rng.sample(range(data.n_riders), n)
        else:
            riders = list(range(n))
        for seat, r in enumerate(riders):
            st.seat_rider[seat] = r
            st.owner[r] = seat
        cards = data.cards
        st.box = [c for c in range(cards.total) if cards.award[c]]
        st.pile = [c for c in range(cards.total) if not cards.award[c]]
        rng.shuffle(st.pile)
        if self.log is not None:
            self.log.append({"event": "setup", "version": TRANSCRIPT_VERSION, "game": data.game,
                             "side": data.geo.side_id, "seed": self.seed, "players": n,
                             "sprints": self.sprints, "policies": [p.policy for p in self.players],
                             "riders": [data.riders[r] for r in riders]})
        results, changes = [], 0
        for number in range(1, self.sprints + 1):
            res = self.play_sprint(number)
            results.append(res)
            changes += res.jersey_changed
        wearer = st.wearer
        winner = st.owner[wearer] if wearer >= 0 and st.owner[wearer] >= 0 else None
        if self.log is not None:
            self.log.append({"event": "end", "wearer": self._rider(wearer), "winner": winner,
                             "points": self._points()})
        return GameResult(seed=self.seed, players=n, riders=riders, sprints=results, points=list(st.points),
                          wearer=wearer, winner=winner, jersey_changes=changes, moves=st.moves,
                          transcript=self.log)

    def play_sprint(self, number: int) -> sp.SprintResult:
        data, st = self.data, self.st
        st.sprint = number
        st.played = 0
        st.finished.clear()
        for r in range(data.n_riders):
            st.done[r] = False
        for s in range(st.players):
            st.laid_down[s] = False
        if self.check:
            invariants.check_cards(data, st, self.seed, "before the deal")
        if self.log is not None:
            self.log.append({"event": "sprint", "sprint": number, "first": st.first,
                             "kept": [self._cards(h) for h in st.hands], "pile": len(st.pile)})
        res = sp.SprintResult(number=number, first=st.first, deal=sp.DealResult())
        res.deal = sp.deal(self)
        if self.log is not None:
            self.log.append({"event": "hands", "hands": [self._cards(h) for h in st.hands],
                             "pile": len(st.pile), "short": res.deal.short})
        order = sp.form_peloton(self)
        if self.log is not None:
            self.log.append({"event": "peloton", "order": [data.riders[r] for r in order]})
        if self.check:
            invariants.check_board(data, st, self.seed, "on the peloton squares")
        sp.play_cards(self, res)
        if self.check:
            invariants.check_board(data, st, self.seed, "at the end of the sprint")
        ranking, res.photo_finish = sp.rank(self)
        res.ranking = ranking
        st.last_ranking = ranking
        sp.score(self, ranking)
        sp.keep_cards(self, res)
        res.jersey_changed = sp.award_jersey(self, ranking)
        res.wearer = st.wearer
        if self.log is not None:
            self.log.append({"event": "result", "sprint": number, "ended": res.ended,
                             "cards_played": res.cards_played,
                             "finishers": [data.riders[r] for r in res.finishers],
                             "ranking": [data.riders[r] for r in ranking], "photo_finish": res.photo_finish,
                             "points": self._points(), "wearer": self._rider(st.wearer),
                             "aside": self._cards(st.aside)})
        sp.reshuffle(self, number + 1)
        st.first = (st.first + 1) % st.players
        if self.check:
            invariants.check_cards(data, st, self.seed, "after the sprint")
        return res

    # --- transcript

    def _rider(self, r: int) -> str | None:
        return self.data.riders[r] if r >= 0 else None

    def _cards(self, cards) -> list[str]:
        return [self.data.cards.ids[c] for c in cards]

    def _square(self, sq: int) -> list[int]:
        return list(self.data.geo.square(sq))

    def _points(self) -> dict[str, int]:
        return {self.data.riders[r]: p for r, p in enumerate(self.st.points)}

    def log_discard(self, seat: int, cards: list[int], cap: int) -> None:
        self.log.append({"event": "discard", "seat": seat, "cards": self._cards(cards), "cap": cap})

    def log_keep(self, seat: int, cards: list[int]) -> None:
        self.log.append({"event": "keep", "seat": seat, "cards": self._cards(cards)})

    def log_move(self, seat: int, move: Move, forced: bool) -> None:
        """Called just before ``move`` is applied; the entry gets the riders' squares after it."""
        entry = {"event": "move", "n": self.st.moves + 1, "sprint": self.st.sprint, "seat": seat}
        entry.update(self.encode(move))
        if forced:
            entry["forced"] = True
        self.log.append(entry)

    def log_after_move(self) -> None:
        """Completes the last move entry: every rider's square after it, and who crossed."""
        entry = self.log[-1]
        entry["riders"] = {self.data.riders[r]: self._square(sq) for r, sq in enumerate(self.st.pos)}
        if self.st.finished:
            entry["finished"] = [self.data.riders[r] for r in self.st.finished]

    def encode(self, move: Move) -> dict:
        """A move as the transcript writes it (squares as [column, lane])."""
        c, r, t, o, u = move
        st = self.st
        out: dict = {"card": self.data.cards.ids[c], "rider": self._rider(r)}
        if r >= 0:
            out["from"], out["to"] = self._square(st.pos[r]), self._square(t)
        if o >= 0:
            out["push"] = {"rider": self._rider(o), "from": self._square(t), "to": self._square(u)}
        return out

    def decode(self, entry: dict) -> Move:
        data = self.data
        c = data.cards.index[entry["card"]]
        if entry.get("rider") is None:
            return (c, -1, -1, -1, -1)
        r = data.riders.index(entry["rider"])
        t = data.geo.index(*entry["to"])
        push = entry.get("push")
        if not push:
            return (c, r, t, -1, -1)
        return (c, r, t, data.riders.index(push["rider"]), data.geo.index(*push["to"]))

    def describe(self, move: Move) -> str:
        e = self.encode(move)
        text = f"{e['card']}"
        if e["rider"] is None:
            return text + " (no move)"
        text += f": {e['rider']} {e['from']} -> {e['to']}"
        if "push" in e:
            p = e["push"]
            text += f", pushing {p['rider']} to {p['to']}"
        return text

    # --- replay

    @classmethod
    def replay(cls, data: EngineData, transcript: list[dict], check: bool = True) -> "GameResult":
        """Play the decisions of ``transcript`` again; raises ReplayError at the first decision that
        is not legal, and returns the replayed game (its own transcript included) to compare."""
        setup = transcript[0]
        n = setup["players"]
        per_seat: list[list] = [[] for _ in range(n)]
        probe = cls(data, [ScriptedPlayer([]) for _ in range(n)], setup["seed"], setup["sprints"])
        for e in transcript:
            kind = e["event"]
            if kind == "move":
                per_seat[e["seat"]].append(("move", probe.decode(e)))
            elif kind in ("discard", "keep"):
                per_seat[e["seat"]].append((kind, [data.cards.index[c] for c in e["cards"]]))
        policies = setup.get("policies") or ["scripted"] * n
        players = [ScriptedPlayer(d, policy) for d, policy in zip(per_seat, policies)]
        game = cls(data, players, setup["seed"], setup["sprints"], record=True, check=check)
        result = game.play()
        for p in players:
            if p.decisions:
                raise AssertionError(f"{len(p.decisions)} recorded decisions were never asked for")
        return result
