"""The designer's report: the checker's findings, the decisions of the data and the questions left
open, with their ids, as Markdown (templates/designer.md.j2), typeset into designer.pdf beside the
kit or rendered as HTML by ``pnp check --format html``. The player's rulebook keeps none of it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.check.findings import Finding, Severity
from pnp.model.game_model import GameModel

TEMPLATE = "designer.md.j2"


def report_markdown(model: GameModel, findings: list[Finding]) -> str:
    """The report of ``model`` as Markdown, from its findings (as ``run_checks`` gives them)."""
    from pnp.layout.rulebook_context import _environment, markdown_text
    from pnp.paths import templates_dir

    env = _environment(folders=[templates_dir()])
    return env.get_template(TEMPLATE).render(**_context(model, findings), md=markdown_text)


def _context(model: GameModel, findings: list[Finding]) -> dict[str, Any]:
    info = model.info
    rows = [_row(f, model) for f in findings]
    questions: dict[str, list] = {}
    for row in rows:
        if row["severity"] is Severity.QUESTION and not row["decision"]:
            questions.setdefault(row["rule"], []).append(row)
    counts = Counter(f.severity.value for f in findings)
    return {
        "game": info, "date": info.date.isoformat(),
        "languages": ", ".join(info.languages),
        "counts": {k: counts.get(k, 0) for k in ("error", "warning", "question")},
        "errors": [r for r in rows if r["severity"] is Severity.ERROR],
        "warnings": [r for r in rows if r["severity"] is Severity.WARNING],
        "decisions": model.decisions,
        "questions": list(questions.items()),
    }


def _row(f: Finding, model: GameModel) -> dict[str, Any]:
    """A finding as the report prints it: where it is, relative to the game's folder."""
    from pathlib import Path

    file = f.location.file or ""
    try:
        file = str(Path(file).resolve().relative_to(model.sources.folder.resolve().parent))
    except (ValueError, OSError):
        pass
    where = f"{file}:{f.location.line}" if f.location.line else file
    decision = any(d.id == f.rule for d in model.decisions)  # a decision's own question: listed with it
    return {"severity": f.severity, "rule": f.rule, "component": f.component, "message": f.message,
            "where": where, "decision": decision}


def report_html(games: dict[str, tuple[GameModel, list[Finding]]]) -> str:
    """One HTML page with the report of every game (``pnp check --format html``)."""
    import html

    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    body = []
    for game_id, (model, findings) in games.items():
        body.append(f'<section id="{html.escape(game_id)}"><h1 class="game">{html.escape(model.info.title)}: '
                    f'designer report</h1>\n{md.render(report_markdown(model, findings))}</section>')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Designer report</title>"
            "<style>body{font-family:sans-serif;max-width:52em;margin:2em auto;padding:0 1em;line-height:1.45;"
            "color:#1F2328}h1{color:#146B36;border-bottom:1px solid #146B36}h1.game{font-size:1.7em}"
            "h2{font-size:1.05em;margin-bottom:.2em}em{color:#5B616B}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def paint_report(model: GameModel, findings: list[Finding], target: str, paper: tuple[float, float]) -> int:
    """designer.pdf: the report typeset as the rulebook is; returns its number of pages."""
    from pnp.layout.rulebook import parse
    from pnp.paint.rulebook_pdf import RulebookMeta, paint_rulebook

    info = model.info
    meta = RulebookMeta(title=info.title, subtitle="Designer report", stamp=f"{info.title} v{info.version} · "
                        f"{info.date.isoformat()}", language="en", author=", ".join(info.authors), title_page=False)

    def no_figure(ref: str):
        raise KeyError(ref)

    return paint_rulebook(parse(report_markdown(model, findings)), target, meta, no_figure, paper=paper,
                          hyphenation_lang="en")
