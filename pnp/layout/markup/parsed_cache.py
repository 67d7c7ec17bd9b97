"""Faces read from their markup, kept between builds (as Jinja keeps compiled templates).

Reading a face's markup into scene items (parsing the SVG, fitting its texts) is most of what a
template face costs; the same markup gives the same items as long as nothing it reads changed. A
read face is stored under a digest of everything that decides its items: the markup, the card's
size and bleed, the build's language (hyphenation), pnp's own code, the fonts, the game's images
and icons (pnp.layout.markup.env.pictures_digest; the templates are in the markup), and what pnp's
elements read from the model (the stamp, the colours, jerseys and riders). Files live in the pnp cache
(PNP_CACHE, else $XDG_CACHE_HOME/pnp, else ~/.cache/pnp) under ``faces/``; a file that cannot be
read or written is only a miss, never an error. ``PNP_NO_FACE_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

FORMAT = b"pnp-parsed-faces-2"


def root() -> Path | None:
    """The folder of the cache, or None when it is turned off."""
    if os.environ.get("PNP_NO_FACE_CACHE"):
        return None
    base = os.environ.get("PNP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp")
    return Path(base) / "faces"


_FONTS: str | None = None


def _fonts_digest() -> str:
    """The font files pnp measures and paints with (path, size, modification time)."""
    global _FONTS
    if _FONTS is None:
        from pnp.layout import fonts

        h = hashlib.sha256()
        for key in sorted(fonts.FACES):
            path = fonts.face(key).path
            st = os.stat(path)
            h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\1".encode())
        _FONTS = h.hexdigest()
    return _FONTS


def context_digest(folder_digest: str, model: Any, language: str, size: tuple[float, float, float, float]) -> bytes:
    """What decides a face's items besides its markup: pnp's code, the fonts, the game's pictures
    (``folder_digest``), what pnp's elements read from the model (the stamp of game.yaml, the
    colours, jerseys and riders a ``<pnp:jersey>`` draws), the language and the card's (w, h, bleed, u)."""
    from pnp.write.incremental import digest, sources_digest

    h = hashlib.sha256(FORMAT)
    drawn_from = digest(model.info, model.colours, model.jerseys, model.riders)
    for part in (sources_digest(), _fonts_digest(), folder_digest, drawn_from, language, repr(size)):
        h.update(part.encode())
        h.update(b"\0")
    return h.digest()


def key(context: bytes, template: str, markup: str) -> str:
    """The file name of one read face."""
    h = hashlib.sha256(context)
    h.update(template.encode())
    h.update(b"\0")
    h.update(markup.encode("utf-8"))
    return h.hexdigest()


def load(name: str) -> Any | None:
    """The items stored under ``name``, or None."""
    folder = root()
    if folder is None:
        return None
    try:
        with open(folder / name[:2] / name, "rb") as f:
            return pickle.load(f)
    except Exception:  # a missing, partial or foreign file: read the markup again
        return None


def store(name: str, items: Any) -> None:
    """Keep ``items`` under ``name`` (written whole or not at all)."""
    folder = root()
    if folder is None:
        return
    path = folder / name[:2] / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as f:
            pickle.dump(items, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass
