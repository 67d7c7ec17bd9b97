"""Property: whatever one mistake does to a built-in game's file, pnp answers with a located error.

Hypothesis picks a game, one of its data files and one mutation of it (a character removed, doubled
or replaced, a line dropped or doubled, a number pushed to an extreme, a quote or bracket left open,
a value emptied, bytes that are not text), then runs ``pnp check`` (and, for some, ``pnp build``).
Whatever happens: no traceback, no exit 3 ("internal error" is for bugs in pnp), an error names a
file, and a failed build leaves ``--out`` exactly as it was. The examples are derandomized, so a run
is the same everywhere; a failing one is printed by Hypothesis as the mutation to replay.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
NAMED = re.compile(r"[\w./-]+\.(yaml|csv|po|j2|xlsx|ods)(:\d+)?")


def _files(game: str) -> list[str]:
    folder = ROOT / "data" / game
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and p.suffix in (".yaml", ".csv", ".po"))


@st.composite
def mutation(draw):
    game = draw(st.sampled_from(GAMES))
    file = draw(st.sampled_from(_files(game)))
    kind = draw(st.sampled_from(["drop-char", "double-char", "replace-char", "drop-line", "double-line",
                                 "number", "open-quote", "open-bracket", "empty-value", "bytes"]))
    where = draw(st.floats(min_value=0, max_value=1, allow_nan=False))
    char = draw(st.sampled_from(list(":-[]{}\"',#&*|>!%@`\\\t\u00a0\u2028é€\U0001F600\x00\x7f")))
    number = draw(st.sampled_from(["-1", "0", "1e9", "1000000000", "99999999999999999999", "-0.5", "nan", ".inf"]))
    return game, file, kind, where, char, number


def apply(text: str, kind: str, where: float, char: str, number: str) -> bytes:
    lines = text.splitlines(keepends=True)
    i = min(int(where * len(lines)), len(lines) - 1)
    pos = min(int(where * len(text)), max(len(text) - 1, 0))
    if kind == "drop-char":
        text = text[:pos] + text[pos + 1:]
    elif kind == "double-char":
        text = text[:pos] + text[pos:pos + 1] * 2 + text[pos + 1:]
    elif kind == "replace-char":
        text = text[:pos] + char + text[pos + 1:]
    elif kind == "drop-line":
        text = "".join(lines[:i] + lines[i + 1:])
    elif kind == "double-line":
        text = "".join(lines[:i + 1] + lines[i:])
    elif kind == "number":
        text = "".join(lines[:i] + [re.sub(r"(?<![\w.])\d+(\.\d+)?(?![\w.])", number, lines[i], count=1)] +
                       lines[i + 1:])
    elif kind == "open-quote":
        text = "".join(lines[:i] + [lines[i].replace('"', "", 1) if '"' in lines[i] else '"' + lines[i]] +
                       lines[i + 1:])
    elif kind == "open-bracket":
        text = "".join(lines[:i] + [lines[i].replace("}", "", 1).replace("]", "", 1)] + lines[i + 1:])
    elif kind == "empty-value":
        text = "".join(lines[:i] + [re.sub(r":\s.*$", ": ", lines[i], count=1)] + lines[i + 1:])
    if kind == "bytes":
        raw = text.encode("utf-8")
        return raw[:pos] + b"\xff\xfe\x00\xc3" + raw[pos:]
    return text.encode("utf-8")


def _run(args: list[str]):
    return CliRunner().invoke(cli, args)


def _assert_clean(result, folder: Path) -> None:
    out = result.output
    assert "Traceback" not in out, out
    assert "internal error" not in out, out
    assert result.exit_code in (0, 1), (result.exit_code, out, result.exception)
    if result.exit_code == 1:
        assert NAMED.search(out) or "error:" in out, out


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(mutation())
def test_one_mistake_in_a_file_gives_a_located_error_on_check(tmp_path_factory, m) -> None:
    game, file, kind, where, char, number = m
    folder = tmp_path_factory.mktemp("mut") / game
    shutil.copytree(ROOT / "data" / game, folder)
    path = folder / file
    path.write_bytes(apply(path.read_text(encoding="utf-8"), kind, where, char, number))
    _assert_clean(_run(["check", str(folder), "--quick"]), folder)


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(mutation())
def test_one_mistake_in_a_file_leaves_the_output_as_it_was_on_build(tmp_path_factory, m) -> None:
    game, file, kind, where, char, number = m
    base = tmp_path_factory.mktemp("mutb")
    folder = base / game
    shutil.copytree(ROOT / "data" / game, folder)
    out = base / "out"
    (out / game / "fr").mkdir(parents=True)
    keep = out / game / "fr" / "kept.txt"
    keep.write_text("untouched", encoding="utf-8")
    path = folder / file
    path.write_bytes(apply(path.read_text(encoding="utf-8"), kind, where, char, number))
    result = _run(["build", str(folder), "--only", "cards", "--out", str(out)])
    _assert_clean(result, folder)
    if result.exit_code == 1:
        assert sorted(p.relative_to(out) for p in out.rglob("*")) == [Path(game), Path(game) / "fr",
                                                                        Path(game) / "fr" / "kept.txt"]
        assert not list(base.glob(".pnp-staging-*"))


@pytest.mark.parametrize("kind", ["drop-char", "number", "bytes"])
def test_the_mutations_change_the_file(kind: str) -> None:
    text = "players: {min: 2, max: 6}\nname: Vélo\n"
    assert apply(text, kind, 0.3, "#", "1e9") != text.encode("utf-8")
