"""Persist and undying (CR 702.79a, 702.93a), effects on counters ("can't have ... counters
put on them", CR 122.1, 101.2; "that many minus one", CR 614.1a), costs that choose objects
(CR 601.2h, 701.21a, 302.6), scry 1 (CR 701.22a), damage "equal to its power" and a
keyword lost to a static ability (CR 613.1f).

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz; every
expected value is read from that text and the rule cited next to it.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    ActivateManaAbility,
    CardLibrary,
    Choose,
    Game,
    IllegalActionError,
    PassPriority,
    Step,
    Zone,
)
from analyzer.rules.abilities import find_ability
from analyzer.rules.cards import inline_card
from analyzer.rules.layers import has_keyword, power_toughness
from analyzer.rules.model import GameObject

FINKS = inline_card(
    "Kitchen Finks", "{1}{G/W}{G/W}", "Creature — Ouphe",
    "When this creature enters, you gain 2 life.\nPersist (When this creature dies, if it had "
    "no -1/-1 counters on it, return it to the battlefield under its owner's control with a "
    "-1/-1 counter on it.)", "3", "2")
SEER = inline_card(
    "Viscera Seer", "{B}", "Creature — Vampire Wizard",
    "Sacrifice a creature: Scry 1. (Look at the top card of your library. You may put that "
    "card on the bottom of your library.)", "1", "1")
MELIRA = inline_card(
    "Melira, Sylvok Outcast", "{1}{G}", "Legendary Creature — Human Scout",
    "You can't get poison counters.\nCreatures you control can't have -1/-1 counters put on "
    "them.\nCreatures your opponents control lose infect.", "2", "2")
VIZIER = inline_card(
    "Vizier of Remedies", "{1}{W}", "Creature — Human Cleric",
    "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 "
    "counters minus one are put on it instead.", "2", "1")
SOLEMNITY = inline_card(
    "Solemnity", "{2}{W}", "Enchantment",
    "Players can't get counters.\nCounters can't be put on artifacts, creatures, "
    "enchantments, or lands.")
MESSENGER = inline_card(
    "Geralf's Messenger", "{B}{B}{B}", "Creature — Zombie",
    "Geralf's Messenger enters the battlefield tapped.\nWhen Geralf's Messenger enters the "
    "battlefield, target opponent loses 2 life.\nUndying (When this creature dies, if it had "
    "no +1/+1 counters on it, return it to the battlefield under its owner's control with a "
    "+1/+1 counter on it.)", "3", "2")
ASHNOD = inline_card("Ashnod's Altar", "{3}", "Artifact", "Sacrifice a creature: Add {C}{C}.")
DRUID = inline_card(
    "Devoted Druid", "{1}{G}", "Creature — Elf Druid",
    "{T}: Add {G}.\nPut a -1/-1 counter on Devoted Druid: Untap Devoted Druid.", "0", "2")
EARTHCRAFT = inline_card("Earthcraft", "{1}{G}", "Enchantment",
                         "Tap an untapped creature you control: Untap target basic land.")
REDCAP = inline_card(
    "Murderous Redcap", "{2}{B/R}{B/R}", "Creature — Goblin Assassin",
    "When Murderous Redcap enters the battlefield, it deals damage equal to its power to any "
    "target.\nPersist (When this creature dies, if it had no -1/-1 counters on it, return it "
    "to the battlefield under its owner's control with a -1/-1 counter on it.)", "2", "2")
GROUNDER = inline_card("Grounder", "{1}{U}", "Enchantment",
                       "Creatures your opponents control lose flying.")
BIRD = inline_card("Storm Crow", "{1}{U}", "Creature — Bird", "Flying", "1", "2")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
FOREST = inline_card("Forest", "", "Basic Land — Forest")
ISLAND = inline_card("Island", "", "Basic Land — Island")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([FINKS, SEER, MELIRA, VIZIER, SOLEMNITY, MESSENGER, ASHNOD, DRUID,
                           EARTHCRAFT, REDCAP, GROUNDER, BIRD, BEARS, FOREST, ISLAND])


def _game(cards: CardLibrary, mine: tuple[str, ...], theirs: tuple[str, ...] = (),
          library: tuple[str, ...] = ("Island", "Forest")) -> tuple[Game, dict[str, GameObject]]:
    game = Game(cards)
    objs = {}
    for player, names in (("A", mine), ("B", theirs)):
        for name in names:
            obj = game.add(name, Zone.BATTLEFIELD, player,
                           alias=name if player == "A" else f"B's {name}")
            objs[obj.alias] = obj
    for name in library:
        obj = game.add(name, Zone.LIBRARY, "A", alias=f"library {name}")
        objs[obj.alias] = obj
    return game, objs


def _now(game: Game, obj: GameObject) -> GameObject:
    """The object as the game holds it now (a question replays from a copy of the state)."""
    return game.obj(obj.oid)


def _activate(game: Game, obj: GameObject, fragment: str, *, choose: tuple[int, ...] = (),
              targets: tuple[object, ...] = ()) -> None:
    index, _ = find_ability(game.data(obj), fragment)
    game.apply(ActivateAbility("A", obj.oid, index, targets=targets,  # type: ignore[arg-type]
                               cost_choices=choose))


def _pass_all(game: Game) -> None:
    """Pass until the stack is empty or a question waits."""
    for _ in range(20):
        if game.state.question is not None or not (game.stack() or game.state.pending_triggers):
            return
        game.apply(PassPriority(game.priority or game.active))


class TestPersist:
    def test_finks_returns_once_with_a_counter(self, cards: CardLibrary) -> None:
        # Persist: returns with a -1/-1 counter (3/2 -> 2/1) and "you gain 2 life" again;
        # with that counter on it, the next death does not return it (CR 702.79a).
        game, objs = _game(cards, ("Kitchen Finks", "Viscera Seer"))
        game.start(Step.MAIN1, "A", 2)
        finks = objs["Kitchen Finks"]
        _activate(game, objs["Viscera Seer"], "Scry", choose=(finks.oid,))
        assert _now(game, finks).zone is Zone.GRAVEYARD
        _pass_all(game)                    # persist, then the enters trigger; scry asks
        game.apply(Choose("A", "top"))
        _pass_all(game)
        finks = _now(game, finks)
        assert finks.zone is Zone.BATTLEFIELD and finks.counters["-1/-1"] == 1
        assert power_toughness(game, finks) == (2, 1)
        assert game.player("A").life == 22
        _activate(game, objs["Viscera Seer"], "Scry", choose=(finks.oid,))
        _pass_all(game)
        game.apply(Choose("A", "top"))
        _pass_all(game)
        assert _now(game, finks).zone is Zone.GRAVEYARD
        assert game.player("A").life == 22

    def test_melira_keeps_the_counter_off(self, cards: CardLibrary) -> None:
        # "Creatures you control can't have -1/-1 counters put on them": it returns with
        # none, so persist returns it every time (2 life each).
        game, objs = _game(cards, ("Kitchen Finks", "Viscera Seer", "Melira, Sylvok Outcast"))
        game.start(Step.MAIN1, "A", 2)
        for _ in range(3):
            _activate(game, objs["Viscera Seer"], "Scry", choose=(objs["Kitchen Finks"].oid,))
            _pass_all(game)
            game.apply(Choose("A", "top"))
            _pass_all(game)
        finks = _now(game, objs["Kitchen Finks"])
        assert finks.zone is Zone.BATTLEFIELD and finks.counters["-1/-1"] == 0
        assert game.player("A").life == 26

    def test_vizier_puts_that_many_minus_one(self, cards: CardLibrary) -> None:
        # One -1/-1 counter minus one: none (CR 614.1a).
        game, objs = _game(cards, ("Kitchen Finks", "Viscera Seer", "Vizier of Remedies"))
        game.start(Step.MAIN1, "A", 2)
        for _ in range(2):
            _activate(game, objs["Viscera Seer"], "Scry", choose=(objs["Kitchen Finks"].oid,))
            _pass_all(game)
            game.apply(Choose("A", "bottom"))
            _pass_all(game)
        assert _now(game, objs["Kitchen Finks"]).counters["-1/-1"] == 0
        assert game.player("A").life == 24

    def test_vizier_only_helps_its_controllers_creatures(self, cards: CardLibrary) -> None:
        # "a creature you control": A's Vizier does not change the counter on B's Finks
        # returned by persist under B's control (its owner's, CR 702.79a).
        game, objs = _game(cards, ("Vizier of Remedies",), ("Kitchen Finks",))
        game.start(Step.MAIN1, "A", 2)
        finks = objs["B's Kitchen Finks"]
        game.move(finks, Zone.GRAVEYARD)          # B's Finks dies
        _pass_all(game)
        finks = _now(game, finks)
        assert finks.zone is Zone.BATTLEFIELD and game.controller(finks) == "B"
        assert finks.counters["-1/-1"] == 1
        assert game.player("B").life == 22

    def test_a_token_with_persist_does_not_come_back(self, cards: CardLibrary) -> None:
        # A token put into a graveyard ceases to exist (CR 111.7): persist finds nothing.
        game, objs = _game(cards, ("Viscera Seer",))
        token = game.create_token_copy("Kitchen Finks", "A")
        game.start(Step.MAIN1, "A", 2)
        _pass_all(game)
        _activate(game, objs["Viscera Seer"], "Scry", choose=(token.oid,))
        _pass_all(game)
        game.apply(Choose("A", "top"))
        _pass_all(game)
        assert [o for o in game.battlefield() if o.token] == []
        assert any("no longer in the graveyard" in e.text for e in game.log)


class TestUndyingAndSolemnity:
    def test_undying_returns_with_a_counter_once(self, cards: CardLibrary) -> None:
        # Undying: returns with a +1/+1 counter (4/3), enters tapped, B loses 2 (target
        # opponent, chosen as the trigger goes on the stack, CR 603.3d). With the counter,
        # it does not return again.
        game, objs = _game(cards, ("Geralf's Messenger", "Ashnod's Altar"))
        game.start(Step.MAIN1, "A", 2)
        messenger = objs["Geralf's Messenger"]
        game.apply(ActivateManaAbility("A", objs["Ashnod's Altar"].oid, 0, "",
                                       (messenger.oid,)))
        assert game.player("A").pool["C"] == 2
        assert game.stack() == [] and len(game.state.pending_triggers) == 1
        game.apply(PassPriority("A"))      # the undying trigger goes on the stack (CR 117.5)
        assert len(game.stack()) == 1
        _pass_all(game)
        game.apply(Choose("A", "B"))
        _pass_all(game)
        messenger = _now(game, messenger)
        assert messenger.zone is Zone.BATTLEFIELD and messenger.tapped
        assert power_toughness(game, messenger) == (4, 3)
        assert game.player("B").life == 18
        game.apply(ActivateManaAbility("A", objs["Ashnod's Altar"].oid, 0, "",
                                       (messenger.oid,)))
        assert game.state.pending_triggers == []
        assert _now(game, messenger).zone is Zone.GRAVEYARD

    def test_solemnity_keeps_every_counter_off(self, cards: CardLibrary) -> None:
        # "Counters can't be put on artifacts, creatures, enchantments, or lands": undying
        # returns it with no counter, so it returns every time.
        game, objs = _game(cards, ("Geralf's Messenger", "Ashnod's Altar", "Solemnity"))
        game.start(Step.MAIN1, "A", 2)
        for _ in range(3):
            game.apply(ActivateManaAbility("A", objs["Ashnod's Altar"].oid, 0, "",
                                           (objs["Geralf's Messenger"].oid,)))
            _pass_all(game)
            game.apply(Choose("A", "B"))
            _pass_all(game)
        assert _now(game, objs["Geralf's Messenger"]).zone is Zone.BATTLEFIELD
        assert game.player("B").life == 14
        assert game.player("A").pool["C"] == 6

    def test_an_altar_needs_a_choice_among_several(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Geralf's Messenger", "Grizzly Bears", "Ashnod's Altar"))
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError, match="choose what to sacrifice"):
            game.apply(ActivateManaAbility("A", objs["Ashnod's Altar"].oid, 0))

    def test_only_your_own_creature_can_be_sacrificed(self, cards: CardLibrary) -> None:
        # CR 701.21a: a player can sacrifice only a permanent they control.
        game, objs = _game(cards, ("Ashnod's Altar",), ("Grizzly Bears",))
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError, match="can't pay"):
            game.apply(ActivateManaAbility("A", objs["Ashnod's Altar"].oid, 0, "",
                                           (objs["B's Grizzly Bears"].oid,)))


class TestCountersAsCosts:
    def test_devoted_druid_with_vizier_untaps_without_a_counter(
            self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Devoted Druid", "Vizier of Remedies"))
        game.start(Step.MAIN1, "A", 2)
        druid = objs["Devoted Druid"]
        for _ in range(3):
            game.apply(ActivateManaAbility("A", druid.oid, 0))
            _activate(game, druid, "Untap")
            _pass_all(game)
        assert game.player("A").pool["G"] == 3
        assert druid.counters["-1/-1"] == 0 and druid.zone is Zone.BATTLEFIELD

    def test_devoted_druid_alone_dies_on_the_second_counter(self, cards: CardLibrary) -> None:
        # 0/2 with two -1/-1 counters is 0/0: put into the graveyard (CR 704.5f).
        game, objs = _game(cards, ("Devoted Druid",))
        game.start(Step.MAIN1, "A", 2)
        druid = objs["Devoted Druid"]
        game.apply(ActivateManaAbility("A", druid.oid, 0))
        _activate(game, druid, "Untap")
        _pass_all(game)
        assert druid.counters["-1/-1"] == 1
        game.apply(ActivateManaAbility("A", druid.oid, 0))
        _activate(game, druid, "Untap")
        assert druid.zone is Zone.GRAVEYARD

    def test_melira_makes_the_druid_cost_unpayable(self, cards: CardLibrary) -> None:
        # The counter can't be put on it, so the cost can't be paid (CR 118.3, 122.1).
        game, objs = _game(cards, ("Devoted Druid", "Melira, Sylvok Outcast"))
        game.start(Step.MAIN1, "A", 2)
        game.apply(ActivateManaAbility("A", objs["Devoted Druid"].oid, 0))
        with pytest.raises(IllegalActionError, match="can't be paid"):
            _activate(game, objs["Devoted Druid"], "Untap")

    def test_earthcraft_taps_a_summoning_sick_creature(self, cards: CardLibrary) -> None:
        # Tapping a creature as a cost that is not {T} ignores summoning sickness (CR 302.6).
        game, objs = _game(cards, ("Earthcraft", "Grizzly Bears", "Forest"))
        objs["Grizzly Bears"].sick = True
        objs["Forest"].tapped = True
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Earthcraft"], "Untap", targets=(objs["Forest"].oid,))
        assert objs["Grizzly Bears"].tapped
        _pass_all(game)
        assert not objs["Forest"].tapped
        with pytest.raises(IllegalActionError, match="controls no untapped creature"):
            _activate(game, objs["Earthcraft"], "Untap", targets=(objs["Forest"].oid,))


class TestScryPowerAndLoss:
    def test_scry_bottom_puts_the_top_card_last(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Viscera Seer", "Grizzly Bears"))
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Viscera Seer"], "Scry", choose=(objs["Grizzly Bears"].oid,))
        _pass_all(game)
        game.apply(Choose("A", "bottom"))
        library = [game.obj(o).alias for o in game.player("A").library]
        assert library == ["library Forest", "library Island"]

    def test_scry_with_an_empty_library_asks_nothing(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Viscera Seer", "Grizzly Bears"), library=())
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Viscera Seer"], "Scry", choose=(objs["Grizzly Bears"].oid,))
        _pass_all(game)
        assert game.state.question is None and game.stack() == []

    def test_redcap_deals_damage_equal_to_its_power(self, cards: CardLibrary) -> None:
        # Returned by persist with a -1/-1 counter it is 1/1: 1 damage (CR 702.79a).
        game, objs = _game(cards, ("Murderous Redcap", "Viscera Seer"), library=())
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Viscera Seer"], "Scry", choose=(objs["Murderous Redcap"].oid,))
        _pass_all(game)
        game.apply(Choose("A", "B"))
        _pass_all(game)
        assert game.player("B").life == 19

    def test_a_static_ability_removes_a_keyword(self, cards: CardLibrary) -> None:
        # "Creatures your opponents control lose flying." (layer 6, CR 613.1f).
        game, objs = _game(cards, ("Grounder", "Storm Crow"), ("Storm Crow",))
        game.start(Step.MAIN1, "A", 2)
        assert has_keyword(game, objs["Storm Crow"], "flying")
        assert not has_keyword(game, objs["B's Storm Crow"], "flying")


GRAVECRAWLER = inline_card(
    "Gravecrawler", "{B}", "Creature — Zombie",
    "This creature can't block.\nYou may cast this card from your graveyard as long as you "
    "control a Zombie.", "2", "1")
VENGEFUL = inline_card(
    "Vengeful Dead", "{3}{B}", "Creature — Zombie",
    "Whenever Vengeful Dead or another Zombie dies, each opponent loses 1 life.", "3", "2")
COLOSSUS = inline_card(
    "Diregraf Colossus", "{2}{B}", "Creature — Zombie Giant",
    "Diregraf Colossus enters the battlefield with a +1/+1 counter on it for each Zombie card "
    "in your graveyard.\nWhenever you cast a Zombie spell, create a tapped 2/2 black Zombie "
    "creature token.", "2", "2")
PHYREXIAN_ALTAR = inline_card("Phyrexian Altar", "{3}", "Artifact",
                              "Sacrifice a creature: Add one mana of any color.")
SWAMP = inline_card("Swamp", "", "Basic Land — Swamp")


@pytest.fixture
def zombies() -> CardLibrary:
    return CardLibrary.of([GRAVECRAWLER, VENGEFUL, COLOSSUS, PHYREXIAN_ALTAR, SWAMP, BEARS,
                           ISLAND])


class TestGraveyardCastingAndDies:
    def test_gravecrawler_is_cast_from_the_graveyard_with_a_zombie(
            self, zombies: CardLibrary) -> None:
        # CR 601.3: its own ability lets its owner cast it from the graveyard while they
        # control a Zombie; it costs {B} as usual.
        game, objs = _game(zombies, ("Vengeful Dead", "Swamp"), library=())
        crawler = game.add("Gravecrawler", Zone.GRAVEYARD, "A")
        game.start(Step.MAIN1, "A", 2)
        from analyzer.rules import CastSpell

        game.apply(CastSpell("A", crawler.oid))
        assert _now(game, objs["Swamp"]).tapped
        _pass_all(game)
        assert _now(game, crawler).zone is Zone.BATTLEFIELD

    def test_not_without_a_zombie(self, zombies: CardLibrary) -> None:
        game, _ = _game(zombies, ("Grizzly Bears", "Swamp"), library=())
        crawler = game.add("Gravecrawler", Zone.GRAVEYARD, "A")
        game.start(Step.MAIN1, "A", 2)
        from analyzer.rules import CastSpell

        with pytest.raises(IllegalActionError, match="only while its owner controls a Zombie"):
            game.apply(CastSpell("A", crawler.oid))

    def test_vengeful_dead_sees_zombies_die(self, zombies: CardLibrary) -> None:
        # "Whenever Vengeful Dead or another Zombie dies, each opponent loses 1 life": a
        # Zombie sacrificed (CR 700.4), then Vengeful Dead itself (leaves-the-battlefield
        # abilities look back in time, CR 603.10a); a Bear dying does nothing.
        game, objs = _game(zombies, ("Vengeful Dead", "Gravecrawler", "Grizzly Bears",
                                     "Phyrexian Altar"), library=())
        game.start(Step.MAIN1, "A", 2)
        altar = objs["Phyrexian Altar"]
        for victim in ("Grizzly Bears", "Gravecrawler", "Vengeful Dead"):
            game.apply(ActivateManaAbility("A", altar.oid, 0, "B", (objs[victim].oid,)))
            _pass_all(game)
        assert game.step is Step.MAIN1
        assert game.player("B").life == 18
        assert game.player("A").pool["B"] == 3

    def test_colossus_makes_a_tapped_zombie_token(self, zombies: CardLibrary) -> None:
        # "create a tapped 2/2 black Zombie creature token" (CR 111.1, 110.5b).
        game, _ = _game(zombies, ("Diregraf Colossus", "Swamp"), library=())
        crawler = game.add("Gravecrawler", Zone.HAND, "A")
        game.start(Step.MAIN1, "A", 2)
        from analyzer.rules import CastSpell

        game.apply(CastSpell("A", crawler.oid))
        _pass_all(game)
        (token,) = [o for o in game.battlefield() if o.token]
        assert token.tapped and power_toughness(game, token) == (2, 2)
        assert game.data(token).name == "Zombie"


MIKAEUS = inline_card(
    "Mikaeus, the Unhallowed", "{3}{B}{B}{B}", "Legendary Creature — Zombie Cleric",
    "Intimidate\nWhenever a Human deals damage to you, destroy it.\nOther non-Human "
    "creatures you control get +1/+1 and have undying.", "5", "5")
TRISKELION = inline_card(
    "Triskelion", "{6}", "Artifact Creature — Construct",
    "Triskelion enters the battlefield with three +1/+1 counters on it.\nRemove a +1/+1 "
    "counter from Triskelion: It deals 1 damage to any target.", "1", "1")
HUMAN = inline_card("Elite Vanguard", "{W}", "Creature — Human Soldier", "", "2", "1")
SHOCK = inline_card("Human Shocker", "{R}", "Creature — Human Wizard",
                    "{T}: Human Shocker deals 1 damage to target player.", "1", "1")


@pytest.fixture
def undead() -> CardLibrary:
    return CardLibrary.of([MIKAEUS, TRISKELION, HUMAN, SHOCK, BEARS, ISLAND])


class TestGroupStaticsAndTriskelion:
    def test_mikaeus_pumps_other_non_humans(self, undead: CardLibrary) -> None:
        # "Other non-Human creatures you control get +1/+1 and have undying" (CR 613.4c,
        # 613.1f): the Bear, not Mikaeus itself, not the Human, not B's Bear.
        game, objs = _game(undead, ("Mikaeus, the Unhallowed", "Grizzly Bears",
                                    "Elite Vanguard"), ("Grizzly Bears",), library=())
        game.start(Step.MAIN1, "A", 2)
        assert power_toughness(game, objs["Grizzly Bears"]) == (3, 3)
        assert has_keyword(game, objs["Grizzly Bears"], "undying")
        assert power_toughness(game, objs["Mikaeus, the Unhallowed"]) == (5, 5)
        assert power_toughness(game, objs["Elite Vanguard"]) == (2, 1)
        assert not has_keyword(game, objs["Elite Vanguard"], "undying")
        assert power_toughness(game, objs["B's Grizzly Bears"]) == (2, 2)

    def test_triskelion_removes_a_counter_to_deal_damage(self, undead: CardLibrary) -> None:
        # "Remove a +1/+1 counter from Triskelion: It deals 1 damage to any target." -
        # "It" is Triskelion; with no counter left the cost can't be paid (CR 118.3).
        game, objs = _game(undead, ("Triskelion",), library=())
        tris = objs["Triskelion"]
        tris.counters["+1/+1"] = 1
        game.start(Step.MAIN1, "A", 2)
        _activate(game, tris, "damage", targets=("B",))
        assert tris.counters["+1/+1"] == 0
        _pass_all(game)
        assert game.player("B").life == 19
        assert any(e.text == "Triskelion deals 1 damage to B" for e in game.log)
        with pytest.raises(IllegalActionError, match=r"no \+1/\+1 counter"):
            _activate(game, tris, "damage", targets=("B",))

    def test_triskelion_with_mikaeus_returns_with_four_counters(
            self, undead: CardLibrary) -> None:
        # With no +1/+1 counter it dies to its own damage (2/2 with 2 damage, CR 704.5g);
        # undying (from Mikaeus) returns it with a +1/+1 counter and its own three.
        game, objs = _game(undead, ("Mikaeus, the Unhallowed", "Triskelion"), library=())
        tris = objs["Triskelion"]
        tris.counters["+1/+1"] = 2
        game.start(Step.MAIN1, "A", 2)
        for _ in range(2):
            _activate(game, _now(game, tris), "damage", targets=(tris.oid,))
            _pass_all(game)
        tris = _now(game, tris)
        assert tris.zone is Zone.BATTLEFIELD and tris.counters["+1/+1"] == 4
        assert power_toughness(game, tris) == (6, 6)

    def test_a_human_dealing_damage_to_you_is_destroyed(self, undead: CardLibrary) -> None:
        # "Whenever a Human deals damage to you, destroy it." (CR 603.2): B's Human pings A.
        game = Game(undead)
        game.add("Mikaeus, the Unhallowed", Zone.BATTLEFIELD, "A")
        shocker = game.add("Human Shocker", Zone.BATTLEFIELD, "B")
        game.start(Step.MAIN1, "B", 2)
        index, _ = find_ability(game.data(shocker), "damage")
        game.apply(ActivateAbility("B", shocker.oid, index, targets=("A",)))
        for _ in range(4):
            if not game.stack() and not game.state.pending_triggers:
                break
            game.apply(PassPriority(game.priority or game.active))
        assert game.player("A").life == 19
        assert _now(game, shocker).zone is Zone.GRAVEYARD


DEMENTIA = inline_card(
    "Altar of Dementia", "{2}", "Artifact",
    "Sacrifice a creature: Target player mills cards equal to the sacrificed creature's "
    "power.")


def test_altar_of_dementia_mills_the_sacrificed_power() -> None:
    # The power as the creature last existed (3/2 with two +1/+1 counters: 5, CR 608.2h);
    # B has only four cards, so B mills four (CR 701.17b).
    cards = CardLibrary.of([DEMENTIA, MESSENGER, ISLAND])
    game = Game(cards)
    altar = game.add("Altar of Dementia", Zone.BATTLEFIELD, "A")
    messenger = game.add("Geralf's Messenger", Zone.BATTLEFIELD, "A")
    messenger.counters["+1/+1"] = 2
    for _ in range(4):
        game.add("Island", Zone.LIBRARY, "B")
    game.start(Step.MAIN1, "A", 2)
    index, _ = find_ability(game.data(altar), "mills")
    game.apply(ActivateAbility("A", altar.oid, index, targets=("B",),
                               cost_choices=(messenger.oid,)))
    assert game.obj(messenger.oid).zone is Zone.GRAVEYARD     # it had +1/+1 counters
    _pass_all(game)
    assert game.player("B").library == [] and len(game.player("B").graveyard) == 4
