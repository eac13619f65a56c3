"""Defects a review found in the rules core and the scenario runner, each pinned by the value
the Comprehensive Rules or SCENARIO_FORMAT.md give (issue 6).

Every expected value below is read from the rule cited next to it, not from the output.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from analyzer import cli
from analyzer.rules import CardLibrary, ScenarioError, UnsupportedCardError
from analyzer.rules.abilities import activatable
from analyzer.rules.cards import inline_card
from analyzer.rules.counters import counter_problem
from analyzer.rules.scenario import run_text


def _run(text: str, library: CardLibrary, path: str = "x.yaml") -> list[tuple[bool, str, str]]:
    return [(c.ok, c.what, c.found) for c in run_text(text, path, library)]


# -- 1. `pass` with a question waiting --------------------------------------------------------

NINJA = """
id: PASSQ
turn: {active: A, step: main1}
players:
  A:
    battlefield: [Grizzly Bears, {card: Island, id: I1}, {card: Island, id: I2}]
    hand: [Ninja of the Deep Hours]
  B: {}
actions:
  - declare_attackers: {player: A, attackers: {Grizzly Bears: B}}
  - declare_blockers: {player: B, blocks: {}}
  - activate: {player: A, card: Ninja of the Deep Hours, ability: Ninjutsu, return: Grizzly Bears}
  - pass: {until: resolve}
  - pass: {until: combat_damage}
  - pass: {until: resolve}
  - pass: {until: end_of_turn}
expect:
  - zone: {card: Ninja of the Deep Hours, player: A, zone: battlefield}
"""


def test_pass_with_a_question_waiting_fails_the_line(library: CardLibrary) -> None:
    # SCENARIO_FORMAT.md: "An action that raises a question stops there; the next action
    # must be the `choose` that answers it." Action 6 resolves the Ninja's "you may draw"
    # trigger, which asks; action 7 (line 16) is a pass, not a choose.
    checks = _run(NINJA, library)
    assert checks[0][0] is False
    assert "action 7 (pass): x.yaml:16:" in checks[0][2]
    assert "unanswered question: Ninja of the Deep Hours: you may draw a card?" in checks[0][2]
    assert "the next action must be `choose`" in checks[0][2]


def test_the_choose_answers_it(library: CardLibrary) -> None:
    text = NINJA.replace("  - pass: {until: end_of_turn}\n",
                         "  - choose: {player: A, choice: true}\n"
                         "  - pass: {until: end_of_turn}\n")
    assert [c[0] for c in _run(text, library)] == [True]


# -- 2. shield and stun counters (CR 122.1c, 122.1d) ------------------------------------------

def test_shield_counter_prevents_damage(library: CardLibrary) -> None:
    # CR 122.1c: would be dealt damage -> instead remove a shield counter. The Bears keep
    # no damage and lose the counter.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [{card: Grizzly Bears, counters: {shield: 1}}]}
  B: {battlefield: [Mountain, Mountain], hand: [Lightning Bolt, Lightning Bolt]}
actions:
  - cast: {player: B, card: Lightning Bolt, targets: [Grizzly Bears]}
  - pass: {until: resolve}
  - cast: {player: B, card: Lightning Bolt, targets: [Grizzly Bears]}
  - pass: {until: resolve}
expect:
  - permanent: {card: Grizzly Bears, damage: 0, counters: {shield: 0}}
    after: 2
  - zone: {card: Grizzly Bears, player: A, zone: graveyard}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


def test_shield_counter_prevents_destruction(library: CardLibrary) -> None:
    # CR 122.1c: would be destroyed -> instead remove a shield counter.
    text = """
cards:
  - {name: Test Slay, mana_cost: "{1}{B}", type: Sorcery, text: "Destroy target creature."}
turn: {active: A, step: main1}
players:
  A: {battlefield: [Swamp x2], hand: [Test Slay]}
  B: {battlefield: [{card: Grizzly Bears, counters: {shield: 1}}]}
actions:
  - cast: {player: A, card: Test Slay, targets: [Grizzly Bears]}
  - pass: {until: resolve}
expect:
  - permanent: {card: Grizzly Bears, counters: {shield: 0}}
"""
    assert [c[0] for c in _run(text, library)] == [True]


def test_stun_counter_replaces_untapping(library: CardLibrary) -> None:
    # CR 122.1d: instead of untapping in A's next untap step, a stun counter is removed;
    # the untap step after that untaps it.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [{card: Grizzly Bears, tapped: true, counters: {stun: 1}}]}
  B: {}
actions:
  - pass: {until: main1}
  - pass: {until: main1}
  - pass: {until: main1}
  - pass: {until: main1}
expect:
  - permanent: {card: Grizzly Bears, tapped: true, counters: {stun: 0}}
    after: 2
  - permanent: {card: Grizzly Bears, tapped: false}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


@pytest.mark.parametrize(("kind", "rule"), [
    ("flying", "122.1b"), ("+1/+0", "122.1a"), ("lore", "714.2"), ("defense", "310.4")])
def test_counters_with_unplayed_rules_meaning_are_refused(kind: str, rule: str) -> None:
    assert rule in counter_problem(kind)


def test_counters_without_rules_meaning_are_kept() -> None:
    # CR 122.1: "charge" and "oil" counters mean nothing unless an ability counts them.
    assert counter_problem("charge") == counter_problem("oil") == ""


# -- 3. +1/+1 and -1/-1 counters annihilate (CR 704.5q) ---------------------------------------

def test_counter_annihilation(library: CardLibrary) -> None:
    # 704.5q: two +1/+1 and one -1/-1 -> one +1/+1 remains; Grizzly Bears 2/2 becomes 3/3.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 2, "-1/-1": 1}}]}
  B: {}
expect:
  - permanent: {card: Grizzly Bears, power: 3, toughness: 3, counters: {"+1/+1": 1, "-1/-1": 0}}
"""
    assert [c[0] for c in _run(text, library)] == [True]


# -- 4. trample (CR 702.19c, 702.19e) ---------------------------------------------------------

TRAMPLE = """
cards:
  - {name: Tramp Wurm, mana_cost: "{5}{G}{G}", type: "Creature — Wurm", text: "Trample",
     power: "7", toughness: "7"}
  - {name: Small Tramp, mana_cost: "{1}{G}", type: "Creature — Beast", text: "Trample",
     power: "2", toughness: "2"}
turn: {active: A, step: main1}
"""


def test_trample_with_every_blocker_removed_hits_the_player(library: CardLibrary) -> None:
    # 702.19e: a trampler whose blockers are all removed assigns all its damage to the
    # player: 20 - 7 = 13, without a "divide" question.
    text = TRAMPLE + """
players:
  A: {battlefield: [Tramp Wurm, Mountain], hand: [Lightning Bolt]}
  B: {battlefield: [Grizzly Bears]}
actions:
  - declare_attackers: {player: A, attackers: {Tramp Wurm: B}}
  - declare_blockers: {player: B, blocks: {Grizzly Bears: Tramp Wurm}}
  - cast: {player: A, card: Lightning Bolt, targets: [Grizzly Bears]}
  - pass: {until: resolve}
  - pass: {until: main2}
expect:
  - life: {B: 13}
"""
    assert [c[0] for c in _run(text, library)] == [True]


def test_trample_forced_division_asks_nothing(library: CardLibrary) -> None:
    # 702.19c: lethal damage to the blocker first; 2 power against Hill Giant's 3 toughness
    # can only all go to it (no question), B stays at 20.
    text = TRAMPLE + """
players:
  A: {battlefield: [Small Tramp]}
  B: {battlefield: [Hill Giant]}
actions:
  - declare_attackers: {player: A, attackers: {Small Tramp: B}}
  - declare_blockers: {player: B, blocks: {Hill Giant: Small Tramp}}
  - pass: {until: main2}
expect:
  - life: {B: 20}
  - permanent: {card: Hill Giant, damage: 2}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


# -- 5. ambiguous names (SCENARIO_FORMAT.md "id") ----------------------------------------------

def test_a_name_of_several_objects_is_refused(library: CardLibrary) -> None:
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [Grizzly Bears, Mountain], hand: [Lightning Bolt]}
  B: {battlefield: [Grizzly Bears]}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [Grizzly Bears]}
  - pass: {until: resolve}
expect:
  - life: {B: 20}
"""
    found = _run(text, library)[0][2]
    assert "x.yaml:7: targets: ambiguous name 'Grizzly Bears'" in found
    assert "give the board entries an `id`" in found


def test_ids_tell_them_apart(library: CardLibrary) -> None:
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [{card: Grizzly Bears, id: Mine}, Mountain], hand: [Lightning Bolt]}
  B: {battlefield: [{card: Grizzly Bears, id: Theirs}]}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [Theirs]}
  - pass: {until: resolve}
expect:
  - zone: {card: Grizzly Bears, player: B, zone: graveyard}
  - zone: {card: Grizzly Bears, player: A, zone: battlefield}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


def test_a_card_to_cast_is_in_the_acting_players_hand(library: CardLibrary) -> None:
    # Both hold Lightning Bolt: B's cast takes the Bolt from B's hand (CR 601.2a).
    text = """
turn: {active: A, step: main1}
players:
  A: {hand: [Lightning Bolt]}
  B: {battlefield: [Mountain], hand: [Lightning Bolt]}
actions:
  - cast: {player: B, card: Lightning Bolt, targets: [A]}
  - pass: {until: resolve}
expect:
  - life: {A: 17}
  - zone: {card: Lightning Bolt, player: B, zone: graveyard}
  - zone: {card: Lightning Bolt, player: A, zone: hand}
"""
    assert [c[0] for c in _run(text, library)] == [True, True, True]


def test_interchangeable_copies_are_not_ambiguous(library: CardLibrary) -> None:
    # "Mountain x2": two copies with the same state; either pays.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: ["Mountain x2"], hand: [Lightning Bolt]}
  B: {}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [B], pay_with: [Mountain]}
  - pass: {until: resolve}
expect:
  - life: {B: 17}
"""
    assert [c[0] for c in _run(text, library)] == [True]


# -- 6. activatable abilities: printed order from the profile, the card's name ---------------

def test_activatable_abilities_in_printed_order_with_the_cards_name() -> None:
    card = inline_card("Test Bees", "{G}", "Creature — Insect", "Flying\n"
                       "{G}: Test Bees gets +1/+1 until end of turn.\n"
                       "{T}: Add {G}.\n"
                       "{3}{G}, Sacrifice Test Bees: Test Bees deals 2 damage to any target.",
                       "0", "1")
    data = CardLibrary.of([card]).get("Test Bees")
    found = [(a.kind, a.text) for a in activatable(data)]
    assert found == [
        ("activated", "{G}: Test Bees gets +1/+1 until end of turn."),
        ("mana", "{T}: Add {G}."),
        ("activated", "{3}{G}, Sacrifice Test Bees: Test Bees deals 2 damage to any target."),
    ]


def test_unsupported_card_error_names_the_card() -> None:
    err = UnsupportedCardError("Odd Card", "CARDNAME juggles.")
    assert "CARDNAME" not in str(err) and "Odd Card juggles." in str(err)


# -- 9 / 12. runtime problems fail one scenario; the run goes on ------------------------------

STAR = """
cards:
  - {name: Test Star, mana_cost: "{1}{G}", type: "Creature — Elemental",
     text: "Test Star's power and toughness are each equal to the number of cards in your hand.",
     power: "*", toughness: "*"}
id: ONE
turn: {active: A, step: main1}
players:
  A: {battlefield: [Test Star]}
  B: {}
expect:
  - life: {A: 20}
---
id: TWO
turn: {active: A, step: main1}
players:
  A: {}
  B: {}
actions:
  - pass: null
expect:
  - life: {A: 20}
---
id: THREE
turn: {active: A, step: main1}
players:
  A: {}
  B: {}
expect:
  - life: {A: 20}
"""


def test_problems_fail_their_scenario_and_the_next_one_runs(library: CardLibrary) -> None:
    checks = run_text(STAR, "x.yaml", library)
    by_id = {c.scenario: c for c in checks if not c.ok}
    assert "x.yaml:" in by_id["ONE"].found and "Test Star" in by_id["ONE"].found
    # `pass: null` is `pass: {until: resolve}` on an empty stack: the file and the line.
    assert "x.yaml:20: until: nothing on the stack to resolve" in by_id["TWO"].found
    assert [c.ok for c in checks if c.scenario == "THREE"] == [True]


def test_cli_goes_on_after_a_failing_file(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text(STAR, encoding="utf-8")
    second.write_text(STAR.split("---")[2], encoding="utf-8")
    out = io.StringIO()
    assert cli.main(["scenario", str(first), str(second)], out=out) == 1
    assert out.getvalue().count("PASS THREE") == 2
    assert "passed" in capsys.readouterr().err


@pytest.mark.parametrize("step", ["main2", "declare_attackers", "end_of_combat"])
def test_declare_blockers_without_attackers_says_the_step_is_skipped(
        step: str, library: CardLibrary) -> None:
    # CR 508.8: with no attackers, the declare blockers step is skipped.
    text = f"""
turn: {{active: A, step: {step}}}
players:
  A: {{battlefield: [Grizzly Bears]}}
  B: {{}}
actions:
  - declare_blockers: {{player: B, blocks: {{}}}}
expect:
  - life: {{A: 20}}
"""
    found = _run(text, library)[0][2]
    assert "x.yaml:7:" in found and "508.8" in found and "skipped" in found


# -- 16. "target artifact creature" is not "target artifact or creature" ----------------------

CONSTRUCT = """
cards:
  - {name: Test Construct, mana_cost: "{4}", type: "Artifact Creature — Golem",
     text: "{2}: Untap target artifact creature.", power: "2", toughness: "2"}
  - {name: Test Dynamo, mana_cost: "{4}", type: "Artifact",
     text: "{T}: Add {C}{C}{C}."}
turn: {active: A, step: main1}
players:
  A: {battlefield: [Test Construct, {card: Test Dynamo, tapped: true},
                    {card: Ornithopter, tapped: true}, Mountain, Mountain]}
  B: {}
"""


@pytest.mark.parametrize(("target", "refused"), [("Test Dynamo", True), ("Ornithopter", False)])
def test_artifact_creature_targets_need_both_types(target: str, refused: bool,
                                                   library: CardLibrary) -> None:
    # Voltaic Construct's "target artifact creature" (CR 115.1, 205.2a): a noncreature
    # artifact (Thran Dynamo) is no legal target; Ornithopter (artifact creature) is.
    text = CONSTRUCT + f"""actions:
  - activate: {{player: A, card: Test Construct, targets: [{target}], rejected: {str(refused).lower()}}}
expect:
  - rejected: 1
"""
    assert [c[0] for c in _run(text, library)] == [refused]


# -- evasion keywords: fear (CR 702.36b) ------------------------------------------------------

@pytest.mark.parametrize(("blocker", "refused"), [
    ("Grizzly Bears", True),       # green, not an artifact: can't block a creature with fear
    ("Ornithopter", False),        # an artifact creature can
    ("Vampire Spawn", False),      # a black creature can
])
def test_fear(blocker: str, refused: bool, library: CardLibrary) -> None:
    text = f"""
turn: {{active: A, step: main1}}
players:
  A: {{battlefield: [Prickly Boggart]}}
  B: {{battlefield: [{blocker}]}}
actions:
  - declare_attackers: {{player: A, attackers: {{Prickly Boggart: B}}}}
  - declare_blockers: {{player: B, blocks: {{{blocker}: Prickly Boggart}}, rejected: optional}}
expect:
  - rejected: 2
"""
    assert [c[0] for c in _run(text, library)] == [refused]


# -- 15. mana with a spending restriction (CR 106.6) is never spent on anything ---------------

ROCK = """
cards:
  - {name: Test X Rock, mana_cost: "{3}", type: Artifact,
     text: "{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}."}
turn: {active: A, step: main1}
players:
  A: {battlefield: [Test X Rock], hand: [Grizzly Bears]}
  B: {}
"""


def test_restricted_mana_does_not_pay_a_cost_without_x(library: CardLibrary) -> None:
    # Grizzly Bears' {1}{G} contains no {X}: the Rock's mana can't pay it (CR 106.6), and
    # nothing else can, so the cast is refused with nothing paid.
    text = ROCK + """actions:
  - cast: {player: A, card: Grizzly Bears, rejected: true}
expect:
  - zone: {card: Grizzly Bears, player: A, zone: hand}
  - permanent: {card: Test X Rock, tapped: false}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


def test_restricted_mana_ability_is_refused_by_name(library: CardLibrary) -> None:
    text = ROCK + """actions:
  - mana: {player: A, card: Test X Rock}
expect:
  - mana_pool: {A: ""}
"""
    found = _run(text, library)[0][2]
    assert "Spend this mana only on costs that contain {X}." in found and "106.6" in found


# -- 13. a part the rules core can't play raises when the line needs it, never before, -------
#        and never does nothing silently

UNPLAYED = """
cards:
  - {name: Test Juggler, mana_cost: "{1}", type: "Creature — Human", power: "1", toughness: "1",
     text: "{2}: Test Juggler juggles three balls."}
  - {name: Test Mourner, mana_cost: "{1}", type: "Creature — Human", power: "1", toughness: "1",
     text: "When Test Mourner leaves the battlefield, each player juggles."}
  - {name: Test Sky, mana_cost: "{1}", type: "Creature — Bird", power: "1", toughness: "1",
     text: "Shadow"}
  - {name: Test Ward, mana_cost: "{1}", type: "Enchantment",
     text: "Players can't untap more than one land during their untap steps."}
  - {name: Test Wish, mana_cost: "{1}", type: "Enchantment",
     text: "If you would draw a card while your library has no cards in it, you win the game instead."}
  - {name: Test Odd, mana_cost: "{R}", type: Instant, text: "Juggle three target creatures."}
turn: {active: A, step: main1}
"""


def test_unplayed_activated_ability_raises_only_when_activated(library: CardLibrary) -> None:
    text = UNPLAYED + """players:
  A: {battlefield: [Test Juggler, Mountain x2], hand: [Lightning Bolt]}
  B: {}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [B]}
  - pass: {until: resolve}
  - activate: {player: A, card: Test Juggler, ability: juggles}
expect:
  - life: {B: 17}
    after: 2
"""
    checks = _run(text, library)
    assert checks[-1][0] is True                        # the Bolt line played
    assert "'Test Juggler': the rules core cannot play '{2}: Test Juggler juggles three " \
           "balls.'" in checks[0][2]


def test_unplayed_triggered_ability_raises_when_its_event_happens(
        library: CardLibrary) -> None:
    # It plays until it leaves the battlefield (CR 603.10a looks back in time): the Bolt
    # that kills it is refused as unsupported, naming the text.
    text = UNPLAYED + """players:
  A: {battlefield: [Mountain x2], hand: ["Lightning Bolt x2"]}
  B: {battlefield: [Test Mourner]}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [B]}
  - pass: {until: resolve}
  - cast: {player: A, card: Lightning Bolt, targets: [Test Mourner]}
  - pass: {until: resolve}
expect:
  - life: {B: 17}
    after: 2
"""
    checks = _run(text, library)
    assert checks[-1][0] is True
    assert "Test Mourner leaves the battlefield, each player juggles." in checks[0][2]
    assert "needed as a permanent leaves the battlefield" in checks[0][2]


@pytest.mark.parametrize(("card", "why"), [
    ("Test Sky", "this keyword"),                 # shadow also restricts its own blocks
    ("Test Ward", ""),                            # a static ability: applies at all times
    ("Test Wish", "this replacement effect"),     # a replacement effect: at all times
])
def test_statics_and_replacements_are_refused_at_setup(card: str, why: str,
                                                       library: CardLibrary) -> None:
    text = UNPLAYED + f"""players:
  A: {{battlefield: [{card}]}}
  B: {{}}
expect:
  - life: {{B: 20}}
"""
    checks = _run(text, library)
    assert checks[0][1] == "the board can be set up" and not checks[0][0]
    assert f"{card!r}: the rules core cannot play" in checks[0][2] and why in checks[0][2]


def test_unplayed_spell_raises_when_cast(library: CardLibrary) -> None:
    text = UNPLAYED + """players:
  A: {battlefield: [Mountain], hand: [Test Odd]}
  B: {}
actions:
  - cast: {player: A, card: Test Odd}
expect:
  - zone: {card: Test Odd, player: A, zone: hand}
"""
    assert "'Test Odd': the rules core cannot play 'Juggle three target creatures.'" \
        in _run(text, library)[0][2]


def test_doesnt_untap_during_your_untap_step(library: CardLibrary) -> None:
    # Basalt Monolith's static (CR 502.3): A's next untap step leaves it tapped, while the
    # Mountain untaps.
    text = """
cards:
  - {name: Test Monolith, mana_cost: "{3}", type: Artifact,
     text: "Test Monolith doesn't untap during your untap step.\\n{T}: Add {C}{C}{C}."}
turn: {active: A, step: main1}
players:
  A: {battlefield: [{card: Test Monolith, tapped: true}, {card: Mountain, tapped: true}]}
  B: {}
actions:
  - pass: {until: main1}
  - pass: {until: main1}
expect:
  - permanent: {card: Test Monolith, tapped: true}
  - permanent: {card: Mountain, tapped: false}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


def test_an_index_is_refused_when_some_activated_ability_is_unread(
        library: CardLibrary) -> None:
    # The unread ability has no place in the printed order, so `ability: 1` could name the
    # wrong one: refused naming the unread text, never a silent wrong activation.
    text = UNPLAYED + """players:
  A: {battlefield: [Test Juggler, Mountain x2]}
  B: {}
actions:
  - activate: {player: A, card: Test Juggler, ability: 1}
expect:
  - life: {B: 20}
"""
    assert "Test Juggler juggles three balls." in _run(text, library)[0][2]


# -- prowl: "if its prowl cost was paid" (CR 702.76, 603.4) -----------------------------------

PROWL = """
turn: {active: A, step: main2}
players:
  A:
    battlefield: [{card: Prickly Boggart, id: Boggart}, Island x2, Swamp x3]
    hand: [Latchkey Faerie, Morsel Theft]
    library: [Island, Swamp, Swamp]
  B: {life: 19}
"""


def test_prowl_paid_condition_on_an_enters_trigger(library: CardLibrary) -> None:
    # Latchkey Faerie cast for its prowl cost {2}{U}: "When it enters, if its prowl cost was
    # paid, draw a card": A draws. No combat damage was dealt this turn, so prowl is refused;
    # cast normally ({3}{U}), the trigger does not trigger (CR 603.4): the hand keeps only
    # Morsel Theft.
    text = PROWL + """actions:
  - cast: {player: A, card: Latchkey Faerie, cost: prowl, rejected: true}
  - cast: {player: A, card: Latchkey Faerie}
  - pass: {until: resolve}
expect:
  - zone: {card: Latchkey Faerie, player: A, zone: battlefield}
  - zone: {card: Island, player: A, zone: library}
  - triggered: {card: Latchkey Faerie, times: 0}
"""
    assert [c[0] for c in _run(text, library)] == [True, True, True]


def test_prowl_paid_draws(library: CardLibrary) -> None:
    # Prickly Boggart (a Rogue) deals combat damage to B (19 -> 18); Latchkey Faerie (Faerie
    # Rogue) cast for prowl {2}{U} (CR 702.76a); its trigger draws the library's top Island.
    text = PROWL.replace("step: main2", "step: main1") + """actions:
  - declare_attackers: {player: A, attackers: {Boggart: B}}
  - declare_blockers: {player: B, blocks: {}}
  - pass: {until: main2}
  - cast: {player: A, card: Latchkey Faerie, cost: prowl}
  - pass: {until: resolve}
  - pass: {until: resolve}
expect:
  - life: {B: 18}
  - zone: {card: Island, player: A, zone: hand}
  - triggered: {card: Latchkey Faerie, times: 1}
"""
    assert [c[0] for c in _run(text, library)] == [True, True, True]


def test_attacks_and_isnt_blocked_trigger(library: CardLibrary) -> None:
    # Stinkdrinker Bandit: "Whenever a Rogue you control attacks and isn't blocked, it gets
    # +2/+1 until end of turn." Prickly Boggart (1/1 Goblin Rogue) unblocked: 3 damage.
    # Grizzly Bears (no Rogue) attacking unblocked does not trigger it.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [Stinkdrinker Bandit, Prickly Boggart, Grizzly Bears]}
  B: {}
actions:
  - declare_attackers: {player: A, attackers: {Prickly Boggart: B, Grizzly Bears: B}}
  - declare_blockers: {player: B, blocks: {}}
  - pass: {until: main2}
expect:
  - triggered: {card: Stinkdrinker Bandit, times: 1}
  - life: {B: 15}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


# -- 14. Auras and Equipment attached at setup (CR 301.5, 303.4, 704.5m-n) --------------------

GEAR = """
cards:
  - {name: Test Sword, mana_cost: "{2}", type: "Artifact — Equipment",
     text: "Equipped creature gets +2/+2.\\nEquip {2}"}
  - {name: Test Aura, mana_cost: "{G}", type: "Enchantment — Aura",
     text: "Enchant creature\\nEnchanted creature gets +1/+1."}
turn: {active: A, step: main1}
"""


def test_wild_growth_adds_an_additional_green(library: CardLibrary) -> None:
    # "Whenever enchanted land is tapped for mana, its controller adds an additional {G}":
    # the enchanted Forest makes {G}{G}; the Mountain beside it only {R}.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [Forest, Mountain, {card: Wild Growth, attached_to: Forest}]}
  B: {}
actions:
  - mana: {player: A, card: Forest}
  - mana: {player: A, card: Mountain}
expect:
  - mana_pool: {A: "{G}{G}"}
    after: 1
  - mana_pool: {A: "{R}{G}{G}"}
  - permanent: {card: Wild Growth, attached_to: Forest}
"""
    assert [c[0] for c in _run(text, library)] == [True, True, True]


def test_equipment_and_aura_bonuses_apply_to_what_they_are_attached_to(
        library: CardLibrary) -> None:
    # Grizzly Bears 2/2 +2/+2 (equipped) +1/+1 (enchanted) = 5/5; the other Bears stay 2/2.
    text = GEAR + """players:
  A:
    battlefield:
      - {card: Grizzly Bears, id: Mine}
      - {card: Grizzly Bears, id: Other}
      - {card: Test Sword, attached_to: Mine}
      - {card: Test Aura, attached_to: Mine}
  B: {}
expect:
  - permanent: {card: Mine, power: 5, toughness: 5}
  - permanent: {card: Other, power: 2, toughness: 2}
"""
    assert [c[0] for c in _run(text, library)] == [True, True]


def test_aura_falls_off_when_its_creature_dies(library: CardLibrary) -> None:
    text = """
cards:
  - {name: Test Sword, mana_cost: "{2}", type: "Artifact — Equipment",
     text: "Equipped creature gets +0/+0.\\nEquip {2}"}
  - {name: Test Aura, mana_cost: "{G}", type: "Enchantment — Aura",
     text: "Enchant creature\\nEnchanted creature gets +0/+0."}
turn: {active: A, step: main1}
players:
  A:
    battlefield: [Mountain, Grizzly Bears, {card: Test Aura, attached_to: Grizzly Bears},
                  {card: Test Sword, attached_to: Grizzly Bears}]
    hand: [Lightning Bolt]
  B: {}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [Grizzly Bears]}
  - pass: {until: resolve}
expect:
  - zone: {card: Grizzly Bears, player: A, zone: graveyard}
  - zone: {card: Test Aura, player: A, zone: graveyard}
  - permanent: {card: Test Sword, attached_to: false}
"""
    assert [c[0] for c in _run(text, library)] == [True, True, True]


@pytest.mark.parametrize(("entry", "problem"), [
    ("{card: Wild Growth, attached_to: Grizzly Bears}", "can enchant only a land"),
    ("{card: Test Sword, attached_to: Forest}", "only to a creature (CR 301.5c)"),
    ("{card: Grizzly Bears, attached_to: Forest}", "not an Aura or Equipment"),
])
def test_illegal_attachments_are_refused_at_setup(entry: str, problem: str,
                                                  library: CardLibrary) -> None:
    text = GEAR + f"""players:
  A: {{battlefield: [Forest, Grizzly Bears, {entry}]}}
  B: {{}}
"""
    with pytest.raises(ScenarioError, match="attached_to: .*" + re.escape(problem)):
        run_text(text, "x.yaml", library)


def test_casting_an_aura_needs_its_target(library: CardLibrary) -> None:
    # CR 303.4a: an Aura spell requires a target, defined by its enchant ability ("Enchant
    # land"): cast without one it is refused rather than put in the graveyard unattached.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [Forest, Forest], hand: [Wild Growth]}
  B: {}
actions:
  - cast: {player: A, card: Wild Growth}
  - pass: {until: resolve}
expect:
  - zone: {card: Wild Growth, player: A, zone: battlefield}
"""
    assert "'target land' needs 1 target(s); 0 given" in _run(text, library)[0][2]


def test_an_aura_spell_enters_attached_to_its_target(library: CardLibrary) -> None:
    # CR 303.4a-b, 608.3b: Wild Growth targets a Forest and enchants it; tapping the Forest
    # for {G} adds an additional {G}.
    text = """
turn: {active: A, step: main1}
players:
  A: {battlefield: [{card: Forest, id: F1}, {card: Forest, id: F2}], hand: [Wild Growth]}
  B: {}
actions:
  - cast: {player: A, card: Wild Growth, targets: [F2], pay_with: [F1]}
  - pass: {until: resolve}
  - mana: {player: A, card: F2}
expect:
  - zone: {card: Wild Growth, player: A, zone: battlefield}
  - mana_pool: {A: "{G}{G}"}
"""
    checks = _run(text, library)
    assert len(checks) == 2 and all(ok for ok, _, _ in checks), checks


def test_equip_is_refused_when_activated(library: CardLibrary) -> None:
    text = GEAR + """players:
  A: {battlefield: [Grizzly Bears, Test Sword, Mountain x2]}
  B: {}
actions:
  - activate: {player: A, card: Test Sword, ability: Equip, targets: [Grizzly Bears]}
expect:
  - permanent: {card: Grizzly Bears, power: 2}
"""
    assert "'Test Sword': the rules core cannot play 'Equip {2}'" in _run(text, library)[0][2]


def test_you_may_is_not_asked_about_an_effect_the_core_cannot_play(
        library: CardLibrary) -> None:
    # Isochron Scepter's imprint: choosing "an instant card from your hand" is not played;
    # the line stops naming it instead of asking a yes/no question it can't follow up.
    text = """
cards:
  - {name: Test Imprinter, mana_cost: "{1}", type: Artifact,
     text: "When Test Imprinter enters, you may exile an instant card with mana value 2 or less from your hand."}
turn: {active: A, step: main1}
players:
  A: {battlefield: [Mountain], hand: [Test Imprinter, Lightning Bolt]}
  B: {}
actions:
  - cast: {player: A, card: Test Imprinter}
  - pass: {until: resolve}
  - pass: {until: resolve}
expect:
  - zone: {card: Lightning Bolt, player: A, zone: hand}
"""
    found = _run(text, library)[0][2]
    assert "action 3 (pass)" in found
    assert "the reference 'an instant card with mana value 2 or less from your hand'" in found
