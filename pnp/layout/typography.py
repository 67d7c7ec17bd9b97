"""Typography of printed text, in the language of the build: an apostrophe is ’ (U+2019), and a
pair of straight double quotes becomes the language's quotes (« … » with no-break spaces in
French, “…” in English, „…” in Polish and German). Applied where every card, piece and board text
is set (pnp.layout.text), so a text typed with a keyboard's straight quotes, in the data or a
catalog, prints as a typesetter would set it."""

from __future__ import annotations

import re

APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|(?<=[sS])'(?=\s|$|[.,;:!?)])")
"""An elision (l'étape, don't) or a plural possessive (the riders' cards); a straight quote used as
a quotation mark is left as typed."""
QUOTED = re.compile(r'"([^"\n]+)"')
QUOTES = {"fr": ("«\u00a0", "\u00a0»"), "en": ("“", "”"), "pl": ("„", "”"), "de": ("„", "“")}


def typeset(text: str, lang: str = "") -> str:
    """``text`` with typographic apostrophes and quotes for ``lang`` (a language code)."""
    if "'" not in text and '"' not in text:
        return text
    text = APOSTROPHE.sub("\u2019", text)
    if '"' in text:
        opening, closing = QUOTES.get(lang[:2], ("“", "”"))
        text = QUOTED.sub(lambda m: f"{opening}{m.group(1).strip()}{closing}", text)
    return text


def install_filters(env) -> None:
    """Give a Jinja environment the filters ``ordinal``, ``decimal`` and ``long_date``, in the
    language current when a template is rendered: ``{{ rank | ordinal }}``, ``{{ n | ordinal("f") }}``,
    ``{{ 6.6 | decimal }}``, ``{{ game.date | long_date }}``."""
    from jinja2 import pass_context

    from pnp.i18n.context import current
    from pnp.i18n.formats import decimal, long_date, ordinal

    # pass_context: Jinja would otherwise fold a filter of a literal (``3 | ordinal``) once, when the
    # template compiles, in whichever language that happens to be
    env.filters["ordinal"] = pass_context(lambda _c, n, gender="m": ordinal(n, current().code, gender))
    env.filters["decimal"] = pass_context(lambda _c, v, digits=None: decimal(v, current().code, digits))
    env.filters["long_date"] = pass_context(lambda _c, d: long_date(d, current().code))
