"""Hand-written card definitions (data/card_definitions): format, validation, application."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from analyzer.data_files import data_dir
from analyzer.oracle import compile_card
from analyzer.oracle.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from analyzer.oracle.definitions import (
    CardDefinition,
    DefinitionError,
    card_definitions,
    definitions_dir,
    load_definitions,
    parse_definitions,
)
from analyzer.oracle.objects import Zone
from tests.conftest import CardFactory

GOOD = '''
[[card]]
name = "Foo"
lines = ["{2}, {T}: Frobnicate"]

[[card.abilities]]
kind = "activated"
costs = [{ name = "mana", amount = "{2}" }, { name = "tap" }]
timing = ["sorcery"]

[[card.abilities.effects]]
name = "change_zone"
target = "target creature card from your graveyard"
origin = "graveyard"
destination = "hand"

[[card.abilities.effects]]
name = "draw"
amount = 2
optional = true
'''


def test_parse_builds_the_same_values_as_the_compiler() -> None:
    definition = parse_definitions(GOOD, "foo.toml")["Foo"]
    assert definition.lines == ("{2}, {T}: Frobnicate",) and definition.source == "foo.toml"
    (ability,) = definition.abilities
    assert isinstance(ability, ActivatedAbility)
    assert [c.name for c in ability.costs] == ["mana", "tap"]
    assert ability.needs_untapped_since_turn_start
    back, draw = ability.effects
    assert back.arg("destination") is Zone.HAND
    assert back.arg("target").filter.zone is Zone.GRAVEYARD  # type: ignore[union-attr]
    assert draw.optional and draw.describe() == "you may draw 2 cards"


@pytest.mark.parametrize(("change", "key", "problem"), [
    (('name = "draw"', 'name = "dance"'), "abilities[0].effects[1].name",
     "unknown effect 'dance'"),
    (("amount = 2", "amonut = 2"), "abilities[0].effects[1].amonut",
     "effect 'draw' has no argument 'amonut'"),
    (('kind = "activated"', 'kind = "passive"'), "abilities[0].kind",
     "unknown value 'passive'"),
    (('{ name = "tap" }', '{ name = "tapp" }'), "abilities[0].costs[1].name",
     "unknown cost 'tapp'"),
    (('{ name = "tap" }', '{ name = "tap", colour = "red" }'), "abilities[0].costs[1].colour",
     "unknown key 'colour'"),
    (('timing = ["sorcery"]', 'timing = ["never"]'), "abilities[0].timing[0]",
     "unknown value 'never'"),
    (('destination = "hand"', 'destination = "pocket"'), "abilities[0].effects[0].destination",
     "unknown value 'pocket'"),
    (("target creature card", "the moon over a"), "abilities[0].effects[0].target",
     "cannot read the object phrase"),
    (('lines = ["{2}, {T}: Frobnicate"]', 'lines = []'), "lines", "non-empty list"),
    (('lines = ["{2}, {T}: Frobnicate"]', 'lines = ["x"]\nflavour = "y"'), "flavour",
     "unknown key 'flavour'"),
])
def test_errors_name_file_card_and_key(change: tuple[str, str], key: str, problem: str) -> None:
    text = GOOD.replace(*change)
    assert text != GOOD
    with pytest.raises(DefinitionError) as info:
        parse_definitions(text, "foo.toml")
    message = str(info.value)
    assert message.startswith(f"foo.toml: card 'Foo': {key}: "), message
    assert problem in message
    assert (info.value.file, info.value.card, info.value.key) == ("foo.toml", "Foo", key)


def test_file_level_errors() -> None:
    with pytest.raises(DefinitionError, match=r"^bad\.toml: \(file\): not valid TOML"):
        parse_definitions("[[card]\nname = 1", "bad.toml")
    with pytest.raises(DefinitionError, match=r"^bad\.toml: cards: unknown key 'cards'"):
        parse_definitions("[[cards]]\nname = 'Foo'", "bad.toml")
    with pytest.raises(DefinitionError, match=r"card\[0\]\.name: missing"):
        parse_definitions("[[card]]\nlines = ['x']", "bad.toml")
    with pytest.raises(DefinitionError, match="card 'Foo': name: defined twice"):
        parse_definitions(GOOD + GOOD, "bad.toml")


def test_load_folder_refuses_a_card_in_two_files(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    assert set(load_definitions(tmp_path)) == {"Foo"}
    (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(DefinitionError, match=r"^b\.toml: card 'Foo': name: already defined "
                                              r"in a\.toml"):
        load_definitions(tmp_path)


def test_shipped_definitions_load_once_from_data() -> None:
    assert definitions_dir() == data_dir() / "card_definitions"
    shipped = card_definitions()
    assert shipped is card_definitions()  # cached
    assert "Darksteel Mutation" in shipped
    assert all(isinstance(d, CardDefinition) and d.abilities for d in shipped.values())


def test_compile_card_applies_a_definition(card: CardFactory,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer.oracle import compile as compile_module

    definitions = parse_definitions(GOOD, "foo.toml")
    monkeypatch.setattr(compile_module, "card_definitions", lambda: definitions)
    p = compile_card(card("Foo", "Flying\n{2}, {T}: Frobnicate wildly.\nWhenever Foo dances, "
                                 "draw a card."))
    assert p.has_keyword("Flying")
    assert [u.text for u in p.unsupported] == ["Whenever Foo dances, draw a card."]
    assert isinstance(p.abilities[0], ActivatedAbility)
    stale = compile_card(card("Foo", "Flying"))
    assert [u.text for u in stale.unsupported] == [
        "(definition line not found) {2}, {T}: Frobnicate"]


@pytest.mark.shared
def test_every_shipped_definition_covers_its_card(shared_cards: dict[str, Any]) -> None:
    for name, definition in card_definitions().items():
        profile = compile_card(shared_cards[name])
        assert profile.fully_understood, (name, profile.unsupported)
        assert set(definition.abilities) <= set(profile.abilities), name


@pytest.mark.shared
def test_darksteel_mutation_profile(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Darksteel Mutation"])
    static = next(a for a in p.abilities if isinstance(a, StaticAbility))
    assert [e.name for e in static.effects] == ["become", "set_pt", "grant_abilities"]
    assert p.has_keyword("Enchant")


@pytest.mark.shared
def test_krang_and_shredder_triggers(shared_cards: dict[str, Any]) -> None:
    # read by the grammar since issue 15 (its definition was removed)
    p = compile_card(shared_cards["Krang & Shredder"])
    assert p.fully_understood
    first, second = (a for a in p.abilities if isinstance(a, TriggeredAbility))
    assert second.ability_word == "Disappear" and second.effects[0].arg("free") is True
    # CR 701.13: "exiles cards from the top of their library until they exile a nonland card"
    assert first.effects[0].name == "exile_until"
