"""Incremental builds: content hashes of the inputs of every output file, kept beside the kit.

A cache per kit folder (``cache_path``: outside the output, in ~/.cache/pnp or PNP_CACHE) records, per output file, the digest of what it was made
from (its *key*) and the sha256 of what was written. A build compares keys and repaints only the
files whose key changed; the others stay as they are (their bytes are what a full build would give,
since outputs are deterministic). Two levels:

- the quick key: every file of the game's data folder, every template, the pnp sources and the build
  options. When it matches and every output is intact, the build is up to date: it writes nothing,
  and never imports the model, ReportLab or Pydantic (this module only needs the standard library);
- per-output keys, computed from the loaded model (see ``pnp.write.kit_files``): a card changed
  repaints cards.pdf and kit.pdf, not the boards nor, unless it is one of its figures, the rulebook.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import Any

CACHE_NAME = ".pnp-cache.json"
CACHE_FORMAT = 1


def cache_path(kit_dir: Path) -> Path:
    """Where the cache of a kit folder is kept: outside the output folder, so that a kit holds only
    its own files (PNP_CACHE, else $XDG_CACHE_HOME/pnp, else ~/.cache/pnp), one file per kit folder."""
    base = os.environ.get("PNP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp")
    where = str(kit_dir.resolve())
    name = hashlib.sha256(where.encode()).hexdigest()[:24]
    return Path(base) / "builds" / f"{name}-{kit_dir.parent.name}-{kit_dir.name}.json"

_PNP_ROOT = Path(__file__).resolve().parent.parent


def _hash_files(h, root: Path, files: list[Path]) -> None:
    for path in files:
        h.update(str(path.relative_to(root)).encode())
        h.update(b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"<unreadable>")
        h.update(b"\1")


def _files(folder: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith((".pyc", "~")):
                continue
            if suffixes is None or name.endswith(suffixes):
                out.append(Path(dirpath) / name)
    return out


_SOURCES: str | None = None


def sources_digest() -> str:
    """The pnp code itself (every .py of the package) and its version: new code, new outputs."""
    global _SOURCES
    if _SOURCES is None:
        from pnp import __version__

        h = hashlib.sha256(__version__.encode())
        _hash_files(h, _PNP_ROOT, _files(_PNP_ROOT, (".py",)))
        _SOURCES = h.hexdigest()
    return _SOURCES


def options_key(options: Any) -> dict[str, Any]:
    """The build options that change what is written (not where)."""
    return {"paper": options.paper, "card_size": options.card_size, "single_sided": options.single_sided,
            "back_offset": list(options.back_offset), "lang": options.lang, "draft": options.draft,
            "ink_saver": options.ink_saver, "gutter_fold": options.gutter_fold}


def quick_key(folder: Path, templates: Path, options: Any) -> str:
    """A digest of every input of a game's kit, from files only (no parsing)."""
    h = hashlib.sha256(f"pnp-cache-{CACHE_FORMAT}".encode())
    h.update(sources_digest().encode())
    h.update(json.dumps(options_key(options), sort_keys=True).encode())
    _hash_files(h, folder, _files(folder))
    h.update(b"templates")
    if templates.is_dir():
        _hash_files(h, templates, _files(templates))
    return h.hexdigest()


def digest(*parts: Any) -> str:
    """A stable digest of model objects (Pydantic models, dataclasses, scenes, plain data)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(_canonical(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def _plain(obj: Any) -> Any:
    if hasattr(obj, "model_dump"):
        return _plain(obj.model_dump(mode="json"))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {"__type__": type(obj).__name__,
                **{f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}}
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        items = [_plain(v) for v in obj]
        return sorted(items, key=repr) if isinstance(obj, (set, frozenset)) else items
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if isinstance(obj, Path):
        return obj.name
    if hasattr(obj, "isoformat"):
        return obj.isoformat()
    return repr(obj)


def _canonical(obj: Any) -> str:
    return json.dumps(_plain(obj), sort_keys=True, ensure_ascii=False, default=repr)


def file_sha(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


@dataclasses.dataclass
class Cache:
    """What the last build of one kit folder recorded."""

    quick: str = ""
    outputs: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """name -> {"key", "sha256", "pages", "duplex"}"""
    summary: str = ""
    """The rules-check summary of that build, printed again when nothing changed."""
    order: list[str] = dataclasses.field(default_factory=list)
    """The files of the kit in the order the build writes them."""
    cards: int = 0
    """How many cards the kit prints (BuildResult.cards)."""

    @classmethod
    def load(cls, kit_dir: Path) -> "Cache":
        try:
            data = json.loads(cache_path(kit_dir).read_text(encoding="utf-8"))
            if data.get("format") != CACHE_FORMAT:
                return cls()
            return cls(data.get("quick", ""), data.get("outputs", {}), data.get("summary", ""),
                       data.get("order", []), data.get("cards", 0))
        except (OSError, ValueError, AttributeError):
            return cls()

    def save(self, kit_dir: Path) -> None:
        """Write the cache (after the kit was moved into place; a failure only costs a full build)."""
        path = cache_path(kit_dir)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(self.dumps(), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass

    def dumps(self) -> str:
        return json.dumps({"format": CACHE_FORMAT, "quick": self.quick, "summary": self.summary,
                           "order": self.order, "cards": self.cards, "outputs": self.outputs}, indent=1, sort_keys=True) + "\n"

    def intact(self, kit_dir: Path, name: str) -> bool:
        """The output ``name`` is in place with the bytes the cache recorded."""
        entry = self.outputs.get(name)
        path = kit_dir / name
        if not entry or not path.is_file():
            return False
        if path.stat().st_size != entry.get("bytes"):
            return False
        return file_sha(path) == entry.get("sha256")

    def fresh(self, kit_dir: Path, name: str, key: str) -> bool:
        """``name`` was made from inputs with this key and is still there, untouched."""
        return self.outputs.get(name, {}).get("key") == key and self.intact(kit_dir, name)

    def up_to_date(self, kit_dir: Path, quick: str) -> bool:
        """Nothing changed since the last build: same inputs, every output intact."""
        return bool(self.quick) and self.quick == quick and bool(self.order) and \
            all(self.intact(kit_dir, name) for name in self.order)


__all__ = ["CACHE_NAME", "Cache", "digest", "file_sha", "quick_key", "sources_digest", "options_key"]
