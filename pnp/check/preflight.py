"""What a build would refuse, found without painting: ``pnp check`` is a preflight.

For every language of the game (game.yaml ``languages:``) it does what a build does before it
paints: the catalog read and checked (syntax, gaps, placeholders, glyphs), every face, back, token,
standee and board side laid out with its texts fitted, the kit pages' texts, the rulebook rendered
and flowed into pages. Each problem is one line naming the game and the language, as the build says it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnp.errors import DataErrors, PnpError


def languages(model) -> list[str]:
    """The languages a kit is built in: the source first, then game.yaml's others."""
    info = model.info
    source = info.source_language or "fr"
    return [source] + [lang for lang in info.languages if lang != source]


def preflight(folder: Path, model, options, quick: bool = False) -> list[str]:
    """Every problem a build of ``model`` (read from ``folder``) with ``options`` would stop on, in each
    of its languages; [] when every build would go through. ``quick``: only that every deck's face
    and back can be drawn (the templates exist and compile)."""
    from pnp.layout.cards import check_faces

    try:
        check_faces(model)
    except DataErrors as exc:
        return [e.render() for e in exc.errors]
    if quick:
        return []
    out: list[str] = []
    for lang in languages(model):
        out += _one_language(folder, model, replace(options, lang=lang))
    return out


def _one_language(folder: Path, model, options) -> list[str]:
    from pnp.build import BuildFailed, _language, kit_plan, located_texts
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model
    from pnp.layout.text import TextProblem

    head = f"{model.id} [{options.lang}]"
    try:
        prepared = _language(folder, model, options)
    except BuildFailed as exc:
        return [_short(str(exc))]
    with activate(prepared.language):
        local = localize_model(model, prepared.language)
        try:
            plan, problems = kit_plan(local, options)
            for doc in plan.documents():
                for _ in plan.doc_pages(doc):  # every card and piece laid out, on its sheets with their labels
                    pass
            plan.sides  # every board side drawn and tiled
            _rulebook(plan, options.lang)  # rendered from its template and flowed into pages
        except BuildFailed as exc:
            return [str(exc)]
        except DataErrors as exc:
            return [f"{head}: {e.render()}" for e in exc.errors]
        except (TextProblem, PnpError) as exc:
            return [f"{head}: {p}" for p in located_texts([str(exc)], model, options.lang)]
        except KeyError as exc:  # a figure the rulebook names that the game cannot draw
            return [f"{head}: rulebook: {exc.args[0] if exc.args else exc}"]
    return [f"{head}: {p}" for p in located_texts(list(dict.fromkeys(problems)), model, options.lang)]


def _rulebook(plan, lang: str) -> None:
    """The rulebook flowed into pages (its first pass: figures are drawn, not painted)."""
    from pnp.write.kit_files import paint_plan_rulebook

    paint_plan_rulebook(plan, None, lang)


def _short(message: str) -> str:
    """A build's refusal in a few lines: a long list of untranslated strings is counted, not listed."""
    lines = message.splitlines()
    listed = [ln for ln in lines if ln.startswith("  ")]
    if len(listed) <= 5:
        return message
    kept = [ln for ln in lines if not ln.startswith("  ")]
    return "\n".join(kept[:1] + listed[:3] + [f"  ... and {len(listed) - 3} more (pnp i18n status)"] + kept[1:])
