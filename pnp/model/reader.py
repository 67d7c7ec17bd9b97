"""Read a game's data folder into a GameModel, collecting every error before failing."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pnp.errors import DataErrors, ErrorBag, Location
from pnp.load import Record, RecordList, SourceError, load_table, load_yaml, split_sheet
from pnp.load.paths import outside
from pnp.load.sane_values import check_values
from pnp.load.suggest import did_you_mean
from pnp.model.boards import Board
from pnp.model.checks_reader import read_checks, validate_checks
from pnp.model.decisions import Decision, with_values
from pnp.model.decks import Card, Deck
from pnp.model.game import GameInfo
from pnp.model.game_model import GameModel, Sources
from pnp.model.jerseys import Jersey
from pnp.model.palette import Colour
from pnp.model.piles import Pile
from pnp.model.riders import Rider, RiderProfile, Standee
from pnp.model.tokens import Token
from pnp.model.validation import parse, parse_list

# file -> the top-level keys it may hold
_SECTIONS = {
    "palette.yaml": ("colours",),
    "riders.yaml": ("riders", "profiles", "standees"),
    "jerseys.yaml": ("jerseys",),
    "decks.yaml": ("decks",),
    "tokens.yaml": ("tokens",),
    "boards.yaml": ("boards",),
}


# keys of rules.yaml that every game shares (read here, not by the game's Facts)
_SHARED_RULES = ("decisions", "piles", "checks")


def plain(value: Any) -> Any:
    """A record of rules.yaml as plain dicts and lists (the facts of a game with no rules module)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _Reader:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.errors = ErrorBag()
        self.components: dict[str, Location] = {}

    def yaml(self, name: str, required: bool = False) -> Any:
        path = self.folder / name
        if not path.exists() and not required:
            return None
        try:
            raw = load_yaml(path, display_path(path))
        except DataErrors as exc:
            self.errors.errors.extend(exc.errors)
            return None
        check_values(raw, self.errors)
        if required and not isinstance(raw, Record):
            what = "empty" if raw is None else "not a mapping of fields"
            self.errors.add(Location(display_path(path), 1), f"the file is {what}",
                            hint="write its fields as 'key: value' lines")
            return None
        return raw

    def mapping(self, name: str, allowed: tuple[str, ...]) -> Record:
        raw = self.yaml(name)
        if raw is None:
            return Record(loc=Location(display_path(self.folder / name)))
        if not isinstance(raw, Record):
            self.errors.add(getattr(raw, "loc", Location(name)), "expected a mapping at the top of the file",
                            hint=f"start with one of: {', '.join(allowed)}")
            return Record()
        for key in raw:
            if key not in allowed:
                self.errors.add(raw.where(key), f"unknown section '{key}'", key,
                                did_you_mean(key, allowed) or "remove it")
        return raw

    def items(self, cls: type, raw: Record, key: str, kind: str) -> list[Any]:
        objs = parse_list(cls, raw.get(key), key, self.errors, raw)
        seq = raw.get(key)
        if isinstance(seq, RecordList):
            for obj, loc in zip(seq, seq.item_locs):
                if isinstance(obj, dict) and "id" in obj:
                    self.components.setdefault(f"{kind}:{obj['id']}", loc)
            self._unique(seq, kind)
        return objs

    def _unique(self, seq: RecordList, kind: str) -> None:
        """An error at every repeated id, pointing back to its first use."""
        first: dict[str, Location] = {}
        for i, item in enumerate(seq):
            if not isinstance(item, dict) or "id" not in item:
                continue
            ident = str(item["id"])
            if ident in first:
                self.errors.add(seq.where(i), f"the id '{ident}' is already used by another {kind}",
                                f"{kind}.id", f"first used at line {first[ident].line}; give every item its own id")
            else:
                first[ident] = seq.where(i)

    def cards(self, deck_raw: Record, index: int) -> list[Card]:
        source = deck_raw.get("cards")
        deck_id = deck_raw.get("id", f"#{index}")
        if isinstance(source, str):
            # a CSV file, or a workbook (.xlsx, .ods) and maybe one of its sheets: cards.xlsx#Movement
            problem = outside(self.folder, split_sheet(source)[0])
            if problem:
                self.errors.add(deck_raw.where("cards"), f"card list '{source}' {problem}", f"decks[{index}].cards",
                                "name a file of the game's folder, e.g. 'cards: movement.csv'")
                return []
            path = self.folder / source
            try:
                rows = load_table(path, display_path(path))
            except SourceError as exc:  # missing, not a file, no such sheet: said where it is named
                hint = self._csv_hint(source) if exc.problem == "not found" else exc.hint
                self.errors.add(deck_raw.where("cards"), f"card list '{source}' {exc.problem}",
                                f"decks[{index}].cards", hint)
                return []
            except DataErrors as exc:
                self.errors.errors.extend(exc.errors)
                return []
            check_values(rows, self.errors)
        elif isinstance(source, list):
            rows = source
        else:
            self.errors.add(deck_raw.where("cards"), "expected a CSV file name or a list of cards",
                            f"decks[{index}].cards", "e.g. 'cards: movement.csv'")
            return []
        extra_fields = set(deck_raw.get("fields") or ()) if isinstance(deck_raw.get("fields"), list) else set()
        defaults = deck_raw.get("defaults") or Record()
        if not isinstance(defaults, dict):
            self.errors.add(deck_raw.where("defaults"), "expected a mapping of default card fields",
                            f"decks[{index}].defaults", "e.g. 'defaults: {kind: single}'")
            defaults = Record()
        out: list[Card] = []
        for i, row in enumerate(rows):
            if not isinstance(row, Record):
                self.errors.add(rows.where(i) if isinstance(rows, RecordList) else deck_raw.where("cards"),
                                "expected a mapping for a card", f"decks[{index}].cards[{i}]",
                                "e.g. '- {id: first-player, kind: first-player}'")
                continue
            merged = Record({**defaults, **row}, loc=row.loc)
            merged.key_locs = {**getattr(defaults, "key_locs", {}), **row.key_locs}
            declared = [k for k in merged if k in extra_fields]
            if declared:
                merged["fields"] = {k: str(merged.pop(k)) for k in declared}
            card = parse(Card, merged, self.errors, f"{deck_id}[{row.get('id', i)}]")
            if card is not None:
                out.append(card)
                self.components.setdefault(f"card:{deck_id}/{card.id}", row.loc)
        if isinstance(rows, RecordList):
            self._unique(rows, f"card of deck {deck_id}")
        return out

    def _csv_hint(self, source: str) -> str:
        from pnp.load import TABLE_SUFFIXES, split_sheet

        present = sorted(p.name for p in self.folder.iterdir()
                         if p.suffix.lower() in TABLE_SUFFIXES and p.is_file()) if self.folder.is_dir() else []
        file_name = split_sheet(source)[0]
        return did_you_mean(file_name, present) or "put the card list (.csv, .xlsx or .ods) beside decks.yaml"

    def piles(self, rules: Any) -> list[Pile]:
        """The draw piles declared under ``piles:`` in rules.yaml."""
        if not isinstance(rules, Record):
            return []
        piles = parse_list(Pile, rules.get("piles"), "piles", self.errors, rules)
        seq = rules.get("piles")
        if isinstance(seq, RecordList):
            self._unique(seq, "pile")
        return piles

    def decks(self, raw: Record) -> list[Deck]:
        seq = raw.get("decks") or []
        out: list[Deck] = []
        for i, deck_raw in enumerate(seq):
            if not isinstance(deck_raw, Record):
                self.errors.add(seq.where(i), "expected a mapping for a deck", f"decks[{i}]")
                continue
            cards = self.cards(deck_raw, i)
            body = Record({k: v for k, v in deck_raw.items() if k not in ("cards", "defaults")}, loc=deck_raw.loc)
            body.key_locs = {k: v for k, v in deck_raw.key_locs.items() if k in body}  # errors at the field's line
            deck = parse(Deck, body, self.errors, f"decks[{i}]", extra={"cards": cards})
            if deck is not None:
                out.append(deck)
                self.components.setdefault(f"deck:{deck.id}", deck_raw.loc)
                for key in deck_raw:  # where each field is, for later errors about it (its face, its size)
                    self.components.setdefault(f"field:deck:{deck.id}.{key}", deck_raw.where(key))
        return out


def load_game(folder: Path | str, overrides: Mapping[str, Any] | None = None) -> GameModel:
    """Read ``folder`` (game.yaml, rules.yaml, palette, riders, jerseys, decks, tokens, boards).

    ``overrides`` change values of rules.yaml in memory (path -> value, see pnp.model.overrides;
    an OverrideError when one does not fit). Raises DataErrors with every problem found, so the
    user can fix them all at once.
    """
    from pnp.games import rules_module  # local import: the game modules import the model

    folder = Path(folder)
    r = _Reader(folder)
    game_raw = r.yaml("game.yaml", required=True)
    info = parse(GameInfo, game_raw, r.errors) if game_raw is not None else None
    sections = {name: r.mapping(name, keys) for name, keys in _SECTIONS.items()}
    colours = r.items(Colour, sections["palette.yaml"], "colours", "colour")
    riders = r.items(Rider, sections["riders.yaml"], "riders", "rider")
    profiles = r.items(RiderProfile, sections["riders.yaml"], "profiles", "profile")
    standees = r.items(Standee, sections["riders.yaml"], "standees", "standee")
    jerseys = r.items(Jersey, sections["jerseys.yaml"], "jerseys", "jersey")
    tokens = r.items(Token, sections["tokens.yaml"], "tokens", "token")
    boards = r.items(Board, sections["boards.yaml"], "boards", "board")
    decks = r.decks(sections["decks.yaml"])
    rules_raw = r.yaml("rules.yaml", required=True)
    if overrides and isinstance(rules_raw, Record):
        from pnp.model.overrides import apply_overrides

        rules_raw = apply_overrides(rules_raw, overrides)
    facts, decisions = None, []
    if info is not None and rules_raw is not None:
        module = rules_module(info, game_raw.where("rules") if game_raw else None, r.errors, folder)
        facts, decisions = _read_rules(module, rules_raw, r.errors)
    piles = r.piles(rules_raw)
    checks = read_checks(rules_raw, r.errors)
    if info is None:
        r.errors.raise_if_any()
    model = GameModel(
        info=info, colours=tuple(colours), riders=tuple(riders), profiles=tuple(profiles),
        standees=tuple(standees),
        jerseys=tuple(jerseys), decks=tuple(decks), tokens=tuple(tokens), boards=tuple(boards),
        decisions=tuple(decisions), facts=facts,
        sources=Sources(folder=folder, rules_record=rules_raw, components=r.components),
        piles=tuple(piles), checks=tuple(checks),
    )
    from pnp.model.references import check_references

    check_references(model, r.errors)  # on what did parse, so every mistake is reported at once
    _check_card_sizes(model, game_raw, r.errors)
    validate_checks(model, r.errors)
    r.errors.raise_if_any()
    return model


def _check_card_sizes(model: GameModel, game_raw: Any, errors: ErrorBag) -> None:
    """The card sizes of game.yaml and of the decks are names or WxH in mm that a sheet can hold."""
    from pnp.layout.paper import card_size

    sizes = [(model.info.card_size, game_raw.where("card_size") if isinstance(game_raw, Record) else
              Location(display_path(Path(model.sources.folder) / "game.yaml")), "card_size")]
    sizes += [(d.card_size, model.sources.components.get(f"field:deck:{d.id}.card_size")
               or model.sources.component(f"deck:{d.id}"), f"decks[{d.id}].card_size")
              for d in model.decks if d.card_size]
    for spec, where, field in sizes:
        try:
            card_size(spec)
        except ValueError as exc:
            errors.add(where, str(exc), field)


def _read_rules(module: Any, raw: Any, errors: ErrorBag) -> tuple[Any, list[Decision]]:
    """The game's facts (its rules module's ``Facts``; without a module, rules.yaml as plain data)
    and the decisions."""
    if not isinstance(raw, Record):
        errors.add(getattr(raw, "loc", Location("rules.yaml")), "expected a mapping of rules")
        return None, []
    body = Record({k: v for k, v in raw.items() if k not in _SHARED_RULES}, loc=raw.loc)
    body.key_locs = raw.key_locs
    facts = parse(module.Facts, body, errors) if module is not None else plain(body)
    decisions = parse_list(Decision, with_values(raw.get("decisions"), raw, errors), "decisions", errors, raw)
    return facts, decisions
