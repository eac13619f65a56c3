"""The clause grammar's static and activated abilities, fourth round (CR 113.1c, 201.5,
602.5, 604, 611.3): real Oracle sentences in, typed readings out."""

from __future__ import annotations

from analyzer.cards.model import Card, Face
from analyzer.oracle import compile_card
from analyzer.oracle.abilities import ReplacementEffect, StaticAbility, Timing
from analyzer.oracle.effects import Duration
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.grammar.conditions import read_condition
from analyzer.oracle.lines import read_activated
from analyzer.oracle.mana import Color
from analyzer.oracle.objects import Zone
from analyzer.oracle.text import normalize_line


def _card(name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> Card:
    return Card(id=name, name=name, faces=(Face(name=name, type=" ".join(types),
                                                types=types, text=text),))


class TestSelfGrantedQuotes:
    def test_threshold_self_grant_names_the_card(self) -> None:
        # Cephalid Sage: the card grants the ability to itself; its name in the quote is
        # the object that has the ability (CR 201.5)
        line = ('Threshold — As long as seven or more cards are in your graveyard, Cephalid '
                'Sage has "When Cephalid Sage enters the battlefield, draw three cards, then '
                'discard two cards."')
        assert normalize_line(line, ("Cephalid Sage",)).endswith(
            'CARDNAME has "When CARDNAME enters, draw three cards, then discard two cards."')
        profile = compile_card(_card("Cephalid Sage", line))
        assert profile.fully_understood
        static, = profile.abilities
        assert isinstance(static, StaticAbility)
        assert static.condition == "seven or more cards are in your graveyard"
        grant, = static.effects
        assert grant.name == "grant_abilities"
        assert grant.arg("ability") == ("When CARDNAME enters, draw three cards, then discard "
                                        "two cards.")

    def test_gets_and_has(self) -> None:
        # Treacherous Vampire
        line = ('Threshold — As long as seven or more cards are in your graveyard, Treacherous '
                'Vampire gets +2/+2 and has "When Treacherous Vampire dies, you lose 6 life."')
        profile = compile_card(_card("Treacherous Vampire", line))
        assert profile.fully_understood
        static, = profile.abilities
        assert isinstance(static, StaticAbility)
        assert [e.name for e in static.effects] == ["modify_pt", "grant_abilities"]

    def test_it_after_as_long_as_self(self) -> None:
        # Flaring Flame-Kin
        line = ('As long as Flaring Flame-Kin is enchanted, it gets +2/+2, has trample, and '
                'has "{R}: Flaring Flame-Kin gets +1/+0 until end of turn."')
        assert normalize_line(line, ("Flaring Flame-Kin",)).endswith(
            '"{R}: CARDNAME gets +1/+0 until end of turn."')

    def test_equipment_name_in_a_grant_to_another_object_is_kept(self) -> None:
        # Blazing Torch: the Equipment is not the creature that has the ability
        line = ('Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 '
                'damage to any target."')
        assert normalize_line(line, ("Blazing Torch",)) == line
        line = 'Other creatures have "Whenever this creature attacks, you may fight Grothama."'
        assert normalize_line(line, ("Grothama",)) == line


class TestInsteadOfEntering:
    def test_mox_diamond(self) -> None:
        # the karoo lands and Mox Diamond: what is done instead of entering, then where the
        # card goes (CR 614.1a)
        text = ("If Mox Diamond would enter the battlefield, you may discard a land card "
                "instead. If you do, put Mox Diamond onto the battlefield. If you don't, put it "
                "into its owner's graveyard.")
        profile = compile_card(_card("Mox Diamond", text, ("Artifact",)))
        assert profile.fully_understood
        replacement, = profile.abilities
        assert isinstance(replacement, ReplacementEffect)
        assert replacement.condition == "if CARDNAME would enter"
        discard, enters, graveyard = replacement.effects
        assert discard.name == "discard" and discard.optional
        assert (enters.condition, enters.arg("destination")) == ("if you do", Zone.BATTLEFIELD)
        assert (graveyard.condition, graveyard.arg("destination")) == (
            "if you don't", Zone.GRAVEYARD)

    def test_other_enters_replacements_take_no_more_sentences(self) -> None:
        text = "CARDNAME enters tapped. Put CARDNAME onto the battlefield."
        assert not compile_card(_card("Some Land", text, ("Land",))).fully_understood


def _read(name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> StaticAbility:
    profile = compile_card(_card(name, text, types))
    assert profile.fully_understood, profile.describe()
    static = profile.abilities[-1]
    assert isinstance(static, StaticAbility)
    return static


class TestConditionShapes:
    def test_a_library_has_twenty_or_fewer_cards(self) -> None:
        # Isleback Spawn
        static = _read("Isleback Spawn", "Isleback Spawn gets +4/+8 as long as a library has "
                       "twenty or fewer cards in it.")
        condition = read_condition("as long as a library has twenty or fewer cards in it")
        assert condition is not None
        assert (condition.kind, condition.value) == ("library", "a library <=20")
        assert static.condition == "a library has twenty or fewer cards in it"

    def test_two_or_more_creatures_are_blocking_it(self) -> None:
        # Rampaging Cyclops
        _read("Rampaging Cyclops", "Rampaging Cyclops gets -2/-0 as long as two or more "
              "creatures are blocking it.")
        condition = read_condition("as long as two or more creatures are blocking it")
        assert condition is not None
        assert (condition.kind, condition.value) == ("combat", "blocked by >=2")

    def test_an_opponent_owns_a_card_in_exile(self) -> None:
        # Warden of the Beyond
        _read("Warden of the Beyond", "Warden of the Beyond gets +2/+2 as long as an opponent "
              "owns a card in exile.")
        condition = read_condition("as long as an opponent owns a card in exile")
        assert condition is not None and condition.subject is not None
        assert (condition.kind, condition.value, condition.subject.text) == (
            "count", ">=1 owned in exile", "an opponent")

    def test_hasnt_dealt_damage_yet(self) -> None:
        # Palladia-Mors, the Ruiner
        static = _read("Palladia-Mors", "Palladia-Mors has hexproof if it hasn't dealt damage "
                       "yet.")
        assert static.condition == "if it hasn't dealt damage yet"
        condition = read_condition("if it hasn't dealt damage yet")
        assert condition is not None and condition.negated

    def test_there_is_a_mountain_on_the_battlefield(self) -> None:
        # Glacial Crasher, Shauku
        static = _read("Glacial Crasher", "Glacial Crasher can't attack unless there is a "
                       "Mountain on the battlefield.")
        assert static.effects[0].arg("restriction") == "can't attack unless"
        condition = read_condition("if there's another creature on the battlefield")
        assert condition is not None and condition.object is not None
        assert condition.object.filter.other and condition.value == ">=1"


class TestTargetingByColor:
    def test_informer(self) -> None:
        static = _read("Mercenary Informer", "Mercenary Informer can't be the target of black "
                       "spells or abilities from black sources.")
        restrict, = static.effects
        by = restrict.arg("by")
        assert restrict.arg("restriction") == "can't be the target of"
        assert (by.filter.kind, by.filter.colors) == ("source", Color.B)
        assert by.text == "black spells or abilities from black sources"

    def test_nongreen(self) -> None:
        # Gaea's Revenge
        static = _read("Gaea's Revenge", "Gaea's Revenge can't be the target of nongreen "
                       "spells or abilities from nongreen sources.")
        assert static.effects[0].arg("by").filter.excluded_colors == Color.G

    def test_different_colors_stay_unread(self) -> None:
        assert parse_effects("CARDNAME can't be the target of black spells or abilities from "
                             "white sources.") is None


class TestAbilitiesOfOtherObjects:
    def test_dark_impostor(self) -> None:
        static = _read("Dark Impostor", "Dark Impostor has all activated abilities of all "
                       "creature cards exiled with it.")
        effect, = static.effects
        assert effect.name == "gain_abilities_of" and effect.arg("kinds") == "activated"
        assert effect.arg("target").filter.kind == "self"
        assert effect.arg("of").text == "all creature cards exiled with it"
        assert effect.describe() == ("this object has all activated abilities of all creature "
                                     "cards exiled with it")

    def test_until_end_of_turn(self) -> None:
        # Quicksilver Elemental
        e, = parse_effects("CARDNAME gains all activated abilities of target creature until "
                           "end of turn.")
        assert e.name == "gain_abilities_of" and e.arg("duration") is Duration.END_OF_TURN
        assert e.arg("of").targeted

    def test_an_exception_stays_unread(self) -> None:
        # Sharkey: "except mana abilities" is not said by the typed values
        assert parse_effects("CARDNAME has all activated abilities of lands your opponents "
                             "control except mana abilities.") is None


class TestWithNoAbilitiesOrCounters:
    def test_muraganda_petroglyphs(self) -> None:
        static = _read("Muraganda Petroglyphs", "Creatures with no abilities get +2/+2.",
                       ("Enchantment",))
        effect, = static.effects
        assert effect.arg("target").filter.states == frozenset({"no abilities"})

    def test_hazardous_conditions(self) -> None:
        e, = parse_effects("Creatures with no counters on them get -2/-2 until end of turn.")
        assert e.arg("target").filter.states == frozenset({"no counters"})


class TestActivationConditions:
    def test_creatures_with_different_powers(self) -> None:
        # Ambitious Farmhand (Coven)
        condition = read_condition("if you control three or more creatures with different "
                                   "powers")
        assert condition is not None and condition.object is not None
        assert (condition.kind, condition.value, condition.object.text) == (
            "control", ">=3 with different powers", "creatures")

    def test_lands_with_the_same_name(self) -> None:
        # Endless Atlas
        ability = read_activated("{2}, {T}: Draw a card. Activate only if you "
                                 "control three or more lands with the same name.")
        assert ability is not None and Timing.CONDITION in ability.timing

    def test_permanent_types_among_cards(self) -> None:
        # Matzalantli, the Great Door
        condition = read_condition("if there are four or more permanent types among cards in "
                                   "your graveyard")
        assert condition is not None
        assert condition.value == ">=4 permanent types in your graveyard"

    def test_blocked_or_was_blocked_by(self) -> None:
        # Sea Troll
        condition = read_condition("if CARDNAME blocked or was blocked by a blue creature "
                                   "this turn")
        assert condition is not None and condition.object is not None
        assert (condition.kind, condition.object.filter.colors) == ("this_turn", Color.U)

    def test_at_least_one_creature_is_blocking(self) -> None:
        # Grizzled Wolverine
        ability = read_activated("{R}: CARDNAME gets +2/+0 until end of turn. Activate only "
                                 "during the declare blockers step, only if at least one "
                                 "creature is blocking CARDNAME, and only once each turn.")
        assert ability is not None
        assert Timing.DECLARE_BLOCKERS_STEP in ability.timing
        assert Timing.CONDITION in ability.timing


class TestPrintedSize:
    def test_target_one_one_creature(self) -> None:
        # Pendelhaven
        e, = parse_effects("Target 1/1 creature gets +1/+2 until end of turn.")
        f = e.arg("target").filter
        assert (f.power, f.toughness, f.types) == (("==", 1), ("==", 1),
                                                   frozenset({"Creature"}))

    def test_a_token_is_not_a_creature_phrase(self) -> None:
        from analyzer.oracle.lexer import tokenize
        from analyzer.oracle.nouns import noun_phrase

        tokens = tokenize("a 1/1 creature token")
        assert noun_phrase(tokens, 0, len(tokens)) is None
        tokens = tokenize("a +1/+1 creature")
        assert noun_phrase(tokens, 0, len(tokens)) is None


class TestMoreConditionShapes:
    def test_counts(self) -> None:
        cases = {
            "if your library has ten or more cards in it": ("library", ">=10"),
            "if a graveyard has twenty or more cards in it": ("count", "a graveyard >=20"),
            "as long as there are four or more card types among cards exiled with CARDNAME":
                ("count", ">=4 card types among cards exiled with CARDNAME"),
            "as long as there are three or more different kinds of counters among creatures "
            "you control": ("count", ">=3 kinds of counters among creatures you control"),
            "if four or more creatures are attacking": ("combat", "attacking >=4"),
            "if exactly one creature is attacking": ("combat", "attacking ==1"),
            "if your life total is less than or equal to half your starting life total":
                ("life", "<= half starting"),
            "if you've played a land this turn": ("this_turn", "played a land"),
            "if CARDNAME has dealt 3 or more damage this turn": ("this_turn",
                                                                 "dealt >=3 damage"),
            "as long as you've put one or more +1/+1 counters on CARDNAME this turn":
                ("this_turn", "put counters on CARDNAME"),
        }
        for text, (kind, value) in cases.items():
            condition = read_condition(text)
            assert condition is not None, text
            assert (condition.kind, condition.value) == (kind, value), text

    def test_hasnt_been_exerted(self) -> None:
        condition = read_condition("if CARDNAME hasn't been exerted this turn")
        assert condition is not None and condition.negated and condition.kind == "this_turn"

    def test_hundred_battle_veteran(self) -> None:
        static = _read("Hundred-Battle Veteran", "As long as there are three or more different "
                       "kinds of counters among creatures you control, this creature gets "
                       "+2/+4.")
        assert static.condition == ("there are three or more different kinds of counters "
                                    "among creatures you control")


class TestEntersTappedAnd:
    def test_leviathan(self) -> None:
        text = "Leviathan enters the battlefield tapped and doesn't untap during your untap step."
        profile = compile_card(_card("Leviathan", text))
        assert profile.fully_understood and profile.enters_tapped
        restriction, = profile.abilities
        assert isinstance(restriction, StaticAbility)
        assert restriction.effects[0].arg("restriction") == (
            "doesn't untap during its controller's untap step")

    def test_sphere_of_the_suns(self) -> None:
        text = "Sphere of the Suns enters the battlefield tapped and with three charge counters on it."
        profile = compile_card(_card("Sphere of the Suns", text, ("Artifact",)))
        assert profile.fully_understood and profile.enters_tapped
        counters, = profile.abilities
        assert isinstance(counters, ReplacementEffect)
        assert counters.effects[0].arg("counter") == "charge"

    def test_an_unread_second_part_keeps_the_sentence_unread(self) -> None:
        text = "Grimgrin enters tapped and dances wildly."
        assert not compile_card(_card("Grimgrin", text)).fully_understood


class TestSpendingRestrictions:
    def test_equip_abilities(self) -> None:
        # Ronin, Shadow Stalker
        from analyzer.oracle.mana_abilities import read_spending_restriction

        found = read_spending_restriction("Spend this mana only to cast Equipment spells or "
                                          "activate equip abilities.")
        assert found is not None
        (cast, spells), (equip, nothing) = found
        assert (cast, equip, nothing) == ("cast", "equip", None)
        assert spells is not None and spells.filter.subtypes == frozenset({"Equipment"})

    def test_turn_face_up(self) -> None:
        # Overgrown Zealot
        profile = compile_card(_card("Overgrown Zealot", "{T}: Add two mana of any one color. "
                                     "Spend this mana only to turn permanents face up."))
        assert profile.fully_understood
        mana, = profile.mana_abilities
        assert mana.spend_only == (("turn face up", None),)
        assert "(spend this mana only to turn permanents face up)" in mana.describe()
