"""Profiles to JSON and back (analyzer.oracle.serialize): exact round trips, clear errors."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import TypeAlias

import pytest

from analyzer.cards.model import Card, Face
from analyzer.oracle import CardProfile, Color, compile_card
from analyzer.oracle.serialize import (
    ProfileFormatError,
    decode,
    encode,
    profile_from_json,
    profile_to_json,
)


@pytest.mark.slow
def test_every_real_profile_round_trips(shared_profiles: dict[str, CardProfile]) -> None:
    assert len(shared_profiles) > 24000
    broken = [name for name, profile in shared_profiles.items()
              if profile_from_json(profile_to_json(profile)) != profile]
    assert broken == []


@pytest.mark.slow
def test_round_trip_keeps_what_the_profile_says(
        shared_profiles: dict[str, CardProfile]) -> None:
    # Equality of the dataclasses is the test above; this checks the derived English and JSON
    # views too, on cards with every kind of ability.
    names = ["Yuriko, the Tiger's Shadow", "Fire // Ice", "Swords to Plowshares",
             "Reflecting Pool", "Splinter, Hamato Yoshi"]
    for name in names:
        profile = shared_profiles[name]
        back = profile_from_json(profile_to_json(profile))
        assert back.describe() == profile.describe()
        assert back.to_json() == profile.to_json()


class Speed(enum.Enum):
    SLOW = enum.auto()
    FAST = enum.auto()


class Part(enum.Flag):
    A = enum.auto()
    B = enum.auto()


NO_PART = Part(0)


@dataclass(frozen=True, slots=True)
class Leaf:
    word: str
    size: int | None = None


Choice: TypeAlias = "int | str | bool | Speed | Leaf | tuple[Leaf, ...] | None"


@dataclass(frozen=True, slots=True)
class Tree:
    """A stand-in for a profile class a later change adds: every supported kind of field."""

    name: str
    leaves: tuple[Leaf, ...] = ()
    tags: frozenset[str] = frozenset()
    parts: Part = NO_PART
    speed: Speed = Speed.SLOW
    choices: tuple[tuple[str, Choice], ...] = ()
    weights: dict[str, float] = field(default_factory=dict)
    child: Tree | None = None
    pair: tuple[int, str] = (0, "")


def test_new_fields_of_any_supported_type_round_trip() -> None:
    tree = Tree(
        name="oak", leaves=(Leaf("a"), Leaf("b", 2)), tags=frozenset({"x", "y"}),
        parts=Part.A | Part.B, speed=Speed.FAST,
        choices=(("n", 3), ("s", "3"), ("b", True), ("e", Speed.SLOW), ("l", Leaf("c")),
                 ("t", (Leaf("d"),)), ("z", None)),
        weights={"w": 0.5}, child=Tree(name="twig"), pair=(7, "seven"))
    data = json.loads(json.dumps(encode(tree, Tree)))
    back = decode(data, Tree)
    assert back == tree
    # the union members stay apart: 3, "3" and True are three different values
    assert [type(v) for _, v in back.choices[:3]] == [int, str, bool]


def test_defaults_are_left_out() -> None:
    assert encode(Tree(name="oak"), Tree) == {"name": "oak"}
    assert json.loads(profile_to_json(CardProfile("id", "Name"))) == {"card_id": "id",
                                                                      "name": "Name"}


def test_flags_and_enums_are_stored_by_value_and_name() -> None:
    profile = CardProfile("id", "Name", colors=Color.W | Color.U)
    assert json.loads(profile_to_json(profile))["colors"] == (Color.W | Color.U).value
    assert encode(Tree(name="t", speed=Speed.FAST), Tree)["speed"] == "FAST"


@pytest.mark.parametrize("data, message", [
    ({"name": "oak", "leaves": [{"word": 5}]}, r"Tree\.leaves: \[0\]: Leaf\.word: expected str"),
    ({"name": "oak", "speed": "MEDIUM"}, r"Tree\.speed: expected a Speed name"),
    ({"name": "oak", "colour": 1}, r"Tree has no field 'colour'"),
    ({"name": "oak", "choices": [["n", 3]]}, r'Tree\.choices: \[0\]: .*"@": one of'),
    ({"name": "oak", "pair": [1]}, r"Tree\.pair: expected an array of 2"),
    ({}, r"Tree: .*missing 1 required positional argument: 'name'"),
    ([], r"expected a Tree object"),
])
def test_bad_data_names_the_path(data: object, message: str) -> None:
    with pytest.raises(ProfileFormatError, match=message):
        decode(data, Tree)


def test_value_not_of_its_type_is_refused() -> None:
    with pytest.raises(ProfileFormatError, match=r"Tree\.name: expected str"):
        encode(Tree(name=5), Tree)  # type: ignore[arg-type]


def test_not_json() -> None:
    with pytest.raises(ProfileFormatError, match="not JSON"):
        profile_from_json("{broken")


def test_a_compiled_card_round_trips() -> None:
    card = Card(id="y", name="Ninja of the Deep Hours", faces=(Face(
        name="Ninja of the Deep Hours", mana_cost="{3}{U}", mana_value=4.0, colors=("U",),
        type="Creature — Human Ninja", types=("Creature",), subtypes=("Human", "Ninja"),
        text="Ninjutsu {1}{U}\nWhenever Ninja of the Deep Hours deals combat damage to a "
             "player, you may draw a card.", power="2", toughness="2"),))
    profile = compile_card(card)
    assert profile.keywords and profile.abilities
    assert profile_from_json(profile_to_json(profile)) == profile
