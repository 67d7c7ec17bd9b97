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
    files: list[tuple[Path, int | None]]
    """Every file written, with its number of pages (PDF files)."""
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
    files, cards = _write_cards(model, options, progress)
    return BuildResult(model.id, files, cards, findings)


def _write_cards(model: GameModel, options: BuildOptions, progress: Progress
                 ) -> tuple[list[tuple[Path, int | None]], int]:
    """Lay out and paint every file of the kit, staged, then moved into place together."""
    from pnp.layout.cards import check_faces
    from pnp.layout.imposition import ImpositionError
    from pnp.layout.kit import KitPlan
    from pnp.layout.paper import PrintSpec, paper
    from pnp.layout.templates import Texts
    from pnp.write import OutputTransaction
    from pnp.write.kit_files import write_kit

    check_faces(model)
    cards_dir = templates_dir() / "cards"
    texts, shared = Texts(cards_dir, f"{model.id}.j2"), Texts(cards_dir, "shared.j2")
    base = PrintSpec(paper(options.paper), paper(options.paper), duplex=not options.single_sided,
                     back_offset=options.back_offset)
    problems: list[str] = []
    try:
        plan = KitPlan(model, base, texts, shared, options.card_size, problems)
    except (ValueError, ImpositionError) as exc:
        raise BuildFailed(f"{model.id}: {exc}") from None
    with OutputTransaction(options.out) as tx:
        entries = write_kit(plan, tx, f"{model.id}/{options.lang}", options.lang, progress)
        if problems:
            unique = list(dict.fromkeys(problems))
            raise BuildFailed("\n".join(f"{model.id} [{options.lang}]: {p}" for p in unique)
                              + f"\n{len(unique)} layout problem(s); nothing was written.")
    pdf_pages = {e.name: e.pages for e in entries if e.name.endswith(".pdf")}
    return [(p, pdf_pages.get(p.name)) for p in tx.written], sum(d.size for d in model.decks)


def iter_progress(items: Iterable, total: int, what: str) -> Iterator:
    """A progress bar on stderr when it is a terminal (tqdm), silent otherwise."""
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=what, unit="page", leave=False, disable=None)
