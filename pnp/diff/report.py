"""``pnp diff``: the whole comparison of a game at two revisions, as text or JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.diff.model import Change, ComponentDiff, diff_models, diff_rules
from pnp.diff.rulebook import RulebookDiff, diff_rulebook
from pnp.diff.translations import TranslationDiff, diff_translations


@dataclass
class GameDiff:
    game: str
    old: str
    new: str
    components: list[ComponentDiff] = field(default_factory=list)
    rules: list[Change] = field(default_factory=list)
    rulebook: RulebookDiff = field(default_factory=RulebookDiff)
    translations: TranslationDiff = field(default_factory=TranslationDiff)

    @property
    def empty(self) -> bool:
        return not (self.components or self.rules or self.rulebook or self.translations)

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "from": self.old, "to": self.new,
                "components": [c.as_dict() for c in self.components],
                "rules": [c.as_dict() for c in self.rules],
                "rulebook": self.rulebook.as_dict(), "translations": self.translations.as_dict()}

    def as_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False, default=str)

    def as_text(self) -> str:
        lines = [f"{self.game}: {self.old} -> {self.new}"]
        if self.empty:
            return lines[0] + "\n  no change"
        for comp in self.components:
            lines.append(f"  {comp.kind}:")
            lines += [f"    + {k}" for k in comp.added]
            lines += [f"    - {k}" for k in comp.removed]
            for item in comp.changed:
                lines.append(f"    ~ {item.key}: " + "; ".join(_change(c) for c in item.changes[:6])
                             + (f"; ... {len(item.changes) - 6} more" if len(item.changes) > 6 else ""))
        if self.rules:
            lines.append("  rules.yaml:")
            lines += [f"    ~ {_change(c)}" for c in self.rules]
        rb = self.rulebook
        if rb:
            lines.append("  rulebook sections:")
            if rb.error:
                lines.append(f"    ! {rb.error}")
            lines += [f"    + {s}" for s in rb.added] + [f"    - {s}" for s in rb.removed]
            lines += [f"    ~ {s}" for s in rb.changed]
        tr = self.translations
        if tr:
            lines.append("  translations:")
            if tr.error:
                lines.append(f"    ! {tr.error}")
            lines += [f"    + to translate: {_short(s)}" for s in tr.added]
            lines += [f"    - gone: {_short(s)}" for s in tr.removed]
            for lang, ids in tr.stale.items():
                lines.append(f"    {lang}: {len(ids)} translation(s) now stale (pnp i18n update {self.game} "
                             f"--lang {lang})")
        return "\n".join(lines)


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(str(text).split())
    return '"' + (text if len(text) <= limit else text[: limit - 1] + "…") + '"'


def _value(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False, default=str) if not isinstance(v, str) else v
    return text if len(text) <= 40 else text[:39] + "…"


def _change(c: Change) -> str:
    return f"{c.path or 'value'} {_value(c.old)} -> {_value(c.new)}"


def diff_game(folder: Path, from_rev: str | None = "HEAD", to_rev: str | None = None) -> GameDiff:
    """Compare the game in ``folder`` at ``from_rev`` with ``to_rev`` (None: the working tree)."""
    from pnp.diff.git import game_at
    from pnp.model import load_game

    with game_at(folder, from_rev) as old, game_at(folder, to_rev) as new:
        old_model, new_model = load_game(old.folder), load_game(new.folder)
        d = GameDiff(new_model.id, old.label, new.label)
        d.components = diff_models(old_model, new_model)
        d.rules = diff_rules(old.folder, new.folder)
        d.rulebook = diff_rulebook(old_model, old.templates, new_model, new.templates)
        d.translations = diff_translations(old.folder, old.templates, new.folder, new.templates)
    return d
