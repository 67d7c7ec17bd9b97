"""Figures of a rulebook, drawn from the real components: ``figure_scene(model, ref)``.

A rulebook template names its figures with refs (``![caption](fig:REF)``). Every figure is a
scene in millimetres, drawn by the same code as the kit (card faces, the board, jerseys, tokens,
standees), so what a player reads about is what they have printed. Refs:

- ``card:DECK/CARD``               one card face, trimmed (no bleed), with rounded corners;
- ``cards:DECK/C1,C2,...``         a row of cards of one deck;
- ``board:SIDE``                   a whole side of the board;
- ``board:SIDE:C1-C2``             columns C1 to C2 of a side, cropped to the road and its verges
                                   (a window that starts at column 1 or ends at the last column
                                   runs on to the edge of the board: the run-out and the podium);
- ``jersey:ID``, ``jersey:ID+RIDER``  a jersey; ``+RIDER`` wears it over that rider's colour;
- ``jerseys:A,B+RIDER,...``        a row of jerseys;
- ``token:ID``, ``tokens:A,B,...`` point tokens, as cut out round;
- ``standee:ID``, ``standees:A,B`` the front of rider standees (the figure swap);
- and the figures of the game's own rules module: ``FIGURES = {kind: draw(figures, arg) -> Scene}``
  (pnp.layout.figures), ``figures`` being a Figures (the model, card faces and jerseys).

An unknown ref raises KeyError.

Every scene's ``meta`` has ``ref``, ``kind`` and ``display_mm``: the width (mm) the figure is
meant to take on a rulebook page (the renderer scales the scene to it, or to the text width
when that is narrower).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.layout import board as board_art
from pnp.layout import jersey as jersey_art
from pnp.layout.scene import Circle, Group, Item, Path, Rect, Scene, Style, Symbol, Use, compose, scale, translate
from pnp.layout.templates import Texts
from pnp.model.game_model import GameModel

CARD_GAP = 5.0
CARD_RADIUS = 3.0
CARD_EDGE = Style(stroke="#9A9EA5", width=0.3)
PAD = 0.6
"""Room around a figure for the outlines drawn on its edges."""


REF = re.compile(r"fig:([^)\s]+)")
"""A figure ref in the Markdown of a rulebook: ``![caption](fig:REF)``."""


def figure_refs(markdown: str) -> list[str]:
    """The figure refs used in ``markdown``, in order, each once."""
    return list(dict.fromkeys(REF.findall(markdown)))


def figure_scene(model: GameModel, ref: str, texts: Texts | None = None) -> Scene:
    """The scene of figure ``ref`` (see the module docstring); KeyError when ``ref`` is unknown.

    ``texts`` are the card texts to draw card faces with (a translated set for a translated
    rulebook); by default the game's own card template.
    """
    from pnp.layout.figures import game_figures

    kind, _, arg = ref.partition(":")
    own = game_figures(model)
    maker = own.get(kind) or _MAKERS.get(kind)
    if maker is None:
        raise KeyError(f"unknown figure '{ref}': use one of {', '.join(sorted({*_MAKERS, *own}))}")
    figures = Figures(model, texts)
    try:
        scene = maker(figures, arg)
    except (StopIteration, ValueError, IndexError) as exc:
        raise KeyError(f"figure '{ref}': {exc or 'not found in the game'}") from None
    meta = {"ref": ref, "kind": kind, **scene.meta}
    meta.setdefault("display_mm", scene.width)
    meta.setdefault("figure_width", meta["display_mm"])
    return Scene(scene.width, scene.height, scene.items, label=f"figure {ref}", meta=meta)


# --- the components, as the kit draws them

@dataclass
class Figures:
    """What a figure maker draws with: the model, the card texts, card faces and jerseys as the kit
    draws them (a game's own makers, ``FIGURES`` of its rules module, get one too)."""

    model: GameModel
    texts: Texts | None
    _ctx: dict = field(default_factory=dict)

    def card_texts(self) -> Texts:
        if self.texts is None:
            from pnp.layout.templates import card_texts

            self.texts = card_texts(self.model)
        return self.texts

    def context(self, size):
        """A card context with no bleed: the figure shows the card as it is once cut."""
        from pnp.layout.faces.common import CardContext

        if size not in self._ctx:
            self._ctx[size] = CardContext(self.model, size, 0.0, self.card_texts())
        return self._ctx[size]

    def jersey(self, spec: str) -> Symbol:
        """``ID`` or ``ID+RIDER`` (the jersey worn over that rider's colour)."""
        from pnp.layout.faces.common import CardContext

        jersey_id, _, over = spec.partition("+")
        self.model.jersey(jersey_id)
        if over:
            self.model.rider(over)
        ctx = CardContext(self.model, None, 0.0, None)  # type: ignore[arg-type]
        return ctx.jersey(jersey_id, over)

    def rider_jersey(self, rider_id: str) -> Symbol:
        """The jersey that stands for ``rider_id`` on the cards."""
        return self.jersey(next(j.id for j in self.model.jerseys if j.rider == rider_id))

    def card(self, deck_id: str, card_id: str) -> tuple[Symbol, float, float]:
        """A card face as a symbol, trimmed, with the face code of its deck."""
        from pnp.layout.cards import as_symbol, card_size_of, face_items

        deck = self.model.deck(deck_id)
        card = next(c for c in deck.cards if c.id == card_id)
        ctx = self.context(card_size_of(self.model, deck, None))
        items = face_items(ctx, deck, card)
        return as_symbol(f"{self.model.id}-figure-{deck.id}-{card.id}", ctx, items), ctx.w, ctx.h


def _rounded(x: float, y: float, w: float, h: float, r: float) -> Path:
    """A rectangle with round corners, as a path (to clip a card to its cut shape)."""
    k = r * 0.5523
    return Path((("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
                 ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
                 ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
                 ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)), Style())


def _circle_path(cx: float, cy: float, r: float) -> Path:
    k = r * 0.5523
    return Path((("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
                 ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
                 ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
                 ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)), Style())


def _placed_card(sym: Symbol, w: float, h: float, x: float, y: float, s: float = 1.0) -> Item:
    """A card at (x, y), ``s`` times its size, cut with round corners and a thin edge."""
    body = Group((Use(sym),), clip=_rounded(0, 0, w, h, CARD_RADIUS))
    edge = Rect(0, 0, w, h, CARD_EDGE, radius=CARD_RADIUS)
    return Group((body, edge), compose(translate(x, y), scale(s)))


def _row(scenes: list[tuple[Item, float, float]], gap: float) -> tuple[list[Item], float, float]:
    """Items of equal-height pieces side by side, centred vertically; (items, width, height)."""
    height = max(h for _, _, h in scenes)
    x, items = PAD, []
    for item, w, h in scenes:
        items.append(Group((item,), translate(x, PAD + (height - h) / 2)))
        x += w + gap
    return items, x - gap + PAD, height + 2 * PAD


def _split_list(arg: str) -> list[str]:
    names = [a.strip() for a in arg.split(",") if a.strip()]
    if not names:
        raise ValueError("nothing named")
    return names


def _cards(f: Figures, arg: str) -> Scene:
    deck_id, sep, ids = arg.partition("/")
    if not sep:
        raise ValueError("write DECK/CARD")
    pieces = []
    for card_id in _split_list(ids):
        sym, w, h = f.card(deck_id, card_id)
        pieces.append((_placed_card(sym, w, h, 0, 0), w, h))
    items, w, h = _row(pieces, CARD_GAP)
    n = len(pieces)
    # a card is shown at about half its size (a row takes the width of the text)
    display = min(w, n * 38.0 + (n - 1) * 3.0)
    return Scene(w, h, tuple(items), meta={"display_mm": display, "cards": n})


def _card(f: Figures, arg: str) -> Scene:
    if "," in arg:
        raise ValueError("one card only: use cards:DECK/C1,C2")
    return _cards(f, arg)


def _jerseys(f: Figures, arg: str) -> Scene:
    size = 30.0
    pieces = [(jersey_art.place(f.jersey(spec), 0, 0, size), size, size) for spec in _split_list(arg)]
    items, w, h = _row(pieces, 6.0)
    return Scene(w, h, tuple(items), meta={"display_mm": min(w, 22.0 * len(pieces) + 4.0 * (len(pieces) - 1))})


def _jersey(f: Figures, arg: str) -> Scene:
    if "," in arg:
        raise ValueError("one jersey only: use jerseys:A,B")
    return _jerseys(f, arg)


def _tokens(f: Figures, arg: str) -> Scene:
    from pnp.layout.cards import as_symbol
    from pnp.layout.kit import TOKEN_MM
    from pnp.layout.paper import Size
    from pnp.layout.tokens import token_face

    pieces = []
    for token_id in _split_list(arg):
        token = next(t for t in f.model.tokens if t.id == token_id)
        d = token.size_mm or TOKEN_MM
        ctx = f.context(Size("token", d, d))
        sym = as_symbol(f"{f.model.id}-figure-token-{token.id}", ctx, token_face(ctx, token))
        r = d / 2
        body = Group((Use(sym),), clip=_circle_path(r, r, r))
        edge = Circle(r, r, r, Style(stroke="#5E6168", width=0.3))
        pieces.append((Group((body, edge)), d, d))
    items, w, h = _row(pieces, 5.0)
    n = len(pieces)
    return Scene(w, h, tuple(items), meta={"display_mm": min(w, n * 17.0 + (n - 1) * 3.0)})


def _standees(f: Figures, arg: str) -> Scene:
    from pnp.layout.standees import PANEL_H, PANEL_W, STRIP, _panel

    ctx = f.context(STRIP)
    pieces = []
    for standee_id in _split_list(arg):
        standee = next(s for s in f.model.standees if s.id == standee_id)
        art = Group((Group(tuple(_panel(ctx, standee)), clip=Rect(0, 0, PANEL_W, PANEL_H, Style())),
                     Rect(0, 0, PANEL_W, PANEL_H, CARD_EDGE)))
        pieces.append((art, PANEL_W, PANEL_H))
    items, w, h = _row(pieces, 6.0)
    n = len(pieces)
    return Scene(w, h, tuple(items), meta={"display_mm": min(w, n * 20.0 + (n - 1) * 5.0)})


# --- the board

def _board(f: Figures, arg: str) -> Scene:
    side_id, _, window = arg.partition(":")
    side = next(s for b in f.model.boards for s in b.sides if s.id == side_id)
    from pnp.layout.boards import board_scene

    full = board_scene(f.model, side, bleed=0.0)
    bw, bh = full.meta["size_mm"]
    if not window:
        return Scene(bw, bh, full.items, meta={"display_mm": 170.0, "side": side.id})
    m = re.fullmatch(r"(\d+)-(\d+)", window)
    if not m:
        raise ValueError("write board:SIDE:C1-C2")
    c1, c2 = int(m.group(1)), int(m.group(2))
    if not 1 <= c1 <= c2 <= side.columns:
        raise ValueError(f"side {side.id} has columns 1 to {side.columns}")
    x0 = 0.0 if c1 == 1 else side.x_mm(c1)
    x1 = bw if c2 == side.columns else side.x_mm(c2 + 1)
    lanes = [lane for c in range(c1, c2 + 1) for lane in side.road_lanes(c)] or [1, side.lanes]
    # the road with the signs and distance marks on its verges
    margin = board_art.BARRIER_MM + 2 * board_art.BADGE_R + 3.2 + 13.0
    y0 = max(0.0, side.y_mm(min(lanes)) - margin)
    y1 = min(bh, side.y_mm(max(lanes) + 1) + margin)
    if c2 == side.columns:
        # the podium after the road
        for area in side.areas_of("tokens"):
            y0, y1 = min(y0, area.y - 4.0), max(y1, area.y + area.h + 4.0)
    w, h = x1 - x0, y1 - y0
    window_items = Group(full.items, translate(-x0, -y0), clip=Rect(x0, y0, w, h, Style()))
    return Scene(w, h, (window_items,), meta={"display_mm": min(170.0, w * 0.62), "side": side.id,
                                              "columns": (c1, c2)})


_MAKERS = {
    "card": _card,
    "cards": _cards,
    "board": _board,
    "jersey": _jersey,
    "jerseys": _jerseys,
    "token": _tokens,
    "tokens": _tokens,
    "standee": _standees,
    "standees": _standees,
}
