"""Scenario files: every tests/scenarios/*.yaml and every shared worked example pass, via the
runner and via ``spellweb scenario``; bad files fail with the file, key and line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from analyzer import cli
from analyzer.rules import CardLibrary, ScenarioError
from analyzer.rules.scenario import run_file, run_text

PROJECT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((PROJECT / "tests" / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_project_scenario_passes(path: Path, library: CardLibrary) -> None:
    checks = run_file(path, library)
    failed = [c.line() for c in checks if not c.ok]
    assert checks and not failed, "\n".join(failed)


@pytest.mark.shared
def test_shared_examples_pass(shared: Path, library: CardLibrary) -> None:
    examples = sorted((shared / "rules" / "examples").glob("*.yaml"))
    assert len(examples) >= 4
    for path in examples:
        checks = run_file(path, library)
        assert checks and all(c.ok for c in checks), [c.line() for c in checks if not c.ok]


@pytest.mark.shared
def test_cli_runs_the_shared_examples(shared: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    files = [str(p) for p in sorted((shared / "rules" / "examples").glob("*.yaml"))]
    assert cli.main(["scenario", *files], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines and all(line.startswith("PASS ") for line in lines)
    assert any(line.startswith("PASS SNK-01: life: {A: 20, B: 19}") for line in lines)


BOLT = """
id: BOLT
turn: {active: A, step: main1}
players:
  A: {battlefield: [Mountain], hand: [Lightning Bolt]}
  B: {life: 20}
actions:
  - cast: {player: A, card: Lightning Bolt, targets: [B]}   # 1
  - pass: {until: resolve}                                 # 2
expect:
  - life: {B: 20}
    after: 1
  - life: {B: 17}
  - stack: []
"""


T = "turn: {active: A, step: main1}\n"


class TestRunner:
    def test_expectations_are_checked_after_their_action(self, library: CardLibrary) -> None:
        assert [c.ok for c in run_text(BOLT, "bolt.yaml", library)] == [True, True, True]

    def test_a_wrong_expectation_fails_and_says_what_was_found(self,
                                                               library: CardLibrary) -> None:
        checks = run_text(BOLT.replace("{B: 17}", "{B: 16}"), "bolt.yaml", library)
        assert not checks[1].ok and checks[1].line() == \
            "FAIL BOLT: life: {B: 16} -- found {B: 17}"

    def test_unexpected_refusal_stops_the_line(self, library: CardLibrary) -> None:
        text = BOLT.replace("targets: [B]", "targets: []")
        checks = run_text(text, "bolt.yaml", library)
        assert not checks[0].ok and "refused" in checks[0].found

    def test_expected_refusal_that_is_played_fails(self, library: CardLibrary) -> None:
        text = BOLT.replace("targets: [B]}", "targets: [B], rejected: true}")
        assert not all(c.ok for c in run_text(text, "bolt.yaml", library))

    def test_inline_card(self, library: CardLibrary) -> None:
        text = """
id: INLINE
cards:
  - {name: Test Bear, mana_cost: "{1}{G}", type: "Creature — Bear", power: "2", toughness: "2"}
turn: {active: A, step: main1}
players:
  A: {battlefield: [Forest, Forest], hand: [Test Bear]}
  B: {}
actions:
  - cast: {card: Test Bear}
  - pass: {}
expect:
  - permanent: {card: Test Bear, power: 2, toughness: 2, summoning_sick: true}
"""
        assert [c.ok for c in run_text(text, "inline.yaml", library)] == [True]

    @pytest.mark.parametrize(("text", "where"), [
        ("id: X\nturn: {active: A, step: main1}\n", "x.yaml:1: players"),
        ("players:\n  A: {}\n  B: {}\nturn: {active: A, step: lunch}\n",
         "x.yaml:4: step: unknown step"),
        (T + "players:\n  A:\n    battlefield: [Mox Lotus]\n  B: {}\n", "x.yaml:4: card"),
        ("players: [A, B\n", "x.yaml:2: not valid YAML"),
        (T + "players:\n  A: {}\n  B: {}\nactions:\n  - juggle: {}\n", "x.yaml:6: juggle"),
        (T + "players:\n  A: {hand: [Lightning Bolt]}\n  B: {}\nactions:\n"
         "  - cast: {card: Lightning Bolt, target: [B]}\n", "x.yaml:6: target: cast takes"),
        (T + "players:\n  A: {}\n  B: {}\nexpect:\n  - zone: {card: X, player: A, zone: hand, "
         "cuont: 2}\n", "x.yaml:6: cuont: zone takes"),
        # SCENARIO_FORMAT.md gives `turn` (active player and step) with no default
        ("players:\n  A: {}\n  B: {}\n", "x.yaml:1: turn: missing"),
        ("turn: {step: main1}\nplayers:\n  A: {}\n  B: {}\n", "x.yaml:1: active: missing"),
        # a map takes each key once: the second A must not silently replace the first
        (T + "players:\n  A: {}\n  B: {}\n  A: {}\n", "x.yaml:5: A: duplicate key"),
        # YAML booleans only: "false" (quoted) is text, and would read as true
        (T + "players:\n  A: {battlefield: [{card: Forest, tapped: \"false\"}]}\n  B: {}\n",
         "x.yaml:3: tapped: true or false"),
        (T + "players:\n  A: {battlefield: [{card: Grizzly Bears, damage: -5}]}\n  B: {}\n",
         "x.yaml:3: damage: .*0 or more"),
        (T + "players:\n  A: {battlefield: [{card: Grizzly Bears, counters: {+1/+1: -5}}]}\n"
         "  B: {}\n", "x.yaml:3: counters: .*0 or more"),
        # counters with a rules meaning the core does not play are refused (CR 122.1b)
        (T + "players:\n  A: {battlefield: [{card: Grizzly Bears, counters: {flying: 1}}]}\n"
         "  B: {}\n", "x.yaml:3: counters: .*122.1b"),
        (T + "players:\n  A: {battlefield: [{card: Forest, id: F}, {card: Mountain, id: F}]}\n"
         "  B: {}\n", "x.yaml:3: id: id 'F' is already given"),
        # inline creatures need a numeric power and toughness (CR 208.1)
        ("cards:\n  - {name: T, type: Creature — Bear}\n" + T + "players: {A: {}, B: {}}\n",
         "x.yaml:2: type: a power is missing"),
        ("cards:\n  - {name: T, type: Creature — Bear, power: x, toughness: '2'}\n" + T +
         "players: {A: {}, B: {}}\n", "x.yaml:2: power: 'x' is not a number"),
    ])
    def test_bad_files_name_file_key_and_line(self, text: str, where: str,
                                              library: CardLibrary) -> None:
        with pytest.raises(ScenarioError, match=where.replace("{", r"\{")):
            run_text(text, "x.yaml", library)


def test_cli_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad, broken = tmp_path / "good.yaml", tmp_path / "bad.yaml", tmp_path / "broken.yaml"
    good.write_text(BOLT, encoding="utf-8")
    bad.write_text(BOLT.replace("{B: 17}", "{B: 1}"), encoding="utf-8")
    broken.write_text("players: [", encoding="utf-8")
    assert cli.main(["scenario", str(good)], out=io.StringIO()) == 0
    out = io.StringIO()
    assert cli.main(["scenario", str(good), str(bad)], out=out) == 1
    assert "FAIL BOLT: life: {B: 1} -- found {B: 17}" in out.getvalue()
    assert cli.main(["scenario", str(broken)], out=io.StringIO()) == 1
    assert "broken.yaml:1: not valid YAML" in capsys.readouterr().err


class TestExtensions:
    """The format extensions of docs/scenarios.md."""

    def test_refusal_reason_optional_refusal_sizes_fizzles_damage_and_token_keys(
            self, library: CardLibrary) -> None:
        text = """
id: EXT
turn: {active: A, step: main1}
players:
  A: {battlefield: [Grizzly Bears, Forest, Mountain], hand: [Giant Growth, Lightning Bolt]}
  B: {battlefield: [Mountain]}
actions:
  - cast: {player: A, card: Lightning Bolt, rejected: true}                        # 1
  - cast: {player: A, card: Giant Growth, targets: [Grizzly Bears], rejected: optional}  # 2
  - cast: {player: A, card: Lightning Bolt, targets: [Grizzly Bears]}             # 3
  - pass: {until: resolve}                                                        # 4
  - pass: {until: resolve}                                                        # 5
expect:
  - rejected: {action: 1, reason: "needs 1 target"}
  - zone_size: {player: A, zone: hand, count: 0}
  - zone_size: {player: A, zone: graveyard, count: 3}
  - did_not_resolve: {card: Giant Growth, times: 1}
  - did_not_resolve: {card: Lightning Bolt, times: 0}
  - damage_dealt: {source: Lightning Bolt, to: Grizzly Bears, amount: 3}
  - damage_dealt: {source: Lightning Bolt, to: Grizzly Bears, amount: 0, combat: true}
"""
        checks = run_text(text, "ext.yaml", library)
        assert [c.ok for c in checks] == [True] * 7, [c.line() for c in checks]
        wrong = text.replace('reason: "needs 1 target"', 'reason: "summoning sickness"')
        assert not run_text(wrong, "ext.yaml", library)[0].ok

    def test_colors_and_keywords_of_tokens(self, library: CardLibrary) -> None:
        text = """
id: TOKEN
turn: {active: A, step: declare_blockers}
players:
  A: {battlefield: [{card: Moonblade Shinobi, attacking: B}]}
  B: {}
actions:
  - pass: {until: combat_damage}
  - pass: {until: resolve}
expect:
  - tokens: {controller: A, name: Illusion, count: 1, colors: [U], keywords: [Flying],
             power: 1, toughness: 1}
  - tokens: {controller: A, name: Illusion, count: 1, colors: [B]}
"""
        assert [c.ok for c in run_text(text, "t.yaml", library)] == [True, False]


def test_a_stack_object_as_a_target(library: CardLibrary) -> None:
    # NIN-01: Counterspell aimed at the ninjutsu ability (an ability, not a spell) is refused.
    text = """
id: STACK
turn: {active: A, step: declare_blockers}
players:
  A:
    battlefield: [{card: Grizzly Bears, attacking: B}, Island, Island]
    hand: [Ninja of the Deep Hours]
  B:
    battlefield: [Island, Island]
    hand: [Counterspell]
actions:
  - activate: {player: A, card: Ninja of the Deep Hours, ability: Ninjutsu, return: Grizzly Bears}
  - cast: {player: B, card: Counterspell, targets: [{stack: 1}], rejected: true}
expect:
  - rejected: {action: 2, reason: "ninjutsu ability of Ninja of the Deep Hours"}
  - zone: {card: Counterspell, player: B, zone: hand}
"""
    assert [c.ok for c in run_text(text, "stack.yaml", library)] == [True, True]
