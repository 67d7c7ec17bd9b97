"""Card face layouts by name (a deck's ``face:`` and ``back:`` in decks.yaml).

Every module of this package may declare ``FACES`` (name -> draw(ctx, deck, card)) and ``BACKS``
(name -> draw(ctx)); they are gathered here, so a new game adds its faces in a module of its own.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

FACES: dict[str, Callable] = {}
BACKS: dict[str, Callable] = {}

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    for _registry, _name in ((FACES, "FACES"), (BACKS, "BACKS")):
        for _key, _draw in getattr(_module, _name, {}).items():
            if _key in _registry:
                raise RuntimeError(f"face layout '{_key}' is declared twice ({_info.name})")
            _registry[_key] = _draw
