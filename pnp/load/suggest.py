"""'Did you mean' hints for unknown names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """Return a hint like "did you mean 'rouge'?", or the list of valid names."""
    options = sorted(set(choices))
    close = difflib.get_close_matches(str(name), options, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if options and len(options) <= 12:
        return "expected one of: " + ", ".join(options)
    return ""
