"""The command line: pnp list | check | build | i18n. Errors name the file and line, never a traceback."""

from __future__ import annotations

import math
import os
import re
import sys
from functools import wraps
from pathlib import Path

import click

from pnp import __version__
from pnp.errors import DataErrors, PnpError
from pnp.load.suggest import did_you_mean
from pnp.paths import data_dir, default_out

CARD_SIZE_HELP = "poker, standard, bridge, euro, mini, tarot, or WxH in mm (e.g. 63x88)"


class Ctx:
    def __init__(self, data: Path, debug: bool) -> None:
        self.data = data
        self.debug = debug


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's flush at exit does not fail on the closed pipe."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _fail_cleanly(fn):
    """Show user mistakes as messages (exit 1); show a traceback only with --debug."""

    @wraps(fn)
    def wrapper(*args, **kwargs):
        ctx = click.get_current_context().find_object(Ctx)
        try:
            return fn(*args, **kwargs)
        except DataErrors as exc:
            click.echo(exc.render(), err=True)
            sys.exit(1)
        except PnpError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(1)
        except (click.ClickException, click.exceptions.Exit, SystemExit):
            raise
        except BrokenPipeError:  # the reader went away (`pnp check ... | head`): stop quietly
            _silence_stdout()
            sys.exit(0)
        except Exception as exc:  # a bug in pnp, not the user's mistake
            if ctx and ctx.debug:
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc}\n"
                       "This is a bug in pnp; run again with --debug for the traceback.", err=True)
            sys.exit(3)

    return wrapper


def _games(ctx: Ctx) -> dict[str, Path]:
    """Game id (the folder name) -> folder (as pnp.model.catalog.game_folders, without importing the
    model: a build with nothing to do stays fast)."""
    data = ctx.data
    if not data.is_dir():
        return {}
    return {p.name: p for p in sorted(data.iterdir()) if (p / "game.yaml").is_file()}


def _resolve(ctx: Ctx, names: tuple[str, ...]) -> dict[str, Path]:
    games = _games(ctx)
    if not games:
        raise click.UsageError(f"no games in {ctx.data} (a game is a folder with a game.yaml)")
    if not names:
        return games
    chosen = {}
    for name in names:
        folder = _game_folder(name)
        if folder is not None:
            chosen[name] = folder  # named as the user wrote it, so hints quote a command that works
            continue
        if name not in games:
            hint = did_you_mean(name, games)
            raise click.BadParameter(f"no game '{name}' in {ctx.data}" + (f"; {hint}" if hint else ""),
                                     param_hint="GAME")
        chosen[name] = games[name]
    return chosen


def _game_folder(name: str) -> Path | None:
    """The game folder ``name`` names as a path (``.``, ``../my-game``, ``~/games/x``), or None when
    it is a game id. A path that holds no game.yaml is a usage error."""
    path = Path(name).expanduser()
    looks_like_path = name in (".", "..") or "/" in name or os.sep in name or name.startswith("~")
    if not looks_like_path and not (path / "game.yaml").is_file():
        return None
    if not (path / "game.yaml").is_file():
        where = "no such folder" if not path.is_dir() else "it holds no game.yaml"
        raise click.BadParameter(f"'{name}' is not a game folder ({where}); a game is a folder with a game.yaml",
                                 param_hint="GAME")
    return path


def _show_version(click_ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """--version: pnp's version and whether its engines run compiled (pnp.native)."""
    if not value or click_ctx.resilient_parsing:
        return
    from pnp.native import native_status

    click.echo(f"pnp, version {__version__} ({native_status()})")
    click_ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version (and whether the engines run compiled) and exit.")
@click.option("--data", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder of game data (default: the data/ folder of this checkout).")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.pass_context
def cli(click_ctx: click.Context, data: Path | None, debug: bool) -> None:
    """pnp: print-and-play kits for board games, checked against each game's rules."""
    click_ctx.obj = Ctx(data or data_dir(), debug)


@cli.command("list")
@click.pass_obj
@_fail_cleanly
def list_games(ctx: Ctx) -> None:
    """List the games and their languages."""
    from pnp.model.catalog import game_info

    games = _games(ctx)
    if not games:
        click.echo(f"no games in {ctx.data}")
        return
    for game_id, folder in games.items():
        info = game_info(folder)
        if info is None:
            click.echo(f"{game_id:22} (game.yaml has errors: run `pnp check {game_id}`)")
            continue
        click.echo(f"{game_id:22} {info.title} v{info.version}  {info.players.min}-{info.players.max} players  "
                   f"languages: {', '.join(info.languages)}")


@cli.command()
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True,
              help="html: the designer's report (findings, decisions and questions with their ids) as one page.")
@click.option("--strict", is_flag=True, help="Also fail (exit 1) on warnings.")
@click.option("--simulate", is_flag=True,
              help="Also play the game's engine at every player count and board side, from a fixed seed, until "
                   "each finding is decided (500 to 20,000 games each), and report what it finds.")
@click.option("--jobs", type=click.IntRange(0, 256), default=0, show_default=True,
              help="Processes for --simulate (0: every core); the findings are the same for any number.")
@click.option("--quick", is_flag=True,
              help="The rules checks and the faces' templates only: skip laying out the kit in every language.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="The paper the preflight lays the kit out on.")
@click.option("--all", "show_all", is_flag=True,
              help="Also list every check that passed, with the figures it computed (JSON always lists them).")
@click.pass_obj
@_fail_cleanly
def check(ctx: Ctx, games: tuple[str, ...], fmt: str, strict: bool, simulate: bool, jobs: int, quick: bool,
          paper: str, show_all: bool) -> None:
    """Check games against their rules model (all games when none is named), then lay out their kits
    in every language as a build would, without painting (the preflight): whatever a build would
    refuse, check reports.

    Exit code 1 when a check finds an error (or a warning, with --strict).
    """
    from pnp.build import BuildOptions
    from pnp.check import Severity, run_checks
    from pnp.check.preflight import preflight
    from pnp.check.report import as_json, as_text
    from pnp.check.runner import NoSimulation
    from pnp.model import load_game

    results = {}
    models = {}
    simulated: dict[str, list] = {}
    data_errors = []
    refused: list[str] = []
    for game_id, folder in _resolve(ctx, games).items():
        try:
            model = load_game(folder)
        except DataErrors as exc:
            data_errors.extend(exc.errors)
            continue
        try:
            with _smoke_progress(game_id, simulate) as progress:
                simulated[game_id] = []
                results[game_id] = run_checks(model, simulate=simulate, progress=progress,
                                              passed=simulated[game_id], jobs=jobs)
        except NoSimulation as exc:
            click.echo(f"note: {exc}; its rules checks only", err=True)
            results[game_id] = run_checks(model)
        models[game_id] = model
        # a build stops on a rule error before it lays anything out: so does the preflight
        rule_errors = any(f.severity is Severity.ERROR for f in results[game_id])
        refused += preflight(folder, model, BuildOptions(out=Path("."), paper=paper), quick=quick or rule_errors)
    if data_errors:
        raise DataErrors(data_errors, written=False)
    from pnp.check.passed import passed_checks

    passed = {g: passed_checks(models[g], fs) + simulated.get(g, []) for g, fs in results.items()} \
        if show_all or fmt == "json" else {}
    if fmt == "json":
        click.echo(as_json(results, passed))
    elif fmt == "html":
        from pnp.check.designer import report_html

        click.echo(report_html({g: (models[g], fs) for g, fs in results.items()}), nl=False)
    else:
        click.echo("\n".join(as_text(g, fs, passed.get(g) if show_all else None) for g, fs in results.items()))
    for line in refused:
        located = re.match(r"\S+?(:\d+)?: error: ", line)  # already "file:line: error: ..."
        click.echo(line if located else f"error: {line}", err=True)
    if refused:
        click.echo(f"{len(refused)} problem(s) a build would stop on"
                   + ("." if quick else " (pnp check --quick skips the layout in every language)."), err=True)
    failing = {Severity.ERROR} | ({Severity.WARNING} if strict else set())
    if refused or any(f.severity in failing for fs in results.values() for f in fs):
        sys.exit(1)


def _offset(_ctx, _param, value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not X,Y in millimetres (e.g. 0.5,-0.3)") from None
    if not all(math.isfinite(v) for v in (x, y)) or abs(x) > 10 or abs(y) > 10:
        raise click.BadParameter("a back offset larger than 10 mm is not a printer correction")
    return x, y


def _card_size(_ctx, _param, value: str | None) -> str | None:
    if value is None:
        return None
    from pnp.layout.paper import card_size

    try:
        card_size(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


LANG_HELP = ("Language(s) of the kit: a code (fr, en, pl), several separated by commas (fr,en), or 'all' "
             "for every language in the game's game.yaml `languages:`.")


def _langs(value: str) -> list[str]:
    parts = [p.strip() for p in value.split(",") if p.strip()]
    if not parts:
        raise click.BadParameter("give a language code (fr, en, pl), a list (fr,en) or 'all'", param_hint="--lang")
    return parts


def _light_languages(folder: Path, wanted: list[str]) -> list[str] | None:
    """The languages asked for, when each one has a catalog or is the source language named in
    game.yaml (read without the model); None when the full check is needed."""
    import re

    from pnp.i18n.codes import normalize

    if "all" in wanted:
        return None
    try:
        text = (folder / "game.yaml").read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r"^source_language:\s*([A-Za-z_]+)\s*(#.*)?$", text, re.M)
    source = m.group(1) if m else "fr"
    have = {source, *(p.stem for p in (folder / "locales").glob("*.po"))}
    return list(dict.fromkeys(wanted)) if all(w in have and normalize(w) == w for w in wanted) else None


def _game_languages(game_id: str, folder: Path, wanted: list[str]) -> list[str]:
    """The languages to build for one game: 'all' is its game.yaml list; each must have a catalog
    (any case; a regional code falls back to its language: en_US -> en, said on stderr)."""
    light = _light_languages(folder, wanted)
    if light is not None:
        return light
    from pnp.i18n.catalogs import CatalogError, parse_language
    from pnp.i18n.catalogs import languages as catalog_languages
    from pnp.i18n.codes import choose, normalize
    from pnp.model.catalog import game_info

    info = game_info(folder)
    source = info.source_language if info else "fr"
    out: list[str] = []
    for lang in wanted:
        if lang == "all":
            out += list(info.languages) if info else [source]
            continue
        available = [source, *catalog_languages(folder)]
        chosen = choose(lang, available)
        if chosen.code is not None:
            if chosen.note:
                click.echo(f"note: {game_id}: {chosen.note}", err=True)
            out.append(chosen.code)
            continue
        code = normalize(lang)
        try:
            parse_language(code)
        except CatalogError:
            hint = did_you_mean(code, available)
            raise click.BadParameter(
                f"unknown language '{lang}' (a code such as en, de, pt_BR); {game_id} has "
                f"{', '.join(available)}" + (f"; {hint}" if hint and not hint.startswith("expected") else ""),
                param_hint="--lang") from None
        raise click.BadParameter(
            f"{game_id} has no '{code}' translation yet (its languages: {', '.join(available)}); start one "
            f"with: pnp i18n update {game_id} --lang {code}", param_hint="--lang")
    return list(dict.fromkeys(out))


@cli.command()
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper the kit is printed on.")
@click.option("--card-size", callback=_card_size, help=f"Card size: {CARD_SIZE_HELP}. Default: the game's.")
@click.option("--single-sided", is_flag=True, help="Fronts only, no back sheets.")
@click.option("--gutter-fold", is_flag=True,
              help="For a printer that prints one side: each page holds fronts on one half and their backs on "
                   "the other; fold along the dashed gutter line so each back lies behind its front.")
@click.option("--ink-saver", is_flag=True,
              help="Less ink: light backs on aids and standees, boards in a lighter palette (card backs kept); "
                   "prints the ink coverage saved.")
@click.option("--back-offset", default="0,0", callback=_offset, show_default=True,
              help="Shift back sheets by X,Y mm to correct a printer's duplex registration: +X moves the "
                   "backs right and +Y down, as seen on the back sheet. `pnp calibrate` prints a sheet that "
                   "measures it.")
@click.option("--lang", default="fr", show_default=True, help=LANG_HELP)
@click.option("--draft", is_flag=True,
              help="Build even if the language's catalog is incomplete or stale: missing strings stay in French "
                   "and every page is watermarked DRAFT.")
@click.option("--only", multiple=True, type=click.Choice(["cards", "pieces", "boards", "rulebook", "kit", "designer"]),
              help="Write only these parts of the kit (repeat the option for several); default: all.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/).")
@click.option("--changed-since", "changed_since", metavar="REV", default=None,
              help="Write only reprint.pdf: the cards and pieces changed since git revision REV (fronts and "
                   "backs, duplex-ready), after a page listing the cards to remove from the old deck.")
@click.option("--full", is_flag=True,
              help="Repaint every file, even those whose inputs did not change (default: incremental).")
@click.option("--with", "exports", multiple=True, metavar="FORMAT",
              help="After the build, export the same game, language and paper into OUT as with `pnp export "
                   "--to FORMAT` (repeat for several; pod:PROFILE for a print-on-demand profile; the formats: "
                   "pnp export --help).")
@click.pass_obj
@_fail_cleanly
def build(ctx: Ctx, games: tuple[str, ...], paper: str, card_size: str | None, single_sided: bool,
          gutter_fold: bool, ink_saver: bool, back_offset: tuple[float, float], lang: str, draft: bool,
          only: tuple[str, ...], out: Path | None, changed_since: str | None, full: bool,
          exports: tuple[str, ...]) -> None:
    """Build print-and-play kits into OUT/<game>/<lang>/ (all games when none is named).

    A build in a language other than French needs every string of the kit translated in
    data/<game>/locales/<lang>.po (see `pnp i18n status`); with --draft it goes on, watermarked.

    Builds are incremental: a file whose inputs did not change is left as it is (the result is the
    same, byte for byte, as a full build), and a build with nothing changed writes nothing.
    """
    from pnp.build import BuildOptions, build_game, iter_progress
    from pnp.export import ExportOptions

    wanted = _langs(lang)
    chosen = _resolve(ctx, games)
    if changed_since is not None and only:
        raise click.UsageError("--changed-since writes reprint.pdf only; it does not take --only")
    exported = _build_exports(exports, changed_since, card_size)
    plan = {game_id: (folder, _game_languages(game_id, folder, wanted)) for game_id, folder in chosen.items()}
    for game_id, (folder, codes) in plan.items():
        for code in codes:
            options = BuildOptions(out=out or default_out(), paper=paper.lower(), card_size=card_size,
                                   single_sided=single_sided, back_offset=back_offset, lang=code, draft=draft,
                                   only=only, incremental=not full, changed_since=changed_since,
                                   ink_saver=ink_saver, gutter_fold=gutter_fold)
            result = build_game(folder, options, iter_progress)
            if result.up_to_date:
                click.echo(f"{game_id} [{code}]: up to date, nothing written ({len(result.kept)} files)")
            for path, pages in result.files:
                click.echo(f"wrote {path}" + (f" ({pages} pages)" if pages else ""))
            if result.kept and not result.up_to_date:
                click.echo(f"{game_id} [{code}]: {len(result.kept)} file(s) unchanged, kept: "
                           + ", ".join(p.name for p in result.kept))
            if result.reprint is not None:
                sel = result.reprint
                click.echo(f"{game_id} [{code}]: reprint since {sel.since}: "
                           f"remove {sum(x.copies for x in sel.remove)}, add {sum(x.copies for x in sel.add)} "
                           f"({sel.old_stamp} -> {sel.new_stamp})")
                for line in sel.remove:
                    click.echo(f"  remove {line.copies} x {line.design} ({line.why})")
                for line in sel.add:
                    click.echo(f"  add    {line.copies} x {line.design} ({line.why})")
                if sel.old_stamp == sel.new_stamp and not sel.empty:
                    click.echo(f"{game_id}: warning: version and date in game.yaml did not change: old and new "
                               "cards carry the same stamp", err=True)
            if result.draft:
                gaps = len(result.gaps)
                click.echo(f"{game_id} [{code}]: DRAFT: watermarked '{result.draft}' on every page; "
                           + (f"{gaps} string{'s' if gaps != 1 else ''} left in French (pnp i18n status {game_id})"
                              if gaps else "no string is missing"), err=True)
            if (ink_saver or gutter_fold) and changed_since is None:
                _paper_and_ink(game_id, code, folder, options)
            for fmt, profile in exported:
                _export_one(game_id, folder, fmt, ExportOptions(out=options.out, lang=code, paper=options.paper,
                                                                draft=draft, profile=profile))
        click.echo(f"{game_id}: rules check: {result.summary} (details: pnp check {game_id})")


def _paper_and_ink(game_id: str, code: str, folder: Path, options) -> None:
    """After a build with --ink-saver or --gutter-fold: the pages it prints and, with --ink-saver,
    the ink it saves (pnp.export.coverage)."""
    from pnp.export.coverage import ink_saving, paper_report

    for line in paper_report(folder, options):
        click.echo(f"{game_id} [{code}]: {line}")
    if options.ink_saver:
        click.echo(f"{game_id} [{code}]: ink saver (ink coverage of the pages printed at home):")
        for line in ink_saving(folder, options).lines():
            click.echo(line)


def _format_names() -> list[str]:
    from pnp.export import FORMATS

    return list(FORMATS)


def _build_exports(exports: tuple[str, ...], changed_since: str | None,
                   card_size: str | None) -> list[tuple[str, str | None]]:
    """`pnp build --with`: (format, profile) of every FORMAT[:PROFILE], checked before anything is built."""
    from pnp.export import format_module
    from pnp.export.profile import available as profile_names
    from pnp.export.profile import profile_named

    if exports and changed_since is not None:
        raise click.UsageError("--changed-since writes reprint.pdf only; it does not take --with")
    if exports and card_size is not None:
        raise click.UsageError("--with exports the cards at the game's own sizes; it does not take --card-size")
    out = []
    for spec in exports:
        fmt, _, profile = spec.partition(":")
        format_module(fmt)
        if fmt == "pod" and not profile:
            raise click.UsageError(f"--with pod needs a profile: --with pod:NAME ({', '.join(profile_names())})")
        if profile and fmt == "press":
            from pnp.export.colour import find_profile

            find_profile(profile)  # an ICC profile: one that is not CMYK stops the build before anything is written
        elif profile:
            profile_named(profile)  # a mistake in it stops the build before anything is written
        out.append((fmt, profile or None))
    return out


def _export_one(game_id: str, folder: Path, fmt: str, options) -> None:
    from pnp.export import export_game

    result = export_game(folder, fmt, options)
    click.echo(f"{game_id} [{options.lang}] {fmt}: {result.summary} in {options.out / result.folder}")


@cli.command("export")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--to", "formats", multiple=True, required=True, metavar="FORMAT",
              help="Format: " + ", ".join(_format_names()) + " (repeat for several).")
@click.option("--lang", default="fr", show_default=True, help=LANG_HELP)
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper of the formats that print sheets.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True,
              help="Resolution of the pictures (png, tts).")
@click.option("--no-bleed", is_flag=True, help="Pictures cut at the trim, without the bleed (png).")
@click.option("--profile", default=None, metavar="NAME",
              help="A print-on-demand service's profile (pod); for press, the print shop's CMYK ICC profile "
                   "(a .icc file; default: Ghostscript's default_cmyk.icc).")
@click.option("--draft", is_flag=True, help="Export even if the catalog has gaps (watermarked).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/); files go to OUT/<game>/<lang>/<format>/.")
@click.pass_obj
@_fail_cleanly
def export(ctx: Ctx, games: tuple[str, ...], formats: tuple[str, ...], lang: str, paper: str, dpi: int,
           no_bleed: bool, profile: str | None, draft: bool, out: Path | None) -> None:
    """Export kits for where people print and play: pictures, Tabletop Simulator, print-on-demand
    services, a press PDF, a preview gallery (all games when none is named).

    Every format is drawn from the same scenes as `pnp build`, in the chosen language; nothing is
    written when a game fails its rules check or its catalog has gaps (unless --draft).
    """
    from pnp.export import ExportOptions, export_game, format_module

    for fmt in formats:
        format_module(fmt)
    chosen = _resolve(ctx, games)
    for game_id, folder in chosen.items():
        for code in _game_languages(game_id, folder, _langs(lang)):
            options = ExportOptions(out=out or default_out(), lang=code, paper=paper.lower(), dpi=dpi,
                                    bleed=not no_bleed, draft=draft, profile=profile)
            for fmt in formats:
                result = export_game(folder, fmt, options)
                click.echo(f"{game_id} [{code}] {fmt}: {result.summary} in {(options.out / result.folder)}")


@cli.command()
@click.argument("game")
@click.option("--from", "from_rev", default="HEAD", show_default=True, metavar="REV",
              help="The older git revision.")
@click.option("--to", "to_rev", default=None, metavar="REV", help="The newer revision (default: the working tree).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.pass_obj
@_fail_cleanly
def diff(ctx: Ctx, game: str, from_rev: str, to_rev: str | None, fmt: str) -> None:
    """What changed in GAME between two git revisions: per component what was added, removed or
    changed (cards field by field), rules.yaml value by value, the rulebook sections and the
    translations affected (strings to translate, translations now stale)."""
    from pnp.diff.report import diff_game

    (folder,) = _resolve(ctx, (game,)).values()
    result = diff_game(folder, from_rev, to_rev)
    click.echo(result.as_json() if fmt == "json" else result.as_text())


@cli.command()
@click.argument("game")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True)
@click.option("--lang", default="fr", show_default=True, help="Language of the kit.")
@click.option("--draft", is_flag=True, help="Build even if the catalog has gaps (watermarked).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/).")
@click.option("--max-builds", type=click.IntRange(1, None), default=None, hidden=True,
              help="Stop after this many builds (tests).")
@click.option("--debounce", type=click.IntRange(10, 10000), default=300, show_default=True,
              help="Milliseconds to wait for a burst of saves to end.")
@click.option("--preview", is_flag=True,
              help="Also make the kit's HTML gallery after every build and serve it on localhost (it reloads itself).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The preview's port (0: any free port).")
@click.pass_obj
@_fail_cleanly
def watch(ctx: Ctx, game: str, paper: str, lang: str, draft: bool, out: Path | None, max_builds: int | None,
          debounce: int, preview: bool, port: int) -> None:
    """Build GAME, then again on every save of its data or the templates (incremental: only what
    changed is repainted). Prints what changed, the rules-model findings and what was written; a
    data error is reported and the watch goes on. With --preview, the gallery (pnp export --to html)
    follows every build at the address printed."""
    from pnp.build import BuildOptions, watch_game
    from pnp.export.preview import Preview

    (folder,) = _resolve(ctx, (game,)).values()
    (code,) = _game_languages(game, folder, _langs(lang))[:1]
    options = BuildOptions(out=out or default_out(), paper=paper.lower(), lang=code, draft=draft)
    after = Preview(folder, options, port, click.echo) if preview else None
    try:
        watch_game(folder, options, lambda text: click.echo(text), max_builds=max_builds, debounce_ms=debounce,
                   after_build=after)
    finally:
        if after is not None:
            after.close()


# --- calibrate ------------------------------------------------------------------------------


def _calibration_texts(ctx: Ctx, lang: str, game: str | None, paper: str, back_offset: tuple[float, float]):
    """The calibration sheet's texts (templates/kit.j2) in ``lang``, and the game whose
    catalog translated them (None for French, the source language). The catalog is ``game``'s, or
    the first game's (by name) in the data folder whose <lang>.po translates every text of the sheet."""
    from pnp.i18n.catalogs import CatalogError, display, parse_language, read
    from pnp.i18n.context import SOURCE_LANGUAGE, Language, activate
    from pnp.i18n.status import format_problem
    from pnp.i18n.translations import Tracked, compile_catalog
    from pnp.layout.calibrate import texts_from
    from pnp.layout.templates import KIT_TEXTS, Texts
    from pnp.paths import templates_dir

    def make(language: Language):
        with activate(language):
            return texts_from(Texts(templates_dir(), KIT_TEXTS), paper, back_offset)

    code = lang.strip()
    if "," in code or code == "all":
        raise click.BadParameter("the calibration sheet is in one language: give one code (fr, en, pl)",
                                 param_hint="--lang")
    folders = _games(ctx)
    if game is not None:
        if game not in folders:
            hint = did_you_mean(game, folders)
            raise click.BadParameter(f"no game '{game}' in {ctx.data}" + (f"; {hint}" if hint else ""),
                                     param_hint="--game")
        folders = {game: folders[game]}
    if code == SOURCE_LANGUAGE:
        return make(Language()), None
    try:
        code = parse_language(code)
    except CatalogError:
        raise click.BadParameter(f"unknown language '{lang}' (a code such as en, pl, de)",
                                 param_hint="--lang") from None
    missing: dict[str, list[str]] = {}
    for game_id, folder in folders.items():
        po = folder / "locales" / f"{code}.po"
        if not po.is_file():
            continue
        catalog = read(po, locale=code)
        broken = {(m.id if isinstance(m.id, str) else m.id[0], m.context)
                  for m in catalog if m.id and format_problem(m)}
        tracked = Tracked(compile_catalog(catalog, broken))
        texts = make(Language(code, tracked, source=False))
        if not tracked.fallbacks:
            return texts, game_id
        missing[game_id] = [msgid for msgid, _ in tracked.fallbacks]
    if not missing:
        known = sorted({SOURCE_LANGUAGE} | {p.stem for f in folders.values() for p in (f / "locales").glob("*.po")})
        where = f"{game} has no '{code}' catalog" if game else f"no game in {ctx.data} has a '{code}' catalog"
        raise click.BadParameter(f"{where}; the sheet can be in: {', '.join(known)}", param_hint="--lang")
    first = next(iter(missing))
    who = f"{first}'s catalog does not translate" if game else "no catalog translates"
    raise click.BadParameter(
        f"{who} the calibration sheet into '{code}': "
        f"{len(missing[first])} string(s) missing in {display(folders[first] / 'locales' / f'{code}.po')}, e.g. "
        f"{_short(missing[first][0], 60)} (pnp i18n update {first}, then translate them)", param_hint="--lang")


@cli.command()
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper the sheet is printed on (print it on the paper of your kits).")
@click.option("--lang", default="fr", show_default=True,
              help="Language of the sheet: fr, or a language a game of the data folder is translated into "
                   "(its catalog translates the sheet, e.g. en, pl).")
@click.option("--game", default=None, metavar="GAME",
              help="Translate with this game's catalog (default: the first game, by name, whose catalog "
                   "translates every text of the sheet).")
@click.option("--back-offset", default="0,0", callback=_offset, show_default=True,
              help="Print the sheet with this correction already applied, to check it: the lines then meet on 0.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write calibrate-<paper>.pdf (calibrate-<paper>-<lang>.pdf in another language than "
                   "French) into (default: the current folder).")
@click.pass_obj
@_fail_cleanly
def calibrate(ctx: Ctx, paper: str, lang: str, game: str | None, back_offset: tuple[float, float],
              out: Path | None) -> None:
    """Write calibrate-<paper>.pdf (-<lang> added in another language): one sheet to print double-sided (long-edge flip, at 100 %) that
    measures how far your printer puts the back side, and gives the X,Y to pass to
    `pnp build --back-offset X,Y`.

    \b
    Hold the printed sheet against the light, back side towards you: on each scale, read the
    number where a line of the back meets a line of the front (X on the horizontal scales, Y on
    the vertical ones, at the centre). +X moves the backs right and +Y down, as seen on the back.
    """
    from pnp.layout.calibrate import calibration_sheet
    from pnp.layout.paper import display_name
    from pnp.layout.paper import paper as paper_size
    from pnp.paint.pdf import paint_pdf
    from pnp.write.transaction import OutputTransaction

    paper = paper.lower()
    texts, source = _calibration_texts(ctx, lang, game, paper, back_offset)
    footer = f"pnp calibrate · {display_name(paper)}" + (f" · --back-offset {back_offset[0]:g},{back_offset[1]:g}"
                                                         if any(back_offset) else "")
    pages = calibration_sheet(paper_size(paper), texts, back_offset, footer=footer)
    folder = out if out is not None else Path.cwd()
    code = lang.strip().lower().replace("_", "-")
    name = f"calibrate-{paper}.pdf" if source is None else f"calibrate-{paper}-{code}.pdf"  # each language its own
    with OutputTransaction(folder) as tx:
        count = paint_pdf(pages, str(tx.path(name)), title=f"{texts.front_title} ({display_name(paper)})",
                          author="pnp", subject="pnp calibrate")
    click.echo(f"wrote {folder / name} ({count} pages" + (f"; {code} texts from the catalog of {source}" if source
                                                          else "") + ")")
    click.echo("Print it double-sided (flip on the long edge) at 100 %, hold it against the light and read the "
               "scales; then: pnp build --back-offset X,Y")


# --- i18n ---------------------------------------------------------------------------------


@cli.group()
def i18n() -> None:
    """Translation catalogs: extract the French strings, update the PO files, see what is missing.

    \b
    Catalogs live in data/<game>/locales/: messages.pot (the strings, made by `extract`)
    and one <lang>.po per language (Poedit, Weblate). Typical round:
      pnp i18n update green-jersey            extract, then merge into every <lang>.po
      (translate data/green-jersey/locales/en.po; fuzzy entries are stale: the French changed)
      pnp i18n status green-jersey --check    what is left to do; exit 1 until done
      pnp i18n check green-jersey --lang en   does every translation fit its box? (seconds)
      pnp build green-jersey --lang en
    """


def _language_option(ctx: Ctx, game_id: str, folder: Path, lang: str, create: bool) -> str:
    from pnp.i18n.catalogs import CatalogError, languages, parse_language
    from pnp.model.catalog import game_info

    from pnp.i18n.codes import normalize

    existing = languages(folder)
    info = game_info(folder)
    source = info.source_language if info else "fr"
    base = normalize(lang).split("_")[0]
    if create and normalize(lang) not in existing and base != normalize(lang) and base in existing:
        raise click.BadParameter(
            f"{game_id} already has a catalog for '{base}'; one for '{normalize(lang)}' would be a second catalog of "
            f"that language beside it, which builds would not use for --lang {base}. Update it with --lang "
            f"{base} (a regional catalog is for a regional variant only: copy locales/{base}.po to "
            f"locales/{normalize(lang)}.po and edit that)", param_hint="--lang")
    try:
        code = parse_language(normalize(lang))
    except CatalogError:
        hint = did_you_mean(lang, existing)
        raise click.BadParameter(f"unknown language '{lang}'" + (f"; {hint}" if hint else "")
                                 + " (a code such as en, pl, de, pt_BR)", param_hint="--lang") from None
    if code == source:
        raise click.BadParameter(f"'{code}' is the source language of {game_id}: its texts are the templates "
                                 "and data themselves, it has no catalog", param_hint="--lang")
    if not create and code not in existing:
        hint = did_you_mean(code, existing)
        raise click.BadParameter(f"{game_id} has no catalog for '{code}'"
                                 + (f"; {hint}" if hint else "; it has no translations yet"), param_hint="--lang")
    return code


@i18n.command("extract")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.pass_obj
@_fail_cleanly
def i18n_extract(ctx: Ctx, games: tuple[str, ...]) -> None:
    """Write data/<game>/locales/messages.pot: every string of the game's card, board, rulebook and
    shared templates, and the names and letters of its data, each with its file:line."""
    from pnp.i18n.catalogs import display, template_path, write_template
    from pnp.i18n.extract import extract

    for game_id, folder in _resolve(ctx, games).items():
        template = extract(folder, room=True)
        written = write_template(folder, template)
        click.echo(f"{display(template_path(folder))}: {_count_by_source(template)}"
                   + ("" if written else " (unchanged)"))


def _count_by_source(template) -> str:
    from collections import Counter

    from pnp.i18n.extract import kinds

    counts: Counter = Counter(kinds(m)[0] for m in template if m.id)
    total = sum(counts.values())
    return f"{total} strings (" + ", ".join(f"{k} {n}" for k, n in counts.items()) + ")"


@i18n.command("update")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--lang", "lang", default=None, metavar="LANG",
              help="Only this language; creates its catalog if it has none yet (e.g. --lang pl).")
@click.option("--no-memory", is_flag=True, help="Leave new strings empty (no pre-filling from the translation memory).")
@click.pass_obj
@_fail_cleanly
def i18n_update(ctx: Ctx, games: tuple[str, ...], lang: str | None, no_memory: bool) -> None:
    """Extract the strings afresh, then merge them into every <lang>.po of each game.

    A string whose French changed becomes fuzzy (stale) and keeps its previous French (#| msgid) and
    its old translation to revise; new strings come untranslated; removed ones are kept as obsolete (#~).
    A string with no translation yet is pre-filled from the translation memory (the shared catalog
    templates/locales/<lang>.po, then the other games' catalogs), marked fuzzy for a translator to
    confirm. With no GAME (and no --data), the shared catalog is updated too.
    """
    from pnp.i18n.catalogs import display, languages, template_path, update, write_template
    from pnp.i18n.extract import extract
    from pnp.i18n.memory import shared_dir
    from pnp.paths import templates_dir

    for game_id, folder in _resolve(ctx, games).items():
        code = _language_option(ctx, game_id, folder, lang, create=True) if lang else None
        template = extract(folder, room=True)
        write_template(folder, template)
        targets = [code] if code else languages(folder)
        click.echo(f"{display(template_path(folder))}: {_count_by_source(template)}")
        if not targets:
            click.echo(f"{game_id}: no translations yet; start one with: pnp i18n update {game_id} --lang en")
            continue
        for target in targets:
            memory = None if no_memory else _memory(ctx, folder, target)
            r = update(folder, template, target, create=True, memory=memory)
            if r.prefill is not None and (r.prefill.filled or r.created and r.prefill.candidates):
                shared = display(shared_dir(templates_dir()) / f"{target}.po")
                click.echo(f"{display(r.path)}: {r.prefill.describe(shared)}")
            if r.created:
                click.echo(f"{display(r.path)}: created, {r.total} strings to translate")
                continue
            parts = [f"{len(r.new)} new", f"{len(r.changed)} changed (now fuzzy)", f"{len(r.removed)} obsolete"]
            click.echo(f"{display(r.path)}: " + ", ".join(parts) + ("" if r.written else " (unchanged)"))
            for mid in r.changed[:10]:
                click.echo(f"  fuzzy: {_short(mid)}")
            if len(r.changed) > 10:
                click.echo(f"  ... and {len(r.changed) - 10} more fuzzy (pnp i18n status {game_id} --lang {target})")
    if not games and ctx.data.resolve() == data_dir().resolve():
        # after the games: the shared strings' rooms come from their fresh catalogs; and only for pnp's
        # own games: a designer's --data folder does not rewrite pnp's templates
        _update_shared(ctx)


def _memory(ctx: Ctx, folder: Path, lang: str):
    """The translation memory of ``lang`` for the game in ``folder``: the shared catalog, then the
    catalogs of the other games (those of --data and the built-in ones)."""
    from pnp.i18n.memory import load
    from pnp.paths import templates_dir

    builtin = Ctx(data_dir(), ctx.debug)
    others = {**_games(builtin), **_games(ctx)}
    return load(lang, templates_dir(), {g: p for g, p in others.items() if p.resolve() != folder.resolve()})


def _update_shared(ctx: Ctx) -> None:
    """Update the shared catalog (templates/locales/) when this checkout has one it can write."""
    from pnp.i18n.catalogs import TEMPLATE, display
    from pnp.i18n.memory import shared_dir, update_shared
    from pnp.paths import templates_dir

    where = shared_dir(templates_dir())
    if not (where / TEMPLATE).is_file() or not os.access(where, os.W_OK):
        return
    done = update_shared(templates_dir(), _games(ctx))
    click.echo(f"{display(where / TEMPLATE)}: {done.total} strings (shared)")
    for r in done.languages.values():
        filled = f"; {r.prefill.describe()}" if r.prefill is not None and r.prefill.filled else ""
        click.echo(f"{display(r.path)}: {len(r.new)} new, {len(r.changed)} changed (now fuzzy), "
                   f"{len(r.removed)} obsolete{filled}" + ("" if r.written else " (unchanged)"))


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return '"' + (text if len(text) <= limit else text[: limit - 1] + "…") + '"'


def _todo(folder: Path, template, lang: str) -> str:
    """Where the strings left to translate come from, and whether a kit in ``lang`` can be built."""
    from collections import Counter

    from pnp.build import KIT_TEMPLATES
    from pnp.i18n.catalogs import display, read
    from pnp.i18n.extract import kinds
    from pnp.i18n.status import gaps
    from pnp.i18n.translations import needed_keys

    po = folder / "locales" / f"{lang}.po"
    found = gaps(template, read(po, locale=lang), display(po))
    by_id = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in template if m.id}
    counts = Counter(kinds(by_id[(g.msgid, g.context)])[0] for g in found)
    needed = needed_keys(folder, template, KIT_TEMPLATES)
    blocking = sum(1 for g in found if (g.msgid, g.context) in needed)
    kit = (f"the kit needs {blocking} of them (pnp build --lang {lang} fails without --draft)" if blocking
           else f"the kit needs none of them (pnp build --lang {lang} works)")
    return "to do: " + ", ".join(f"{k} {n}" for k, n in counts.items()) + f"; {kit}"


@i18n.command("status")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--lang", "lang", default=None, metavar="LANG", help="Only this language.")
@click.option("--check", is_flag=True, help="Exit 1 unless every string of every language is translated.")
@click.pass_obj
@_fail_cleanly
def i18n_status(ctx: Ctx, games: tuple[str, ...], lang: str | None, check: bool) -> None:
    """Per game and language: strings translated, fuzzy (stale: the French changed), untranslated,
    obsolete, and missing (in the templates or data but not yet in the PO: run `pnp i18n update`).

    Counts come from the PO files themselves; fuzzy entries never count as translated.
    """
    from pnp.i18n.catalogs import display, languages, read, template_path
    from pnp.i18n.extract import extract
    from pnp.i18n.status import status

    incomplete = False
    for game_id, folder in _resolve(ctx, games).items():
        code = _language_option(ctx, game_id, folder, lang, create=False) if lang else None
        template = extract(folder)
        total = sum(1 for m in template if m.id)
        pot = template_path(folder)
        note = ""
        if not pot.is_file():
            note = "  (no messages.pot yet: run pnp i18n extract)"
        elif {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in read(pot) if m.id} != \
                {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}:
            note = "  (messages.pot is out of date: run pnp i18n update)"
        click.echo(f"{game_id}: {total} strings{note}")
        targets = [code] if code else languages(folder)
        if not targets:
            click.echo(f"  no translations yet (start one with: pnp i18n update {game_id} --lang en)")
            continue
        click.echo(f"  {'lang':6}{'translated':>11}{'fuzzy':>7}{'untranslated':>14}{'obsolete':>10}{'missing':>9}")
        for target in targets:
            st = status(folder / "locales" / f"{target}.po", target, template)
            done = st.translated - st.invalid
            pct = 100 * done // total if total else 100
            state = "complete" if st.complete else f"{pct}% usable"
            click.echo(f"  {target:6}{st.translated:>11}{st.fuzzy:>7}{st.untranslated:>14}{st.obsolete:>10}"
                       f"{st.missing:>9}   {state}")
            if st.missing:
                click.echo(f"    {st.missing} string(s) not in {display(st.path)} yet: "
                           f"pnp i18n update {game_id} --lang {target}")
            if st.invalid:
                click.echo(f"    {st.invalid} translation(s) with wrong placeholders: "
                           f"msgfmt --check {display(st.path)}")
            for mid in st.fuzzy_ids[:5]:
                click.echo(f"    stale: {_short(mid)}")
            if len(st.fuzzy_ids) > 5:
                click.echo(f"    ... and {len(st.fuzzy_ids) - 5} more stale")
            if not st.complete:
                click.echo("    " + _todo(folder, template, target))
            incomplete |= not st.complete
    if check and incomplete:
        click.echo("some strings are not translated (see above)", err=True)
        sys.exit(1)


@i18n.command("check")
@click.argument("game", metavar="GAME")
@click.option("--lang", "lang", required=True, metavar="LANG", help="The language whose catalog is checked (e.g. de).")
@click.option("--paper", type=click.Choice(["a4", "letter", "both"], case_sensitive=False), default="both",
              show_default=True, help="The paper(s) the kit is laid out on.")
@click.pass_obj
@_fail_cleanly
def i18n_check(ctx: Ctx, game: str, lang: str, paper: str) -> None:
    """Fit every string of GAME's <LANG>.po into its room, without building the kit (laid out,
    nothing painted or written): every text too long for its box or line is listed at once, with
    its PO line, its msgid, where it is printed and by how much; exit 1 if any. Strings not
    translated yet are laid out in the source language.
    """
    from pnp.i18n.catalogs import display
    from pnp.i18n.fitcheck import PAPERS, check

    (folder,) = _resolve(ctx, (game,)).values()
    code = _language_option(ctx, game, folder, lang, create=False)
    result = check(folder, code, PAPERS if paper.lower() == "both" else (paper.lower(),))
    po = display(result.po) if result.po else f"{code}.po"
    for overflow in result.overflows:
        click.echo(f"{result.game} [{code}]: {overflow.render(po)}")
    for problem in result.problems:
        click.echo(f"{result.game} [{code}]: {problem}")
    click.echo(result.summary())
    if not result.ok:
        sys.exit(1)


class _smoke_progress:
    """A progress bar over the smoke run's player counts and games (stderr, terminals only)."""

    def __init__(self, game: str, active: bool) -> None:
        self.game, self.active, self.bar = game, active, None

    def __enter__(self):
        if not self.active:
            return None
        from tqdm import tqdm

        self.bar = tqdm(desc=f"{self.game} smoke run", unit="game", leave=False, disable=None)
        return self._update

    def _update(self, what: str, done: int, total: int) -> None:
        self.bar.set_postfix_str(what)
        self.bar.total = total
        self.bar.n = done
        self.bar.refresh()

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.close()


@cli.command()
@click.argument("game")
@click.option("--players", type=click.IntRange(1, 99), default=None,
              help="Players at the table (required unless --vary players=... gives them).")
@click.option("--games", "count", type=click.IntRange(1, 10_000_000), default=1000, show_default=True,
              help="Games to play (per cell of a sweep).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game (runs are repeatable).")
@click.option("--policy", type=click.Choice(["random", "greedy"]), default="random", show_default=True,
              help="How every seat plays: uniformly random legal moves, or greedy.")
@click.option("--jobs", type=click.IntRange(0, 256), default=1, show_default=True,
              help="Processes to use (0: every core; a sweep uses every core unless told); the report is the "
                   "same for any number.")
@click.option("--vary", "vary", multiple=True, metavar="NAME=VALUES",
              help="Play a grid: a rules.yaml path or 'players' and its values, e.g. deal.hand=4,5,6 or "
                   "players=2..6 (repeat for more axes).")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Play a sweep on the Dask distributed scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786); "
                   "the results are the same as on this machine.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also draw a sweep's outcomes into this .svg or .png file.")
@click.option("--side", default=None, help="Board side, for an engine that plays one (default: the engine's).")
@click.option("--sprints", type=click.IntRange(1, 99), default=None,
              help="Sprints per game, for an engine that plays sprints (default: the rules').")
@click.option("--option", "engine_options", multiple=True, metavar="KEY=VALUE",
              help="Another setting of the game's engine (e.g. level=basic); repeat for more.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.pass_obj
@_fail_cleanly
def simulate(ctx: Ctx, game: str, players: int | None, count: int, seed: int, policy: str, jobs: int,
             vary: tuple[str, ...], cluster: str | None, plot: Path | None, side: str | None, sprints: int | None,
             engine_options: tuple[str, ...], fmt: str) -> None:
    """Play GAME many times with its rules engine, on the very board and cards the kit prints.

    Reports game length, win rate per seat with 95 % intervals, games won by nobody, and the game's
    own figures (for Green Jersey: sprint length, how sprints end, the draw pile, jersey changes). An
    invariant broken during play is an error giving the seed and the move (exit 1).

    With --vary, plays every cell of a grid of rules values and player counts, each with the same
    seeds, and prints one row per cell and one column per outcome:

        pnp simulate green-jersey --vary deal.hand=4,5,6 --vary players=2..6
    """
    from pnp.model import load_game
    from pnp.simulate import has_engine

    (folder,) = _resolve(ctx, (game,)).values()
    model = load_game(folder)
    if not has_engine(model):
        raise click.UsageError(f"{game} has no rules engine yet: only its static checks run (pnp check {game})")
    options = {k: v for k, v in (("side", side), ("sprints", sprints)) if v is not None}
    options.update(_engine_options(engine_options))
    if vary or cluster or plot:
        _sweep(game, folder, vary, players, count, seed, policy, jobs, cluster, plot, options, fmt)
        return
    if players is None:
        raise click.UsageError("say how many players: --players N (or --vary players=2..6 for several)")
    if not model.info.players.min <= players <= model.info.players.max:
        raise click.BadParameter(f"{game} is for {model.info.players.min} to {model.info.players.max} players",
                                 param_hint="--players")
    report = _one_run(game, model, players, count, seed, policy, jobs, options)
    click.echo(report.as_json() if fmt == "json" else report.as_text())
    if report.failures:
        sys.exit(1)


def _engine_options(texts: tuple[str, ...]) -> dict:
    """``--option KEY=VALUE`` as engine options (values read as YAML: 2 is a number, basic a word)."""
    import yaml

    out = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip().isidentifier():
            raise click.BadParameter(f"'{text}': write KEY=VALUE, e.g. level=basic", param_hint="--option")
        out[key.strip()] = yaml.safe_load(value) if value.strip() else ""
    return out


def _one_run(game: str, model, players: int, count: int, seed: int, policy: str, jobs: int, options: dict):
    from tqdm import tqdm

    from pnp.simulate import simulate as run

    with tqdm(total=count, desc=f"{game} {players} players", unit="game", leave=False, disable=None) as bar:
        def progress(done: int, total: int) -> None:
            bar.n = done
            bar.refresh()

        try:
            return run(model, players, count, seed, policy=policy, jobs=jobs, progress=progress, **options)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None


def _sweep(game: str, folder: Path, vary: tuple[str, ...], players: int | None, count: int, seed: int, policy: str,
           jobs: int, cluster: str | None, plot: Path | None, options: dict, fmt: str) -> None:
    """``pnp simulate --vary``: the grid, played here or on a cluster, as a table or JSON (and a figure)."""
    from tqdm import tqdm

    from pnp.model.overrides import OverrideError
    from pnp.simulate.sweep import Axis, sweep

    try:
        axes = [Axis.parse(v) for v in vary]
    except OverrideError as exc:
        raise click.BadParameter(str(exc), param_hint="--vary") from None
    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        raise click.BadParameter(f"{plot}: the figure is written as .svg or .png", param_hint="--plot")
    with tqdm(desc=f"{game} sweep", unit="game", leave=False, disable=None) as bar:
        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.n = done
            bar.refresh()

        try:
            result = sweep(folder, axes, count, seed=seed, policy=policy, players=players,
                           jobs=jobs if jobs != 1 else 0, cluster=cluster, options=options, progress=progress)
        except OverrideError as exc:
            raise click.BadParameter(str(exc), param_hint="--vary") from None
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    click.echo(result.as_json() if fmt == "json" else result.as_text())
    if plot is not None:
        from pnp.simulate.plot import plot_sweep

        click.echo(f"figure: {plot_sweep(result, plot)}", err=True)
    if result.failures:
        sys.exit(1)


from pnp.new import new as _new  # noqa: E402  (pnp new NAME: a small working game to start from)

cli.add_command(_new)


def main() -> None:
    cli(prog_name="pnp")
