"""The declarative checks of rules.yaml (``checks:``, pnp.model.checks), for every game.

Each check gives one result per thing it looks at (the whole selection, or each group of ``per``;
each row of a table; each key; each name), passed or not, with the figures it computed
("45 cards; rules.deck.total = 45"), so that the checks that passed can be listed too. A result that
fails is a finding with the check's rule id and severity, at the check's line in rules.yaml, whose
message is the check's ``what``, what was found, and its ``because``.

A check that cannot look is not a finding: a selection that follows a rules path to a deck (token,
rider...) that does not exist, or a supply whose demand has no entry for some player count, gives a
result that passes unchecked (``checked`` False, "not checked: ..."), since another check (a
``references`` or ``complete`` check, or the game's own) reports the missing name or entry. Any other
expression that cannot be computed (a division by zero) is an error finding of the check.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pnp.check.findings import Finding, Severity
from pnp.errors import Location
from pnp.load.suggest import did_you_mean
from pnp.model import expressions
from pnp.model.checks import Selection
from pnp.model.checks_reader import ids_of, names_at, selection_ids
from pnp.model.expressions import ExprError, figure
from pnp.model.game_model import GameModel

NOUNS = {"cards": "cards", "tokens": "tokens", "riders": "riders", "standees": "standees", "jerseys": "jerseys",
         "colours": "colours", "decks": "decks", "profiles": "profiles"}


@dataclass(frozen=True)
class Result:
    """What one declared check found about one thing: passed or not, and the figures it computed."""

    rule: str
    kind: str
    component: str
    passed: bool
    figures: str
    """What was computed, e.g. "45 cards; rules.deck.total = 45"."""
    location: Location
    severity: Severity
    message: str = ""
    """The finding's message when it did not pass."""
    checked: bool = True
    """False when the check could not look (a deck a rules path names is missing...): it passes, unchecked."""

    def finding(self) -> Finding:
        return Finding(self.severity, self.rule, self.component, self.message, self.location)

    def as_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "kind": self.kind, "component": self.component, "passed": self.passed,
                "checked": self.checked, "figures": self.figures, "file": self.location.file,
                "line": self.location.line}


def declared_results(model: GameModel) -> list[Result]:
    """Every result of every declared check of ``model``, in the order of rules.yaml."""
    out: list[Result] = []
    for check in model.checks:
        run = _Run(model, check)
        try:
            KINDS[check.kind](run)
        except Missing as exc:
            run.results = []
            run.skip("rules", str(exc))
        except ExprError as exc:
            run.fail("rules", "cannot be checked", f"cannot be checked: {exc}", severity=Severity.ERROR)
        out += run.results
    return out


def declared_checks(model: GameModel) -> list[Finding]:
    """The findings of the declared checks: the results that did not pass."""
    return [r.finding() for r in declared_results(model) if not r.passed]


class Missing(Exception):
    """A rules path names a deck (or token, rider...) that does not exist: the check is not run."""


class _Run:
    """One check being run: its results, and helpers to name and count what it looks at."""

    def __init__(self, model: GameModel, check: Any) -> None:
        self.model, self.check, self.results = model, check, []
        self.rules = model.sources.rules_record
        self.where = model.sources.rule("checks", check.index) if check.index >= 0 else model.sources.rule("checks")

    def result(self, component: str, passed: bool, figures: str, detail: str = "",
               severity: Severity | None = None) -> None:
        because = f" ({self.check.because})" if self.check.because else ""
        message = f"{self.check.what}: {detail}{because}" if not passed else ""
        self.results.append(Result(self.check.id, self.check.kind, component, passed, figures, self.where,
                                   severity or Severity(self.check.severity), message))

    def skip(self, component: str, reason: str) -> None:
        """The check could not look at this (a name or an entry it follows is missing): no finding."""
        self.results.append(Result(self.check.id, self.check.kind, component, True, f"not checked: {reason}",
                                   self.where, Severity(self.check.severity), checked=False))

    def ok(self, component: str, figures: str) -> None:
        self.result(component, True, figures)

    def fail(self, component: str, figures: str, detail: str, severity: Severity | None = None) -> None:
        self.result(component, False, figures, detail, severity)

    def number(self, text: Any, players: int | None = None, group: str | None = None) -> float:
        return expressions.number(text, self.rules, players=players, group=group)

    def term(self, text: Any, players: int | None = None, group: str | None = None) -> str:
        """An expression and its value: "rules.deck.total = 45" (a plain number stays itself)."""
        value = figure(self.number(text, players, group))
        source = str(text).strip()
        if group is not None:  # rules.deck.kinds[group] reads rules.deck.kinds[pair]
            source = re.sub(r"\bgroup\b", group if group.isidentifier() else repr(group), source)
        return value if source == value else f"{source} = {value}"


# --------------------------------------------------------------------------- selections


def _value(item: Any, field: str, deck: str) -> Any:
    if field == "deck":
        return deck
    if hasattr(item, field):
        return getattr(item, field)
    fields = getattr(item, "fields", None)
    return fields.get(field) if isinstance(fields, dict) else None


def _same(have: Any, want: Any) -> bool:
    return have == want or (have is not None and str(have).lower() == str(want).lower())


def _matches(have: Any, want: Any) -> bool:
    if isinstance(want, dict) and set(want) == {"not"}:
        return not _matches(have, want["not"])
    if isinstance(want, list):
        return any(_matches(have, w) for w in want)
    if isinstance(have, (tuple, list)) and not isinstance(want, (tuple, list)):
        return any(_same(h, want) for h in have)
    return _same(have, want)


def _key(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return "+".join(str(v) for v in value)
    return "" if value is None else str(value)


def _resolved(rules: Any, want: Any) -> Any:
    """A ``where`` value with its rules paths replaced by their values."""
    if isinstance(want, dict):
        return {k: _resolved(rules, v) for k, v in want.items()}
    if isinstance(want, list):
        return [_resolved(rules, w) for w in want]
    if isinstance(want, str) and want.startswith("rules."):
        return expressions.resolve(rules, expressions.split_path(want), want)
    return want


def items(model: GameModel, sel: Selection) -> list[tuple[Any, int, str]]:
    """(item, weight, deck id) of the selection: a card weighs its copies, a token its count.
    Missing when a name it holds (through a rules path) does not exist."""
    names = selection_ids(model.sources.rules_record, sel)
    every = "*" in names
    known = ids_of(model, "decks" if sel.source == "cards" else sel.source)
    absent = [n for n in names if n != "*" and n not in known]
    if absent:
        what = "deck" if sel.source == "cards" else sel.source.rstrip("s")
        raise Missing(f"no {what} '{absent[0]}'")
    rules = model.sources.rules_record
    where = {f: _resolved(rules, v) for f, v in sel.where.items()}
    out: list[tuple[Any, int, str]] = []
    if sel.source == "cards":
        for deck in model.decks:
            if every or deck.id in names:
                out += [(card, card.qty, deck.id) for card in deck.cards]
    else:
        for item in getattr(model, sel.source):
            if every or item.id in names:
                out.append((item, item.count if sel.source == "tokens" else 1, ""))
    return [(i, w, d) for i, w, d in out if all(_matches(_value(i, f, d), v) for f, v in where.items())]


def _noun(sel: Selection, n: float = 2) -> str:
    return NOUNS[sel.source] if n != 1 else NOUNS[sel.source].removesuffix("s")


def describe(model: GameModel, sel: Selection) -> str:
    """How a finding names what a selection counts: "deck movement", "tokens (kind points)"."""
    names = selection_ids(model.sources.rules_record, sel)
    if sel.source == "cards" and "*" not in names:
        text = f"deck {names[0]}" if len(names) == 1 else f"decks {', '.join(names)}"
    elif "*" in names:
        text = _noun(sel)
    else:
        text = f"{_noun(sel)} {', '.join(names)}"
    if sel.where:
        text += " (" + ", ".join(f"{k} {_want(v)}" for k, v in sel.where.items()) + ")"
    return text


def _want(value: Any) -> str:
    if isinstance(value, dict) and set(value) == {"not"}:
        return f"not {_want(value['not'])}"
    if isinstance(value, list):
        return " or ".join(map(str, value))
    return str(value)


def _keys(model: GameModel, keys: Any) -> list[str]:
    """The keys a ``keys:`` names: a list, a rules path, ``players`` or a kind of id."""
    if isinstance(keys, Selection):
        return list(dict.fromkeys(str(i.id) for i, _, _ in items(model, keys)))
    if isinstance(keys, (tuple, list)):
        return [str(k) for k in keys]
    if keys.startswith("rules"):
        return names_at(model.sources.rules_record, keys)
    return ids_of(model, keys) if keys != "cards" else [c.id for d in model.decks for c in d.cards]


def groups(model: GameModel, sel: Selection) -> dict[str, list[tuple[Any, int, str]]]:
    """The selection's items by the value of ``per`` (every key of ``keys`` first, even when empty)."""
    out: dict[str, list] = {k: [] for k in (_keys(model, sel.keys) if sel.keys else ())}
    for entry in items(model, sel):
        value = _value(entry[0], sel.per, entry[2])
        out.setdefault(_key(value), []).append(entry)
    return out


def _group_name(sel: Selection, key: str) -> str:
    if sel.per == "id":
        return f"{_noun(sel).rstrip('s')} {key}"
    field = sel.per.rstrip("s") if sel.per.endswith("s") and sel.per != "qty" else sel.per
    return f"{field} {key}"


def counted(run: _Run, what: Any) -> list[tuple[str, float, str, str | None]]:
    """(component, count, figures, group key) of a selection (each group of ``per``) or an expression."""
    model = run.model
    if not isinstance(what, Selection):
        return [("rules", run.number(what), run.term(what), None)]
    if not what.per:
        n = sum(w for _, w, _ in items(model, what))
        return [(describe(model, what), n, f"{n} {_noun(what, n)}", None)]
    out = []
    for key, entries in groups(model, what).items():
        n = sum(w for _, w, _ in entries)
        out.append((_group_name(what, key), n, f"{n} {_noun(what, n)}", key))
    return out


# --------------------------------------------------------------------------- kinds


def _count(run: _Run) -> None:
    c = run.check
    for component, n, figures, group in counted(run, c.count):
        problems, terms = [], []
        for name, text in (("equals", c.equals), ("at_least", c.at_least), ("at_most", c.at_most)):
            if text is None:
                continue
            try:
                bound, term = run.number(text, group=group), run.term(text, group=group)
            except ExprError as exc:
                if group is None:
                    raise
                # e.g. a kind of card that the rules' table does not list
                named = re.sub(r"\bgroup\b", group if group.isidentifier() else repr(group), str(text).strip())
                problems.append(f"{figures}, but rules.yaml has no {named}" if str(exc).startswith("no entry")
                                else f"{figures}, but {exc}")
                continue
            terms.append(term)
            if name == "equals" and n != bound:
                problems.append(f"{figures}, not {term}")
            elif name == "at_least" and n < bound:
                problems.append(f"{figures}, fewer than {term}")
            elif name == "at_most" and n > bound:
                problems.append(f"{figures}, more than {term}")
        shown = f"{figures}; {', '.join(terms)}"
        if problems:
            run.fail(component, shown, "; ".join(problems))
        else:
            run.ok(component, shown)


def _supply(run: _Run) -> None:
    c = run.check
    counts = list(range(run.model.info.players.min, run.model.info.players.max + 1))
    for component, have, figures, group in counted(run, c.supply):
        demands, unknown = {}, {}
        for n in counts:
            try:
                demands[n] = run.number(c.demand, n, group)
            except ExprError as exc:  # a table of rules.yaml has no entry for n players: its own check says so
                unknown[n] = str(exc)
        if not demands:
            run.skip(component, f"the demand cannot be computed at any player count: {next(iter(unknown.values()))}")
            continue
        skipped = f"; not checked at {', '.join(map(str, unknown))} players ({next(iter(unknown.values()))})" \
            if unknown else ""
        short = {n: d - have for n, d in demands.items() if d > have}
        worst = max(demands, key=lambda n: (demands[n], n))
        if not short:
            run.ok(component, f"{figures}; {c.demand} = {figure(demands[worst])} at worst ({worst} players)"
                   + skipped)
            continue
        n = max(short, key=lambda p: (short[p], p))
        others = sorted(set(short) - {n})
        also = f"; also short at {', '.join(map(str, others))} players" if others else ""
        run.fail(component, f"{figures}; {c.demand} = {figure(demands[n])} at {n} players{skipped}",
                 f"{figures} against a demand of {c.demand} = {figure(demands[n])} at {n} players: "
                 f"{figure(short[n])} short{also}")


def _numbers(values: Any) -> list[tuple[str, Any]] | None:
    """(label, value) of a list or a mapping (by number when every key is one), or None if not numbers."""
    if isinstance(values, dict):
        keys = list(values)
        if all(_is_int(k) for k in keys):
            keys.sort(key=lambda k: float(k))
        pairs = [(str(k), values[k]) for k in keys]
    elif isinstance(values, list):
        pairs = [(str(i), v) for i, v in enumerate(values, 1)]
    else:
        return None
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) for _, v in pairs):
        return None
    return pairs


def _is_int(key: Any) -> bool:
    try:
        float(key)
    except (TypeError, ValueError):
        return False
    return True


def _monotonic(run: _Run) -> None:
    c = run.check
    table = expressions.resolve(run.rules, expressions.split_path(c.table), c.table)
    if c.each:
        rows = list(table.items()) if isinstance(table, dict) else list(enumerate(table, 1))
        rows = [(f"row {k}", v) for k, v in rows if not any(_same(v, s) for s in c.skip)]
    else:
        rows = [(c.table, table)]
    low = run.number(c.at_least) if c.at_least is not None else None
    high = run.number(c.at_most) if c.at_most is not None else None
    word = ("strictly " if c.strict else "") + c.direction
    for name, row in rows:
        pairs = _numbers(row)
        if pairs is None:
            run.fail(name, f"{row!r}", f"{name} is {row!r}, not a list of numbers")
            continue
        values = [v for _, v in pairs]
        if not values:
            run.fail(name, f"{name} is empty", f"{name} is empty: there is nothing to rise or fall")
            continue
        shown = f"{name} = {values if isinstance(row, list) else dict(pairs)}"
        problems = []
        for (ka, a), (kb, b) in zip(pairs, pairs[1:]):
            wrong = (b < a if c.direction == "increasing" else b > a) or (c.strict and a == b)
            if wrong:
                problems.append(f"{figure(a)} then {figure(b)} at {ka}, {kb} (not {word})")
        if low is not None:
            problems += [f"{figure(v)} at {k} is below {figure(low)}" for k, v in pairs if v < low]
        if high is not None:
            problems += [f"{figure(v)} at {k} is above {figure(high)}" for k, v in pairs if v > high]
        if problems:
            run.fail(name, shown, f"{shown}: " + "; ".join(problems))
        else:
            run.ok(name, f"{shown}: {word}")


def _complete(run: _Run) -> None:
    c = run.check
    table = expressions.resolve(run.rules, expressions.split_path(c.table), c.table)
    have = [str(k) for k in table] if isinstance(table, dict) else [str(i) for i in range(len(table))]
    keys = _keys(run.model, c.keys)
    label = c.keys if isinstance(c.keys, str) else "keys"
    missing = [k for k in keys if k not in have]
    extra = [k for k in have if k not in keys] if c.exact else []
    for k in missing:
        run.fail(f"{c.table}[{k}]", f"{len(have)} entries", f"no entry for {k} in {c.table}")
    for k in extra:
        run.fail(f"{c.table}[{k}]", f"{len(have)} entries", f"an entry for {k} in {c.table}, which is not one "
                 f"of the {label} ({', '.join(keys)})")
    if not missing and not extra:
        run.ok(c.table, f"{c.table}: an entry for each of {len(keys)} {label} ({', '.join(keys)})")


def _composition(entries: list[tuple[Any, int, str]], fields: tuple[str, ...]) -> Counter:
    out: Counter = Counter()
    for item, weight, deck in entries:
        out[tuple(_key(_value(item, f, deck)) for f in fields)] += weight
    return out


def _show(comp: Counter) -> str:
    if not comp:
        return "none"
    parts = sorted(comp.items(), key=lambda kv: [(0, float(x)) if _is_int(x) else (1, x) for x in kv[0]])
    if sum(comp.values()) <= 12:
        return "[" + ", ".join(", ".join(["/".join(k)] * n) for k, n in parts) + "]"
    return ", ".join(f"{n} x {'/'.join(k)}" for k, n in parts)


def _identical(run: _Run) -> None:
    c, model, sel = run.check, run.model, run.check.groups
    if sel.per:
        named = {_group_name(sel, k): v for k, v in groups(model, sel).items()}
    else:  # deck by deck (or item by item)
        named = {}
        for name in selection_ids(run.rules, sel):
            one = Selection(**{sel.source: (name,), "where": sel.where})
            named[describe(model, one).split(" (")[0]] = items(model, one)
    comps = {name: _composition(entries, c.compare) for name, entries in named.items()}
    if not comps:
        return
    tally = Counter(tuple(sorted(comp.items())) for comp in comps.values())
    best = max(tally.values())
    common = next(comp for comp in comps.values() if tally[tuple(sorted(comp.items()))] == best)
    fields = "/".join(c.compare)
    for name, comp in comps.items():
        shown = f"{name}: {fields} {_show(comp)}"
        if comp == common:
            run.ok(name, shown)
        else:
            run.fail(name, shown, f"{name} has {fields} {_show(comp)} where the others have {_show(common)}")


def _references(run: _Run) -> None:
    c = run.check
    value = expressions.resolve(run.rules, expressions.split_path(c.values), c.values)
    if isinstance(value, dict):
        entries = list(value) if c.at == "keys" else list(value.values())
    elif isinstance(value, list):
        entries = list(value)
    else:
        entries = [value]
    if c.field and c.at != "keys":
        entries = [e.get(c.field) if isinstance(e, dict) else e for e in entries]
    known = ids_of(run.model, c.to)
    names = [str(e) for e in entries if e is not None]
    wrong = [n for n in names if n not in known]
    thing = c.to.rstrip("s") if c.to != "colours" else "colour"
    for n in wrong:
        hint = did_you_mean(n, known)
        run.fail(f"{c.values}", f"'{n}'", f"'{n}' in {c.values} is no {thing}" + (f" ({hint})" if hint else ""))
    if not wrong:
        run.ok(c.values, f"{c.values}: {len(names)} name(s), each a {thing} ({', '.join(names)})")


KINDS = {"count": _count, "supply": _supply, "monotonic": _monotonic, "complete": _complete,
         "identical": _identical, "references": _references}
