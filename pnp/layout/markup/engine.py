"""Template faces of one card context: rendered once per distinct input, read once per distinct markup.

A face template gets (besides gettext, ``mm`` and the names below) the card it draws:

======================  ===========================================================================
``card``, ``deck``      the card (``card.id``, ``card.name``, ``card.jerseys``, ``card.fields`` ...)
                        and its deck (fronts only: a back is shared by decks, it gets neither)
``side``                ``"front"`` or ``"back"``
``model``, ``game``     the game's whole model, and its identity (``game.title``, ``game.stamp``)
``palette``             colours by id (``palette.rouge.hex``, ``.ink``, ``.letter``, ``.name``)
``jerseys``, ``riders`` by id
``rules``               the game's facts from rules.yaml (``model.facts``)
``texts``               the game's card text macros (``texts("first_player_title")``)
``w``, ``h``, ``bleed`` the trim size and the bleed in mm; ``u`` the design's scale (1 on a poker card)
``svg_size``            ``width="..mm" height="..mm" viewBox="-b -b W H"``: the root's size (trim +
                        bleed, the trim's top-left corner at 0, 0)
``lang``                the language code of the build
``tint(hex, amount)``   a colour mixed with white
======================  ===========================================================================
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.layout import rooms
from pnp.layout.markup import env as jenv
from pnp.layout.markup import parsed_cache, tree
from pnp.layout.markup.errors import at_markup
from pnp.layout.scene import IDENTITY, Group, Item


@dataclass(frozen=True)
class Drawn:
    """A face read from its markup: its items in trim coordinates, and a key naming its drawing."""

    key: str
    items: tuple[Item, ...]


class _Lru(OrderedDict):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key, value):
        self[key] = value
        if len(self) > self.size:
            self.popitem(last=False)
        return value


class Faces:
    """The template faces of a card context (a model, a card size and bleed, a language)."""

    RENDERED = 256
    PARSED = 256

    def __init__(self, ctx) -> None:
        from markupsafe import Markup

        from pnp.i18n.context import current
        from pnp.layout.faces.common import tint

        self.ctx = ctx
        self.model = ctx.model
        self.folder: Path = ctx.model.sources.folder
        self.language = getattr(ctx.texts, "language", None) or current()
        self.env = jenv.environment(self.folder, self.language)
        self._paths: dict[str, Path | None] = {}
        self._templates: dict[str, Any] = {}
        self._rendered = _Lru(self.RENDERED)
        self._parsed = _Lru(self.PARSED)
        self._context: bytes | None = None
        m = ctx.model
        w, h, b = ctx.w, ctx.h, ctx.bleed
        mm = jenv.mm
        self.base = {
            "model": m, "game": m.info, "palette": {c.id: c for c in m.colours}, "jerseys": {j.id: j for j in m.jerseys},
            "riders": {r.id: r for r in m.riders}, "rules": m.facts, "texts": ctx.texts, "w": w, "h": h, "bleed": b,
            "u": ctx.u, "lang": self.language.code, "tint": tint,
            "svg_size": Markup(f'width="{mm(w + 2 * b)}mm" height="{mm(h + 2 * b)}mm" '
                               f'viewBox="{mm(-b)} {mm(-b)} {mm(w + 2 * b)} {mm(h + 2 * b)}"'),
        }

    # -- templates -----------------------------------------------------------------------------
    def path(self, name: str) -> Path | None:
        """The template file of face layout ``name`` (the game's, else the shared one), or None."""
        if name not in self._paths:
            self._paths[name] = jenv.find(self.folder, jenv.face_path(name))
        return self._paths[name]

    def template(self, name: str):
        t = self._templates.get(name)
        if t is None:
            t = self._templates[name] = jenv.load(self.env, jenv.face_path(name), self.folder)
        return t

    # -- faces ---------------------------------------------------------------------------------
    def front(self, name: str, deck, card) -> Drawn:
        key = (name, deck.id, card.id)
        markup = self._rendered.get(key)
        what = f"card {deck.id}/{card.id}"
        if markup is None:
            context = dict(self.base, deck=deck, card=card, side="front")
            markup = self._rendered.put(key, jenv.render(self.template(name), context, what))
        return self.read(name, markup, what)

    def back(self, name: str) -> Drawn:
        key = (name, "", "")
        markup = self._rendered.get(key)
        what = f"back {name}"
        if markup is None:
            context = dict(self.base, side="back")
            markup = self._rendered.put(key, jenv.render(self.template(name), context, what))
        return self.read(name, markup, what)

    def read(self, name: str, markup: str, what: str) -> Drawn:
        """The face drawn by ``markup`` (read once per distinct markup)."""
        drawn = self._parsed.get(markup)
        if drawn is not None:
            return drawn
        ctx = self.ctx
        template = str(self.template(name).filename)
        digest = hashlib.sha1(markup.encode("utf-8")).hexdigest()[:16]
        key = f"{self.model.id}-{name}-{ctx.w:g}x{ctx.h:g}-{digest}"
        stored = parsed_cache.key(self._cache_context(), template, markup)
        recorder = rooms.active()
        # a recording of every room reads every face; a face drawn despite an overflow is never kept
        items = parsed_cache.load(stored) if recorder is None or not recorder.every else None
        if items is None:
            failures = recorder.failures if recorder is not None else 0
            items = read_face(markup, template, what, self.folder, ctx)
            if recorder is None or recorder.failures == failures:
                parsed_cache.store(stored, items)
        return self._parsed.put(markup, Drawn(key, items))

    def _cache_context(self) -> bytes:
        """What, besides the markup, decides a read face (pnp.layout.markup.parsed_cache)."""
        if self._context is None:
            ctx = self.ctx
            self._context = parsed_cache.context_digest(jenv.pictures_digest(self.folder), self.model,
                                                        self.language.code, (ctx.w, ctx.h, ctx.bleed, ctx.u))
        return self._context


def open_markup(markup: str, template: str, what: str, folder: Path | None, ctx, kind: str = "a face template"):
    """A Reader of ``markup`` and the transform that fits its root's viewBox to the context's trim
    with its bleed; malformed XML is a MarkupError at the template line it comes from."""
    from pnp.layout.markup.svg import Reader, Scope, fit_box

    try:
        root = tree.parse(markup)
    except tree.XmlProblem as exc:
        raise at_markup(template, markup, exc.open_line or exc.line,
                        f"malformed XML: {exc.message} (line {exc.line}, column {exc.column})",
                        hint=f"{kind} must render well-formed SVG", what=what) from None
    reader = Reader(Scope(template, markup, what, folder, ctx), root)
    view = reader.root_box()
    b = ctx.bleed
    reader.ctm = fit_box(view, (-b, -b, ctx.w + 2 * b, ctx.h + 2 * b), root.attrs.get("preserveAspectRatio", ""))
    return reader, reader.ctm


def read_face(markup: str, template: str, what: str, folder: Path | None, ctx) -> tuple[Item, ...]:
    """The items (trim coordinates) of a face's markup, its viewBox fitted to the card with its bleed."""
    reader, t = open_markup(markup, template, what, folder, ctx)
    items = reader.document()
    if t != IDENTITY and items:
        items = [Group(tuple(items), t)]
    return tuple(items)


def faces_for(ctx) -> Faces:
    """The template faces of ``ctx`` (kept on it: its caches live as long as the context)."""
    faces = ctx.__dict__.get("_pnp_faces")
    if faces is None:
        faces = ctx.__dict__["_pnp_faces"] = Faces(ctx)
    return faces
