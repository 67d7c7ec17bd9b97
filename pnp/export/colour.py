"""Colours for a print shop: sRGB to CMYK through an output ICC profile (LittleCMS, by Pillow's ImageCms).

The profile is the shop's (``pnp export --to press --profile FILE.icc``) or, by default, the CMYK
profile Ghostscript installs (``default_cmyk.icc``, Artifex's SWOP profile: US web coated). No
package on PyPI ships a CMYK profile, and pnp does not ship one of its own; see README, "press".

Greys are printed with black ink alone, their K the black tint the profile prints at the same
lightness: a grey of four inks shows every misregistration of the press as a coloured fringe, worst
on text and thin lines. So texts and lines whose colour is nearly grey (chroma up to
``LINE_CHROMA``: the kit's cool greys) are black ink only, and text in black or near-black
(``TEXT_BLACK``) is pure K (0 0 0 1): four-colour black text is the first thing a print shop sends
back. A fill is black ink only when it is grey (``FILL_CHROMA``): the warm paper of the cards and
the cool grey of a road keep their tint. Other colours go through the profile (relative
colorimetric, black point compensation).
"""

from __future__ import annotations

import glob
import io
import math
import os
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import PnpError

if TYPE_CHECKING:
    from PIL import Image

Cmyk = tuple[float, float, float, float]

PROFILE_PLACES = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",       # Debian, Ubuntu (package libgs-common)
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",  # Fedora, Arch, a Ghostscript built from source
    "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc",  # macOS, Homebrew
    "/usr/local/opt/ghostscript/share/ghostscript/*/iccprofiles/default_cmyk.icc",
)
"""Where Ghostscript's CMYK profile is looked for, in order (the first found is used)."""
PROFILE_ENV = "PNP_CMYK_PROFILE"
"""An environment variable naming the default CMYK profile (before Ghostscript's)."""
FILL_CHROMA = 2.5
"""The largest chroma (CIELAB C*) of a fill printed as a grey of black ink."""
LINE_CHROMA = 6.0
"""The largest chroma of a text or a line printed with black ink alone."""
TEXT_BLACK = 25.0
"""Texts up to this L* (0-100), and chroma up to ``TEXT_CHROMA``, print as 100 % black ink."""
TEXT_CHROMA = 8.0


class ProfileError(PnpError):
    """No usable CMYK output profile."""


@dataclass(frozen=True)
class OutputProfile:
    """A CMYK output profile: its file, bytes and description (the OutputIntent names it)."""

    path: Path
    data: bytes
    description: str


def find_profile(asked: str | None = None) -> OutputProfile:
    """The CMYK profile ``asked`` (a file), else $PNP_CMYK_PROFILE, else Ghostscript's; ProfileError
    saying what was tried and how to fix it when there is none, or it is not a CMYK output profile."""
    if asked:
        return _load(Path(asked).expanduser(), "--profile")
    if os.environ.get(PROFILE_ENV):
        return _load(Path(os.environ[PROFILE_ENV]).expanduser(), f"${PROFILE_ENV}")
    for place in PROFILE_PLACES:
        found = sorted(glob.glob(place))
        if found:
            return _load(Path(found[-1]), "Ghostscript's default")
    raise ProfileError("no CMYK output profile: the press export converts every colour through one. Pass your "
                       "print shop's profile with --profile FILE.icc (e.g. ISOcoated_v2_300_eci.icc, "
                       f"PSOcoated_v3.icc), set {PROFILE_ENV}, or install Ghostscript, whose default_cmyk.icc "
                       f"is used (looked in {', '.join(PROFILE_PLACES)})")


def _load(path: Path, where: str) -> OutputProfile:
    from PIL import ImageCms

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ProfileError(f"{path} ({where}): cannot read the profile: {exc.strerror}; give the path of an "
                           ".icc file") from None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
    except (OSError, ImageCms.PyCMSError) as exc:
        raise ProfileError(f"{path} ({where}): not an ICC profile ({exc}); give your print shop's CMYK "
                           ".icc file") from None
    if profile.xcolor_space.strip() != "CMYK" or profile.device_class.strip() != "prtr":
        raise ProfileError(f"{path} ({where}): a {profile.xcolor_space.strip()} {profile.device_class.strip()} "
                           "profile, not a CMYK output (printer) profile; give your print shop's CMYK .icc file")
    description = (profile.profile_description or path.stem).strip()
    return OutputProfile(path, data, description)


class Converter:
    """sRGB colours and pictures to the CMYK of one output profile."""

    def __init__(self, profile: OutputProfile) -> None:
        self.profile = profile

    @cached_property
    def _cms(self):
        from PIL import ImageCms

        cmyk = ImageCms.ImageCmsProfile(io.BytesIO(self.profile.data))
        srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB")
        flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        return (ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", intent, flags),
                ImageCms.buildTransform(srgb, lab, "RGB", "LAB", intent),
                ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", intent))

    @cached_property
    def _black_ramp(self) -> list[float]:
        """L* of each black tint k/255 the profile prints, k = 0..255."""
        from PIL import Image

        tints = Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256) for b in (0, 0, 0, k)))
        lab = self._cms[2].apply(tints)
        return [lab.getpixel((k, 0))[0] * 100 / 255 for k in range(256)]

    def lab(self, rgb: tuple[int, int, int]) -> tuple[float, float]:
        """L* (0-100) and chroma C* of an sRGB colour."""
        from PIL import Image

        lightness, a, b = self._cms[1].apply(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
        return lightness * 100 / 255, math.hypot(a - 128, b - 128)

    def fill(self, rgb: tuple[int, int, int]) -> Cmyk:
        """The CMYK of a fill: white is no ink, a grey is black ink only."""
        return _colour(self, rgb, FILL_CHROMA)

    def line(self, rgb: tuple[int, int, int]) -> Cmyk:
        """The CMYK of a stroke: a near-grey is black ink only."""
        return _colour(self, rgb, LINE_CHROMA)

    def text(self, rgb: tuple[int, int, int]) -> Cmyk:
        """The CMYK of a text: black and near-black are 100 % black ink, near-greys black ink only."""
        return _text(self, rgb)

    def black_tint(self, lightness: float) -> float:
        """The black ink (0-1) the profile prints closest to ``lightness`` (L*)."""
        ramp = self._black_ramp
        k = min(range(256), key=lambda i: abs(ramp[i] - lightness))
        return round(k / 255, 4)

    def image(self, image: "Image.Image") -> "Image.Image":
        """A picture (any mode but CMYK) in the profile's CMYK."""
        return self._cms[0].apply(image.convert("RGB"))


@lru_cache(maxsize=4096)
def _colour(converter: Converter, rgb: tuple[int, int, int], grey_chroma: float) -> Cmyk:
    from PIL import Image

    if rgb == (255, 255, 255):
        return (0.0, 0.0, 0.0, 0.0)
    lightness, chroma = converter.lab(rgb)
    if chroma <= grey_chroma:
        return (0.0, 0.0, 0.0, converter.black_tint(lightness))
    pixel = converter._cms[0].apply(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    return tuple(round(v / 255, 4) for v in pixel)


@lru_cache(maxsize=1024)
def _text(converter: Converter, rgb: tuple[int, int, int]) -> Cmyk:
    lightness, chroma = converter.lab(rgb)
    if lightness <= TEXT_BLACK and chroma <= TEXT_CHROMA:
        return (0.0, 0.0, 0.0, 1.0)
    return _colour(converter, rgb, LINE_CHROMA)
