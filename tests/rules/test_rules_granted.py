"""Abilities granted by Auras and Equipment (CR 613.1f, 301.5, 303.4), activation cost
reductions (Power Artifact, CR 601.2f via 602.2b), "Creatures don't untap during their
controllers' untap steps" (CR 502.3) and mana "equal to CARDNAME's power" (CR 605.3b).

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz; every
expected value is read from that text and the rule cited next to it.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    ActivateManaAbility,
    CardLibrary,
    Game,
    IllegalActionError,
    PassPriority,
    Step,
    UnsupportedCardError,
    Zone,
)
from analyzer.rules.abilities import activatable, find_ability
from analyzer.rules.cards import inline_card
from analyzer.rules.layers import power_toughness
from analyzer.rules.model import GameObject

BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
PRESENCE = inline_card(
    "Presence of Gond", "{2}{G}", "Enchantment — Aura",
    'Enchant creature\nEnchanted creature has "{T}: Create a 1/1 green Elf Warrior creature '
    'token."')
NEST = inline_card(
    "Squirrel Nest", "{1}{G}{G}", "Enchantment — Aura",
    'Enchant land\nEnchanted land has "{T}: Create a 1/1 green Squirrel creature token."')
FOREST = inline_card("Forest", "", "Basic Land — Forest")
ISLAND = inline_card("Island", "", "Basic Land — Island")
MANTLE = inline_card(
    "Umbral Mantle", "{3}", "Artifact — Equipment",
    'Equipped creature has "{3}, {Q}: This creature gets +2/+2 until end of turn." ({Q} is '
    "the untap symbol.)\nEquip {0}")
POWER_ARTIFACT = inline_card(
    "Power Artifact", "{U}{U}", "Enchantment — Aura",
    "Enchant artifact\nEnchanted artifact's activated abilities cost {2} less to activate. "
    "This effect can't reduce the mana in that cost to less than one mana.")
BASALT = inline_card(
    "Basalt Monolith", "{3}", "Artifact",
    "Basalt Monolith doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n"
    "{3}: Untap Basalt Monolith.")
GRIM = inline_card(
    "Grim Monolith", "{2}", "Artifact",
    "Grim Monolith doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n"
    "{4}: Untap Grim Monolith.")
CHEAP = inline_card("Cheap Relic", "{1}", "Artifact", "{1}: Cheap Relic gets +1/+1 until end "
                    "of turn.")
MARWYN = inline_card(
    "Marwyn, the Nurturer", "{2}{G}", "Legendary Creature — Elf Druid",
    "Whenever another Elf you control enters, put a +1/+1 counter on Marwyn, the Nurturer.\n"
    "{T}: Add an amount of {G} equal to Marwyn's power.", "1", "1")
ALARM = inline_card(
    "Intruder Alarm", "{2}{U}", "Enchantment",
    "Creatures don't untap during their controllers' untap steps.\n"
    "Whenever a creature enters the battlefield, untap all creatures.")
ODD_AURA = inline_card(
    "Odd Aura", "{U}", "Enchantment — Aura",
    'Enchant creature\nEnchanted creature has "{T}: Exchange your hand and your library in '
    'some strange way."')


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([BEARS, PRESENCE, NEST, FOREST, ISLAND, MANTLE, POWER_ARTIFACT,
                           BASALT, GRIM, CHEAP, MARWYN, ALARM, ODD_AURA])


def _game(cards: CardLibrary, *names: str, step: Step = Step.MAIN1
          ) -> tuple[Game, dict[str, GameObject]]:
    game = Game(cards)
    objs = {}
    for name in names:
        obj = game.add(name.split(" #")[0], Zone.BATTLEFIELD, "A")
        objs[obj.alias] = obj
    game.add("Island", Zone.LIBRARY, "A")
    game.add("Island", Zone.LIBRARY, "B")
    return game, objs


def _activate(game: Game, obj: GameObject, fragment: str) -> None:
    index, _ = find_ability(game.data(obj), fragment)
    game.apply(ActivateAbility("A", obj.oid, index))


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


class TestGrantedAbilities:
    def test_enchanted_creature_has_the_quoted_ability(self, cards: CardLibrary) -> None:
        # Presence of Gond: 'Enchanted creature has "{T}: Create a 1/1 green Elf Warrior
        # creature token."' (CR 613.1f): the creature has it, the Aura and another creature
        # do not.
        game, objs = _game(cards, "Grizzly Bears", "Grizzly Bears #2", "Presence of Gond")
        game.attach(objs["Presence of Gond"], objs["Grizzly Bears"])
        game.start(Step.MAIN1, "A", 2)
        texts = [a.text for a in activatable(game.data(objs["Grizzly Bears"]))]
        assert texts == ["{T}: Create a 1/1 green Elf Warrior creature token."]
        assert activatable(game.data(objs["Grizzly Bears #2"])) == []
        assert activatable(game.data(objs["Presence of Gond"])) == []
        _activate(game, objs["Grizzly Bears"], "Elf Warrior")
        assert objs["Grizzly Bears"].tapped
        _resolve(game)
        tokens = [o for o in game.battlefield() if o.token]
        assert [(game.data(t).name, power_toughness(game, t)) for t in tokens] == \
            [("Elf Warrior", (1, 1))]

    def test_summoning_sickness_applies_to_a_granted_tap_ability(
            self, cards: CardLibrary) -> None:
        # CR 302.6: a creature's {T} ability can't be activated unless it has been under its
        # controller's control continuously since their most recent turn began.
        game, objs = _game(cards, "Grizzly Bears", "Presence of Gond")
        objs["Grizzly Bears"].sick = True
        game.attach(objs["Presence of Gond"], objs["Grizzly Bears"])
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError, match=r"302\.6"):
            _activate(game, objs["Grizzly Bears"], "Elf Warrior")

    def test_a_land_has_no_summoning_sickness(self, cards: CardLibrary) -> None:
        # Squirrel Nest on a Forest that just entered: CR 302.6 is about creatures only.
        game, objs = _game(cards, "Forest", "Squirrel Nest")
        objs["Forest"].sick = True
        game.attach(objs["Squirrel Nest"], objs["Forest"])
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Forest"], "Squirrel")
        _resolve(game)
        assert [game.data(o).name for o in game.battlefield() if o.token] == ["Squirrel"]

    def test_the_ability_ends_when_the_aura_leaves(self, cards: CardLibrary) -> None:
        # The layer 6 effect applies only while the Aura is attached (CR 611.3a, 303.4).
        game, objs = _game(cards, "Grizzly Bears", "Presence of Gond")
        game.attach(objs["Presence of Gond"], objs["Grizzly Bears"])
        game.start(Step.MAIN1, "A", 2)
        game.move(objs["Presence of Gond"], Zone.GRAVEYARD)
        assert activatable(game.data(objs["Grizzly Bears"])) == []
        with pytest.raises(KeyError, match="no ability"):
            find_ability(game.data(objs["Grizzly Bears"]), "Elf Warrior")

    def test_this_creature_means_the_equipped_creature(self, cards: CardLibrary) -> None:
        # Umbral Mantle: 'Equipped creature has "{3}, {Q}: This creature gets +2/+2 until
        # end of turn."' - the creature untaps ({Q}, CR 107.6) and gets +2/+2 (2/2 -> 4/4).
        game, objs = _game(cards, "Grizzly Bears", "Umbral Mantle", "Island", "Island #2",
                           "Island #3")
        game.attach(objs["Umbral Mantle"], objs["Grizzly Bears"])
        objs["Grizzly Bears"].tapped = True
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Grizzly Bears"], "+2/+2")
        assert not objs["Grizzly Bears"].tapped
        assert all(objs[f"Island{n}"].tapped for n in ("", " #2", " #3"))
        _resolve(game)
        assert power_toughness(game, objs["Grizzly Bears"]) == (4, 4)

    def test_untap_symbol_needs_a_tapped_creature(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, "Grizzly Bears", "Umbral Mantle", "Island", "Island #2",
                           "Island #3")
        game.attach(objs["Umbral Mantle"], objs["Grizzly Bears"])
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError, match=r"107\.6"):
            _activate(game, objs["Grizzly Bears"], "+2/+2")

    def test_a_granted_ability_the_compiler_cannot_read_refuses_the_aura(
            self, cards: CardLibrary) -> None:
        game, _ = _game(cards, "Grizzly Bears")
        with pytest.raises(UnsupportedCardError, match="Odd Aura") as err:
            game.add("Odd Aura", Zone.BATTLEFIELD, "A")
        assert "Enchanted creature has" in str(err.value)


class TestActivationCostReduction:
    def test_power_artifact_makes_basalt_monolith_untap_for_one(
            self, cards: CardLibrary) -> None:
        # "{3}: Untap" costs {2} less: {1} (CR 601.2f via 602.2b). {C}{C}{C} from the tap,
        # {1} paid: {C}{C} left.
        game, objs = _game(cards, "Basalt Monolith", "Power Artifact")
        game.attach(objs["Power Artifact"], objs["Basalt Monolith"])
        game.start(Step.MAIN1, "A", 2)
        monolith = objs["Basalt Monolith"]
        game.apply(ActivateManaAbility("A", monolith.oid, 0))
        _activate(game, monolith, "Untap")
        assert game.player("A").pool["C"] == 2
        _resolve(game)
        assert not monolith.tapped

    def test_grim_monolith_untap_costs_two(self, cards: CardLibrary) -> None:
        # "{4}: Untap" - {2} = {2}; {C}{C}{C} - 2 = {C}.
        game, objs = _game(cards, "Grim Monolith", "Power Artifact")
        game.attach(objs["Power Artifact"], objs["Grim Monolith"])
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Grim Monolith"].oid, 0))
        _activate(game, objs["Grim Monolith"], "Untap")
        assert game.player("A").pool["C"] == 1

    def test_never_below_one_mana(self, cards: CardLibrary) -> None:
        # "This effect can't reduce the mana in that cost to less than one mana": {1} stays
        # {1}; with no mana it can't be paid.
        game, objs = _game(cards, "Cheap Relic", "Power Artifact")
        game.attach(objs["Power Artifact"], objs["Cheap Relic"])
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError):
            _activate(game, objs["Cheap Relic"], "+1/+1")

    def test_unenchanted_monolith_pays_full_price(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, "Basalt Monolith", "Power Artifact", "Grim Monolith")
        game.attach(objs["Power Artifact"], objs["Grim Monolith"])
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Basalt Monolith"].oid, 0))
        _activate(game, objs["Basalt Monolith"], "Untap")
        assert game.player("A").pool["C"] == 0


class TestUntapStepRestriction:
    def test_intruder_alarm_keeps_creatures_tapped_not_lands(self, cards: CardLibrary) -> None:
        # "Creatures don't untap during their controllers' untap steps." (CR 502.3): the
        # creature stays tapped through A's next untap step, the Forest untaps.
        game, objs = _game(cards, "Intruder Alarm", "Grizzly Bears", "Forest")
        objs["Grizzly Bears"].tapped = objs["Forest"].tapped = True
        game.start(Step.END, "B", 2)
        while game.step is not Step.UPKEEP or game.active != "A":
            game.apply(PassPriority(game.priority or game.active))
        assert objs["Grizzly Bears"].tapped
        assert not objs["Forest"].tapped

    def test_intruder_alarm_untaps_all_creatures_when_one_enters(
            self, cards: CardLibrary) -> None:
        game, objs = _game(cards, "Intruder Alarm", "Grizzly Bears", "Presence of Gond")
        game.attach(objs["Presence of Gond"], objs["Grizzly Bears"])
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Grizzly Bears"], "Elf Warrior")
        _resolve(game)                      # the Elf Warrior enters: Intruder Alarm triggers
        assert objs["Grizzly Bears"].tapped
        _resolve(game)
        assert not objs["Grizzly Bears"].tapped


class TestManaEqualToPower:
    def test_marwyn_adds_green_equal_to_its_power(self, cards: CardLibrary) -> None:
        # 1/1 with three +1/+1 counters: power 4, so {G}{G}{G}{G} (CR 605.3b).
        game, objs = _game(cards, "Marwyn, the Nurturer")
        objs["Marwyn, the Nurturer"].counters["+1/+1"] = 3
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Marwyn, the Nurturer"].oid, 0))
        assert game.player("A").pool["G"] == 4


def test_a_granted_ability_resolves_after_its_aura_leaves(cards: CardLibrary) -> None:
    # CR 113.7a: once activated, the ability exists apart from its source; the Aura leaving
    # does not stop it.
    game, objs = _game(cards, "Grizzly Bears", "Presence of Gond")
    game.attach(objs["Presence of Gond"], objs["Grizzly Bears"])
    game.start(Step.MAIN1, "A", 2)
    _activate(game, objs["Grizzly Bears"], "Elf Warrior")
    game.move(objs["Presence of Gond"], Zone.GRAVEYARD)
    _resolve(game)
    assert [game.data(o).name for o in game.battlefield() if o.token] == ["Elf Warrior"]


BLOOM = inline_card(
    "Bloom Tender", "{1}{G}", "Creature — Elf Druid",
    "Vivid — {T}: For each color among permanents you control, add one mana of that color.",
    "1", "1")
FREED = inline_card(
    "Freed from the Real", "{2}{U}", "Enchantment — Aura",
    "Enchant creature\n{U}: Tap enchanted creature.\n{U}: Untap enchanted creature.")


@pytest.fixture
def vivid() -> CardLibrary:
    return CardLibrary.of([BLOOM, FREED, BEARS, ISLAND])


class TestEachColorAndEnchantedCreature:
    def test_bloom_tender_alone_adds_green(self, vivid: CardLibrary) -> None:
        # Its own colour is green; lands are colourless (CR 105.2): {G}.
        game, objs = _game(vivid, "Bloom Tender", "Island")
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Bloom Tender"].oid, 0))
        assert game.player("A").pool.format() == "{G}"

    def test_a_blue_aura_adds_blue(self, vivid: CardLibrary) -> None:
        # Freed from the Real is blue: one {G} and one {U}.
        game, objs = _game(vivid, "Bloom Tender", "Freed from the Real")
        game.attach(objs["Freed from the Real"], objs["Bloom Tender"])
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Bloom Tender"].oid, 0))
        assert game.player("A").pool.format() == "{U}{G}"

    def test_freed_untaps_the_enchanted_creature_only(self, vivid: CardLibrary) -> None:
        # "{U}: Untap enchanted creature." (CR 303.4): Bloom Tender, not the Bears.
        game, objs = _game(vivid, "Bloom Tender", "Freed from the Real", "Grizzly Bears")
        game.attach(objs["Freed from the Real"], objs["Bloom Tender"])
        objs["Grizzly Bears"].tapped = True
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Bloom Tender"].oid, 0))
        _activate(game, objs["Freed from the Real"], "Untap enchanted")
        _resolve(game)
        assert not objs["Bloom Tender"].tapped and objs["Grizzly Bears"].tapped
        assert game.player("A").pool.format() == "{G}"


def test_equipment_moved_takes_its_ability_along(cards: CardLibrary) -> None:
    # CR 301.5: the equipped creature has the ability; once the Equipment is attached to
    # another creature, that one has it and the first does not.
    game, objs = _game(cards, "Grizzly Bears", "Grizzly Bears #2", "Umbral Mantle")
    game.attach(objs["Umbral Mantle"], objs["Grizzly Bears"])
    assert [a.text for a in activatable(game.data(objs["Grizzly Bears"]))]
    game.attach(objs["Umbral Mantle"], objs["Grizzly Bears #2"])
    assert activatable(game.data(objs["Grizzly Bears"])) == []
    assert [a.text for a in activatable(game.data(objs["Grizzly Bears #2"]))] == \
        ["{3}, {Q}: Grizzly Bears gets +2/+2 until end of turn."]


def test_two_auras_grant_both_abilities(cards: CardLibrary) -> None:
    game, objs = _game(cards, "Forest", "Squirrel Nest", "Squirrel Nest #2")
    game.attach(objs["Squirrel Nest"], objs["Forest"])
    game.attach(objs["Squirrel Nest #2"], objs["Forest"])
    texts = [a.text for a in activatable(game.data(objs["Forest"]))]
    assert texts.count("{T}: Create a 1/1 green Squirrel creature token.") == 2


KINNAN = inline_card(
    "Kinnan, Bonder Prodigy", "{G}{U}", "Legendary Creature — Human Druid",
    "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent "
    "produced.", "2", "2")


def test_kinnan_adds_one_more_for_a_nonland_permanent() -> None:
    # Basalt Monolith (an artifact) tapped for {C}{C}{C}: Kinnan adds {C} (CR 605.1b,
    # 106.12a); an Island (a land) gets nothing more.
    cards = CardLibrary.of([KINNAN, BASALT, ISLAND])
    game, objs = _game(cards, "Kinnan, Bonder Prodigy", "Basalt Monolith", "Island")
    game.start(Step.MAIN1, "A", 2)
    game.apply(ActivateManaAbility("A", objs["Basalt Monolith"].oid, 0))
    assert game.player("A").pool.format() == "{C}{C}{C}{C}"
    game.apply(ActivateManaAbility("A", objs["Island"].oid, 0))
    assert game.player("A").pool.format() == "{U}{C}{C}{C}{C}"


def test_kinnan_does_not_guess_among_two_types() -> None:
    # Bloom Tender with a blue permanent makes {G}{U}: which type Kinnan adds is a choice
    # (CR 106.12a) the rules core does not ask, so it refuses rather than pick.
    cards = CardLibrary.of([KINNAN, BLOOM, ISLAND])
    game, objs = _game(cards, "Kinnan, Bonder Prodigy", "Bloom Tender")
    game.start(Step.MAIN1, "A", 2)
    with pytest.raises(UnsupportedCardError, match="choosing among the types"):
        game.apply(ActivateManaAbility("A", objs["Bloom Tender"].oid, 0))
