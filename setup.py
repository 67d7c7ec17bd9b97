"""pnp's build (the project itself is described in pyproject.toml).

A wheel (``pip install .``, ``python -m build``) compiles the game engines' hot modules (their
``COMPILED_MODULES``, read by pnp/native.py) to C extensions with mypyc, the way black ships its
wheels; the Python sources stay in the wheel. When that cannot be done (no C compiler, a module
mypy rejects, PNP_PURE_PYTHON=1) the wheel is pure Python and plays the same games, slower; the
build says why. An editable install (``pip install -e .``) is never compiled: the module a
developer edits is the module that runs.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def _say(message: str) -> None:
    print(f"pnp build: {message}", file=sys.stderr)


def _native():
    """pnp/native.py, loaded by path: the build cannot import pnp (its dependencies are not there)."""
    spec = importlib.util.spec_from_file_location("_pnp_native", HERE / "pnp" / "native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiling() -> bool:
    """Only a wheel (or a plain build) is compiled; metadata steps and editable installs are not."""
    if os.environ.get("PNP_PURE_PYTHON"):
        return False
    commands = {arg for arg in sys.argv[1:] if not arg.startswith("-")}
    if commands & {"editable_wheel", "develop"}:
        return False
    return bool(commands & {"bdist_wheel", "build", "build_ext", "install"})


def _extensions() -> list:
    if not _compiling():
        return []
    modules = _native().compiled_modules(HERE / "pnp")
    if not modules:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypy (mypyc) is not installed: the engines stay pure Python")
        return []
    packages: dict[str, list[str]] = {}
    for module in modules:
        packages.setdefault(module.rsplit(".", 1)[0], []).append(module)
    extensions = []
    for package, listed in packages.items():   # one group per engine: a failure leaves the others compiled
        extensions += _group(mypycify, package, listed)
    return extensions


def _group(mypycify, package: str, modules: list[str]) -> list:
    """The extensions of one engine package's listed modules ([] when mypyc rejects them)."""
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in modules]
    try:
        # only the listed modules are checked: what they import is taken as it is typed
        return mypycify(["--follow-imports=silent", "--ignore-missing-imports", *paths], opt_level="3",
                        group_name=package.replace(".", "_"))
    except (SystemExit, Exception) as error:   # mypyc exits on an error it prints above
        _say(f"mypyc could not compile {package} ({error!r}): it stays pure Python")
        return []


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python when the C compiler fails: the extensions it built
    are removed (a module compiled without the group library beside it would not import)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:   # an engine's C file takes a core for a while: all of them at once
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:   # CompileError, LinkError, a missing compiler: all the same here
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            _say(f"the C compiler failed ({error}): the engines stay pure Python")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
