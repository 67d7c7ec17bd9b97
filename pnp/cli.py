"""The command line: pnp list | check | build. Errors name the file and line, never a traceback."""

from __future__ import annotations

import math
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
        except Exception as exc:  # a bug in pnp, not the user's mistake
            if ctx and ctx.debug:
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc}\n"
                       "This is a bug in pnp; run again with --debug for the traceback.", err=True)
            sys.exit(3)

    return wrapper


def _games(ctx: Ctx) -> dict[str, Path]:
    from pnp.model.catalog import game_folders

    return game_folders(ctx.data)


def _resolve(ctx: Ctx, names: tuple[str, ...]) -> dict[str, Path]:
    games = _games(ctx)
    if not games:
        raise click.UsageError(f"no games in {ctx.data} (a game is a folder with a game.yaml)")
    if not names:
        return games
    chosen = {}
    for name in names:
        if name not in games:
            hint = did_you_mean(name, games)
            raise click.BadParameter(f"no game '{name}' in {ctx.data}" + (f"; {hint}" if hint else ""),
                                     param_hint="GAME")
        chosen[name] = games[name]
    return chosen


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
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
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Also fail (exit 1) on warnings.")
@click.pass_obj
@_fail_cleanly
def check(ctx: Ctx, games: tuple[str, ...], fmt: str, strict: bool) -> None:
    """Check games against their rules model (all games when none is named).

    Exit code 1 when a check finds an error (or a warning, with --strict).
    """
    from pnp.check import Severity, run_checks
    from pnp.check.report import as_json, as_text
    from pnp.model import load_game

    results = {}
    data_errors = []
    for game_id, folder in _resolve(ctx, games).items():
        try:
            results[game_id] = run_checks(load_game(folder))
        except DataErrors as exc:
            data_errors.extend(exc.errors)
    if data_errors:
        raise DataErrors(data_errors, written=False)
    if fmt == "json":
        click.echo(as_json(results))
    else:
        click.echo("\n".join(as_text(g, fs) for g, fs in results.items()))
    failing = {Severity.ERROR} | ({Severity.WARNING} if strict else set())
    if any(f.severity in failing for fs in results.values() for f in fs):
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


@cli.command()
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper the kit is printed on.")
@click.option("--card-size", callback=_card_size, help=f"Card size: {CARD_SIZE_HELP}. Default: the game's.")
@click.option("--single-sided", is_flag=True, help="Fronts only, no back sheets.")
@click.option("--back-offset", default="0,0", callback=_offset, show_default=True,
              help="Shift back sheets by X,Y mm to correct a printer's duplex registration.")
@click.option("--lang", default="fr", show_default=True, help="Language of the kit.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/).")
@click.pass_obj
@_fail_cleanly
def build(ctx: Ctx, games: tuple[str, ...], paper: str, card_size: str | None, single_sided: bool,
          back_offset: tuple[float, float], lang: str, out: Path | None) -> None:
    """Build print-and-play kits into OUT/<game>/<lang>/ (all games when none is named)."""
    from pnp.build import BuildOptions, build_game, iter_progress
    from pnp.check.report import summary

    options = BuildOptions(out=out or default_out(), paper=paper.lower(), card_size=card_size,
                           single_sided=single_sided, back_offset=back_offset, lang=lang)
    for game_id, folder in _resolve(ctx, games).items():
        result = build_game(folder, options, iter_progress)
        for path, pages in result.files:
            click.echo(f"wrote {path}" + (f" ({pages} pages)" if pages else ""))
        click.echo(f"{game_id}: rules check: {summary(result.findings)} (details: pnp check {game_id})")


def main() -> None:
    cli(prog_name="pnp")
