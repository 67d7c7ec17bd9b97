"""The language a kit is being laid out in: set once by the build, read where texts are made.

Templates (card, board, shared and rulebook texts) are rendered through the current language's
translations, and text wrapping hyphenates in it. Outside a build the current language is the
source language with no catalog (texts come out in French, as written).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

SOURCE_LANGUAGE = "fr"


class SourceTranslations(gettext.NullTranslations):
    """No catalog: the texts as written in the source language, each plural chosen by that
    language's own rule (French: 0 and 1 take the singular, "0 point"), not English's."""

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if _singular(n) else msgid2

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


def _singular(n: int) -> bool:
    return _plural_rule()(abs(n)) == "one"


@lru_cache(maxsize=1)
def _plural_rule():
    from babel import Locale

    return Locale.parse(SOURCE_LANGUAGE).plural_form


@dataclass(frozen=True, eq=False)
class Language:
    """A language of a build: its code, its compiled translations, and whether the kit is a draft
    (strings missing from the catalog filled with the source language, every page watermarked).
    Compared by identity: each build compiles its own.
    """

    code: str = SOURCE_LANGUAGE
    translations: Any = field(default_factory=SourceTranslations)
    """A gettext translations object (babel.support.Translations), SourceTranslations for the source."""
    draft: bool = False
    source: bool = True
    """True for the source language (texts as written, no catalog)."""

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)


SOURCE = Language()
_current: ContextVar[Language] = ContextVar("pnp_language", default=SOURCE)


def current() -> Language:
    """The language texts are being made in (the source language outside a build)."""
    return _current.get()


@contextmanager
def activate(language: Language) -> Iterator[Language]:
    """Make ``language`` current for the duration of a ``with`` block."""
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)
