"""Which modules a wheel build compiles to C with mypyc, and which of them run compiled.

An engine package lists its hot modules in its ``__init__.py``:

    COMPILED_MODULES = ("road", "course", "greedy")

``setup.py`` reads the lists (this file is loaded there by path: it imports nothing of pnp) and
compiles them when it builds a wheel and a C compiler is at hand; the Python sources stay beside
them, and a pnp whose build could not compile plays the same games from the sources, only slower.
An editable install stays pure Python, so that an edited module is the module that runs.
"""

from __future__ import annotations

import ast
import importlib.machinery
from pathlib import Path

ROOT = Path(__file__).resolve().parent
"""The ``pnp`` package folder."""

LIST_NAME = "COMPILED_MODULES"


def compiled_modules(package_root: Path = ROOT) -> list[str]:
    """Every module the engine packages under ``package_root`` (the ``pnp`` folder) list in their
    ``COMPILED_MODULES``, as dotted names, sorted. Read with ``ast``: nothing is imported."""
    found: list[str] = []
    for init in sorted(package_root.rglob("__init__.py")):
        names = _listed(init)
        if not names:
            continue
        package = ".".join(("pnp",) + init.parent.relative_to(package_root).parts)
        for name in names:
            if not (init.parent / f"{name}.py").is_file():
                raise ValueError(f"{init}: {LIST_NAME} names '{name}', but {init.parent / (name + '.py')} "
                                 "does not exist (list the engine's module names, without .py)")
            found.append(f"{package}.{name}")
    return sorted(found)


def _listed(init: Path) -> tuple[str, ...]:
    """The names a package's ``COMPILED_MODULES`` holds (a tuple or list of strings), or ()."""
    text = init.read_text(encoding="utf-8")
    if LIST_NAME not in text:
        return ()
    for node in ast.parse(text, str(init)).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == LIST_NAME for t in node.targets):
            value = ast.literal_eval(node.value)
            if not isinstance(value, (tuple, list)) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"{init}:{node.lineno}: {LIST_NAME} must be a tuple of module names")
            return tuple(value)
    return ()


def is_compiled(module: str, package_root: Path = ROOT) -> bool:
    """Whether ``module`` (a dotted name under ``pnp``) has a C extension beside its source, which
    Python loads before the source. Nothing is imported."""
    folder = package_root.joinpath(*module.split(".")[1:-1])
    name = module.rsplit(".", 1)[-1]
    return any((folder / f"{name}{suffix}").is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def native_status(package_root: Path = ROOT) -> str:
    """One line on what runs compiled: "engines compiled with mypyc (N modules)", "engines in pure
    Python", or which of them are compiled when only some are."""
    modules = compiled_modules(package_root)
    done = [m for m in modules if is_compiled(m, package_root)]
    if modules and len(done) == len(modules):
        return f"engines compiled with mypyc ({len(done)} modules)"
    if not done:
        return "engines in pure Python"
    return f"engines partly compiled ({len(done)} of {len(modules)} modules: {', '.join(done)})"
