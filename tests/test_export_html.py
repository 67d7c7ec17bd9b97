"""pnp export --to html: the gallery page, read back as files and as headless Chromium shows it;
pnp watch --preview serves it and tells the page to reload."""

from __future__ import annotations

import re
from html import escape
import shutil
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from kit_helpers import wait_until
from pnp.build import BuildOptions, watch_game
from pnp.cli import cli
from pnp.export import ExportOptions, export_game
from pnp.export.preview import Preview
from pnp.export.source import open_kit
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("green-jersey", "maillot-jaune", "tour-de-france-mb", "tour-de-france-quiz", "flamme-rouge-variants")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed (Debian package "
                                    "'chromium'; .ci/run installs it)")


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """Every game's gallery in English: its index.html."""
    out = tmp_path_factory.mktemp("html")
    return {game: out / export_game(ROOT / "data" / game, "html", ExportOptions(out=out, lang="en")).folder
            / "index.html" for game in GAMES}


def _chromium(tmp_path: Path, *args: str) -> str:
    profile = tmp_path / "chromium-profile"
    run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def _model_pieces(game: str) -> int:
    """Every physical piece, counted from the model: cards and pieces of every deck, tokens, standees."""
    model = load_game(ROOT / "data" / game)
    return sum(d.size for d in model.decks) + sum(t.count for t in model.tokens) + len(model.standees)


@pytest.mark.parametrize("game", GAMES)
def test_page_holds_every_piece_and_opens_offline(pages, game):
    page = pages[game]
    text = page.read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="piece"[^>]*data-copies="(\d+)"', text)
    assert sum(map(int, figures)) == _model_pieces(game)
    kit = open_kit(ROOT / "data" / game, "en")
    with kit.active():
        designs = {(p.design, p.front.key) for p in kit.pieces()}
        assert len(figures) == len(designs)
        assert kit.summary() in text
    symbols = set(re.findall(r'<symbol id="([^"]+)"', text))
    used = re.findall(r'<use href="#([^"]+)"', text)
    assert used and set(used) <= symbols
    assert text.count("@font-face") == len(set(re.findall(r"font-family:'([^']+)';font-weight:(\d+);font-style:(\w+)",
                                                          text)))  # each face once
    links = re.findall(r'(?<![\w:])(?:src|href)="([^"#][^"]*)"', text)
    assert links, "the rulebook is linked"
    for link in links:  # nothing from the network: every file is beside the page
        assert "://" not in link and (page.parent / link.split("#")[0]).is_file(), link
    assert not re.search(r"""url\((?!#|data:)""", text)
    manifest = (page.parent / "export.json").read_text()
    for name in ["index.html", "assets/rulebook.pdf", *[ln for ln in links if ln.endswith(".png")]]:
        assert f'"name": "{name}"' in manifest


def test_the_page_is_in_the_kits_language_and_the_same_every_time(tmp_path):
    folders = [tmp_path / n / export_game(ROOT / "data" / "green-jersey", "html",
                                          ExportOptions(out=tmp_path / n, lang="de")).folder for n in ("a", "b")]
    files = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(folders[1]) for p in folders[1].rglob("*") if p.is_file())
    for name in files:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name
    text = (folders[0] / "index.html").read_text(encoding="utf-8")
    kit = open_kit(ROOT / "data" / "green-jersey", "de")
    assert '<html lang="de">' in text
    assert f"<h1>{kit.plan.shared('kit_title', title=kit.model.info.title)}</h1>" in text
    german = {escape(d.name) for d in kit.model.decks}
    french = {escape(d.name) for d in load_game(ROOT / "data" / "green-jersey").decks} - german
    assert french, "the German deck names are translated"
    for name in german:
        assert f"<h3>{name} <span" in text
    for name in french:
        assert f"<h3>{name} <span" not in text


@needs_chromium
@pytest.mark.parametrize("game", GAMES)
def test_chromium_shows_every_piece(pages, game, tmp_path):
    """The DOM Chromium builds from the page: a figure per design, each drawing symbols it defines."""
    dom = _chromium(tmp_path, "--dump-dom", pages[game].as_uri())
    figures = re.findall(r'<figure class="piece"[^>]*data-copies="(\d+)"[^>]*>(.*?)</figure>', dom, re.S)
    assert sum(int(n) for n, _ in figures) == _model_pieces(game)
    symbols = set(re.findall(r'<symbol id="([^"]+)"', dom))
    for _, body in figures:
        uses = re.findall(r'<use href="#([^"]+)"', body)
        assert 1 <= len(uses) <= 2 and set(uses) <= symbols
    model = load_game(ROOT / "data" / game)
    assert len(re.findall(r'<figure class="board"', dom)) == sum(len(b.sides) for b in model.boards)


@needs_chromium
def test_chromium_screenshot_is_not_blank(pages, tmp_path):
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,2000", pages["green-jersey"].as_uri())
    image = Image.open(shot).convert("RGB")
    assert image.size == (1280, 2000)
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 500  # cards drawn, not one flat colour
    background = max(colours)[0] / (1280 * 2000)
    assert background < 0.8


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def test_watch_preview_serves_the_gallery_and_bumps_its_version(tmp_path):
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    lines: list[str] = []
    options = BuildOptions(out=tmp_path / "out", lang="en")
    preview = Preview(game, options, 0, lines.append)
    stop = threading.Event()
    thread = threading.Thread(target=lambda: watch_game(game, options, lines.append, max_builds=2, stop_event=stop,
                                                        debounce_ms=50, after_build=preview), daemon=True)
    thread.start()
    try:
        assert wait_until(lambda: any(ln.startswith("watching") for ln in lines), 60), lines
        (url,) = [m.group(1) for ln in lines if (m := re.match(r"preview: (http://127\.0\.0\.1:\d+/) ", ln))]
        page = _get(url)
        assert "<figure class=\"piece\"" in page and 'fetch("__version"' in page
        assert _get(url + "__version") == "1"
        csv = game / "movement.csv"
        csv.write_text(csv.read_text().replace("pair-violet-vert,pair,violet+vert,", "pair-violet-vert,pair,vert+violet,"))
        assert wait_until(lambda: _get(url + "__version") == "2", 60), lines
        thread.join(60)
        assert not thread.is_alive()
    finally:
        stop.set()
        thread.join(5)
        preview.close()


def test_watch_command_with_preview(tmp_path):
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    out = tmp_path / "o"
    r = CliRunner().invoke(cli, ["--data", str(game.parent), "watch", "green-jersey", "--out", str(out), "--lang", "en",
                                 "--max-builds", "1", "--preview", "--port", "0"])
    assert r.exit_code == 0, r.output
    assert re.search(r"^preview: http://127\.0\.0\.1:\d+/ ", r.output, re.M), r.output
    assert (out / "green-jersey" / "en" / "html" / "index.html").is_file()


def _draft_copy(tmp_path: Path) -> Path:
    """Green Jersey with one English string left untranslated: only a draft exports."""
    import polib

    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    po = polib.pofile(str(game / "locales" / "en.po"))
    next(e for e in po if e.msgstr and not e.obsolete and any(f.endswith("cards.j2") for f, _ in e.occurrences)
         ).msgstr = ""
    po.save()
    return game


def test_a_draft_gallery_carries_the_watermark(tmp_path):
    from pnp.build import BuildFailed

    game = _draft_copy(tmp_path)
    with pytest.raises(BuildFailed):
        export_game(game, "html", ExportOptions(out=tmp_path / "out", lang="en"))
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.html"))
    result = export_game(game, "html", ExportOptions(out=tmp_path / "out", lang="en", draft=True))
    text = (tmp_path / "out" / result.folder / "index.html").read_text(encoding="utf-8")
    used = re.findall(r'<use href="#([^"]+)"', text)
    assert used and all(u.endswith("_draft") for u in used)  # every card, piece and board marked


def test_watch_preview_on_a_port_in_use_says_so_before_building(tmp_path):
    from pnp.export.preview import PreviewServer

    taken = PreviewServer(port=0)
    try:
        port = taken.httpd.server_address[1]
        r = CliRunner().invoke(cli, ["watch", "green-jersey", "--out", str(tmp_path), "--max-builds", "1",
                                     "--preview", "--port", str(port)])
        assert r.exit_code == 1, r.output
        assert f"cannot serve the preview on 127.0.0.1:{port}" in r.output and "--port" in r.output
        assert "file(s) written" not in r.output and not any(tmp_path.iterdir())
    finally:
        taken.stop()
