"""Print-on-demand profiles: what a print service wants, as data (pnp/export/profiles/<name>.yaml).

A profile says the card products the service prints (trim sizes, and the pixels it expects when it
takes pictures), the bleed, the resolution, whether it takes PNG files or one PDF per deck, how many
files a card with copies gets, the order of fronts and backs, and how the files are named. A new
service is a new YAML file: ``pnp export GAME --to pod --profile NAME`` finds it by name in
pnp/export/profiles/, or takes the path of a YAML file anywhere.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator

from pnp.errors import DataErrors, ErrorBag, Location
from pnp.export import raster
from pnp.export.raster import MM_PER_INCH
from pnp.model.base import Frozen

PROFILES = Path(__file__).resolve().parent / "profiles"
"""The profiles shipped with pnp."""
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|in)\s*$")
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(mm|in)\s*$")
_PIXELS = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")
FACE_FIELDS = ("game", "lang", "deck", "number", "card", "copy")
"""What a picture's name may say: the game, the language, the deck's id, the file's place in the
deck (1, 2, ...), the card's id and its copy number."""
DECK_FIELDS = ("game", "lang", "deck", "number")
"""What a deck's name may say (``number``: the deck's place in the kit)."""


def _mm(value: float, unit: str) -> float:
    return round(value * MM_PER_INCH, 4) if unit == "in" else value


def length_mm(value: object) -> object:
    """'0.125 in' or '3.175 mm' (or a number of mm) in mm; anything else is left for the model to refuse."""
    if isinstance(value, str):
        m = _LENGTH.match(value)
        if not m:
            raise ValueError(f"{value!r} is not a length: write it like '0.125 in' or '3.175 mm'")
        return _mm(float(m.group(1)), m.group(2))
    return value


class Product(Frozen):
    """One card product of the service (its poker deck, its tarot deck)."""

    name: str
    size: tuple[float, float]
    """Trim width and height in mm (written '2.5 x 3.5 in' or '63.5 x 88.9 mm')."""
    pixels: tuple[int, int] | None = None
    """The picture the service expects, bleed included (PNG profiles): checked against size, bleed and dpi."""

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, v: object) -> object:
        if isinstance(v, str):
            m = _SIZE.match(v)
            if not m:
                raise ValueError(f"{v!r} is not a card size: write it like '2.5 x 3.5 in' or '63.5 x 88.9 mm'")
            return _mm(float(m.group(1)), m.group(3)), _mm(float(m.group(2)), m.group(3))
        return v

    @field_validator("pixels", mode="before")
    @classmethod
    def _pixels(cls, v: object) -> object:
        if isinstance(v, str):
            m = _PIXELS.match(v)
            if not m:
                raise ValueError(f"{v!r} is not a picture size: write it like '825 x 1125'")
            return int(m.group(1)), int(m.group(2))
        return v

    def label(self) -> str:
        """'poker (63.5 x 88.9 mm)'."""
        return f"{self.name} ({self.size[0]:g} x {self.size[1]:g} mm)"


class Names(Frozen):
    """File name patterns (Python format fields: {deck}, {number:03d}, ...), relative to the export folder."""

    face: str = ""
    """A card's front picture (PNG profiles)."""
    back: str = ""
    """The back every card of a deck shares, written once (PNG profiles)."""
    card_back: str = ""
    """A card's own back, when the cards of a deck do not all share one (PNG profiles)."""
    deck: str = ""
    """A deck's PDF (PDF profiles)."""


class Profile(Frozen):
    """A print-on-demand service."""

    name: str
    url: str = ""
    output: Literal["png", "pdf"]
    dpi: int = Field(ge=72, le=1200)
    bleed: float = Field(ge=0, le=20)
    """Bleed on every side, in mm (written '0.125 in' or '3.175 mm')."""
    tolerance: float = Field(default=1.0, ge=0, le=5)
    """A deck whose trim is within this many mm of a product's (each way) is scaled to that product;
    further off, it is another size."""
    copies: Literal["quantity", "each"] = "each"
    """quantity: one file per card design, its number of copies in export.json (the service sets a
    quantity per card); each: every copy gets its own file (PNG) or its own pages (PDF)."""
    order: Literal["front-back", "back-front"] = "front-back"
    """The order of a card's two pages in a deck's PDF."""
    products: tuple[Product, ...] = Field(min_length=1)
    names: Names
    id: str = ""
    """The profile's file name without .yaml (set when it is loaded)."""
    source: str = ""
    """The file it was loaded from (set when it is loaded)."""

    @field_validator("bleed", "tolerance", mode="before")
    @classmethod
    def _length(cls, v: object) -> object:
        return length_mm(v)

    def pixels(self, product: Product) -> tuple[int, int]:
        """The picture of ``product``, bleed included, at the profile's dpi."""
        w, h = product.size
        return raster.pixels(w + 2 * self.bleed, self.dpi), raster.pixels(h + 2 * self.bleed, self.dpi)

    def product_for(self, trim: tuple[float, float]) -> Product | None:
        """The product whose trim is within ``tolerance`` of ``trim`` (the nearest), or None."""
        near = [p for p in self.products
                if abs(p.size[0] - trim[0]) <= self.tolerance + 1e-9 and abs(p.size[1] - trim[1]) <= self.tolerance + 1e-9]
        return min(near, key=lambda p: abs(p.size[0] - trim[0]) + abs(p.size[1] - trim[1]), default=None)


Problem = tuple[tuple, str, str]
"""Where in the file (keys and indexes), what is wrong, and how to fix it."""


def problems(profile: Profile) -> list[Problem]:
    """What a valid YAML profile still gets wrong: a missing or broken name pattern, pictures whose
    size does not match the product's size, bleed and dpi."""
    out: list[Problem] = []
    needed = ("face", "back", "card_back") if profile.output == "png" else ("deck",)
    for key in needed:
        pattern = getattr(profile.names, key)
        where = ("names", key)
        if not pattern:
            out.append((("names",), f"a {profile.output.upper()} profile needs names.{key}",
                        f"add '{key}: ...' under names, as in pnp/export/profiles/thegamecrafter.yaml"))
            continue
        allowed = DECK_FIELDS if key == "deck" else FACE_FIELDS
        out += [(where, why, fix) for why, fix in _pattern_problems(pattern, allowed, f".{profile.output}")]
    for i, p in enumerate(profile.products):
        if profile.output == "png" and p.pixels is not None:
            want = profile.pixels(p)
            if any(abs(a - b) > 1 for a, b in zip(p.pixels, want)):
                out.append((("products", i, "pixels"), f"{p.pixels[0]} x {p.pixels[1]} pixels is not {p.label()} "
                            f"with {profile.bleed:g} mm bleed at {profile.dpi} dpi",
                            f"that is {want[0]} x {want[1]}: correct the size, the pixels, bleed or dpi"))
    return out


def _pattern_problems(pattern: str, allowed: tuple[str, ...], suffix: str) -> list[tuple[str, str]]:
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(pattern) if f is not None]
    except ValueError as exc:
        return [(f"{pattern!r} is not a name pattern ({exc})", "write fields as {deck} or {number:03d}")]
    out = [(f"unknown field {{{f}}} in {pattern!r}", "it may use " + ", ".join(f"{{{a}}}" for a in allowed))
           for f in fields if f not in allowed]
    if not pattern.endswith(suffix):
        out.append((f"{pattern!r} does not end with {suffix}", f"end it with {suffix}"))
    if pattern.startswith("/") or ".." in Path(pattern).parts:
        out.append((f"{pattern!r} leaves the export folder", "write a relative name, without a leading / or .."))
    return out


def available() -> list[str]:
    """The names of the profiles shipped with pnp."""
    return sorted(p.stem for p in PROFILES.glob("*.yaml"))


def find(name: str) -> Path:
    """The YAML file of profile ``name``: a shipped profile's name, or the path of a YAML file."""
    from pnp.export import ExportFailed
    from pnp.load.suggest import did_you_mean

    if name.endswith((".yaml", ".yml")) or "/" in name:
        path = Path(name)
        if not path.is_file():
            raise ExportFailed(f"print-on-demand profile {name}: no such file")
        return path
    path = PROFILES / f"{name}.yaml"
    if not path.is_file():
        hint = did_you_mean(name, available())
        hint = hint if hint.startswith("did you mean") else ""
        raise ExportFailed(f"unknown print-on-demand profile '{name}'" + (f"; {hint}" if hint else "")
                           + f" (profiles: {', '.join(available())}; or the path of a profile YAML file)")
    return path


def load_profile(path: Path, display: str | None = None) -> Profile:
    """The profile in ``path``; DataErrors naming the file, line and field of every mistake."""
    from pnp.load import load_yaml, location_of
    from pnp.model.validation import _field_path, parse

    name = display or str(path)
    raw = load_yaml(path, name)
    errors = ErrorBag()
    profile = parse(Profile, raw, errors) if raw is not None else None
    if raw is None:
        errors.add(Location(name), "the profile is empty", hint="see pnp/export/profiles/thegamecrafter.yaml")
    if profile is not None:
        for path_, why, fix in problems(profile):
            errors.add(location_of(raw, path_), why, _field_path(path_), fix)
    if errors.errors or profile is None:
        raise DataErrors(errors.errors, written=False)
    return profile.model_copy(update={"id": path.stem, "source": name})


def profile_named(name: str) -> Profile:
    """The profile ``name`` (a shipped profile or a YAML file), loaded and checked."""
    path = find(name)
    shipped = path.parent == PROFILES
    return load_profile(path, f"pnp/export/profiles/{path.name}" if shipped else str(path))
