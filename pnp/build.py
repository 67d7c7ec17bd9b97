"""A build, read top to bottom: load and model, check, choose the language, lay out, paint, write."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pnp.check import Finding, Severity, run_checks
from pnp.errors import PnpError
from pnp.model import GameModel, load_game
from pnp.paths import templates_dir


KIT_TEMPLATES = ("cards/{game}.j2", "boards/{game}.j2", "cards/shared.j2", "rulebook/{game}.md.j2")
"""The templates whose texts the kit prints (relative to templates/): a build in a language needs every
string of these, and of the data, translated."""


class BuildFailed(PnpError):
    """The build stopped before writing anything."""


@dataclass(frozen=True)
class BuildOptions:
    """What the command line can change about a build."""

    out: Path
    paper: str = "a4"
    card_size: str | None = None
    single_sided: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    lang: str = "fr"
    only: tuple[str, ...] = ()
    """Parts of the kit to write (cards, pieces, boards, rulebook, kit); empty: all of them."""
    draft: bool = False
    """Build even when the language's catalog has gaps: they are filled with the French source and
    every page is watermarked."""


@dataclass(frozen=True)
class BuildResult:
    game: str
    files: list[tuple[Path, int | None]]
    """Every file written, with its number of pages (PDF files)."""
    cards: int
    findings: list[Finding]
    lang: str = "fr"
    draft: str = ""
    """The watermark of a draft kit, "" when it is not a draft."""
    gaps: list = field(default_factory=list)
    """Strings filled with the French source in a draft (pnp.i18n.status.Gap)."""


Progress = Callable[[Iterable, int, str], Iterable]


def _no_progress(items: Iterable, total: int, what: str) -> Iterable:
    return items


def build_game(folder: Path, options: BuildOptions, progress: Progress = _no_progress) -> BuildResult:
    """Build the kit of the game in ``folder`` into ``options.out/<game>/<lang>/``."""
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model

    model = load_game(folder)
    findings = run_checks(model)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        lines = [f.render() for f in errors]
        raise BuildFailed("\n".join(lines + [f"{model.id}: {len(errors)} rule error(s); nothing was written."]))
    prepared = _language(folder, model, options)
    with activate(prepared.language):
        files, cards, draft = _write_cards(localize_model(model, prepared.language), options, progress)
    return BuildResult(model.id, files, cards, findings, options.lang, draft, prepared.gaps)


def _untranslated_in_use(options: BuildOptions) -> list[str]:
    """Texts the kit looked up that the catalog does not translate (a template not in KIT_TEMPLATES):
    without --draft they fail the build, as any gap does."""
    from pnp.i18n import current
    from pnp.i18n.translations import fallbacks

    if options.draft:
        return []
    return [f"the kit prints {msgid!r}" + (f" [{ctx}]" if ctx else "") + " but the catalog does not translate it"
            for msgid, ctx in fallbacks(current())]


def _language(folder: Path, model: GameModel, options: BuildOptions):
    """The build's language, compiled and checked against every string the kit needs."""
    from pnp.i18n.catalogs import CatalogError, display
    from pnp.i18n.translations import prepare

    lang = options.lang
    try:
        prepared = prepare(folder, model, lang, options.draft, KIT_TEMPLATES)
    except CatalogError as exc:
        raise BuildFailed(f"{model.id} [{lang}]: {exc}") from None
    head = f"{model.id} [{lang}]"
    if prepared.problems:
        raise BuildFailed("\n".join(f"{head}: {p}" for p in prepared.problems)
                          + f"\n{len(prepared.problems)} translation problem(s); nothing was written.")
    if prepared.gaps and not options.draft:
        po = display(prepared.po) if prepared.po else f"{lang}.po"
        n = len(prepared.gaps)
        lines = [f"{head}: {n} string{'s' if n != 1 else ''} of the kit {'are' if n != 1 else 'is'} not translated "
                 f"in {po}:"]
        lines += [f"  {g.render()}" for g in prepared.gaps]
        lines.append(f"Run `pnp i18n update {model.id} --lang {lang}`, translate {po} (Poedit, Weblate), then "
                     f"build again; or build a watermarked draft with --draft (gaps in French). Nothing was written.")
        raise BuildFailed("\n".join(lines))
    return prepared


def _write_cards(model: GameModel, options: BuildOptions, progress: Progress
                 ) -> tuple[list[tuple[Path, int | None]], int, str]:
    """Lay out and paint every file of the kit, staged, then moved into place together."""
    from pnp.layout.cards import check_faces
    from pnp.layout.imposition import ImpositionError
    from pnp.layout.kit import KitPlan
    from pnp.layout.paper import PrintSpec, paper
    from pnp.layout.templates import Texts
    from pnp.layout.text import TextProblem
    from pnp.write import OutputTransaction
    from pnp.write.kit_files import write_kit

    check_faces(model)
    lang = options.lang
    head = f"{model.id} [{lang}]"
    cards_dir = templates_dir() / "cards"
    texts, shared = Texts(cards_dir, f"{model.id}.j2", model=model), Texts(cards_dir, "shared.j2")
    draft = f"{shared('draft_mark')} · {lang.upper()}" if options.draft else ""
    base = PrintSpec(paper(options.paper), paper(options.paper), duplex=not options.single_sided,
                     back_offset=options.back_offset)
    problems: list[str] = []
    try:
        plan = KitPlan(model, base, texts, shared, options.card_size, problems, draft)
    except (ValueError, ImpositionError) as exc:
        raise BuildFailed(f"{head}: {exc}") from None
    with OutputTransaction(options.out) as tx:
        try:
            entries = write_kit(plan, tx, f"{model.id}/{lang}", lang, progress, options.only)
        except TextProblem as exc:  # a kit page text (cover, labels) that does not fit or cannot be drawn
            problems.append(f"kit pages: {exc}")
        problems += _untranslated_in_use(options)
        if problems:
            unique = list(dict.fromkeys(problems))
            raise BuildFailed("\n".join(f"{head}: {p}" for p in unique)
                              + f"\n{len(unique)} layout problem(s) in {lang}; nothing was written.")
    pdf_pages = {e.name: e.pages for e in entries if e.name.endswith(".pdf")}
    cards = sum(d.size for d in model.decks if d.sheet == "cards")
    return [(p, pdf_pages.get(p.name)) for p in tx.written], cards, draft


def iter_progress(items: Iterable, total: int, what: str) -> Iterator:
    """A progress bar on stderr when it is a terminal (tqdm), silent otherwise."""
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=what, unit="page", leave=False, disable=None)
