"""Load stage: YAML and CSV files become records that remember where every value came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import DataError, DataErrors, Location
from pnp.load import Record, RecordList, load_csv, load_yaml, location_of

SAMPLE_YAML = """\
# a comment line
name: Green
date: 2023-11-03
riders:
  - {id: rouge, colour: rouge}
  - id: bleu
    colour: bleu
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def only_error(exc_info: pytest.ExceptionInfo[DataErrors]) -> DataError:
    errors = exc_info.value.errors
    assert len(errors) == 1, errors
    return errors[0]


# --- YAML ---------------------------------------------------------------------------------


@pytest.fixture
def sample(tmp_path: Path) -> Record:
    return load_yaml(write(tmp_path, "sample.yaml", SAMPLE_YAML), "sample.yaml")


def test_yaml_mapping_is_a_record_located_at_its_first_key(sample: Record) -> None:
    assert isinstance(sample, Record)
    assert sample.where() == Location("sample.yaml", 2, 1)
    assert sample["name"] == "Green"


def test_yaml_record_remembers_line_and_column_of_each_key(sample: Record) -> None:
    assert sample.where("name") == Location("sample.yaml", 2, 1)
    assert sample.where("riders") == Location("sample.yaml", 4, 1)
    flow_item = sample["riders"][0]
    assert flow_item.where("colour") == Location("sample.yaml", 5, 17)
    block_item = sample["riders"][1]
    assert block_item.where("colour") == Location("sample.yaml", 7, 5)
    # an unknown key falls back to the record itself
    assert flow_item.where("nope") == flow_item.where()


def test_yaml_sequence_is_a_record_list_with_item_locations(sample: Record) -> None:
    riders = sample["riders"]
    assert isinstance(riders, RecordList)
    assert [r["id"] for r in riders] == ["rouge", "bleu"]
    assert riders.where() == Location("sample.yaml", 5, 3)
    assert riders.where(0) == Location("sample.yaml", 5, 5)
    assert riders.where(1) == Location("sample.yaml", 6, 5)
    # an index out of range falls back to the list itself
    assert riders.where(9) == riders.where()


def test_location_of_follows_keys_and_indexes(sample: Record) -> None:
    assert location_of(sample, ("riders", 1, "colour")) == Location("sample.yaml", 7, 5)
    assert location_of(sample, ("riders", 0)) == Location("sample.yaml", 5, 5)
    # a path that stops existing gives the deepest place known
    assert location_of(sample, ("riders", 5, "colour")) == Location("sample.yaml", 4, 1)
    assert location_of(sample, ("missing",)) == sample.where()
    assert location_of({"plain": "dict"}, ("plain",)).file == "<memory>"


def test_yaml_dates_stay_text(sample: Record) -> None:
    assert sample["date"] == "2023-11-03"


def test_yaml_uses_the_path_when_no_display_name_is_given(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", "a: 1\n")
    assert load_yaml(path).where("a") == Location(str(path), 1, 1)


def test_yaml_duplicate_key_is_an_error_at_the_second_key(tmp_path: Path) -> None:
    path = write(tmp_path, "dup.yaml", "a: 1\nb: 2\na: 3\n")
    with pytest.raises(DataErrors) as exc_info:
        load_yaml(path, "dup.yaml")
    err = only_error(exc_info)
    assert err.location.file == "dup.yaml"
    assert err.location.line == 3
    assert "'a' appears twice" in err.message


def test_yaml_duplicate_key_in_a_nested_mapping_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "dup.yaml", "riders:\n  - {id: rouge, id: bleu}\n")
    with pytest.raises(DataErrors) as exc_info:
        load_yaml(path, "dup.yaml")
    err = only_error(exc_info)
    assert err.location.line == 2
    assert "'id' appears twice" in err.message


def test_broken_yaml_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.yaml", "a: 1\nb: {x: 1, y: 2]\nc: 3\n")
    with pytest.raises(DataErrors) as exc_info:
        load_yaml(path, "broken.yaml")
    err = only_error(exc_info)
    assert err.location.file == "broken.yaml"
    assert err.location.line == 2
    assert err.message.startswith("YAML syntax")
    assert err.hint  # tells the user what to look at
    rendered = exc_info.value.render()
    assert "broken.yaml:2: error: YAML syntax" in rendered
    assert rendered.endswith("1 error; nothing was written.")


def test_bad_indentation_is_a_yaml_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path, "indent.yaml", "a:\n  b: 1\n c: 2\n")
    with pytest.raises(DataErrors) as exc_info:
        load_yaml(path, "indent.yaml")
    err = only_error(exc_info)
    assert err.location.line == 3
    assert "YAML syntax" in err.message


def test_missing_yaml_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataErrors) as exc_info:
        load_yaml(tmp_path / "absent.yaml", "absent.yaml")
    err = only_error(exc_info)
    assert err.location == Location("absent.yaml")
    assert err.message == "file not found"


def test_yaml_that_is_not_utf8_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Vélo\n".encode("latin-1"))
    with pytest.raises(DataErrors) as exc_info:
        load_yaml(path, "latin1.yaml")
    err = only_error(exc_info)
    assert "UTF-8" in err.message
    assert "UTF-8" in err.hint


# --- CSV ----------------------------------------------------------------------------------


def test_csv_rows_remember_their_line_skipping_comments_and_blank_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.csv", "# cards\nid,kind,distance\n\nc1,single,1\n# note\nc2,pair,\n")
    rows = load_csv(path, "cards.csv")
    assert isinstance(rows, RecordList)
    assert [r["id"] for r in rows] == ["c1", "c2"]
    assert rows[0].where() == Location("cards.csv", 4, 1)
    assert rows[1].where() == Location("cards.csv", 6, 1)
    assert rows.where(1) == Location("cards.csv", 6, 1)
    assert rows[0].where("distance") == Location("cards.csv", 4, 3)  # the third cell


def test_csv_empty_cells_are_omitted(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.csv", "id,kind,distance,qty\nc1,pair,, \n")
    (row,) = load_csv(path, "cards.csv")
    assert dict(row) == {"id": "c1", "kind": "pair"}
    assert "distance" not in row.key_locs
    # a missing cell falls back to the row's own location
    assert row.where("distance") == row.where()


def test_csv_short_rows_are_allowed_and_cells_are_stripped(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.csv", "id, kind ,distance\n c1 , single\n")
    (row,) = load_csv(path, "cards.csv")
    assert dict(row) == {"id": "c1", "kind": "single"}


def test_csv_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_text("id,kind\nc1,single\n", encoding="utf-8-sig")
    (row,) = load_csv(path, "bom.csv")
    assert row["id"] == "c1"


def test_csv_too_many_cells_is_an_error_for_every_such_row(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.csv", "id,kind\nc1,single,3\nc2,single\nc3,pair,x,y\n")
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    errors = exc_info.value.errors
    assert [e.location for e in errors] == [Location("cards.csv", 2, 1), Location("cards.csv", 4, 1)]
    assert "3 cells but the header has 2 columns" in errors[0].message
    assert "4 cells" in errors[1].message
    assert all(e.hint for e in errors)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"], ids=["empty", "blank", "comment"])
def test_empty_csv_is_an_error(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "empty.csv", text)
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "empty.csv")
    err = only_error(exc_info)
    assert err.location.file == "empty.csv"
    assert "empty CSV" in err.message
    assert "id,kind" in err.hint


def test_csv_with_only_a_header_has_no_rows(tmp_path: Path) -> None:
    assert load_csv(write(tmp_path, "h.csv", "id,kind\n"), "h.csv") == []


def test_missing_csv_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataErrors) as exc_info:
        load_csv(tmp_path / "absent.csv", "absent.csv")
    err = only_error(exc_info)
    assert err.location == Location("absent.csv")
    assert err.message == "file not found"


# --- errors as the user sees them ---------------------------------------------------------


def test_data_errors_are_sorted_by_place_and_counted() -> None:
    errors = DataErrors([
        DataError(Location("b.yaml", 3), "second", "x"),
        DataError(Location("a.yaml", 9), "first", hint="fix it"),
    ])
    rendered = errors.render().splitlines()
    assert rendered == [
        "a.yaml:9: error: first (fix it)",
        "b.yaml:3: error: x: second",
        "2 errors; nothing was written.",
    ]
