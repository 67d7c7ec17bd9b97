"""What a rulebook template is given, and the Markdown it renders to.

The prose is the template's (rulebook.md.j2 in the game's templates/ folder, every sentence in a ``{% trans %}``
block); every number, count and table row is computed here from the model, so a change to the data
(rules.yaml, the decks, the tokens, the boards) changes the rulebook with it.

``rulebook_context(model)`` gives:

- ``game`` (model.info), ``facts`` (the rules' numbers), ``model``;
- ``components``: what the box holds, in the order of the list, each ``{key, count, ...}``
  counted from the printed components (decks, standees, tokens, board sides);
- ``kinds``: rows of the deck composition table (kind, count, cards showing the award jersey,
  distances); ``deck``: the movement deck and its sizes per sprint;
- ``sprint_rows``: (players, options) of the sprints-per-player-count table;
- ``deal``: hand sizes; ``points``: ranks with their token values and pile sizes; ``places``
  (ranks that score), ``finishers`` (riders over the line that end a sprint), ``riders``,
  ``peloton_squares``, ``kind_counts`` (kind -> cards), ``date`` (ISO);
- ``sides``: the board sides; ``colours``: the riders' colour names and letters;
- ``award``/``wildcard``: the green and the multicoloured jerseys;
- ``fig``: the figure refs the template shows, chosen from the data (see rulebook_figures);
  ``push``: who the ``push`` figure shows (colour names, squares off the road, taken, free);
- ``decisions``: the designer decisions of rules.yaml, with what the template needs to word them;
  ``engine``: the engine's choices of rules.yaml (facts.engine, None when the game has none),
  which the rule text follows where the seed rules are silent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.model.game_model import GameModel


@dataclass(frozen=True)
class Row:
    """One row of a table or list: a key the template words, a count, and details."""

    key: str
    count: int = 0
    name: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, item: str) -> Any:
        details = self.__dict__.get("details") or {}
        if item in details:
            return details[item]
        raise AttributeError(item)


def _award(model: GameModel):
    return next((j for j in model.jerseys if j.award), None)


def _wildcard(model: GameModel):
    return next((j for j in model.jerseys if j.wildcard), None)


def _components(model: GameModel) -> list[Row]:
    facts = model.facts
    rows: list[Row] = []
    for board in model.boards:
        rows.append(Row("board", 1, board.name, {"sides": len(board.sides)}))
    award = _award(model)
    plain = [s for s in model.standees if not s.wearing]
    wearing = [s for s in model.standees if s.wearing]
    if plain:
        rows.append(Row("standees", len(plain)))
    if wearing:
        rows.append(Row("standees_award", len(wearing), award.name if award else ""))
    movement = facts.deck.deck
    order = [movement, "riders", "first-player"]
    decks = sorted(model.decks, key=lambda d: (order.index(d.id) if d.id in order else len(order)))
    for deck in decks:
        key = {movement: "movement"}.get(deck.id, deck.id)
        rows.append(Row(key, deck.size, deck.name))
    points = [t for t in model.tokens if t.kind == facts.scoring.token_kind]
    if points:
        rows.append(Row("points", sum(t.count for t in points), "",
                        {"piles": len(points), "per_pile": points[0].count,
                         "even": len({t.count for t in points}) == 1}))
    return rows


def _kinds(model: GameModel) -> list[Row]:
    """The deck composition: per kind of card, how many, how many show the award jersey, and the
    distances (grey squares) they show."""
    facts = model.facts
    deck = model.deck(facts.deck.deck)
    award = _award(model)
    rows = []
    for kind, count in facts.deck.kinds.items():
        cards = [c for c in deck.cards if c.kind == kind]
        with_award = sum(c.qty for c in cards if award and award.id in c.jerseys)
        distances = sorted({c.distance for c in cards if c.distance})
        rows.append(Row(kind, count, "", {"award": with_award, "distances": distances}))
    return rows


def _points(model: GameModel) -> list[Row]:
    facts = model.facts
    piles = {t.rank: t for t in model.tokens if t.kind == facts.scoring.token_kind and t.rank}
    rows = []
    for rank, value in enumerate(facts.scoring.points, 1):
        token = piles.get(rank)
        rows.append(Row("rank", rank, token.name if token else "",
                        {"rank": rank, "value": value, "tokens": token.count if token else 0}))
    return rows


def _figures(model: GameModel) -> dict[str, Any]:
    """Figure refs chosen from the data, so that the template names no card id of its own."""
    facts = model.facts
    deck = model.deck(facts.deck.deck)
    award, wildcard = _award(model), _wildcard(model)

    def rider_of(card) -> str:
        return next((model.jersey(j).rider for j in card.jerseys if model.jersey(j).rider), "")

    def first(kind: str, pred=lambda c: True):
        return next((c for c in deck.cards if c.kind == kind and pred(c)), None)

    def has_award(c) -> bool:
        return bool(award and award.id in c.jerseys)

    mid = sorted(facts.deck.distances)[len(facts.deck.distances) // 2] if facts.deck.distances else None
    single = first("single", lambda c: not has_award(c) and c.distance == mid) or first("single")
    joker = first("joker", lambda c: c.distance == max(facts.deck.distances or [0])) or first("joker")
    pair = first("pair", lambda c: not has_award(c))
    award_single = first("single", has_award)
    award_pair = first("pair", has_award)
    example = [c for c in (single, joker, pair) if c is not None]
    fig: dict[str, Any] = {
        "cards": f"cards:{deck.id}/" + ",".join(c.id for c in example),
        "move": f"move:{single.id}" if single else "move",
        "push": "push",
        "pair": f"pair:{pair.id}" if pair else "pair",
        "joker": f"card:{deck.id}/{joker.id}" if joker else "",
        "award_cards": (f"cards:{deck.id}/" + ",".join(c.id for c in (award_single, award_pair) if c))
        if (award_single or award_pair) else "",
        "rider_cards": "",
        "first_player": "",
        "tokens": "",
        "swap": "",
        "award_jersey": "",
        "sides": [],
        "finish": "",
    }
    riders_deck = next((d for d in model.decks if d.face == "rider"), None)
    if riders_deck and riders_deck.cards:
        fig["rider_cards"] = f"cards:{riders_deck.id}/" + ",".join(c.id for c in riders_deck.cards[:3])
    first_deck = next((d for d in model.decks if d.face == "first-player"), None)
    if first_deck and first_deck.cards:
        fig["first_player"] = f"card:{first_deck.id}/{first_deck.cards[0].id}"
    points = sorted((t for t in model.tokens if t.kind == facts.scoring.token_kind and t.rank),
                    key=lambda t: t.rank)
    if points:
        fig["tokens"] = "tokens:" + ",".join(t.id for t in points)
    # the figure swap: the rider of the award card, before and wearing the award jersey
    swap_rider = rider_of(award_pair) if award_pair else (model.riders[0].id if model.riders else "")
    before = next((s for s in model.standees if s.rider == swap_rider and not s.wearing), None)
    after = next((s for s in model.standees if s.rider == swap_rider and s.wearing), None)
    if before and after:
        fig["swap"] = f"standees:{before.id},{after.id}"
    if award and swap_rider:
        fig["award_jersey"] = f"jerseys:{award.id},{award.id}+{swap_rider}"
    for board in model.boards:
        for side in board.sides:
            fig["sides"].append(f"board:{side.id}")
    # the end of the road of the first side: from just before the 300 m line to the podium
    side = next((s for b in model.boards for s in b.sides), None)
    if side is not None:
        line = side.line("300m") or side.line("finish")
        start = max(1, (line.column - 1) if line else 1)
        fig["finish"] = f"board:{side.id}:{start}-{side.columns}"
    fig["wildcard"] = f"jersey:{wildcard.id}" if wildcard else ""
    return fig


def _push(model: GameModel) -> dict[str, Any]:
    """Who the ``push`` figure shows, for its caption: colour names and counts of squares."""
    from pnp.layout.rulebook_figures import push_cast

    cast = push_cast(model)

    def colour(rider_id: str) -> str:
        return model.colour(model.rider(rider_id).colour).name.lower()

    return {"mover": colour(cast.mover), "pushed": colour(cast.pushed), "off_road": cast.off_road,
            "taken": len(cast.taken), "free": len(cast.free)}


def _decisions(model: GameModel) -> list[Row]:
    """The designer decisions, in the order of rules.yaml, as rows keyed by their id."""
    return [Row(d.id, 0, d.topic, {"id": d.id, "topic": d.topic, "choice": d.choice, "why": d.why})
            for d in model.decisions]


def _num(value: float) -> int | float:
    """A length as it is written: 30, not 30.0."""
    return int(value) if float(value).is_integer() else round(value, 1)


def _singles(model: GameModel) -> dict[str, Any]:
    """How many single-jersey cards each jersey has, when every jersey has as many (else 0)."""
    deck = model.deck(model.facts.deck.deck)
    per: dict[str, int] = {}
    for card in deck.cards:
        if card.kind == "single" and card.jerseys:
            per[card.jerseys[0]] = per.get(card.jerseys[0], 0) + card.qty
    counts = set(per.values())
    return {"per_jersey": counts.pop() if len(counts) == 1 else 0, "jerseys": len(per)}


def rulebook_context(model: GameModel) -> dict[str, Any]:
    """Everything the rulebook template of ``model`` reads (see the module docstring)."""
    facts = model.facts
    info = model.info
    award, wildcard = _award(model), _wildcard(model)
    riders_colours = [model.colour(r.colour) for r in model.riders]
    deck = model.deck(facts.deck.deck)
    sides = []
    for board in model.boards:
        for side in board.sides:
            finish, line300 = side.line("finish"), side.line("300m")
            peloton = side.marks("peloton")
            front = max((p.column for p in peloton), default=None)   # the road runs to higher columns
            sides.append(Row("side", len(side.road_lanes(1)), side.name, {
                "id": side.id, "label": side.id.upper(), "name": side.name,
                "lanes": max(len(side.road_lanes(c)) for c in range(1, side.columns + 1)),
                "narrowest": min(len(side.road_lanes(c)) for c in range(1, side.columns + 1)
                                 if side.road_lanes(c)),
                "to_finish": (finish.column - front) if (finish and front) else None,
                "line300_before_finish": (finish.column - line300.column) if (finish and line300) else None,
                "after_finish": (side.columns - finish.column + 1) if finish else None,
                "square_mm": _num(side.square_mm),
                "board_w": _num(board.size_mm(side)[0]),
                "board_h": _num(board.size_mm(side)[1]),
            }))
    return {
        "game": info,
        "facts": facts,
        "model": model,
        "components": _components(model),
        "kinds": _kinds(model),
        "kind_counts": dict(facts.deck.kinds),
        "deck": {
            "id": deck.id,
            "name": deck.name,
            "total": facts.deck.total,
            "printed": deck.size,
            "award_cards": facts.deck.award_cards,
            "first_sprint": facts.deck_size(1),
            "later_sprints": facts.deck_size(2),
            "distances": list(facts.deck.distances),
            "min_distance": min(facts.deck.distances, default=0),
            "max_distance": max(facts.deck.distances, default=0),
            "singles": _singles(model),
        },
        "deal": facts.deal,
        "engine": getattr(facts, "engine", None),
        "sprint_rows": [Row("players", players, "", {"players": players, "options": list(options)})
                        for players, options in sorted(facts.sprints.items())],
        "finishers": facts.sprint.finishers_to_end,
        "points": _points(model),
        "places": len(facts.scoring.points),
        "riders": len(model.riders),
        "peloton_squares": facts.components.peloton_squares,
        "colours": [{"name": c.name, "letter": c.letter} for c in riders_colours],
        "award": award,
        "award_name": award.name if award else "",
        "wildcard": wildcard,
        "sides": sides,
        "fig": _figures(model),
        "push": _push(model),
        "decisions": _decisions(model),
        "decision_ids": [d.id for d in model.decisions],
        "date": info.date.isoformat(),
    }


# --- rendering

def _current_translations():
    """The translations of the language being built (pnp.i18n), else none: the French source."""
    import gettext

    try:
        from pnp.i18n.context import current
    except ImportError:
        return gettext.NullTranslations()
    return current().translations


def _environment(env=None, folders: list[Path] | None = None):
    """The Jinja environment the rulebook is rendered in: ``env`` (e.g. with translations
    installed) set to the whitespace rules the template is written for, or a new one with the
    current language's translations (none outside a build: the French source); templates are
    looked up in ``folders`` (the game's templates/, then the shared library)."""
    import jinja2

    from pnp.paths import templates_dir

    options = dict(trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                   undefined=jinja2.StrictUndefined,
                   loader=jinja2.FileSystemLoader([str(f) for f in folders or [templates_dir()]]))
    if env is None:
        env = jinja2.Environment(autoescape=False, extensions=["jinja2.ext.i18n"], **options)
        env.install_gettext_translations(_current_translations(), newstyle=True)
    else:
        if "jinja2.ext.InternationalizationExtension" not in env.extensions:
            env.add_extension("jinja2.ext.i18n")
        env = env.overlay(**options)
    env.policies = {**env.policies, "ext.i18n.trimmed": True}
    return env


def data_context(model: GameModel) -> dict[str, Any]:
    """What the rulebook of a game with no rules module reads: its data, counted.

    - ``game`` (game.yaml), ``rules`` and ``facts`` (rules.yaml as data), ``model``, ``date`` (ISO);
    - ``decks``: by id, ``{id, name, size, designs, kinds}`` (``kinds``: kind -> printed cards);
    - ``tokens``: by id and by kind, ``{count, value, name, kinds}`` (a kind sums its tokens' counts;
      ``value`` is the first token's);
    - ``sides``: every board side, ``{id, label, name, board, columns, lanes, square_mm, board_w,
      board_h, lines}`` (``lines``: kind -> column);
    - ``decisions``: the designer decisions of rules.yaml.
    """
    decks = {}
    for deck in model.decks:
        kinds: dict[str, int] = {}
        for card in deck.cards:
            kinds[card.kind] = kinds.get(card.kind, 0) + card.qty
        decks[deck.id] = {"id": deck.id, "name": deck.name, "size": deck.size, "designs": len(deck.cards),
                          "kinds": kinds}
    tokens: dict[str, dict[str, Any]] = {}
    for token in model.tokens:
        tokens[token.id] = {"id": token.id, "name": token.name, "count": token.count, "value": token.value}
        group = tokens.setdefault(token.kind, {"id": token.kind, "name": token.name, "count": 0,
                                               "value": token.value})
        if group is not tokens[token.id]:
            group["count"] += token.count
    sides = []
    for board in model.boards:
        for side in board.sides:
            w, h = board.size_mm(side)
            sides.append({"id": side.id, "label": side.id.upper(), "name": side.name, "board": board.name,
                          "columns": side.columns, "lanes": side.lanes, "square_mm": _num(side.square_mm),
                          "board_w": _num(w), "board_h": _num(h),
                          "lines": {line.kind: line.column for line in side.lines}})
    return {
        "game": model.info,
        "rules": model.facts,
        "facts": model.facts,
        "model": model,
        "decks": decks,
        "tokens": tokens,
        "sides": sides,
        "decisions": _decisions(model),
        "date": model.info.date.isoformat(),
    }


def _game_context(model: GameModel) -> dict[str, Any]:
    """The game's own rulebook context (``rulebook_context`` in its rules module); a game with no
    rules module gets its data counted (data_context); else this module's rulebook_context."""
    from pnp.games import game_module

    module = game_module(model.info, model.sources.folder)
    if module is None:
        return data_context(model)
    own = getattr(module, "rulebook_context", None)
    return own(model) if own is not None else rulebook_context(model)


def template_name(model: GameModel) -> str:
    """The rulebook template of a game, in its templates/ folder."""
    from pnp.layout.templates import RULEBOOK

    return RULEBOOK


def _render_located(env, name: str, context: dict[str, Any], folders: list[Path]) -> str:
    """The rulebook template rendered; a mistake in it (missing, a syntax error, an undefined name,
    an expression that fails) is a data error at its template file and line."""
    import jinja2

    from pnp.errors import DataError, DataErrors, Location
    from pnp.model.reader import display_path

    where = next((f / name for f in folders if (f / name).is_file()), folders[0] / name)

    def error(file: str, line: int, message: str, hint: str = "") -> DataErrors:
        return DataErrors([DataError(Location(display_path(Path(file)), line), message, hint=hint)])

    try:
        template = env.get_template(name)
    except jinja2.TemplateNotFound as exc:
        raise error(str(where), 0, f"rulebook template not found: {exc.name}",
                    f"create {exc.name} in {display_path(folders[0])}") from None
    except jinja2.TemplateSyntaxError as exc:
        raise error(exc.filename or str(where), exc.lineno, f"template syntax: {exc.message}") from None
    try:
        return template.render(**context)
    except jinja2.TemplateSyntaxError as exc:  # an included template
        raise error(exc.filename or str(where), exc.lineno, f"template syntax: {exc.message}") from None
    except (jinja2.TemplateError, ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        file, line, tb = str(where), 0, exc.__traceback__
        while tb is not None:  # the innermost frame of template code (Jinja names its file and line)
            if tb.tb_frame.f_code.co_filename.endswith(".j2"):
                file, line = tb.tb_frame.f_code.co_filename, tb.tb_lineno
            tb = tb.tb_next
        message = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else str(exc)
        raise error(file, line, f"{type(exc).__name__}: {message}",
                    "see what a rulebook template receives in pnp/layout/rulebook_context.py") from None


def render_rulebook_markdown(model: GameModel, env=None) -> str:
    """The rulebook of ``model`` as Markdown (see the module docstring).

    ``env`` is a Jinja environment with the i18n extension and translations installed (a
    translated rulebook); without it, the current language of pnp.i18n (outside a build, the
    French source, as with null translations). The environment is used with trim_blocks,
    lstrip_blocks, StrictUndefined and the ``trimmed`` policy, whatever it was made with.
    """
    from pnp.paths import template_dirs

    folders = template_dirs(model.sources.folder)
    env = _environment(env, folders)
    text = _render_located(env, template_name(model), _game_context(model), folders)
    lines = [ln.rstrip() for ln in text.splitlines()]
    out = "\n".join(lines)
    out = re.sub(r"\n{3,}", "\n\n", out).strip()
    return out + "\n"
