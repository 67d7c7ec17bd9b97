"""Pictures in a face: ``<image href="images/x.png">`` (PNG, JPEG, SVG) and the game's icons.

An ``href`` is a path inside the game's folder (``images/logo.png``); a path that leads outside
it, an absolute path or a URL is a mistake. A PNG or JPEG becomes a scene Image; an SVG picture is
read by the same reader as a face (no Jinja) and becomes a Symbol, drawn once however often it is
used. Icons are ``icons/NAME.svg`` of the game.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pnp.layout.markup.tree import XLINK_NS, Node
from pnp.layout.scene import IDENTITY, Group, Image, Item, Rect, Style, Symbol, Use, apply

_RASTER: dict[tuple, tuple[str, int, int]] = {}
_SVG: dict[tuple, Symbol] = {}


def _stat_key(path: Path) -> tuple:
    st = path.stat()
    return (str(path), st.st_mtime_ns, st.st_size)


def resolve(reader, node: Node, href: str, what: str = "image") -> Path:
    game = reader.scope.game_folder
    if game is None:
        raise reader.fail(node, f"{what} '{href}': pictures need a game folder")
    if not href or "://" in href or href.startswith(("/", "\\", "data:", "file:")) or (len(href) > 1 and href[1] == ":"):
        raise reader.fail(node, f"{what} '{href}' is not a path inside the game's folder",
                          hint="write it relative to the game's folder, e.g. images/logo.png")
    root = game.resolve()
    path = (root / href).resolve()
    if not path.is_relative_to(root):
        raise reader.fail(node, f"{what} '{href}' leads outside the game's folder")
    if not path.is_file():
        raise reader.fail(node, f"{what} not found: {href}", hint=f"looked for {_display(path)}")
    return path


def draw(reader, node: Node) -> list[Item]:
    href = node.attrs.get(f"{{{XLINK_NS}}}href", node.attrs.get("href"))
    if href is None:
        raise reader.fail(node, "<image> needs href= (a picture of the game's folder)")
    path = resolve(reader, node, href.strip())
    x, y = reader.length(node, "x"), reader.length(node, "y")
    w, h = reader.length(node, "width", None), reader.length(node, "height", None)
    if w <= 0 or h <= 0:
        return []
    aspect = node.attrs.get("preserveAspectRatio", "")
    from pnp.layout.markup.svg import fit_box

    if path.suffix.lower() == ".svg":
        sym = picture(reader, node, path)
        return [Use(sym, fit_box((0.0, 0.0, sym.width, sym.height), (x, y, w, h), aspect))]
    digest, pw, ph = _raster(reader, node, path)
    t = fit_box((0.0, 0.0, float(pw), float(ph)), (x, y, w, h), aspect)
    x0, y0 = apply(t, 0.0, 0.0)
    x1, y1 = apply(t, float(pw), float(ph))
    image = Image(x0, y0, x1 - x0, y1 - y0, str(path), digest)
    if aspect.split()[1:2] == ["slice"]:
        return [Group((image,), IDENTITY, Rect(x, y, w, h, Style()))]
    return [image]


def _raster(reader, node: Node, path: Path) -> tuple[str, int, int]:
    key = _stat_key(path)
    found = _RASTER.get(key)
    if found is None:
        data = path.read_bytes()
        if not (data[:8] == b"\x89PNG\r\n\x1a\n" or data[:3] == b"\xff\xd8\xff"):
            raise reader.fail(node, f"image {path.name}: not a PNG, a JPEG or an SVG picture")
        from PIL import Image as PILImage

        try:
            with PILImage.open(path) as im:
                pw, ph = im.size
        except OSError as exc:
            raise reader.fail(node, f"image {path.name} cannot be read: {exc}") from None
        found = _RASTER[key] = (hashlib.sha256(data).hexdigest(), pw, ph)
    return found


def picture(reader, node: Node, path: Path) -> Symbol:
    """An SVG picture as a Symbol whose box is its viewBox (its origin moved to 0, 0)."""
    key = _stat_key(path)
    sym = _SVG.get(key)
    if sym is not None:
        return sym
    from pnp.layout.markup import tree
    from pnp.layout.markup.svg import Reader, Scope, content_symbol

    if reader.scope.depth >= 4:
        raise reader.fail(node, f"{path.name}: pictures include each other too deep (a picture includes itself?)")
    markup = path.read_text(encoding="utf-8")
    scope = Scope(str(path), markup, reader.scope.what, reader.scope.game_folder, None, reader.scope.depth + 1)
    try:
        root = tree.parse(markup)
    except tree.XmlProblem as exc:
        from pnp.layout.markup.errors import at_template

        raise at_template(path, exc.open_line or exc.line,
                          f"malformed XML: {exc.message} (line {exc.line}, column {exc.column})",
                          what=reader.scope.what) from None
    inner = Reader(scope, root)
    vx, vy, vw, vh = inner.root_box()
    items = tuple(inner.document())
    if vx or vy:
        from pnp.layout.scene import translate

        items = (Group(items, translate(-vx, -vy)),)
    sym = content_symbol("pic", vw, vh, items)
    if len(_SVG) > 256:
        _SVG.clear()
    _SVG[key] = sym
    return sym


def icon(reader, node: Node, name: str) -> Symbol:
    """The game's icon ``icons/NAME.svg`` as a Symbol."""
    game = reader.scope.game_folder
    folder = game / "icons" if game is not None else None
    path = folder / f"{name}.svg" if folder is not None else None
    if path is None or not path.is_file():
        from pnp.load.suggest import did_you_mean

        have = sorted(p.stem for p in folder.glob("*.svg")) if folder is not None and folder.is_dir() else []
        hint = did_you_mean(name, have) if have else f"put the icon in {_display(folder) if folder else 'icons'}/{name}.svg"
        raise reader.fail(node, f"unknown icon ':{name}:'", hint=hint)
    return picture(reader, node, path)


def _display(path: Path) -> str:
    from pnp.layout.markup.errors import display

    return display(path)
