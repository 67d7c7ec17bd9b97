"""Numbers and dates as each language writes them: ordinals (1er, 1st, 1.), decimals (6,6 / 6.6)
and long dates (3 novembre 2023), from Babel's CLDR data."""

from __future__ import annotations

from functools import lru_cache


# The suffix of an ordinal, by language and CLDR ordinal category (Babel's ``Locale.ordinal_form``);
# French has a feminine first ("1re"); a language not listed writes "1." as German and Polish do.
ORDINAL_SUFFIXES: dict[str, dict[str, str]] = {
    "fr": {"one": "er", "other": "e"},
    "en": {"one": "st", "two": "nd", "few": "rd", "other": "th"},
}
FEMININE_FIRST = {"fr": "re"}
DATE_LOCALES = {"en": "en_GB"}
"""The locale whose long date a language prints: "3 November 2023", as the kit's other languages
put the day first."""


@lru_cache(maxsize=256)
def ordinal(n: int, lang: str = "", gender: str = "m") -> str:
    """``n`` as an ordinal number in ``lang``: 1er/1re, 2e (fr); 1st, 2nd (en); 1. (pl, de...).
    ``gender`` "f" gives French "1re"."""
    code = (lang or "fr")[:2]
    n = int(n)
    suffixes = ORDINAL_SUFFIXES.get(code)
    if suffixes is None:
        return f"{n}."
    if gender.startswith("f") and code in FEMININE_FIRST and n == 1:
        return f"{n}{FEMININE_FIRST[code]}"
    from babel import Locale

    return f"{n}{suffixes.get(Locale.parse(code).ordinal_form(n), suffixes['other'])}"


def decimal(value: float, lang: str = "", digits: int | None = None) -> str:
    """``value`` with the language's decimal sign ("6,6" in French, "6.6" in English); ``digits``
    fixes the number of decimals (default: as many as the value has, at most three)."""
    from babel.numbers import format_decimal

    pattern = None if digits is None else ("#,##0" + ("." + "0" * digits if digits else ""))
    return format_decimal(value, format=pattern, locale=(lang or "fr")[:2])


@lru_cache(maxsize=64)  # the stamp of every face asks for it
def long_date(day, lang: str = "") -> str:
    """``day`` (a date) written out in ``lang``: "3 novembre 2023", "3 November 2023", "3 listopada 2023"."""
    from babel.dates import format_date

    code = (lang or "fr")[:2]
    text = format_date(day, "long", locale=DATE_LOCALES.get(code, code))
    if code == "fr" and day.day == 1:  # CLDR writes "1 mai"; French typography has "1er mai"
        text = "1er" + text[1:]
    return text.replace(" ", "\u00a0")  # a date is never broken across lines

