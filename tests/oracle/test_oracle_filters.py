"""Creature and spell filters: parsing and matching (changelings, "other", colours)."""

from __future__ import annotations

from analyzer.oracle import CardProfile, Color, Controller, CreatureFilter, SpellFilter
from analyzer.oracle.filters import NO_COLOR, parse_creature_filter, parse_spell_filter


def _creature(card_id: str, *types: str, changeling: bool = False,
              colors: Color = NO_COLOR, card_types: frozenset[str] = frozenset({"Creature"})
              ) -> CardProfile:
    return CardProfile(card_id, card_id, types=card_types, creature_types=frozenset(types),
                       is_changeling=changeling, colors=colors)


NINJA_LORD = CreatureFilter(frozenset({"Ninja"}), other=True, controller=Controller.YOU)


class TestCreatureFilterMatches:
    def test_subtype(self) -> None:
        assert NINJA_LORD.matches(_creature("a", "Human", "Ninja"))
        assert not NINJA_LORD.matches(_creature("b", "Human", "Rogue"))

    def test_other_excludes_the_source(self) -> None:
        lord = _creature("lord", "Mutant", "Ninja", "Rat")
        assert not NINJA_LORD.matches(lord, source=lord)
        assert NINJA_LORD.matches(_creature("x", "Ninja"), source=lord)

    def test_changeling_is_every_type(self) -> None:
        assert NINJA_LORD.matches(_creature("c", "Shapeshifter", changeling=True))

    def test_only_creatures(self) -> None:
        kindred = _creature("k", "Ninja", card_types=frozenset({"Kindred", "Instant"}))
        assert not NINJA_LORD.matches(kindred)

    def test_colors(self) -> None:
        red = CreatureFilter(colors=Color.R)
        assert red.matches(_creature("r", colors=Color.R | Color.W))
        assert not red.matches(_creature("u", colors=Color.U))
        nonblack = CreatureFilter(excluded_colors=Color.B)
        assert not nonblack.matches(_creature("b", colors=Color.B))
        assert nonblack.matches(_creature("c"))


class TestParse:
    def test_describe_round_trip(self) -> None:
        for subject in ("other Ninjas", "red creatures", "other Goblin creatures"):
            parsed = parse_creature_filter(subject, Controller.YOU)
            assert parsed is not None
            assert parse_creature_filter(parsed.describe().removesuffix(" you control"),
                                         Controller.YOU) == parsed

    def test_each_other(self) -> None:
        parsed = parse_creature_filter("Each other creature")
        assert parsed is not None and parsed.other and not parsed.subtypes

    def test_unknown(self) -> None:
        assert parse_creature_filter("Tapped creatures") is None
        assert parse_creature_filter("Lands") is None

    def test_spell_filter(self) -> None:
        parsed = parse_spell_filter("Red instant spells")   # one phrase: red AND instant
        assert parsed == SpellFilter(frozenset({"Instant"}), frozenset(), Color.R, every=True)
        assert parse_spell_filter("Instant and sorcery spells") == SpellFilter(
            frozenset({"Instant", "Sorcery"}))
        assert parse_spell_filter("Spells") == SpellFilter()
        assert parse_spell_filter("Noncreature spells") is None

    def test_one_phrase_needs_every_kind(self) -> None:
        """Found bug: "Whenever you cast a Vampire creature spell" (Bloodlord of Vaasgoth)
        matched every creature spell (Etched Champion, a Soldier) and the graph drew a false
        shared-type edge."""
        vampires = parse_spell_filter("Vampire creature spells")
        assert vampires is not None
        assert vampires.matches(_creature("v", "Vampire"))
        assert vampires.matches(_creature("c", "Shapeshifter", changeling=True))
        assert not vampires.matches(_creature("s", "Soldier"))
        either = parse_spell_filter("Goblin and Rogue spells")
        assert either is not None and either.matches(_creature("g", "Goblin"))

    def test_spell_filter_matches_kindred_and_changelings(self) -> None:
        rogues = SpellFilter(subtypes=frozenset({"Rogue"}))
        assert rogues.matches(_creature("t", "Rogue", card_types=frozenset({"Kindred"})))
        assert rogues.matches(_creature("c", "Shapeshifter", changeling=True))
        assert not rogues.matches(_creature("g", "Goblin"))
