"""What a rulebook template is given, and the Markdown it renders to.

The prose is the template's (rulebook.md.j2 in the game's templates/ folder, every sentence in a ``{% trans %}``
block); every number, count and table row is computed from the model, so a change to the data
(rules.yaml, the decks, the tokens, the boards) changes the rulebook with it. A game's rules module
gives its own ``rulebook_context(model)`` (pnp/games/<module>/context.py, or the game folder's
rules.py); a game without one gets its data counted (``data_context``). ``Row`` is a row of a table
that a context hands to its template.
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


def _decisions(model: GameModel) -> list[Row]:
    """The designer decisions, in the order of rules.yaml, as rows keyed by their id."""
    return [Row(d.id, 0, d.topic, {"id": d.id, "topic": d.topic, "choice": d.choice, "why": d.why})
            for d in model.decisions]


def _num(value: float) -> int | float:
    """A length as it is written: 30, not 30.0."""
    return int(value) if float(value).is_integer() else round(value, 1)


# --- rendering

def _current_translations():
    """The translations of the language being built (pnp.i18n), else none: the French source."""
    from pnp.i18n.context import current

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
    from pnp.layout.typography import install_filters

    install_filters(env)
    return env


def _long_date(day) -> str:
    """``day`` written out in the language being built ("3 novembre 2023")."""
    from pnp.i18n.context import current
    from pnp.i18n.formats import long_date

    return long_date(day, current().code)


def data_context(model: GameModel) -> dict[str, Any]:
    """What the rulebook of a game with no rules module reads: its data, counted.

    - ``game`` (game.yaml), ``rules`` and ``facts`` (rules.yaml as data), ``model``, ``date`` (written out in the language);
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
        "date": _long_date(model.info.date),
    }


def _game_context(model: GameModel) -> dict[str, Any]:
    """The game's own rulebook context (``rulebook_context`` in its rules module); a game with no
    rules module, or whose module gives none, gets its data counted (data_context)."""
    from pnp.games import game_module

    module = game_module(model.info, model.sources.folder)
    if module is None:
        return data_context(model)
    own = getattr(module, "rulebook_context", None)
    return own(model) if own is not None else data_context(model)


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
                    "see what a rulebook template receives: the rulebook_context of the game's rules module, or data_context in pnp/layout/rulebook_context.py") from None


_MARKDOWN = re.compile(r"([\\`*_\[\]<>#|~!])")
_LINE_START = re.compile(r"^(\s*)(?:([-+])|(\d+)([.)]))(?=\s)")


def markdown_text(text: str) -> str:
    """``text`` from the data as Markdown that prints it as it is written: its punctuation that
    Markdown reads as markup (``# * _ [ ] < > | ` ~ !``, a list marker at a line's start) escaped,
    its line breaks joined (a text of the data is one paragraph's words)."""
    text = _MARKDOWN.sub(r"\\\1", " ".join(text.split("\n")))
    return _LINE_START.sub(lambda m: m.group(1) + ("\\" + m.group(2) if m.group(2) else m.group(3) + "\\" + m.group(4)),
                           text)


def _text_paths() -> frozenset[str]:
    from pnp.i18n.data import CARD_FIELDS, FIELDS, TITLE

    paths = {".".join(spec) for spec in (*FIELDS, CARD_FIELDS, TITLE)}
    return frozenset(paths | {"authors", "publisher", "decisions.topic", "decisions.choice", "decisions.why"})


TEXT_PATHS = _text_paths()
"""The texts of the data, by path (game.yaml ``rich_text:`` names those that are Markdown)."""


def as_text_in_markdown(model: GameModel) -> GameModel:
    """A copy of ``model`` whose texts (names, labels, card texts, the title, the authors, the
    designer's decisions) print as written in a rulebook, Markdown and HTML in them shown as typed;
    the paths game.yaml declares ``rich_text:`` stay Markdown."""
    import dataclasses

    from pnp.i18n.data import map_texts

    rich = set(model.info.rich_text)

    def plain(path: str, text: str) -> str:
        return text if path in rich else markdown_text(text)

    out = map_texts(model, lambda path, text: plain(".".join(path), text))
    info = out.info.model_copy(update={"authors": tuple(plain("authors", a) for a in out.info.authors),
                                       "publisher": plain("publisher", out.info.publisher)})
    decisions = tuple(d.model_copy(update={k: plain(f"decisions.{k}", getattr(d, k)) for k in ("topic", "choice", "why")})
                      for d in out.decisions)
    return dataclasses.replace(out, info=info, decisions=decisions)


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
    text = _render_located(env, template_name(model), _game_context(as_text_in_markdown(model)), folders)
    lines = [ln.rstrip() for ln in text.splitlines()]
    out = "\n".join(lines)
    out = re.sub(r"\n{3,}", "\n\n", out).strip()
    return out + "\n"
