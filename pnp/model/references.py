"""Cross-references between parts of the model: every name must point to something."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.errors import ErrorBag, Location
from pnp.load.suggest import did_you_mean
from pnp.model.game_model import GameModel
from pnp.model.piles import pile_index, split_ref


SOURCES = {"colour": "palette.yaml", "rider": "riders.yaml", "profile": "riders.yaml", "jersey": "jerseys.yaml",
           "deck": "decks.yaml", "token": "tokens.yaml"}
"""The data file that declares each kind of thing: an unknown one after a mistake in that file follows from it."""


def _check(errors: ErrorBag, where: Location, field: str, name: str, kind: str,
           valid: Iterable[str]) -> None:
    valid = list(valid)
    if name not in valid:
        source = SOURCES.get(kind, "")
        follows = source if source and errors.in_file(source) and where.file and \
            not where.file.endswith(source) else ""
        errors.add(where, f"unknown {kind} '{name}'", field, did_you_mean(name, valid), follows)


def _known(model: GameModel, kind: str) -> list[str]:
    prefix = f"{kind}:"
    return [key[len(prefix):] for key in model.sources.components if key.startswith(prefix)]


def check_references(model: GameModel, errors: ErrorBag) -> None:
    """Add an error for every reference to a colour, rider or jersey that does not exist."""
    src = model.sources
    # Ids as written in the files, even for items that failed to validate: a mistake in one
    # rider must not also be reported as "unknown rider" everywhere it is named.
    colours, riders, jerseys, profiles = (_known(model, k) for k in ("colour", "rider", "jersey", "profile"))
    for rider in model.riders:
        where = src.component(f"rider:{rider.id}")
        _check(errors, where, f"riders[{rider.id}].colour", rider.colour, "colour", colours)
        if rider.profile:
            _check(errors, where, f"riders[{rider.id}].profile", rider.profile, "profile", profiles)
    for jersey in model.jerseys:
        where = src.component(f"jersey:{jersey.id}")
        for colour in jersey.colours:
            _check(errors, where, f"jerseys[{jersey.id}].colours", colour, "colour", colours)
        if jersey.rider:
            _check(errors, where, f"jerseys[{jersey.id}].rider", jersey.rider, "rider", riders)
    for standee in model.standees:
        where = src.component(f"standee:{standee.id}")
        if standee.rider or not standee.wearing:
            _check(errors, where, f"standees[{standee.id}].rider", standee.rider, "rider", riders)
        if standee.wearing:
            _check(errors, where, f"standees[{standee.id}].wearing", standee.wearing, "jersey", jerseys)
    for token in model.tokens:
        if token.colour:
            _check(errors, src.component(f"token:{token.id}"), f"tokens[{token.id}].colour",
                   token.colour, "colour", colours)
    for deck in model.decks:
        for card in deck.cards:
            where = model.card_location(deck, card)
            for jersey in card.jerseys:
                _check(errors, where, f"{deck.id}[{card.id}].jerseys", jersey, "jersey", jerseys)
            if card.rider:
                _check(errors, where, f"{deck.id}[{card.id}].rider", card.rider, "rider", riders)
            if card.colour:
                _check(errors, where, f"{deck.id}[{card.id}].colour", card.colour, "colour", colours)
    for board in model.boards:
        _check(errors, src.component(f"board:{board.id}"), f"boards[{board.id}].layout", board.layout,
               "board layout", board_layouts())
        names = decoration_names(model) if board.decorations else []
        if board.decorations and board.decorations not in names:
            errors.add(src.component(f"board:{board.id}"), f"no board decorations '{board.decorations}'",
                       f"boards[{board.id}].decorations", did_you_mean(board.decorations, names)
                       or f"create templates/boards/{board.decorations}.svg.j2 in the game's folder")
    check_pile_references(model, errors)


def board_layouts() -> list[str]:
    """The names a board's ``layout:`` may take: road-grid, and each module of pnp/layout/boards
    (found without importing them)."""
    import importlib.util
    import pkgutil

    spec = importlib.util.find_spec("pnp.layout.boards")
    found = [m.name.replace("_", "-") for m in pkgutil.iter_modules(spec.submodule_search_locations or [])
             if m.name not in ("frame", "decorations") and not m.name.startswith("_")]
    return ["road-grid", *sorted(found)]


def decoration_names(model: GameModel) -> list[str]:
    """The names a board's ``decorations:`` may take: the templates ``boards/NAME.svg.j2`` of the
    game's templates/ folder and of the shared library (a name starting with ``_`` is a part)."""
    from pnp.layout.boards.decorations import FOLDER, SUFFIX
    from pnp.paths import template_dirs

    names = set()
    for folder in template_dirs(model.sources.folder):
        for path in (folder / FOLDER).glob(f"*{SUFFIX}"):
            if not path.name.startswith("_"):
                names.add(path.name[: -len(SUFFIX)])
    return sorted(names)


def _decision_ids(model: GameModel) -> list[str]:
    """Decision ids as written in rules.yaml (even those of decisions that failed to validate)."""
    seq = model.sources.rules_record.get("decisions") if isinstance(model.sources.rules_record, dict) else None
    written = [str(d["id"]) for d in seq or () if isinstance(d, dict) and "id" in d] if isinstance(seq, list) else []
    return written + [d.id for d in model.decisions]


def check_pile_references(model: GameModel, errors: ErrorBag) -> None:
    """Every deck, card and decision a pile of rules.yaml names must exist."""
    decks = _known(model, "deck")
    cards = _known(model, "card")
    decisions = _decision_ids(model)
    for pile in model.piles:
        i = pile_index(model.sources.rules_record, pile.id)
        for key in ("decks", "open"):
            for j, ref in enumerate(getattr(pile, key)):
                where = model.sources.rule("piles", i, key, j)
                field = f"piles[{pile.id}].{key}"
                deck, card = split_ref(ref)
                if deck not in decks:
                    _check(errors, where, field, deck, "deck", decks)
                elif card:
                    in_deck = [c.partition("/")[2] for c in cards if c.startswith(f"{deck}/")]
                    _check(errors, where, field, card, f"card of deck {deck}", in_deck)
        for j, ident in enumerate(pile.decision):
            _check(errors, model.sources.rule("piles", i, "decision", j), f"piles[{pile.id}].decision", ident,
                   "decision", decisions)
