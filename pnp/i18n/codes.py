"""Language codes as people type them: ``EN``, ``en-us``, ``pt_br`` are ``en``, ``en_US``, ``pt_BR``;
a regional code falls back to its language's catalog when the game has no regional one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_PART = re.compile(r"[A-Za-z]{2,8}")


def normalize(code: str) -> str:
    """The canonical spelling of a language code: language lower case, script title case, region
    upper case, joined by "_" (``EN`` -> ``en``, ``zh-hant-tw`` -> ``zh_Hant_TW``). Text that is
    no code comes back stripped, as typed."""
    parts = code.strip().replace("-", "_").split("_")
    if not parts or not all(_PART.fullmatch(p) for p in parts):
        return code.strip()
    out = [parts[0].lower()]
    for part in parts[1:]:
        out.append(part.title() if len(part) == 4 else part.upper())
    return "_".join(out)


@dataclass(frozen=True)
class Choice:
    """The language a build uses for a code asked for: ``code`` (None: the game has none that fits)
    and ``note``, what to tell the user when it is not the code as asked."""

    code: str | None
    note: str = ""


def choose(asked: str, available: Sequence[str]) -> Choice:
    """The language of ``available`` that ``asked`` means: itself (in any case or spelling), or its
    base language when the game has no regional catalog (``en_US`` -> ``en``)."""
    code = normalize(asked)
    if code in available:
        return Choice(code, "" if code == asked.strip() else f"'{asked}' read as '{code}'")
    base = code.split("_")[0]
    if base != code and base in available:
        return Choice(base, f"no '{code}' catalog: using '{base}'")
    return Choice(None)
