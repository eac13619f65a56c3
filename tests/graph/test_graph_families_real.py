"""Every edge family on real decks (../shared/data/decks), resolved against the real card data.

Each test names the rule that makes an edge exist or not, from the cards' Oracle text and the
Comprehensive Rules (../shared/rules/cr_excerpts.md), not from the builder's output. Families
that no real deck exercises (no deck file holds an exchange-of-control card, a "tapped for
mana" card beyond Mana Flare, or an X-enters card with big mana) are checked on small decks of
real cards from the same data file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from analyzer import services
from analyzer.graph import build_synergy_graph

pytestmark = [pytest.mark.shared, pytest.mark.slow]

DECKS = {
    "splinter": "text/splinter_radical_rat_ninjas_commander.txt",
    "yuriko": "mtgo_dek/duel-commander-league-2026-04-0710517__yuriko.dek",
    "pauper": "mtgo_dek/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.dek",
    "pioneer": "mtgo_dek/pioneer-challenge-32-2026-05-3012843413__moon_circuit_hacker.dek",
    "standard": "mtgo_dek/standard-challenge-32-2026-08-1112851651__leonardos_technique.dek",
    "krenko": "cockatrice_cod/M - EDH - Krenko, Mob Boss - R.cod",
    "doran": "cockatrice_cod/EDH - Doran, the Siege Tower - WBG.cod",
    "sliver": "cockatrice_cod/M - Pop - Imblocable sliver - UB.cod",
    "black": "cockatrice_cod/M - Pop - Black Draw - B.cod",
    "rogues": "forge_dck/Rogues on the Prowl.dck",
    "going_rogue": "forge_dck/Going Rogue.dck",
    "boggart": "forge_dck/Boggart Feast.dck",
    "rats": "forge_dck/Relentless Rats.dck",
    "affinity": "magarena_dec/2012Affinity.dec",
    "kalamax": "xmage_dck/EDH Kalamax Control.dck",
}

_GRAPHS: dict[str, nx.MultiDiGraph] = {}


@pytest.fixture(scope="module")
def db(real_db_url: str) -> Any:
    return services.open_database(real_db_url, seed=False)


@pytest.fixture(scope="module")
def graph(db: Any, shared: Path) -> Any:
    def build(name: str) -> nx.MultiDiGraph:
        if name not in _GRAPHS:
            deck = services.read_deck(db, shared / "data" / "decks" / DECKS[name])
            _GRAPHS[name] = build_synergy_graph(deck.main_and_commander())
        return _GRAPHS[name]
    return build


@pytest.fixture(scope="module")
def cards(db: Any) -> Any:
    @cache
    def build(*names: str) -> nx.MultiDiGraph:
        found = []
        for name in names:
            card = services.card_by_name(db, name)
            assert card is not None, name
            found.append((card, 1))
        return build_synergy_graph(found)
    return build


def pairs(G: nx.MultiDiGraph, kind: str) -> set[tuple[str, str]]:
    return {(G.nodes[u]["name"], G.nodes[v]["name"])
            for u, v, k in G.edges(keys=True) if k == kind}


def data(G: nx.MultiDiGraph, source: str, target: str, kind: str) -> dict[str, Any]:
    ids = {G.nodes[n]["name"]: n for n in G.nodes}
    found = G.get_edge_data(ids[source], ids[target], kind)
    assert found is not None, (source, target, kind)
    return dict(found)


# -- anthem (CR 613.4c layer 7c, 613.1f layer 6, 205.3m, 702.73a) ------------------------------

class TestAnthem:
    def test_splinter_pumps_other_ninjas_and_the_changeling(self, graph: Any) -> None:
        # "Other Ninjas you control get +1/+1": Ninjas, and a Changeling (every creature
        # type, CR 702.73a); "other" excludes Splinter itself
        G = graph("splinter")
        anthem = pairs(G, "anthem")
        assert ("Splinter, Hamato Yoshi", "Ninja of the Deep Hours") not in anthem  # not in deck
        assert ("Splinter, Hamato Yoshi", "Moon-Circuit Hacker") in anthem
        assert ("Splinter, Hamato Yoshi", "Changeling Outcast") in anthem
        assert "702.73a" in data(G, "Splinter, Hamato Yoshi", "Changeling Outcast",
                                 "anthem")["rules"]
        assert ("Splinter, Hamato Yoshi", "Splinter, Hamato Yoshi") not in anthem

    def test_splinter_does_not_pump_non_ninjas(self, graph: Any) -> None:
        # April O'Neil is a Human Reporter, not a Ninja
        assert ("Splinter, Hamato Yoshi", "April O'Neil, Live on the Scene") \
            not in pairs(graph("splinter"), "anthem")

    def test_goblin_king_pumps_other_goblins(self, graph: Any) -> None:
        # "Other Goblins get +1/+1 and have mountainwalk": P/T in 7c, an ability in layer 6
        G = graph("krenko")
        assert ("Goblin King", "Krenko, Mob Boss") in pairs(G, "anthem")
        assert ("Goblin King", "Goblin King") not in pairs(G, "anthem")
        rules = data(G, "Goblin King", "Krenko, Mob Boss", "anthem")["rules"]
        assert {"613.4c", "613.1f", "205.3m"} <= set(rules)

    def test_scion_of_oona_pumps_faeries_not_ninjas(self, graph: Any) -> None:
        # "Other Faerie creatures you control get +1/+1": Ninja of the Deep Hours is a Human
        # Ninja, Faerie Seer a Faerie Wizard
        anthem = pairs(graph("yuriko"), "anthem")
        assert ("Scion of Oona", "Faerie Seer") in anthem
        assert ("Scion of Oona", "Ninja of the Deep Hours") not in anthem

    def test_winged_sliver_gives_every_other_sliver_flying(self, cards: Any) -> None:
        # "All Sliver creatures have flying" includes Winged Sliver itself, but an edge needs
        # two cards; a non-Sliver gets nothing
        G = cards("Winged Sliver", "Galerider Sliver", "Wall of Air")
        assert pairs(G, "anthem") == {("Winged Sliver", "Galerider Sliver"),
                                      ("Galerider Sliver", "Winged Sliver")}


# -- shares_creature_type (prowl 702.76a, cast triggers 601.2i, type payoffs; 205.3m) ----------

class TestSharesCreatureType:
    def test_rogue_creature_enables_prowl(self, graph: Any) -> None:
        # Auntie's Snitch is a Goblin Rogue; Notorious Throng a Kindred Rogue sorcery with
        # prowl: combat damage by a Rogue you control lets you pay its prowl cost
        G = graph("rogues")
        assert ("Auntie's Snitch", "Notorious Throng") in pairs(G, "shares_creature_type")
        rules = data(G, "Auntie's Snitch", "Notorious Throng", "shares_creature_type")["rules"]
        assert {"702.76a", "205.3m", "308.3"} <= set(rules)

    def test_sorceries_deal_no_combat_damage(self, graph: Any) -> None:
        # a Kindred sorcery has creature types but never deals combat damage (CR 510.1)
        prowl = pairs(graph("rogues"), "shares_creature_type")
        assert not any(source in {"Notorious Throng", "Thieves' Fortune", "Morsel Theft"}
                       and target in {"Notorious Throng", "Thieves' Fortune", "Morsel Theft",
                                      "Auntie's Snitch"}
                       for source, target in prowl)

    def test_ninjas_feed_yuriko(self, graph: Any) -> None:
        # "Whenever a Ninja you control deals combat damage to a player" (CR 510.3a)
        shared = pairs(graph("yuriko"), "shares_creature_type")
        assert ("Ninja of the Deep Hours", "Yuriko, the Tiger's Shadow") in shared
        assert ("Faerie Seer", "Yuriko, the Tiger's Shadow") not in shared  # a Faerie Wizard

    def test_treefolk_cast_trigger(self, graph: Any) -> None:
        # Battlewand Oak: "Whenever you cast a Treefolk spell" (CR 601.2i); Doran is a
        # Treefolk Shaman
        G = graph("doran")
        assert ("Doran, the Siege Tower", "Battlewand Oak") in pairs(G, "shares_creature_type")
        assert "601.2i" in data(G, "Doran, the Siege Tower", "Battlewand Oak",
                                "shares_creature_type")["rules"]

    def test_kindred_spells_trigger_cast_payoffs(self, cards: Any) -> None:
        # Lignify is a Kindred Treefolk enchantment (creature types of a Kindred card, CR
        # 308.3); Crib Swap a Kindred instant with changeling (every creature type, 702.73a):
        # casting either is casting a Treefolk spell; Llanowar Elves (Elf Druid) is not
        G = cards("Battlewand Oak", "Lignify", "Crib Swap", "Llanowar Elves")
        shared = pairs(G, "shares_creature_type")
        assert shared == {("Lignify", "Battlewand Oak"), ("Crib Swap", "Battlewand Oak")}
        assert {"308.3", "702.73a", "601.2i"} <= set(
            data(G, "Crib Swap", "Battlewand Oak", "shares_creature_type")["rules"])

    def test_krenko_counts_goblins(self, graph: Any) -> None:
        # Krenko: "X is the number of Goblins you control": Goblin King counts, Krenko never
        # gets an edge to itself
        shared = pairs(graph("krenko"), "shares_creature_type")
        assert ("Goblin King", "Krenko, Mob Boss") in shared
        assert ("Krenko, Mob Boss", "Krenko, Mob Boss") not in shared


# -- sneak_enabler / ninjutsu_enabler (702.190a, 702.49a; evasion 702.9b, 509.1b...) -----------

class TestEnablers:
    def test_unblockable_changeling_enables_sneak(self, graph: Any) -> None:
        # Changeling Outcast "can't be blocked": always an unblocked attacker (509.1b)
        G = graph("splinter")
        assert ("Changeling Outcast", "Splinter, Hamato Yoshi") in pairs(G, "sneak_enabler")
        edge = data(G, "Changeling Outcast", "Splinter, Hamato Yoshi", "sneak_enabler")
        assert edge["strength"] == 1.0 and edge["rules"] == ["702.190a", "509.1b"]

    def test_granted_evasion(self, graph: Any) -> None:
        # Splinter, Radical Rat: "{1}{U}: Target Ninja can't be blocked this turn" makes
        # another attacker unblockable: an enabler of every ninjutsu card
        ninjutsu = pairs(graph("splinter"), "ninjutsu_enabler")
        assert ("Splinter, Radical Rat", "Moon-Circuit Hacker") in ninjutsu
        assert ("Kaito, Cunning Infiltrator", "Moon-Circuit Hacker") in ninjutsu

    def test_flier_enables_ninjutsu(self, graph: Any) -> None:
        # Faerie Seer has flying (702.9b)
        G = graph("pauper")
        assert ("Faerie Seer", "Ninja of the Deep Hours") in pairs(G, "ninjutsu_enabler")
        assert "702.9b" in data(G, "Faerie Seer", "Ninja of the Deep Hours",
                                "ninjutsu_enabler")["rules"]

    def test_ground_creature_is_no_enabler(self, graph: Any) -> None:
        # Augur of Bolas and Thorn of the Black Rose have no evasion
        ninjutsu = pairs(graph("pauper"), "ninjutsu_enabler")
        assert not any(s in {"Augur of Bolas", "Thorn of the Black Rose"} for s, _ in ninjutsu)

    def test_defender_is_no_attacker(self, cards: Any) -> None:
        # Wall of Air flies but has defender: it can't attack (CR 702.3b)
        G = cards("Wall of Air", "Ninja of the Deep Hours", "Faerie Seer")
        assert pairs(G, "ninjutsu_enabler") == {("Faerie Seer", "Ninja of the Deep Hours")}

    def test_sneak_sorcery_has_enablers(self, graph: Any) -> None:
        # Leonardo's Technique is a sorcery with sneak: an evasive attacker pays its cost
        sneak = pairs(graph("standard"), "sneak_enabler")
        assert any(t == "Leonardo's Technique" for _, t in sneak)
        assert not any(s == "Leonardo's Technique" for s, _ in sneak)


class TestSneak:
    def test_slither_blade(self, graph: Any) -> None:
        # Slither Blade "can't be blocked" (509.1b): an attacker to return for any sneak cost
        sneak = pairs(graph("splinter"), "sneak_enabler")
        assert ("Slither Blade", "Karai, Future of the Foot") in sneak
        assert ("Slither Blade", "The Last Ronin's Technique") in sneak

    def test_menace_is_weaker_than_unblockable(self, graph: Any) -> None:
        # menace: two blockers still stop it (702.111b); "can't be blocked" never is
        G = graph("splinter")
        menace = data(G, "Splinter, Hamato Yoshi", "Karai, Future of the Foot", "sneak_enabler")
        sure = data(G, "Slither Blade", "Karai, Future of the Foot", "sneak_enabler")
        assert menace["strength"] < sure["strength"] and "702.111b" in menace["rules"]

    def test_granting_land(self, graph: Any) -> None:
        # Turtle Lair: "{3}, {T}: Target Ninja or Turtle can't be blocked this turn"
        assert ("Turtle Lair", "Karai, Future of the Foot") in pairs(graph("splinter"),
                                                                     "sneak_enabler")

    def test_no_evasion_no_edge(self, graph: Any) -> None:
        # Lightning Greaves gives haste and shroud, no evasion; Sol Ring is no creature
        sources = {s for s, _ in pairs(graph("splinter"), "sneak_enabler")}
        assert "Lightning Greaves" not in sources and "Sol Ring" not in sources

    def test_cards_without_sneak_are_no_target(self, graph: Any) -> None:
        # Moon-Circuit Hacker has ninjutsu, not sneak (702.49a vs 702.190a)
        targets = {t for _, t in pairs(graph("splinter"), "sneak_enabler")}
        assert "Moon-Circuit Hacker" not in targets and "Splinter, Hamato Yoshi" in targets


class TestNoFalsePositives:
    @pytest.mark.parametrize("name", ["krenko", "doran", "sliver", "black", "boggart",
                                      "rats", "affinity", "kalamax"])
    def test_no_sneak_ninjutsu_or_prowl_edges(self, graph: Any, name: str) -> None:
        # none of these decks holds a card with sneak, ninjutsu or prowl
        G = graph(name)
        kinds = {k for _, _, k in G.edges(keys=True)}
        assert not kinds & {"sneak_enabler", "ninjutsu_enabler", "etb_reuse"}
        assert not any("702.76a" in d["rules"] for _, _, d in G.edges(data=True))


# -- etb_reuse (702.49a / 702.190a return, 400.7 new object, 603.6a enters trigger) -------------

class TestEtbReuse:
    def test_ninjutsu_returns_faerie_seer(self, graph: Any) -> None:
        # Faerie Seer: "When this creature enters, scry 2"
        G = graph("pauper")
        assert ("Ninja of the Deep Hours", "Faerie Seer") in pairs(G, "etb_reuse")
        assert data(G, "Ninja of the Deep Hours", "Faerie Seer", "etb_reuse")["rules"] == [
            "702.49a", "400.7", "603.6a"]

    def test_non_creatures_are_not_returned(self, graph: Any) -> None:
        # ninjutsu returns an unblocked attacking creature: Counterspell and the artifact
        # Sewer-veillance Cam are not creatures
        targets = {t for _, t in pairs(graph("pauper"), "etb_reuse")}
        assert "Counterspell" not in targets and "Sewer-veillance Cam" not in targets

    def test_creature_without_enters_ability(self, graph: Any) -> None:
        # Sheoldred's abilities trigger on draws, not on entering
        G = graph("pioneer")
        assert ("Moon-Circuit Hacker", "Floodpits Drowner") in pairs(G, "etb_reuse")
        assert ("Moon-Circuit Hacker", "Sheoldred, the Apocalypse") not in pairs(G, "etb_reuse")

    def test_sneak_sorcery_returns_kiora(self, graph: Any) -> None:
        # "When Kiora enters, draw two cards, then discard two cards"
        assert ("Leonardo's Technique", "Kiora, the Rising Tide") \
            in pairs(graph("standard"), "etb_reuse")

    def test_no_self_edge(self, graph: Any) -> None:
        assert not any(s == t for s, t in pairs(graph("yuriko"), "etb_reuse"))

    def test_intervening_if_attacking(self, graph: Any) -> None:
        # Thousand-Faced Shadow: "When this enters from your hand, if it's attacking, ...":
        # cast again from the hand it does not enter attacking (intervening if, CR 603.4)
        reuse = pairs(graph("splinter"), "etb_reuse")
        assert not any(t == "Thousand-Faced Shadow" for _, t in reuse)
        assert ("Walker of Secret Ways", "Foot Ninjas") in reuse  # "you gain 3 life"


# -- cost_reduction (601.2f, 118.9d alternative costs, 205.3m) ----------------------------------

class TestCostReduction:
    def test_banneret_reduces_prowl_cards(self, graph: Any) -> None:
        G = graph("rogues")
        edge = data(G, "Frogtosser Banneret", "Notorious Throng", "cost_reduction")
        assert "prowl cost included" in edge["explanation"]
        assert {"601.2f", "118.9d", "205.3m"} <= set(edge["rules"])

    def test_banneret_skips_lands_and_other_types(self, graph: Any) -> None:
        # Goblin and Rogue spells only; a land is never cast (CR 305.1)
        reduced = {t for s, t in pairs(graph("rogues"), "cost_reduction")
                   if s == "Frogtosser Banneret"}
        assert "Swamp" not in reduced and "Reflecting Pool" not in reduced
        assert "Bitterblossom" not in reduced  # a Kindred Faerie enchantment

    def test_sanctum_reduces_instants_and_sorceries_only(self, graph: Any) -> None:
        reduced = {t for s, t in pairs(graph("kalamax"), "cost_reduction")
                   if s == "Jace's Sanctum"}
        assert "Frantic Search" in reduced   # {2}{U}
        assert "Opt" not in reduced   # {U}: no generic mana to reduce (CR 118.7)
        assert "Talrand, Sky Summoner" not in reduced

    def test_overload_is_an_alternative_cost(self, graph: Any) -> None:
        G = graph("kalamax")
        edge = data(G, "Jace's Sanctum", "Mizzix's Mastery", "cost_reduction")
        assert "overload cost included" in edge["explanation"] and "118.9d" in edge["rules"]

    def test_ninjutsu_is_not_a_spell_cost(self, cards: Any) -> None:
        # Throat Slitter is a Rat Ninja: Banneret does not reduce it (not a Goblin or Rogue)
        # and ninjutsu is an activated ability, never an alternative cost (702.49a)
        G = cards("Frogtosser Banneret", "Throat Slitter", "Auntie's Snitch")
        assert pairs(G, "cost_reduction") == {("Frogtosser Banneret", "Auntie's Snitch")}


# -- control_exchange (701.12a-b, 613.1b, 603.3a; the seed's response ruling) -----------------

class TestControlExchange:
    def test_infiltrator_self_edge(self, cards: Any) -> None:
        # "{2}{U}{U}: Exchange control of this creature and target creature": activated in
        # response to itself it trades any creature of yours (117.3c, 405.5)
        G = cards("Phyrexian Infiltrator")
        assert pairs(G, "control_exchange") == {("Phyrexian Infiltrator",
                                                 "Phyrexian Infiltrator")}
        assert "701.12b" in data(G, "Phyrexian Infiltrator", "Phyrexian Infiltrator",
                                 "control_exchange")["rules"]

    def test_give_away_an_upkeep_drawback(self, cards: Any) -> None:
        # Juzam Djinn deals 1 damage to its controller each upkeep (603.3a): given away, it
        # hurts the opponent
        G = cards("Switcheroo", "Juzám Djinn")
        assert ("Switcheroo", "Juzám Djinn") in pairs(G, "control_exchange")

    def test_force_of_nature(self, cards: Any) -> None:
        # "At the beginning of your upkeep, Force of Nature deals 8 damage to you unless you
        # pay {G}{G}{G}{G}": the Infiltrator gives it away (trading any creature of yours
        # needs the response trick)
        G = cards("Phyrexian Infiltrator", "Force of Nature")
        assert ("Phyrexian Infiltrator", "Force of Nature") in pairs(G, "control_exchange")
        assert "in response to itself" in data(G, "Phyrexian Infiltrator", "Force of Nature",
                                               "control_exchange")["explanation"]

    def test_no_drawback_no_edge(self, cards: Any) -> None:
        # Llanowar Elves has no drawback for its controller
        G = cards("Switcheroo", "Llanowar Elves")
        assert pairs(G, "control_exchange") == set()

    def test_sorcery_has_no_self_edge(self, cards: Any) -> None:
        # Switcheroo is a spell: nothing to activate in response to itself; Phyrexian
        # Soulgorger's cumulative upkeep (702.24a) is paid by its controller
        G = cards("Switcheroo", "Phyrexian Soulgorger")
        assert pairs(G, "control_exchange") == {("Switcheroo", "Phyrexian Soulgorger")}
        assert "cumulative upkeep" in data(G, "Switcheroo", "Phyrexian Soulgorger",
                                           "control_exchange")["explanation"]


# -- untap (701.26b, 107.5 {T}, 107.6 {Q}, 302.6) ------------------------------------------------

class TestUntap:
    def test_frantic_search_untaps_lands(self, graph: Any) -> None:
        untap = pairs(graph("kalamax"), "untap")
        assert ("Frantic Search", "Command Tower") in untap
        assert ("Wilderness Reclamation", "Forest") in untap

    def test_untap_lands_not_creatures(self, graph: Any) -> None:
        # "Untap up to three lands": Talrand is a creature, Arcane Signet an artifact
        untap = pairs(graph("kalamax"), "untap")
        assert ("Frantic Search", "Arcane Signet") not in untap
        assert ("Frantic Search", "Talrand, Sky Summoner") not in untap

    def test_pestermite_untaps_a_land(self, graph: Any) -> None:
        # "you may tap or untap target permanent"
        assert ("Pestermite", "Island") in pairs(graph("going_rogue"), "untap")

    def test_voltaic_key_untaps_artifacts(self, cards: Any) -> None:
        # "{1}, {T}: Untap target artifact": Sol Ring is an artifact with a {T} ability; a
        # land is not an artifact; the Key gets no edge to itself
        untap = pairs(cards("Voltaic Key", "Sol Ring", "Ancient Tomb"), "untap")
        assert untap == {("Voltaic Key", "Sol Ring")}
        G = cards("Voltaic Key", "Sol Ring", "Ancient Tomb")
        assert data(G, "Voltaic Key", "Sol Ring", "untap")["strength"] >= 0.8  # adds {C}{C}

    def test_tapping_readies_q_abilities(self, cards: Any) -> None:
        # Springleaf Drum's cost taps an untapped creature you control: Order of Whiteclay's
        # {Q} ability needs it tapped (107.6)
        G = cards("Springleaf Drum", "Order of Whiteclay", "Llanowar Elves")
        untap = pairs(G, "untap")
        assert ("Springleaf Drum", "Order of Whiteclay") in untap
        assert ("Springleaf Drum", "Llanowar Elves") not in untap  # no {Q} ability


# -- could_produce (106.7) -----------------------------------------------------------------------

class TestCouldProduce:
    def test_lands_define_reflecting_pool(self, graph: Any) -> None:
        produce = pairs(graph("rogues"), "could_produce")
        assert {("Island", "Reflecting Pool"), ("Swamp", "Reflecting Pool")} <= produce

    def test_only_lands_count(self, graph: Any) -> None:
        # "a land you control could produce": a creature or spell defines nothing
        assert {s for s, _ in pairs(graph("rogues"), "could_produce")} <= {
            "Island", "Swamp", "Vivid Creek", "Vivid Marsh", "Secluded Glen", "Sunken Ruins"}

    def test_opponents_lands_are_not_in_the_deck(self, graph: Any) -> None:
        # Exotic Orchard: "a land an opponent controls could produce"
        assert not any(t == "Exotic Orchard" for _, t in pairs(graph("kalamax"),
                                                                 "could_produce"))

    def test_two_pools_define_nothing(self, cards: Any) -> None:
        # a Reflecting Pool copying another produces nothing (106.7: no type can be defined)
        assert pairs(cards("Reflecting Pool", "Exotic Orchard"), "could_produce") == set()

    def test_colorless_counts_for_any_type(self, cards: Any) -> None:
        # Ancient Tomb adds {C}: a type (Reflecting Pool says "type"), not a color
        G = cards("Reflecting Pool", "Ancient Tomb", "Exotic Orchard")
        assert pairs(G, "could_produce") == {("Ancient Tomb", "Reflecting Pool")}
        assert "{C}" in data(G, "Ancient Tomb", "Reflecting Pool", "could_produce")[
            "explanation"]


# -- mana_trigger (106.12, 106.12a, 106.12b) -----------------------------------------------------

class TestManaTrigger:
    def test_mana_flare_boosts_lands(self, graph: Any) -> None:
        G = graph("krenko")
        assert ("Mana Flare", "Mountain") in pairs(G, "mana_trigger")
        assert data(G, "Mana Flare", "Mountain", "mana_trigger")["rules"] == ["106.12",
                                                                              "106.12a"]

    def test_mana_reflection_needs_a_tap_ability(self, cards: Any) -> None:
        # "If you tap a permanent for mana": Krark-Clan Ironworks has no {T} in its mana
        # ability (106.12), Gaea's Cradle and Llanowar Elves do
        boosted = pairs(cards("Mana Reflection", "Krark-Clan Ironworks", "Gaea's Cradle",
                              "Llanowar Elves"), "mana_trigger")
        assert boosted == {("Mana Reflection", "Gaea's Cradle"),
                           ("Mana Reflection", "Llanowar Elves")}

    def test_wake_boosts_lands_only(self, cards: Any) -> None:
        # "Whenever you tap a land for mana": Llanowar Elves is no land
        boosted = pairs(cards("Mirari's Wake", "Llanowar Elves", "Forest"), "mana_trigger")
        assert boosted == {("Mirari's Wake", "Forest")}

    def test_sprawl_needs_a_forest(self, cards: Any) -> None:
        # Utopia Sprawl: "Enchant Forest" / "Whenever enchanted Forest is tapped for mana"
        boosted = pairs(cards("Utopia Sprawl", "Forest", "Island", "Dryad Arbor"),
                        "mana_trigger")
        assert boosted == {("Utopia Sprawl", "Forest"), ("Utopia Sprawl", "Dryad Arbor")}

    def test_lands_without_mana_abilities(self, cards: Any) -> None:
        # Fabled Passage produces no mana: nothing to boost
        boosted = pairs(cards("Vorinclex, Voice of Hunger", "Fabled Passage", "Swamp"),
                        "mana_trigger")
        assert boosted == {("Vorinclex, Voice of Hunger", "Swamp")}


# -- x_etb (107.3m) ------------------------------------------------------------------------------

class TestXEtb:
    def test_big_mana_grows_endless_one(self, cards: Any) -> None:
        G = cards("Endless One", "Gaea's Cradle", "Ancient Tomb", "Forest")
        grown = pairs(G, "x_etb")
        assert grown == {("Gaea's Cradle", "Endless One"), ("Ancient Tomb", "Endless One")}
        assert "107.3m" in data(G, "Ancient Tomb", "Endless One", "x_etb")["rules"]

    def test_rituals_and_doublers(self, cards: Any) -> None:
        grown = pairs(cards("Hangarback Walker", "Dark Ritual", "Mana Reflection"), "x_etb")
        assert grown == {("Dark Ritual", "Hangarback Walker"),
                         ("Mana Reflection", "Hangarback Walker")}

    def test_chalice(self, cards: Any) -> None:
        # "This artifact enters with X charge counters on it"
        assert ("Sol Ring", "Chalice of the Void") in pairs(cards("Sol Ring",
                                                                  "Chalice of the Void"), "x_etb")

    def test_x_defined_by_the_board_is_no_x_spell(self, cards: Any) -> None:
        # Chancellor of the Forge: X is the number of creatures you control, not a cost
        assert pairs(cards("Chancellor of the Forge", "Sol Ring"), "x_etb") == set()

    def test_one_mana_sources_do_not_grow_x(self, cards: Any) -> None:
        assert pairs(cards("Endless One", "Llanowar Elves", "Forest"), "x_etb") == set()
