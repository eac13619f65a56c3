"""Mana "of any color in your commander's color identity" (CR 903.4, 903.4f, 106.5, 106.7).

Command Tower and Arcane Signet read "{T}: Add one mana of any color in your commander's
color identity." Their controller's commanders are the cards designated so (CR 903.3), in
any zone; the colours on offer are the combined colour identities (MTGJSON
``colorIdentity``) of those cards; with no commander, or only colourless ones, the ability
adds no mana (CR 903.4f, 106.5). Expected colours come from each card's mana cost: Yuriko,
the Tiger's Shadow {1}{U}{B}; Kraum, Ludevic's Opus {3}{U}{R}; Karn, Silver Golem {5}
(colourless, no coloured symbol in its text).
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateManaAbility,
    CardLibrary,
    CastSpell,
    Game,
    IllegalActionError,
    Step,
    Zone,
)
from analyzer.rules.mana import could_produce, mana_options
from analyzer.rules.model import GameObject
from analyzer.rules.scenario import run_text
from analyzer.rules.scenario_file import ScenarioError

YURIKO = "Yuriko, the Tiger's Shadow"
KRAUM = "Kraum, Ludevic's Opus"
KARN = "Karn, Silver Golem"


@pytest.fixture(scope="module")
def real(shared_cards: dict[str, object]) -> CardLibrary:
    """The real cards of the shared data file."""
    return CardLibrary(lambda name: shared_cards.get(name))  # type: ignore[arg-type, return-value]


def _game(library: CardLibrary, battlefield: list[str], *, commanders: tuple[str, ...] = (),
          zone: Zone = Zone.COMMAND, opponent_commanders: tuple[str, ...] = ()
          ) -> tuple[Game, dict[str, GameObject]]:
    game = Game(library)
    objs: dict[str, GameObject] = {}
    for player in ("A", "B"):
        for i in range(5):
            game.add("Wastes", Zone.LIBRARY, player, alias=f"{player} filler {i}")
    for name in battlefield:
        obj = game.add(name, Zone.BATTLEFIELD, "A")
        objs[obj.alias] = obj
    for name in commanders:
        obj = game.add(name, zone, "A", commander=True)
        objs[obj.alias] = obj
    for name in opponent_commanders:
        game.add(name, Zone.COMMAND, "B", commander=True)
    game.start(Step.MAIN1, "A", 2)
    return game, objs


def _options(game: Game, obj: GameObject) -> list[str]:
    ability = game.data(obj).profile.mana_abilities[0]
    return sorted(m.format() for m in mana_options(game, obj, ability))


@pytest.mark.parametrize("source", ["Command Tower", "Arcane Signet"])
class TestCommanderIdentityMana:
    def test_ub_commander_offers_u_or_b_only(self, real: CardLibrary, source: str) -> None:
        game, o = _game(real, [source], commanders=(YURIKO,))
        assert _options(game, o[source]) == ["{B}", "{U}"]
        game.apply(ActivateManaAbility("A", o[source].oid, 0, "B"))
        assert game.player("A").pool.format() == "{B}" and o[source].tapped

    def test_a_colour_outside_the_identity_is_refused(self, real: CardLibrary,
                                                      source: str) -> None:
        game, o = _game(real, [source], commanders=(YURIKO,))
        with pytest.raises(IllegalActionError):
            game.apply(ActivateManaAbility("A", o[source].oid, 0, "G"))
        assert game.player("A").pool.format() == ""

    def test_no_commander_adds_no_mana(self, real: CardLibrary, source: str) -> None:
        # CR 903.4f: no commander, so no colour is defined; CR 106.5: no mana.
        game, o = _game(real, [source], opponent_commanders=(KRAUM,))
        assert _options(game, o[source]) == []
        game.apply(ActivateManaAbility("A", o[source].oid, 0, ""))
        assert game.player("A").pool.format() == "" and o[source].tapped

    def test_colourless_commander_adds_no_mana(self, real: CardLibrary, source: str) -> None:
        # A colourless identity has no colour to choose: not even {C} (CR 903.4f, 106.5).
        game, o = _game(real, [source], commanders=(KARN,))
        assert _options(game, o[source]) == []

    def test_two_commanders_combine(self, real: CardLibrary, source: str) -> None:
        # Partners: the identity is both commanders' identities together (CR 903.4).
        game, o = _game(real, [source], commanders=(YURIKO, KRAUM))
        assert _options(game, o[source]) == ["{B}", "{R}", "{U}"]

    def test_commander_on_the_battlefield_still_counts(self, real: CardLibrary,
                                                       source: str) -> None:
        # The designation goes with the card (CR 903.3), not the command zone.
        game, o = _game(real, [source], commanders=(YURIKO,), zone=Zone.BATTLEFIELD)
        assert _options(game, o[source]) == ["{B}", "{U}"]


def test_reflecting_pool_could_produce_the_towers_colours(real: CardLibrary) -> None:
    # CR 106.7: Reflecting Pool adds what a land you control could produce.
    game, o = _game(real, ["Command Tower", "Reflecting Pool"], commanders=(YURIKO,))
    assert could_produce(game)[o["Command Tower"].oid] == {"U", "B"}
    assert _options(game, o["Reflecting Pool"]) == ["{B}", "{U}"]
    without, w = _game(real, ["Command Tower", "Reflecting Pool"])
    assert could_produce(without).get(w["Command Tower"].oid, set()) == set()
    assert _options(without, w["Reflecting Pool"]) == []


@pytest.mark.parametrize(("commander", "legal"), [(YURIKO, True), (KRAUM, False)])
def test_tower_pays_for_a_black_spell_only_with_black_in_the_identity(
        real: CardLibrary, commander: str, legal: bool) -> None:
    # Dark Ritual costs {B}: Command Tower pays it when the commander's identity has black.
    game, _ = _game(real, ["Command Tower"], commanders=(commander,))
    spell = game.add("Dark Ritual", Zone.HAND, "A")
    assert game.is_legal(CastSpell("A", spell.oid)) is legal


SCENARIO = """
id: TOWER
turn: {active: A, step: main1}
players:
  A:
    battlefield: [{card: Command Tower, id: T1}, {card: Arcane Signet, id: S1}]
    command: ["Yuriko, the Tiger's Shadow"]
  B:
    battlefield: [{card: Command Tower, id: T2}]
    hand: [{card: "Kraum, Ludevic's Opus", commander: true}]
actions:
  - mana: {player: A, card: T1, choices: {color: U}}
  - mana: {player: A, card: S1, choices: {color: B}}
expect:
  - mana_pool: {A: "{U}{B}"}
"""


def test_scenario_command_zone_and_commander_key(real: CardLibrary) -> None:
    checks = run_text(SCENARIO, "tower.yaml", real)
    assert [(c.ok, c.what) for c in checks] == [(True, "mana_pool: {A: '{U}{B}'}")]
    # B's commander is in hand, designated with `commander: true`: {U} or {R}.
    red = SCENARIO.replace("card: T1, choices: {color: U}", "card: T1, choices: {color: R}")
    assert not all(c.ok for c in run_text(red, "tower.yaml", real))


def test_scenario_commander_key_must_be_a_boolean(real: CardLibrary) -> None:
    text = SCENARIO.replace("commander: true", 'commander: "yes"')
    with pytest.raises(ScenarioError, match=r"tower\.yaml:\d+.*commander"):
        run_text(text, "tower.yaml", real)
