"""The rulebook sections whose rendered Markdown differs between two revisions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*#*\s*$")


def sections(markdown: str) -> dict[str, str]:
    """Markdown cut at its headings (levels 1-3): heading path -> its text (the part before the
    first heading is '(title)')."""
    out: dict[str, list[str]] = {}
    trail: list[str] = []
    current = "(title)"
    out[current] = []
    for line in markdown.splitlines():
        m = HEADING.match(line)
        if m:
            level = len(m.group(1))
            trail = trail[: level - 1] + [m.group(2)]
            current = " > ".join(trail)
            while current in out:
                current += " (bis)"
            out[current] = []
        out[current].append(line)
    return {k: "\n".join(v).strip() for k, v in out.items()}


@dataclass
class RulebookDiff:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    error: str = ""

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed or self.error)

    def as_dict(self) -> dict:
        return {"added": self.added, "removed": self.removed, "changed": self.changed,
                **({"error": self.error} if self.error else {})}


def render(model, templates) -> str:
    """The rulebook of ``model`` in its source language, rendered with the templates in ``templates``."""
    from pnp.diff.git import templates_home
    from pnp.layout.rulebook_context import render_rulebook_markdown

    with templates_home(templates):
        return render_rulebook_markdown(model)


def diff_rulebook(old_model, old_templates, new_model, new_templates) -> RulebookDiff:
    try:
        a = sections(render(old_model, old_templates))
        b = sections(render(new_model, new_templates))
    except Exception as exc:  # a template that does not render is reported, not raised
        return RulebookDiff(error=f"the rulebook could not be rendered: {type(exc).__name__}: {exc}")
    return RulebookDiff([k for k in b if k not in a], [k for k in a if k not in b],
                        [k for k in b if k in a and a[k] != b[k]])
