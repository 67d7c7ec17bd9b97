"""Rules models: a game's own ``rules.py`` (or ``rules/`` package) in its folder, else the module
shipped here named after the game's id (green-jersey -> green_jersey) or its ``rules:``.

A rules module may provide ``Facts`` (a model of rules.yaml), ``check(model) -> list[Finding]``,
``rulebook_context(model)`` and ``SIMULATION`` (a pnp.simulate.engine.Simulation subclass: the engine
``pnp simulate`` and ``pnp check --simulate`` play). It is optional: a game
with none is checked by the declarative checks of its rules.yaml alone (pnp.check.declared), and
its facts are rules.yaml as data.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

from pnp.errors import DataError, DataErrors, ErrorBag, Location
from pnp.load.suggest import did_you_mean
from pnp.model.game import GameInfo


def module_name(info: GameInfo) -> str:
    return info.rules or info.id.replace("-", "_")


def available() -> list[str]:
    """Names of the rules modules shipped with pnp."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def own_rules(folder: Path) -> Path | None:
    """The game folder's own rules module: ``rules.py``, or a ``rules/`` package."""
    folder = Path(folder)
    for path in (folder / "rules.py", folder / "rules" / "__init__.py"):
        if path.is_file():
            return path
    return None


def has_module(info: GameInfo, folder: Path | None = None) -> bool:
    """Whether the game has a rules module (Python checks, an engine...)."""
    return (folder is not None and own_rules(folder) is not None) or module_name(info) in available()


def game_module(info: GameInfo, folder: Path | None = None) -> ModuleType | None:
    """The rules module of a game (its folder's own first), or None when it has none."""
    own = own_rules(folder) if folder is not None else None
    if own is not None:
        return _load_own(own)
    if module_name(info) in available():
        return importlib.import_module(f"{__name__}.{module_name(info)}")
    return None


def rules_module(info: GameInfo, where: Location | None, errors: ErrorBag, folder: Path | None = None
                 ) -> ModuleType | None:
    """The rules module of a game; None when it has none (an error when game.yaml's ``rules:`` names
    a module that does not exist, or when the game's own rules.py cannot be loaded)."""
    if folder is not None and own_rules(folder) is not None:
        try:
            return game_module(info, folder)
        except DataErrors as exc:
            for e in exc.errors:
                errors.add(e.location, e.message, e.field, e.hint)
            return None
    name = module_name(info)
    if name not in available() and not info.rules:
        return None
    if name not in available():
        errors.add(where or Location("game.yaml"), f"no rules module '{name}' in pnp/games/", "rules",
                   did_you_mean(name, available()) or "add rules.py to the game's folder, or set 'rules:'")
        return None
    return importlib.import_module(f"{__name__}.{name}")


def _load_own(path: Path) -> ModuleType:
    """Import a game's own rules module once, under a name of its own (the folder's digest), so
    two games' rules.py never shadow each other; a mistake in it is a located error."""
    name = "pnp_game_rules_" + hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    if name in sys.modules:
        return sys.modules[name]
    package = path.name == "__init__.py"
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=[str(path.parent)]
                                                  if package else None)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[name]
        raise DataErrors([DataError(Location(str(path), exc.lineno or 0), f"Python syntax: {exc.msg}")]) from None
    except Exception as exc:  # the designer's code failed while loading: show where
        del sys.modules[name]
        line = _line_in(exc, path)
        raise DataErrors([DataError(Location(str(path), line), f"rules module failed to load: "
                                    f"{type(exc).__name__}: {exc}")]) from None
    return module


def _line_in(exc: BaseException, path: Path) -> int:
    """The last line of ``path`` in the exception's traceback (0 when it is not there)."""
    tb, line = exc.__traceback__, 0
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename) == path:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
