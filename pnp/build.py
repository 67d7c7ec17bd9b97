"""A build, read top to bottom: load and model, check, lay out, paint, write."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pnp.check import Finding, Severity, run_checks
from pnp.errors import PnpError
from pnp.model import GameModel, load_game
from pnp.paths import templates_dir


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


@dataclass(frozen=True)
class BuildResult:
    game: str
    files: list[Path]
    pages: int
    cards: int
    findings: list[Finding]


Progress = Callable[[Iterable, int, str], Iterable]


def _no_progress(items: Iterable, total: int, what: str) -> Iterable:
    return items


def build_game(folder: Path, options: BuildOptions, progress: Progress = _no_progress) -> BuildResult:
    """Build the kit of the game in ``folder`` into ``options.out/<game>/<lang>/``."""
    model = load_game(folder)
    findings = run_checks(model)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        lines = [f.render() for f in errors]
        raise BuildFailed("\n".join(lines + [f"{model.id}: {len(errors)} rule error(s); nothing was written."]))
    files, pages, cards = _write_cards(model, options, progress)
    return BuildResult(model.id, files, pages, cards, findings)


def _write_cards(model: GameModel, options: BuildOptions, progress: Progress) -> tuple[list[Path], int, int]:
    import math

    from pnp.layout.cards import card_arts, card_count, card_size_of, check_faces
    from pnp.layout.faces.common import CardContext
    from pnp.layout.imposition import ImpositionError, SheetTexts, plan, sheets
    from pnp.layout.paper import PrintSpec, paper
    from pnp.layout.templates import Texts
    from pnp.paint.pdf import paint_pdf
    from pnp.write import OutputTransaction

    check_faces(model)
    try:
        size = card_size_of(model, options.card_size)
        spec = PrintSpec(paper(options.paper), size, duplex=not options.single_sided,
                         back_offset=options.back_offset)
        grid = plan(spec)
    except (ValueError, ImpositionError) as exc:
        raise BuildFailed(str(exc)) from None
    cards_dir = templates_dir() / "cards"
    texts, shared = Texts(cards_dir, f"{model.id}.j2"), Texts(cards_dir, "shared.j2")
    what = shared("cards_title")
    sheet_texts = SheetTexts(
        label=lambda page, pages, side: shared("sheet_label", stamp=model.info.stamp, what=what, page=page,
                                               pages=pages, side=side),
        calibration=shared("calibration", length=50))
    problems: list[str] = []
    ctx = CardContext(model, size, spec.bleed, texts)
    count = card_count(model)
    pages_total = math.ceil(count / grid.slots) * (1 if options.single_sided else 2)
    scenes = sheets(card_arts(model, ctx, problems), count, spec, sheet_texts)
    with OutputTransaction(options.out) as tx:
        target = tx.path(f"{model.id}/{options.lang}/cards.pdf")
        pages = paint_pdf(progress(scenes, pages_total, f"{model.id} cards"), str(target),
                          title=f"{model.info.title}: cards", author=", ".join(model.info.authors),
                          subject=model.info.stamp)
        if problems:
            raise BuildFailed("\n".join(f"{model.id} [{options.lang}]: {p}" for p in problems)
                              + f"\n{len(problems)} layout problem(s); nothing was written.")
    return tx.written, pages, count


def iter_progress(items: Iterable, total: int, what: str) -> Iterator:
    """A progress bar on stderr when it is a terminal (tqdm), silent otherwise."""
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=what, unit="page", leave=False, disable=None)
