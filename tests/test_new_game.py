"""``pnp new``: the game it writes builds and checks clean, in French and English, on A4 and Letter,
from a folder outside the repository; it never overwrites; the README's walkthrough runs as written.
(pnp installed from a wheel runs it too: tests/test_install.py.)
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.new import create

import renderers

ROOT = Path(__file__).resolve().parent.parent
PNP = Path(sys.executable).parent / "pnp"

# The "Make your own game" section of the README, as the test runs it: its `sh` blocks are run
# line by line, the edits the prose asks for are made between them (see test_the_walkthrough).
WALKTHROUGH = """\
## Make your own game

`pnp new` writes a small working game to start from, in a new folder: a race for 2 to 4 players with
a deck of race cards (a face and a back template), pawns and bonus tokens, a board, a rulebook,
declarative checks and a draw pile in `rules.yaml`, its French texts and a complete English
catalog. There is no Python in it: everything is data and templates, and the folder can live
anywhere.

```sh
pnp new my-game                    # writes the folder my-game/ (never over an existing one)
pnp check my-game                  # the checks of rules.yaml: no error, one decision as a question
pnp build my-game                  # the kit in output/my-game/fr/
```

Change a number and check again: with `hand: 6` under `deal:` in `my-game/rules.yaml`,
`pnp check my-game` fails (exit 1) at the line of the check `MG-DECK-DEAL`: at 4 players, the 28
cards fall 4 short of the deal and the draw pile. Put it back to 3.

Edit a card: the band of the race cards says "Course" (macro `kind_label` in
`my-game/templates/cards.j2`; the face that prints it is `templates/faces/course.svg.j2`, the back
`templates/faces/dos.svg.j2`). Write `Sprint` instead: the next build prints it. A changed text
needs its translation:

```sh
pnp i18n update my-game            # "Sprint" joins locales/: untranslated or fuzzy in en.po
pnp i18n status my-game            # what is left to translate, per language
```

Translate it in `my-game/locales/en.po` (Poedit, or a text editor: write the English in the
`msgstr ""` under `msgid "Sprint"`, and delete the `#, fuzzy` line above it if there is one).
Until then an English build fails and names the string (`--draft` builds it anyway, watermarked).

```sh
pnp build my-game --lang en        # the English kit in output/my-game/en/
```

The folder holds `game.yaml`, `rules.yaml`, `palette.yaml`, `decks.yaml` with its card list
`course.csv` (a row per card design, `qty` copies), `tokens.yaml`, `boards.yaml` (a plain grid of
squares: `layout: squares`), `templates/` (`cards.j2` and `board.j2`: the texts; `rulebook.md.j2`;
`faces/`: the face and the back) and `locales/`; each file says in comments what it holds, and
"How a game is described" below is the reference. `pnp new NAME --dir DIR --title "..."` writes
it elsewhere, with its title.
"""


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PNP_CACHE": str(tmp_path / "cache")}


def run(args: list[str], cwd: Path, tmp_path: Path, pnp: Path = PNP) -> subprocess.CompletedProcess:
    return subprocess.run([str(pnp), *args], cwd=cwd, env=_env(tmp_path), capture_output=True, text=True)


def messages_of(pdf: Path) -> list[str]:
    return [f"{pdf.name} {name}: {m}" for name in renderers.available()
            for m in getattr(renderers, f"{name}_messages")(pdf)]


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """The game ``pnp new`` writes, in a folder outside the repository."""
    return create("my-game", tmp_path_factory.mktemp("designer"), title="Mon jeu")


def test_the_new_game_checks_clean(game: Path, tmp_path: Path) -> None:
    result = run(["check", "my-game", "--strict"], game.parent, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "my-game: 0 errors, 0 warnings" in result.stdout


def test_the_new_game_s_catalogs_are_complete(game: Path, tmp_path: Path) -> None:
    result = run(["i18n", "status", "my-game", "--check"], game.parent, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "complete" in result.stdout
    if shutil.which("msgfmt"):
        check = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(game / "locales" / "en.po")],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_new_game_builds_clean_in_french_and_english(game: Path, tmp_path: Path, paper: str) -> None:
    out = tmp_path / "out"
    result = run(["build", "my-game", "--lang", "all", "--paper", paper, "--out", str(out), "--full"],
                 game.parent, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors, 0 warnings" in result.stdout
    for lang in ("fr", "en"):
        kit = out / "my-game" / lang
        names = sorted(p.name for p in kit.iterdir())
        assert {"kit.pdf", "cards.pdf", "pieces.pdf", "rulebook.pdf", "board-a.pdf", "board-a.svg",
                f"board-a-{paper}.pdf", "manifest.json"} <= set(names), names
        found = [m for pdf in sorted(kit.glob("*.pdf")) for m in messages_of(pdf)]
        assert found == []


def test_pnp_new_fills_in_the_name_title_and_date(tmp_path: Path) -> None:
    folder = create("tricky", tmp_path, title='Le "Grand" jeu')
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    assert "id: tricky\n" in text and 'title: "Le \\"Grand\\" jeu"\n' in text
    assert not re.search(r"__(ID|TITLE|DATE)__", "".join(p.read_text(encoding="utf-8")
                                                         for p in folder.rglob("*") if p.is_file()))
    entries = {e.msgid: e.msgstr for e in polib.pofile(str(folder / "locales" / "en.po"))}
    assert entries['Le "Grand" jeu'] == 'Le "Grand" jeu'
    result = run(["i18n", "status", "tricky", "--check"], tmp_path, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_title_that_is_also_a_text_of_the_game_stays_one_entry(tmp_path: Path) -> None:
    folder = create("bonus", tmp_path, title="Bonus")
    catalog = polib.pofile(str(folder / "locales" / "en.po"))
    # the title's entry (no context) stays one; the token "Bonus" has its own ("token")
    assert [e.msgid for e in catalog if e.msgctxt is None].count("Bonus") == 1
    assert [e.msgid for e in catalog if e.msgctxt == "token"].count("Bonus") == 1
    assert run(["i18n", "status", "bonus", "--check"], tmp_path, tmp_path).returncode == 0


def test_pnp_new_refuses_an_existing_folder(tmp_path: Path) -> None:
    (tmp_path / "my-game").mkdir()
    (tmp_path / "my-game" / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["new", "my-game", "--dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "already exists" in result.output and "never overwrites" in result.output
    assert sorted(p.name for p in (tmp_path / "my-game").iterdir()) == ["notes.txt"]
    assert not list(tmp_path.glob(".*pnp-new"))


@pytest.mark.parametrize("name", ["My_Game", "-x", "a/b", ""])
def test_pnp_new_refuses_a_name_that_is_no_game_id(tmp_path: Path, name: str) -> None:
    result = CliRunner().invoke(cli, ["new", name, "--dir", str(tmp_path)])
    assert result.exit_code in (1, 2)
    assert list(tmp_path.iterdir()) == []


def _blocks(markdown: str) -> list[list[list[str]]]:
    """The commands of each ```sh block: a list of argv per line (comments dropped)."""
    blocks = re.findall(r"```sh\n(.*?)```", markdown, re.S)
    return [[shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]
            for block in blocks]


def test_the_walkthrough(tmp_path: Path) -> None:
    """The README's walkthrough, run as a designer would, in an empty folder outside the repository."""
    home = tmp_path / "designer"
    home.mkdir()
    blocks = _blocks(WALKTHROUGH)
    assert [argv[:2] for block in blocks for argv in block] == [
        ["pnp", "new"], ["pnp", "check"], ["pnp", "build"], ["pnp", "i18n"], ["pnp", "i18n"], ["pnp", "build"]]

    def commands(block: list[list[str]]) -> list[str]:
        outputs = []
        for argv in block:
            result = run(argv[1:], home, tmp_path)
            assert result.returncode == 0, f"{shlex.join(argv)}:\n{result.stdout}{result.stderr}"
            outputs.append(result.stdout + result.stderr)
        return outputs

    created, checked, built = commands(blocks[0])
    assert "pnp check my-game" in created and "pnp build my-game --lang en" in created
    assert "0 errors" in checked and (home / "output" / "my-game" / "fr" / "kit.pdf").is_file()

    # change a number: the check fails at its line; put it back
    rules = home / "my-game" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("hand: 3 ", "hand: 6 ", 1), encoding="utf-8")
    result = run(["check", "my-game"], home, tmp_path)
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "id: MG-DECK-DEAL" in ln)
    assert result.returncode == 1 and f"my-game/rules.yaml:{line}: error MG-DECK-DEAL" in result.stdout
    assert "at 4 players: 4 short" in result.stdout
    rules.write_text(text, encoding="utf-8")

    # edit a card: "Course" becomes "Sprint"
    cards = home / "my-game" / "templates" / "cards.j2"
    source = cards.read_text(encoding="utf-8")
    assert source.count("{% trans %}Course{% endtrans %}") == 1
    cards.write_text(source.replace("{% trans %}Course{% endtrans %}", "{% trans %}Sprint{% endtrans %}"),
                     encoding="utf-8")
    updated, status = commands(blocks[1])
    assert '"Sprint"' in updated and "Sprint" in status
    english = run(["build", "my-game", "--lang", "en"], home, tmp_path)
    assert english.returncode == 1 and '"Sprint"' in english.stderr

    # translate it, as in Poedit
    po = polib.pofile(str(home / "my-game" / "locales" / "en.po"))
    entry = po.find("Sprint")
    entry.msgstr = "Sprint"
    if "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
    entry.previous_msgid = None
    po.save()
    (built_en,) = commands(blocks[2])
    assert (home / "output" / "my-game" / "en" / "kit.pdf").is_file()
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(home / "output" / "my-game" / "en" / "cards.pdf").pages)
    assert "SPRINT" in text and "COURSE" not in text


def test_the_readme_holds_the_walkthrough() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert WALKTHROUGH in readme


# --- what a game with no Python needs of pnp: its mistakes are located, its board shows only what it has


def _copy(game: Path, tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(game, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("id: my-game", f"id: {name}"), encoding="utf-8")
    return folder


def test_a_mistake_in_the_rulebook_template_is_located(game: Path, tmp_path: Path) -> None:
    folder = _copy(game, tmp_path, "broken-rulebook")
    path = folder / "templates" / "rulebook.md.j2"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, ln in enumerate(lines, 1) if "tokens.pawn.count" in ln)
    path.write_text("\n".join(ln.replace("tokens.pawn.count", "tokens.pion.count") for ln in lines) + "\n",
                    encoding="utf-8")
    result = run(["build", "broken-rulebook", "--only", "rulebook", "--out", str(tmp_path / "out")], tmp_path, tmp_path)
    assert result.returncode == 1
    assert f"broken-rulebook/templates/rulebook.md.j2:{line}: error: UndefinedError:" in result.stderr
    assert "'pion'" in result.stderr and "internal error" not in result.stderr
    path.unlink()
    result = run(["build", "broken-rulebook", "--only", "rulebook", "--out", str(tmp_path / "out")], tmp_path, tmp_path)
    assert result.returncode == 1 and "rulebook template not found: rulebook.md.j2" in result.stderr


def test_an_unknown_board_layout_is_a_located_error(game: Path, tmp_path: Path) -> None:
    folder = _copy(game, tmp_path, "odd-board")
    path = folder / "boards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("layout: squares", "layout: sqares"), encoding="utf-8")
    result = run(["check", "odd-board"], tmp_path, tmp_path)
    assert result.returncode == 1 and "internal error" not in result.stderr
    assert re.search(r"odd-board/boards\.yaml:\d+: error: boards\[plateau\]\.layout: unknown board layout "
                     r"'sqares' \(did you mean 'squares'\?\)", result.stderr + result.stdout)


def test_the_board_legend_explains_only_what_the_side_has(game: Path) -> None:
    from pnp.layout.board import _legend_entries
    from pnp.layout.boards.squares import legend_entries
    from pnp.model import load_game

    (side,) = load_game(game).boards[0].sides
    # the plain layout (squares): an entry per kind of mark and line, worded by legend_<kind>
    assert legend_entries(side) == [("mark", "legend_depart"), ("finish", "legend_finish"), ("off", "legend_off")]
    # the road layout (road-grid): no peloton squares, no 300 m line on this side, so none in its legend
    assert [icon for icon, _ in _legend_entries(side)] == ["finish", "columns", "off"]
    # the direction of the race is explained only on a board that draws it (a "direction" group)
    assert legend_entries(side, directed=True)[-1] == ("direction", "direction")
    assert [icon for icon, _ in _legend_entries(side, directed=True)][-1] == "direction"


def test_a_game_of_one_deck_alone_checks_and_builds(tmp_path: Path) -> None:
    """No palette, tokens, board, riders or jerseys, and no cards.j2 or board.j2: faces that write
    their own texts need no text file."""
    folder = tmp_path / "mini"
    (folder / "templates" / "faces").mkdir(parents=True)
    (folder / "game.yaml").write_text('id: mini\ntitle: Mini\nversion: "0.1"\ndate: 2026-01-01\n'
                                      "players: {min: 2, max: 3}\n", encoding="utf-8")
    (folder / "rules.yaml").write_text("deal: {hand: 2}\n", encoding="utf-8")
    (folder / "decks.yaml").write_text("decks:\n  - {id: d, name: Cartes, face: f, back: dos, "
                                       "cards: [{id: a, kind: x, qty: 3}]}\n", encoding="utf-8")
    shutil.copy(ROOT / "pnp" / "scaffold" / "game" / "templates" / "faces" / "dos.svg.j2",
                folder / "templates" / "faces" / "dos.svg.j2")
    face = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" {{ svg_size }}>\n'
            '  <pnp:text x="4" y="40" width="{{ w - 8 }}" height="10" size="12">{% trans %}Carte{% endtrans %}'
            "</pnp:text>\n</svg>\n")
    (folder / "templates" / "faces" / "f.svg.j2").write_text(face, encoding="utf-8")
    (folder / "templates" / "rulebook.md.j2").write_text(
        "# {% trans %}Règle{% endtrans +%}\n\n{% trans n=rules.deal.hand %}Prenez {{ n }} cartes.{% endtrans +%}\n",
        encoding="utf-8")
    assert run(["check", "mini", "--strict"], tmp_path, tmp_path).returncode == 0
    result = run(["build", "mini", "--out", str(tmp_path / "out")], tmp_path, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert {"cards.pdf", "rulebook.pdf", "kit.pdf"} <= {p.name for p in (tmp_path / "out" / "mini" / "fr").iterdir()}
    # a face that asks for a text of the missing cards.j2 names the file to create
    (folder / "templates" / "faces" / "f.svg.j2").write_text(face.replace("{% trans %}Carte{% endtrans %}",
                                                                          '{{ texts("name") }}'), encoding="utf-8")
    result = run(["build", "mini", "--out", str(tmp_path / "out2")], tmp_path, tmp_path)
    assert result.returncode == 1 and "mini/templates/cards.j2: error: template not found: cards.j2" in result.stderr



def test_the_plain_board_shows_every_kind_of_mark_and_line_with_its_legend(game: Path, tmp_path: Path) -> None:
    folder = _copy(game, tmp_path, "more-marks")
    boards = folder / "boards.yaml"
    text = boards.read_text(encoding="utf-8")
    text = text.replace("        lines:\n", "        lines:\n          - {id: milieu, kind: relais, column: 6}\n")
    text = text.replace("        spaces:                   # the start squares, numbered\n",
                        "        spaces:                   # the start squares, numbered\n"
                        "          - {column: 8, lane: 2, kind: bonus, label: \"+1\"}\n")
    boards.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = run(["build", "more-marks", "--only", "boards", "--out", str(out)], tmp_path, tmp_path)
    assert result.returncode == 1 and "internal error" not in result.stderr
    assert "more-marks/templates/board.j2: error: no macro 'legend_bonus'" in result.stderr
    board_j2 = folder / "templates" / "board.j2"
    board_j2.write_text(board_j2.read_text(encoding="utf-8")
                        + "{% macro legend_bonus() %}Case bonus : un jeton de plus.{% endmacro %}\n"
                        + "{% macro legend_relais() %}Relais : la mi-course.{% endmacro %}\n", encoding="utf-8")
    result = run(["build", "more-marks", "--only", "boards", "--out", str(out)], tmp_path, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    svg = (out / "more-marks" / "fr" / "board-a.svg").read_text(encoding="utf-8")
    for words in ("+1", "RELAIS", "Case bonus", "Relais : la mi-course.", "ARRIVÉE"):
        assert words in svg or words.replace(" :", "\u00a0:") in svg, words


@pytest.mark.parametrize("file, old, new, message", [
    ("game.yaml", "card_size: poker", "card_size: huge", "game.yaml:{line}: error: card_size: 'huge' is not a card size"),
    ("decks.yaml", "    cards: course.csv", "    card_size: 300x400\n    cards: course.csv",
     "decks.yaml:{line}: error: decks[course].card_size: a card of 300x400 mm is not printable"),
])
def test_a_card_size_that_cannot_print_is_a_located_error(game: Path, tmp_path: Path, file: str, old: str, new: str,
                                                         message: str) -> None:
    folder = _copy(game, tmp_path, "odd-cards")
    path = folder / file
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new), encoding="utf-8")
    needle = "card_size"  # the error is at the field's own line
    line = next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in ln)
    result = run(["check", "odd-cards"], tmp_path, tmp_path)
    assert result.returncode == 1
    assert "odd-cards/" + message.format(line=line) in result.stderr
