"""A build, read top to bottom: load and model, check, choose the language, lay out, paint, write."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.layout import rooms
from pnp.paths import templates_dir

if TYPE_CHECKING:  # the model and the checks import Pydantic: not needed when nothing changed
    from pnp.check import Finding
    from pnp.model import GameModel


KIT_TEMPLATES = ("cards.j2", "board.j2", "kit.j2", "rulebook.md.j2")
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
    incremental: bool = True
    """Repaint only the files whose inputs changed (pnp.write.incremental.cache_path); the result is
    the same, byte for byte, as a full build's."""
    changed_since: str | None = None
    """A git revision: write reprint.pdf (the cards and pieces changed since then) instead of the kit."""
    ink_saver: bool = False
    """Light backs on aids and standees, flat-colour card backs lightened, boards in a lighter palette
    (pnp.layout.ink)."""
    gutter_fold: bool = False
    """Fronts and their backs side by side on one page, to fold along the gutter: for a printer that
    prints one side (pnp.layout.gutter)."""


@dataclass(frozen=True)
class BuildResult:
    game: str
    files: list[tuple[Path, int | None]]
    """Every file written, with its number of pages (PDF files)."""
    cards: int
    findings: list["Finding"]
    lang: str = "fr"
    draft: str = ""
    """The watermark of a draft kit, "" when it is not a draft."""
    gaps: list = field(default_factory=list)
    """Strings filled with the French source in a draft (pnp.i18n.status.Gap)."""
    kept: list[Path] = field(default_factory=list)
    """Files of the kit left as they were: their inputs did not change (incremental build)."""
    up_to_date: bool = False
    """Nothing changed since the last build: nothing was loaded, checked or written."""
    summary: str = ""
    """The rules-check summary (from the cache when the build was up to date)."""
    reprint: object = None
    """The selection of a --changed-since build (pnp.layout.reprint.Selection)."""


Progress = Callable[[Iterable, int, str], Iterable]


def _no_progress(items: Iterable, total: int, what: str) -> Iterable:
    return items


def build_game(folder: Path, options: BuildOptions, progress: Progress = _no_progress) -> BuildResult:
    """Build the kit of the game in ``folder`` into ``options.out/<game>/<lang>/``."""
    quick = None
    if options.changed_since is None and options.incremental and not options.only:
        from pnp.write.incremental import Cache, quick_key

        kit_dir = options.out / folder.name / options.lang
        cache = Cache.load(kit_dir)
        quick = quick_key(folder, templates_dir(), options)
        if cache.up_to_date(kit_dir, quick):
            return BuildResult(folder.name, [], cache.cards, [], options.lang, kept=[kit_dir / n for n in cache.order],
                               up_to_date=True, summary=cache.summary)

    from pnp.check.report import summary
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model

    model, findings = load_and_check(folder)
    prepared = _language(folder, model, options)
    if options.changed_since is not None:
        return _reprint(folder, model, findings, prepared, options)
    with activate(prepared.language):
        files, kept, cards, draft = _write_cards(localize_model(model, prepared.language), options, progress,
                                                 folder, quick, summary(findings), findings)
    return BuildResult(model.id, files, cards, findings, options.lang, draft, prepared.gaps, kept=kept,
                       summary=summary(findings))


def load_and_check(folder: Path):
    """The model of the game in ``folder`` and its findings; BuildFailed on a rule error."""
    from pnp.check import Severity, run_checks
    from pnp.model import load_game

    model = load_game(folder)
    findings = run_checks(model)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        lines = [f.render() for f in errors]
        raise BuildFailed("\n".join(lines + [f"{model.id}: {len(errors)} rule error(s); nothing was written."]))
    return model, findings


def _untranslated_in_use(options: BuildOptions) -> list[str]:
    """Texts the kit looked up that the catalog does not translate (a template not in KIT_TEMPLATES):
    without --draft they fail the build, as any gap does."""
    from pnp.i18n import current
    from pnp.i18n.translations import fallbacks

    if options.draft:
        return []
    return [f"the kit prints {msgid!r}" + (f" [{ctx}]" if ctx else "") + " but the catalog does not translate it"
            for msgid, ctx in fallbacks(current())]


GAPS_SHOWN = 10
"""Untranslated strings a failed build lists one by one; the rest are counted."""


def _language(folder: Path, model: "GameModel", options: BuildOptions):
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
        lines += [f"  {g.render()}" for g in prepared.gaps[:GAPS_SHOWN]]
        if n > GAPS_SHOWN:
            lines.append(f"  ... and {n - GAPS_SHOWN} more: pnp i18n status {model.id} --lang {lang} counts them by "
                         f"source; {po} lists them all")
        lines.append(f"Run `pnp i18n update {model.id} --lang {lang}`, translate {po} (Poedit, Weblate), then "
                     f"build again; or build a watermarked draft with --draft (gaps in French). Nothing was written.")
        raise BuildFailed("\n".join(lines))
    return prepared


def _draft_word(shared) -> str:
    """The draft watermark's word in the kit's language, or in English when its catalog lacks it
    (a French word on a German draft would read as part of the kit)."""
    from pnp.i18n import current
    from pnp.i18n.translations import fallbacks

    word = shared("draft_mark")
    return "DRAFT" if any(msgid == word for msgid, _ in fallbacks(current())) else word


def kit_plan(model: "GameModel", options: BuildOptions, templates: Path | None = None):
    """The plan of the kit (pnp.layout.kit.KitPlan) and the list its layout problems go to."""
    from pnp.layout.cards import check_faces
    from pnp.layout.imposition import ImpositionError
    from pnp.layout.kit import KitPlan
    from pnp.layout.paper import PrintSpec, paper
    from pnp.layout.templates import CARD_TEXTS, KIT_TEXTS, Texts

    check_faces(model)
    lang = options.lang
    folders = [model.sources.folder / "templates", templates or templates_dir()]
    texts, shared = Texts(folders, CARD_TEXTS, model=model), Texts(folders, KIT_TEXTS)
    draft = f"{_draft_word(shared)} · {lang.upper()}" if options.draft else ""
    base = PrintSpec(paper(options.paper), paper(options.paper),
                     duplex=not options.single_sided and not options.gutter_fold, back_offset=options.back_offset,
                     fold=options.gutter_fold and not options.single_sided, ink_saver=options.ink_saver)
    problems: list[str] = []
    try:
        plan = KitPlan(model, base, texts, shared, options.card_size, problems, draft)
    except (ValueError, ImpositionError) as exc:
        raise BuildFailed(f"{model.id} [{lang}]: {exc}") from None
    return plan, problems


def _write_cards(model: "GameModel", options: BuildOptions, progress: Progress, folder: Path | None = None,
                 quick: str | None = None, summary: str = "", findings: list | None = None
                 ) -> tuple[list[tuple[Path, int | None]], list[Path], int, str]:
    """Lay out and paint every file of the kit, staged, then moved into place together. An
    incremental build (``quick``: the digest of its input files) keeps the files whose inputs did
    not change and records the key of every file in its cache (pnp.write.incremental)."""
    from pnp.layout.markup import MarkupError
    from pnp.layout.text import TextProblem
    from pnp.write import OutputTransaction
    from pnp.write.incremental import Cache, file_sha, options_key
    from pnp.write.kit_files import Incremental, write_kit

    lang = options.lang
    head = f"{model.id} [{lang}]"
    plan, problems = kit_plan(model, options)
    prefix = f"{model.id}/{lang}"
    kit_dir = options.out / model.id / lang
    inc = None
    if quick is not None:
        inc = Incremental(kit_dir, Cache.load(kit_dir), options_key(options), templates_dir(), folder)
    entries = []
    with OutputTransaction(options.out) as tx:
        with rooms.recording(every=False) as recorder:  # the texts that do not fit, for the translator
            try:
                entries = write_kit(plan, tx, prefix, lang, progress, options.only, inc, findings)
            except TextProblem as exc:  # a kit page text (cover, labels) that does not fit or cannot be drawn
                problems.append(f"kit pages: {exc}")
            except MarkupError as exc:  # a face a rulebook figure shows (the cards themselves are in problems)
                problems.append(exc.render())
        problems += _untranslated_in_use(options)
        if problems:
            told, others, found = fit_problems(list(dict.fromkeys(problems)), recorder.overflows, model, options)
            count = f"{len(others)} "
            if told:  # the layout's own lines of the same overflows follow the translator's: not counted twice
                count = (f"{len(told)} translation(s) too long for their room (pnp i18n check {model.id} --lang "
                         f"{lang} lists every one at once) and {len(others)} other ")
            raise BuildFailed("\n".join(f"{head}: {p}" for p in told + others + found)
                              + f"\n{count}layout problem(s) in {lang}; nothing was written.")
        cards = sum(d.size for d in model.decks if d.sheet == "cards")
        if inc is not None:
            cache = Cache(quick, {}, summary, [e.name for e in entries], cards)
            for e in entries:
                cache.outputs[e.name] = {"key": inc.keys.get(e.name, ""), "sha256": file_sha(e.path),
                                         "bytes": e.path.stat().st_size, "pages": e.pages,
                                         "duplex": [list(r) for r in e.duplex]}
    if inc is not None:
        cache.save(kit_dir)
    written = {e.name: e for e in entries if not _inside(e.path, kit_dir)}
    files = [(p, written[p.name].pages if p.name.endswith(".pdf") else None)
             for p in tx.written if p.name in written]
    kept = [e.path for e in entries if _inside(e.path, kit_dir)]
    return files, kept, cards, plan.draft


def fit_problems(problems: list[str], overflows: list, model: "GameModel", options: BuildOptions
                 ) -> tuple[list[str], list[str], list[str]]:
    """The lines a failed build shows, as (translator's, others, layout's): in a translation, the
    texts too long for their room (``overflows``, pnp.layout.rooms) in the translator's terms, one
    line per PO entry (its file and line, the msgid, the component, by how much); the other
    problems located (``located_texts``); and the same overflows as the layout found them (card,
    template line), without a guessed PO line. In the source language, every problem is located."""
    lang = options.lang
    if not overflows or lang == (model.info.source_language or "fr"):
        return [], located_texts(problems, model, lang), []
    from pnp.i18n.catalogs import display
    from pnp.i18n.fitcheck import explain

    po = Path(model.sources.folder) / "locales" / f"{lang}.po"
    found = [p for p in problems if " does not fit at " in p]
    overflows = [r if r.where else replace(r, where=_component_of(r.text, found)) for r in overflows]
    told = [o.render(display(po)) for o in explain([(options.paper, r) for r in overflows], po)]
    return told, located_texts([p for p in problems if p not in found], model, lang), found


def _component_of(text: str, problems: list[str]) -> str:
    """What the layout's problem quoting ``text`` names first ("kit pages", "board plateau side a"):
    the component of a text drawn where no component was named."""
    from pnp.i18n.patterns import normalize
    from pnp.i18n.where import _quoted_text

    printed = normalize(text)
    for p in problems:
        quoted = normalize(_quoted_text(p))
        if quoted and printed.startswith(quoted[:40]) and ": " in p:
            return p.split(": ", 1)[0]
    return ""


def located_texts(problems: list[str], model: "GameModel", lang: str) -> list[str]:
    """``problems`` of a build in ``lang``, each quoted text followed by where it is written: the
    data file's line (a text of the data), or its PO entry (a translation)."""
    from pnp.i18n.catalogs import display
    from pnp.i18n.where import with_data_lines, with_po_lines

    if lang == (model.info.source_language or "fr"):
        return with_data_lines(problems, Path(model.sources.folder))
    po = Path(model.sources.folder) / "locales" / f"{lang}.po"
    return with_po_lines(problems, po, display(po))


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().parent == folder.resolve()
    except OSError:
        return False


def _reprint(folder: Path, model: "GameModel", findings, prepared, options: BuildOptions) -> BuildResult:
    """reprint.pdf: the cards and pieces whose drawing changed since ``options.changed_since``, after
    a page listing the ones to throw away and the ones to add."""
    import dataclasses

    from pnp.diff.git import game_at, templates_home
    from pnp.diff.model import diff_models
    from pnp.errors import DataErrors
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model
    from pnp.layout.reprint import appearance, reprint_pages, select
    from pnp.layout.text import TextProblem
    from pnp.model import load_game
    from pnp.paint.pdf import paint_pdf
    from pnp.write import OutputTransaction

    rev, lang = options.changed_since, options.lang
    head = f"{model.id} [{lang}]"
    with game_at(folder, rev) as old:
        try:
            old_model = load_game(old.folder)
        except DataErrors as exc:
            raise BuildFailed(f"{model.id} at {old.label} has data errors, it cannot be compared:\n"
                              + exc.render()) from None
        # the old cards as they would look with the new stamp: a version bump alone changes nothing
        same_stamp = dataclasses.replace(old_model, info=old_model.info.model_copy(
            update={"version": model.info.version, "date": model.info.date}))
        reasons = _reasons(diff_models(old_model, model))
        with activate(prepared.language):
            with templates_home(old.templates):
                old_plan, _ = kit_plan(localize_model(same_stamp, prepared.language), options, old.templates)
                old_looks = appearance(old_plan)
            plan, problems = kit_plan(localize_model(model, prepared.language), options)
            sel = select(old_looks, appearance(plan), old_model.info.stamp, model.info.stamp, old.label, reasons)
            with OutputTransaction(options.out) as tx:
                path = tx.path(f"{model.id}/{lang}/reprint.pdf")
                try:
                    n = paint_pdf(reprint_pages(plan, sel, model.info.title), str(path),
                                  title=f"{model.info.title}: reprint", author=", ".join(model.info.authors),
                                  subject=model.info.stamp)
                except TextProblem as exc:
                    problems.append(f"reprint: {exc}")
                if problems:
                    unique = list(dict.fromkeys(problems))
                    raise BuildFailed("\n".join(f"{head}: {p}" for p in unique)
                                      + f"\n{len(unique)} layout problem(s); nothing was written.")
    from pnp.check.report import summary

    return BuildResult(model.id, [(p, n) for p in tx.written], len(sel.labels), findings, lang, plan.draft,
                       prepared.gaps, summary=summary(findings), reprint=sel)


def _reasons(diffs) -> dict[str, str]:
    """design label (deck/card, token/id, standee/id) -> the fields of its data that changed."""
    out = {}
    for d in diffs:
        prefix = {"tokens": "token", "standees": "standee"}.get(d.kind)
        if d.kind.startswith("cards:"):
            prefix = d.kind.removeprefix("cards:")
        if prefix is None:
            continue
        for item in d.changed:
            out[f"{prefix}/{item.key}"] = ", ".join(dict.fromkeys(c.path.split(".")[0].split("[")[0]
                                                                  for c in item.changes))
    return out


def iter_progress(items: Iterable, total: int, what: str) -> Iterator:
    """A progress bar on stderr when it is a terminal (tqdm), silent otherwise."""
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=what, unit="page", leave=False, disable=None)


def watch_game(folder: Path, options: BuildOptions, echo: Callable[[str], None], max_builds: int | None = None,
               stop_event=None, debounce_ms: int = 300, after_build: Callable[[], None] | None = None) -> int:
    """Build the kit, then again on every save in the game's data folder or the templates (watchfiles):
    say which files changed, what changed in the model, the findings of the rules model and what was
    written. A data error is reported and the loop waits for the next save. Returns the number of
    builds tried (``max_builds`` stops it; ``stop_event`` too, e.g. from another thread).
    ``after_build`` runs after every build that wrote the kit (pnp watch --preview)."""
    from watchfiles import watch

    from pnp.check import run_checks
    from pnp.check.report import as_text
    from pnp.diff.model import diff_models
    from pnp.errors import DataErrors
    from pnp.model import load_game

    state = {"model": None, "builds": 0}

    def cycle(changed: list[str]) -> None:
        state["builds"] += 1
        if changed:
            echo("changed: " + ", ".join(changed))
        try:
            model = load_game(folder)
        except DataErrors as exc:
            echo(exc.render())
            echo("data errors: nothing was built; waiting for the next save")
            return
        if state["model"] is not None:
            diffs = diff_models(state["model"], model)
            for d in diffs:
                parts = [f"+{k}" for k in d.added] + [f"-{k}" for k in d.removed]
                parts += [f"~{c.key} ({', '.join(dict.fromkeys(x.path for x in c.changes))})" for c in d.changed]
                echo(f"  {d.kind}: " + " ".join(parts))
            if not diffs:
                echo("  the model did not change")
        state["model"] = model
        echo(as_text(model.id, run_checks(model)))
        try:
            result = build_game(folder, options)
        except DataErrors as exc:
            echo(exc.render())
            echo("nothing was built; waiting for the next save")
            return
        except PnpError as exc:
            echo(f"error: {exc}")
            echo("nothing was built; waiting for the next save")
            return
        for path, pages in result.files:
            echo(f"wrote {path}" + (f" ({pages} pages)" if pages else ""))
        echo(f"{model.id} [{options.lang}]: {len(result.files)} file(s) written, {len(result.kept)} unchanged")
        if after_build is not None:
            after_build()

    def done() -> bool:
        return max_builds is not None and state["builds"] >= max_builds

    cycle([])
    roots = [folder.resolve()] + ([templates_dir().resolve()] if templates_dir().is_dir() else [])
    out = options.out.resolve()
    if done():
        return state["builds"]
    echo(f"watching {', '.join(str(r) for r in roots)} (Ctrl-C to stop)")
    for changes in watch(*roots, debounce=debounce_ms, step=50, stop_event=stop_event, raise_interrupt=False):
        names = sorted({_shown(Path(p), roots) for _, p in changes if not Path(p).resolve().is_relative_to(out)})
        if not names:
            continue
        cycle(names)
        if done():
            break
    return state["builds"]


def _shown(path: Path, roots: list[Path]) -> str:
    for root in roots:
        try:
            return f"{root.name}/{path.resolve().relative_to(root).as_posix()}"
        except ValueError:
            continue
    return str(path)
