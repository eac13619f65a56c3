"""compile_card on cards built by hand: every parse end to end, unsupported spans, JSON."""

from __future__ import annotations

import json
from collections.abc import Callable

from analyzer.cards.model import Card, Face
from analyzer.oracle import (
    CardProfile,
    Color,
    Evasion,
    ManaChoice,
    ManaCost,
    UnsupportedSpan,
    compile_card,
)

CardFactory = Callable[..., Card]

SPLINTER_TEXT = (
    "Sneak {B} (You may cast this spell for {B} if you also return an unblocked attacker you "
    "control to hand during the declare blockers step. He enters tapped and attacking.)\n"
    "Menace (This creature can't be blocked except by two or more creatures.)\n"
    "Other Ninjas you control get +1/+1.")


class TestSplinter:
    def test_profile(self, card: CardFactory) -> None:
        splinter = card("Splinter, Hamato Yoshi", SPLINTER_TEXT, mana_cost="{1}{B}",
                        colors=("B",), subtypes=("Mutant", "Ninja", "Rat"),
                        supertypes=("Legendary",), keywords=("Menace", "Sneak"),
                        mana_value=2.0)
        p = compile_card(splinter)
        assert [(k.name, str(k.cost) if k.cost else None) for k in p.keywords] \
            == [("Sneak", "{B}"), ("Menace", None)]
        assert p.evasion == {Evasion.MENACE}
        (anthem,) = p.anthems
        assert anthem.affected.subtypes == {"Ninja"} and anthem.affected.other
        assert p.creature_types == {"Mutant", "Ninja", "Rat"}
        assert p.mana_cost == ManaCost.parse("{1}{B}") and p.colors == Color.B
        assert p.fully_understood and p.unsupported == ()
        assert p.is_creature and "Legendary" in p.supertypes

    def test_describe(self, card: CardFactory) -> None:
        p = compile_card(card("Splinter, Hamato Yoshi", SPLINTER_TEXT,
                              subtypes=("Mutant", "Ninja", "Rat")))
        text = p.describe()
        assert text.splitlines()[0] == "Splinter, Hamato Yoshi (Mutant Ninja Rat)"
        assert "- Other Ninjas you control get +1/+1" in text
        assert "Sneak {B} (" in text


class TestEvasionStatics:
    def test_self_reference_by_name(self, card: CardFactory) -> None:
        p = compile_card(card("Splinter, Hamato Yoshi", "Splinter can't be blocked."))
        assert p.evasion == {Evasion.UNBLOCKABLE} and p.fully_understood

    def test_full_name_and_2026_wording(self, card: CardFactory) -> None:
        for text in ("Sygg, River Cutthroat can't be blocked.", "This creature can't be blocked.",
                     "CARDNAME can't be blocked."):
            p = compile_card(card("Sygg, River Cutthroat", text))
            assert p.evasion == {Evasion.UNBLOCKABLE}, text

    def test_changeling_outcast(self, card: CardFactory) -> None:
        p = compile_card(card("Changeling Outcast",
                              "Changeling (This card is every creature type.)\n"
                              "This creature can't block and can't be blocked.",
                              subtypes=("Shapeshifter",)))
        assert p.is_changeling and not p.can_block
        assert p.evasion == {Evasion.UNBLOCKABLE}
        assert "Ninja" in p.effective_creature_types
        assert p.fully_understood

    def test_every_creature_type_sentence(self, card: CardFactory) -> None:
        p = compile_card(card("Mistform Ultimus", "Mistform Ultimus is every creature type."))
        assert p.is_changeling and p.fully_understood

    def test_power_limited(self, card: CardFactory) -> None:
        p = compile_card(card("Sneaky", "This creature can't be blocked by creatures with "
                              "power 2 or greater."))
        assert p.evasion == {Evasion.POWER_LIMITED}
        assert p.blocking[0].power == 2


class TestCreatureTypes:
    def test_kindred_spell(self, card: CardFactory) -> None:
        p = compile_card(card("Notorious Throng", "Prowl {5}{U}",
                              types=("Kindred", "Sorcery"), subtypes=("Rogue",)))
        assert p.creature_types == {"Rogue"} and not p.is_creature
        assert p.keyword("prowl") is not None

    def test_kindred_aura_keeps_only_creature_types(self, card: CardFactory) -> None:
        p = compile_card(card("Elf Aura", types=("Kindred", "Enchantment"),
                              subtypes=("Elf", "Aura")))
        assert p.creature_types == {"Elf"}

    def test_noncreature_subtypes_are_not_creature_types(self, card: CardFactory) -> None:
        assert compile_card(card("Gingerbrute", types=("Artifact", "Creature"),
                                 subtypes=("Food", "Golem"))).creature_types == {"Golem"}
        assert compile_card(card("Sword", types=("Artifact",),
                                 subtypes=("Equipment",))).creature_types == frozenset()

    def test_faces_are_merged(self, card: CardFactory) -> None:
        front = Face(name="Front", side="a", types=("Creature",), subtypes=("Human", "Wizard"),
                     text="Flying", colors=("U",), mana_cost="{1}{U}")
        back = Face(name="Back", side="b", types=("Creature",), subtypes=("Horror",),
                    text="Menace\nWhenever Back attacks, draw a card.")
        p = compile_card(card("Front // Back", faces=[front, back], layout="transform"))
        assert p.creature_types == {"Human", "Wizard", "Horror"}
        assert {k.name for k in p.keywords} == {"Flying", "Menace"}
        assert p.fully_understood
        (attack,) = p.abilities
        assert attack.kind == "triggered" and attack.effects[0].name == "draw"
        assert p.mana_cost == ManaCost.parse("{1}{U}")


class TestMana:
    def test_reflecting_pool(self, card: CardFactory) -> None:
        p = compile_card(card("Reflecting Pool", "{T}: Add one mana of any type that a land "
                              "you control could produce.", types=("Land",)))
        (ability,) = p.mana_abilities
        assert ability.produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE
        assert ability.cost.tap and p.fully_understood

    def test_basic_land(self, card: CardFactory) -> None:
        p = compile_card(card("Forest", "({T}: Add {G}.)", types=("Land",),
                              subtypes=("Forest",), supertypes=("Basic",)))
        assert [m.describe() for m in p.mana_abilities] == ["{T}: Add {G}"]
        assert p.mana_abilities[0].intrinsic and p.fully_understood

    def test_tapland(self, card: CardFactory) -> None:
        p = compile_card(card("Swiftwater Cliffs", "Swiftwater Cliffs enters the battlefield "
                              "tapped.\n{T}: Add {U} or {R}.", types=("Land",)))
        assert p.enters_tapped and len(p.mana_abilities) == 1 and p.fully_understood

    def test_partial_line_leaves_a_span(self, card: CardFactory) -> None:
        p = compile_card(card("Odd Land", "{T}: Add {W}. This land dances a jig.",
                              types=("Land",)))
        assert len(p.mana_abilities) == 1
        assert p.unsupported == (UnsupportedSpan("Odd Land", "Odd Land dances a jig."),)

    def test_painland_damage_is_part_of_the_mana_ability(self, card: CardFactory) -> None:
        p = compile_card(card("Hurt Land", "{T}: Add {W}. This land deals 1 damage to you.",
                              types=("Land",)))
        (ability,) = p.mana_abilities
        assert [e.name for e in ability.effects] == ["deal_damage"] and p.fully_understood
        assert ability.describe() == "{T}: Add {W}; it deals 1 damage to you"

    def test_counter_cost_of_a_mana_ability(self, card: CardFactory) -> None:
        p = compile_card(card("Vivid Test", "This land enters tapped with two charge counters "
                              "on it.\n{T}, Remove a charge counter from this land: Add one "
                              "mana of any color.", types=("Land",)))
        (ability,) = p.mana_abilities
        assert [c.name for c in ability.cost.costs] == ["remove_counters"]
        assert p.fully_understood

    def test_untap_cost(self, card: CardFactory) -> None:
        p = compile_card(card("Untapper", "{Q}: Add {C}{C}."))
        assert p.mana_abilities[0].cost.untap


class TestUnsupported:
    def test_nothing_is_dropped(self, card: CardFactory) -> None:
        p = compile_card(card("Ninja of the Deep Hours",
                              "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker...)\n"
                              "Whenever Ninja of the Deep Hours deals combat damage to a "
                              "player, you may draw a card."))
        assert [k.name for k in p.keywords] == ["Ninjutsu"]
        assert p.fully_understood
        p = compile_card(card("Gibberer", "Whenever Gibberer dances, the moon sings."))
        assert p.unsupported == (UnsupportedSpan(
            "Gibberer", "Whenever Gibberer dances, the moon sings."),)
        assert not p.fully_understood

    def test_unknown_keyword_line(self, card: CardFactory) -> None:
        p = compile_card(card("Weird", "Blight 2"))
        assert p.keywords == () and [u.text for u in p.unsupported] == ["Blight 2"]

    def test_half_understood_line(self, card: CardFactory) -> None:
        p = compile_card(card("Lord", "Other Elves you control get +1/+1. Draw a card."))
        assert len(p.anthems) == 1
        assert [u.text for u in p.unsupported] == ["Draw a card."]

    def test_bad_mana_cost(self, card: CardFactory) -> None:
        p = compile_card(card("Odd", mana_cost="{HW}"))
        assert p.mana_cost == ManaCost() and [u.text for u in p.unsupported] \
            == ["mana cost {HW}"]

    def test_vanilla_and_empty(self, card: CardFactory) -> None:
        assert compile_card(card("Grizzly Bears")).fully_understood
        empty = compile_card(card("Nothing", faces=[]))
        assert empty.fully_understood and empty.name == "Nothing"


class TestValue:
    def test_frozen_and_hashable(self, card: CardFactory) -> None:
        a = compile_card(card("Splinter, Hamato Yoshi", SPLINTER_TEXT))
        b = compile_card(card("Splinter, Hamato Yoshi", SPLINTER_TEXT))
        assert a == b and hash(a) == hash(b) and len({a, b}) == 1

    def test_json(self, card: CardFactory) -> None:
        p = compile_card(card("Ninja", "Ninjutsu {1}{U}\nWhenever it attacks, draw.",
                              subtypes=("Ninja",)))
        data = json.loads(json.dumps(p.to_json()))
        assert data["unsupported"] == [{"face": "Ninja", "text": "Whenever it attacks, draw."}]
        assert data["keywords"][0]["cost"] == "{1}{U}"
        assert data["creature_types"] == ["Ninja"] and data["fully_understood"] is False

    def test_json_of_everything(self, card: CardFactory) -> None:
        text = ("Flying\nOther Goblins you control get +1/+1 and have haste.\n"
                "{T}: Add one mana of any color.\nGoblin spells you cast cost {1} less to cast.\n"
                "This creature can't be blocked.")
        data = json.loads(json.dumps(compile_card(card("Everything", text)).to_json()))
        assert data["anthems"][0]["affected"]["subtypes"] == ["Goblin"]
        assert data["mana_abilities"][0]["produces"] == "any_color"
        assert data["cost_reductions"][0]["amount"] == "{1}"
        assert data["evasion"] == ["flying", "unblockable"]
        assert data["unsupported"] == []

    def test_profile_defaults(self) -> None:
        assert CardProfile("x", "X").fully_understood
