"""Rules models, one module per game, found by the game's id (green-jersey -> green_jersey).

A rules module provides ``Facts`` (a model of rules.yaml) and ``check(model) -> list[Finding]``.
It is optional: a game whose game.yaml names no ``rules:`` and that has no module here is checked by
the declarative checks of its rules.yaml alone (pnp.check.declared), its facts are rules.yaml as data.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from pnp.errors import ErrorBag, Location
from pnp.load.suggest import did_you_mean
from pnp.model.game import GameInfo


def module_name(info: GameInfo) -> str:
    return info.rules or info.id.replace("-", "_")


def available() -> list[str]:
    """Names of the rules modules shipped with pnp."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def has_module(info: GameInfo) -> bool:
    """Whether the game has a rules module (Python checks, an engine...)."""
    return module_name(info) in available()


def rules_module(info: GameInfo, where: Location | None, errors: ErrorBag) -> ModuleType | None:
    """The rules module of a game; None when it has none (an error when game.yaml's ``rules:`` names
    a module that does not exist)."""
    name = module_name(info)
    if name not in available() and not info.rules:
        return None
    if name not in available():
        errors.add(where or Location("game.yaml"), f"no rules module '{name}' in pnp/games/", "rules",
                   did_you_mean(name, available()) or "add pnp/games/<name>.py or set 'rules:'")
        return None
    return importlib.import_module(f"{__name__}.{name}")
