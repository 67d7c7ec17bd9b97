"""Model stage: the real Green Jersey data becomes the expected typed, frozen model."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
from collections import Counter
from pathlib import Path

import pytest

from pnp.errors import DataErrors
from pydantic import ValidationError

from pnp.model import GameModel, load_game
from pnp.model.decks import Card
from pnp.model.riders import Rider

GAME = Path(__file__).resolve().parent.parent / "data" / "green-jersey"
COLOURS = ["rouge", "bleu", "jaune", "noir", "orange", "violet"]


@pytest.fixture(scope="module")
def model() -> GameModel:
    return load_game(GAME)


def test_game_info(model: GameModel) -> None:
    info = model.info
    assert model.id == info.id == "green-jersey"
    assert info.title == "Green Jersey"
    assert info.version == "0.6"
    assert info.date == dt.date(2023, 11, 3)
    assert (info.players.min, info.players.max) == (2, 6)
    assert list(info.players.values()) == [2, 3, 4, 5, 6]
    assert info.languages == ("fr", "en", "pl", "de")
    assert info.stamp.replace("\u00a0", " ") == "Green Jersey v0.6 · 3 novembre 2023"  # the date written out in the language built


def test_colours_riders_and_jerseys(model: GameModel) -> None:
    assert [c.id for c in model.colours] == COLOURS + ["vert", "or", "argent", "bronze"]  # the medals: point tokens
    assert model.colour("jaune").hex == "#F4C300"
    assert [r.id for r in model.riders] == COLOURS
    assert len(model.riders) == 6
    assert all(r.colour == r.id for r in model.riders)
    assert len(model.jerseys) == 8
    assert [j.id for j in model.jerseys if j.rider] == COLOURS
    award = model.jersey("vert")
    assert award.award and not award.wildcard and award.mark == "star"
    wildcard = model.jersey("multicolore")
    assert wildcard.wildcard and wildcard.pattern == "multicolour"
    assert wildcard.colours == tuple(COLOURS)


def test_movement_deck_holds_every_csv_row(model: GameModel) -> None:
    with (GAME / "movement.csv").open(encoding="utf-8") as f:
        csv_ids = [row["id"] for row in csv.DictReader(f)]
    deck = model.deck("movement")
    assert len(csv_ids) == 45
    assert [c.id for c in deck.cards] == csv_ids
    assert deck.size == 45
    assert Counter(c.kind for c in deck.cards) == {"single": 21, "joker": 3, "pair": 21}
    assert deck.face == "jersey-move" and deck.back == "game-back"


def test_csv_cells_become_typed_card_fields(model: GameModel) -> None:
    deck = model.deck("movement")
    single = next(c for c in deck.cards if c.id == "single-bleu-2")
    assert single.jerseys == ("bleu",)
    assert single.distance == 2
    assert single.qty == 1
    pair = next(c for c in deck.cards if c.id == "pair-rouge-vert")
    assert pair.jerseys == ("rouge", "vert")
    assert pair.distance is None  # an empty cell takes the default


def test_other_decks(model: GameModel) -> None:
    assert [d.id for d in model.decks] == ["movement", "riders", "first-player", "aids"]
    riders = model.deck("riders")
    assert [c.rider for c in riders.cards] == COLOURS
    first = model.deck("first-player")
    assert [(c.id, c.kind) for c in first.cards] == [("first-player", "first-player")]
    assert sum(d.size for d in model.decks if d.sheet == "cards") == 45 + 6 + 1
    aids = model.deck("aids")
    assert (aids.sheet, aids.card_size, aids.size) == ("pieces", "tarot", 6)


def test_point_tokens(model: GameModel) -> None:
    assert len(model.tokens) == 3
    assert {t.kind for t in model.tokens} == {"points"}
    assert [t.count for t in model.tokens] == [6, 6, 6]
    assert [t.rank for t in model.tokens] == [1, 2, 3]
    assert [s.id for b in model.boards for s in b.sides] == ["a", "b"]
    assert len(model.standees) == 12


def test_facts_from_rules_yaml(model: GameModel) -> None:
    facts = model.facts
    assert facts.deal.hand == 5
    assert facts.deal.discard_max == 5
    assert facts.deal.refill_to == 6
    assert facts.riders == 6
    assert facts.deck.deck == "movement"
    assert facts.deck.total == 45
    assert facts.deck.award_cards == 9
    assert facts.deck.distances == (1, 2, 3)
    assert facts.scoring.points == (3, 2, 1)
    assert facts.sprints == {2: (4, 6), 3: (3, 6), 4: (4,), 5: (5,), 6: (6,)}
    assert facts.max_sprints == 6
    assert facts.jersey.award == "vert"
    assert facts.components.point_tokens == 18


def test_deck_size_per_sprint(model: GameModel) -> None:
    assert model.facts.deck_size(1) == 36  # the 9 green-jersey cards sit out the first sprint
    assert model.facts.deck_size(2) == 44  # one card is set aside beside the wearer


def test_decisions(model: GameModel) -> None:
    ids_in_file = [ln.split("id:")[1].strip() for ln in (GAME / "rules.yaml").read_text().splitlines()
                   if ln.strip().startswith("- id: GJ-D-")]
    assert [d.id for d in model.decisions] == ids_in_file
    assert {d.id for d in model.decisions} >= {"GJ-D-COLOURS", "GJ-D-BOARD", "GJ-D-DECK-OUT"}
    assert model.decisions[0].id == "GJ-D-COLOURS"
    deck_out = next(d for d in model.decisions if d.id == "GJ-D-DECK-OUT")
    assert deck_out.resolves == ("GJ-SUPPLY-DEAL",)


def test_sources_point_into_the_data_files(model: GameModel) -> None:
    src = model.sources
    bleu = src.component("rider:bleu")
    assert (Path(bleu.file).name, bleu.line) == ("riders.yaml", 4)
    card = next(c for c in model.deck("movement").cards if c.id == "single-bleu-2")
    where = model.card_location(model.deck("movement"), card)
    assert (Path(where.file).name, where.line) == ("movement.csv", 6)
    hand = src.rule("deal", "hand")
    assert (Path(hand.file).name, hand.line) == ("rules.yaml", 32)
    deck = src.component("deck:riders")
    assert (Path(deck.file).name, deck.line) == ("decks.yaml", 8)


def test_model_objects_are_frozen(model: GameModel) -> None:
    with pytest.raises(ValidationError, match="frozen"):
        model.info.title = "Yellow Jersey"
    with pytest.raises(ValidationError, match="frozen"):
        model.riders[0].colour = "vert"
    with pytest.raises(ValidationError, match="frozen"):
        model.deck("movement").cards[0].qty = 2
    with pytest.raises(ValidationError, match="frozen"):
        model.facts.deal.hand = 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        model.riders = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        model.riders[0] = model.riders[1]  # type: ignore[index]
    assert model.info.title == "Green Jersey"
    assert model.facts.deal.hand == 5


def test_model_objects_refuse_unknown_fields() -> None:
    with pytest.raises(ValidationError, match="colr"):
        Rider.model_validate({"id": "rouge", "name": "Rouge", "colour": "rouge", "colr": "x"})


def test_card_splits_csv_lists_and_bounds_qty() -> None:
    card = Card.model_validate({"id": "p", "kind": "pair", "jerseys": "rouge + vert", "qty": "2"})
    assert card.jerseys == ("rouge", "vert")
    assert card.qty == 2
    with pytest.raises(ValidationError):
        Card.model_validate({"id": "p", "kind": "pair", "qty": "0"})


def test_a_deck_declares_extra_card_columns(game_copy: Path) -> None:
    decks = game_copy / "decks.yaml"
    decks.write_text(decks.read_text().replace("    cards: riders.csv", "    cards: riders.csv\n    fields: [motto]"))
    csv = game_copy / "riders.csv"
    lines = csv.read_text().splitlines()
    csv.write_text("\n".join([lines[0] + ",motto"] + [ln + ",Allez" for ln in lines[1:]]) + "\n")
    model = load_game(game_copy)
    assert {c.fields["motto"] for c in model.deck("riders").cards} == {"Allez"}
    assert model.deck("riders").fields == ("motto",)


def test_an_undeclared_card_column_is_an_error(game_copy: Path) -> None:
    csv = game_copy / "riders.csv"
    lines = csv.read_text().splitlines()
    csv.write_text("\n".join([lines[0] + ",motto"] + [ln + ",Allez" for ln in lines[1:]]) + "\n")
    with pytest.raises(DataErrors) as exc:
        load_game(game_copy)
    assert "unknown field 'motto'" in exc.value.render()


def test_load_game_takes_a_path_or_a_string(model: GameModel) -> None:
    assert load_game(str(GAME)).info == model.info
