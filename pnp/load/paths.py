"""Paths named by a game's data stay inside the game's folder.

A data file names other files (a deck's ``cards:``); a game folder from a stranger must not make
pnp read anything else: no absolute path, no ``..`` out of the folder, no symbolic link that leads
out of it (links are resolved before the check), and a name is plain text (no NUL, no URL).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath, PureWindowsPath

SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
"""What an id that becomes part of a file name may be: letters, digits, ``-`` and ``_``, at most 64."""


def outside(folder: Path, name: str) -> str:
    """Why ``name`` (relative to ``folder``) is not a file inside it; "" when it is."""
    if not name or "\0" in name:
        return "is not a file name"
    if "://" in name or PurePosixPath(name).is_absolute() or PureWindowsPath(name).is_absolute() \
            or PureWindowsPath(name).drive:
        return "is not a path inside the game's folder"
    root = folder.resolve()
    try:
        target = (root / name).resolve()
    except RuntimeError:  # a loop of symbolic links
        return "cannot be resolved (a loop of symbolic links?)"
    except OSError as exc:
        return f"cannot be resolved ({exc.strerror or exc})"
    if not target.is_relative_to(root):
        return "leads outside the game's folder"
    return ""


def id_problem(value: str) -> str:
    """Why ``value`` cannot be an id used in file names; "" when it can."""
    if SAFE_ID.match(value):
        return ""
    return (f"'{value}' cannot name a file: use letters, digits, '-' and '_' (at most 64, starting with a "
            "letter or digit)")
