"""Line search from a scenario file's board (``spellweb lines``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import services
from analyzer.errors import InputError
from analyzer.rules import Zone
from analyzer.simulate.lines import Goal, GoalKind


@pytest.fixture
def snk01(shared: Path) -> Path:
    """SNK-01: Raging Goblin and two Swamps on the board, Splinter, Hamato Yoshi in hand."""
    return shared / "rules" / "examples" / "SNK-01.yaml"


@pytest.mark.shared
class TestSneakBoard:
    def test_cast_for_sneak(self, snk01: Path) -> None:
        report = services.scenario_lines(None, snk01, "cast:Splinter, Hamato Yoshi")
        assert report.lines, "the sneak line exists"
        best = report.lines[0]
        assert best.reached and best.actions[-1] == \
            "A casts Splinter, Hamato Yoshi (sneak, returning Raging Goblin)"
        assert "A attacks B with Raging Goblin" in best.actions
        assert any("declares blockers: none" in a for a in best.actions)   # the goldfish

    def test_most_damage(self, snk01: Path) -> None:
        # Raging Goblin 1/1 (haste), Splinter 1/3 (summoning sick if cast normally, or
        # entering attacking through sneak in place of the Goblin): 1 damage at most.
        report = services.scenario_lines(None, snk01, "damage")
        assert report.lines[0].score == 1
        assert all(line.score <= 1 for line in report.lines)

    def test_assemble_a_combo(self, tmp_path: Path) -> None:
        board = tmp_path / "pool.yaml"
        board.write_text("turn: {active: A, step: main1}\nplayers:\n  A: {battlefield: "
                         "[Reflecting Pool], hand: [Exotic Orchard]}\n  B: {battlefield: "
                         "[Mountain]}\n", encoding="utf-8")
        report = services.scenario_lines(None, board, "combo:reflecting-pool-exotic-orchard")
        (play,) = report.lines[0].actions
        assert play.startswith("A plays") and play.endswith("Exotic Orchard")
        assert report.goal.pieces == ("Reflecting Pool", "Exotic Orchard")


class TestErrors:
    def test_bad_goal(self, tmp_path: Path) -> None:
        with pytest.raises(InputError, match="unknown goal 'fly'"):
            services.scenario_lines(None, tmp_path / "x.yaml", "fly")

    def test_unknown_combo(self, tmp_path: Path) -> None:
        with pytest.raises(InputError, match="no combo 'nope' in the catalog"):
            services.scenario_lines(None, tmp_path / "x.yaml", "combo:nope")

    def test_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(InputError, match=r"x\.yaml: no such file$"):
            services.scenario_lines(None, tmp_path / "x.yaml", "damage")

    def test_goal_parse(self) -> None:
        assert Goal.parse("combo:abc").kind is GoalKind.COMBO
        assert Goal.parse(" CAST : Opt ").card == "Opt"
        with pytest.raises(ValueError):
            Goal.parse("cast:")


@pytest.mark.shared
def test_ninjutsu_adds_damage(shared: Path) -> None:
    # NIN-02's board: Seacoast Drake 1/3 flier and Grizzly Bears 2/2 can attack, Moonblade
    # Shinobi 3/2 (ninjutsu {2}{U}) in hand and six Islands. Trading the unblocked Drake for
    # the Shinobi: 3 + 2 = 5 damage, the most this turn (Drake and Bears alone: 3).
    report = services.scenario_lines(None, shared / "rules/examples/NIN-02.yaml", "damage",
                                     nodes=400)
    best = report.lines[0]
    assert best.score == 5
    assert any("Moonblade Shinobi (returning Seacoast Drake)" in a for a in best.actions)


def _board(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.shared
class TestReadableLines:
    """Lines read like a player's line: passes collapsed, results named, no pointless
    actions (the NIN-02 board: Seacoast Drake 1/3 flier and Grizzly Bears 2/2 attack,
    Moonblade Shinobi 3/2 ninjutsu {2}{U} in hand, B at 20 life)."""

    def test_steps_and_result(self, shared: Path) -> None:
        report = services.scenario_lines(None, shared / "rules/examples/NIN-02.yaml",
                                         "damage", nodes=400)
        best = report.lines[0]
        texts = [step.text for step in best.steps]
        assert not any("passes priority" in t for t in texts)
        assert "A attacks B with Seacoast Drake, Grizzly Bears" in texts
        assert "→ declare blockers step" in texts
        ninjutsu = next(s for s in best.steps if "ninjutsu" in s.text)
        assert "returning Seacoast Drake" in ninjutsu.text
        damage = next(s for s in best.steps if s.text == "→ combat damage step")
        assert "Grizzly Bears deals 2 combat damage to B" in damage.events
        assert "Moonblade Shinobi deals 3 combat damage to B" in damage.events
        assert best.summary == "5 damage to B"
        assert best.result == "B: 20 → 15"
        assert best.to_json()["steps"][0]["text"] == texts[0]

    def test_cast_goal_summary(self, snk01: Path) -> None:
        best = services.scenario_lines(None, snk01, "cast:Splinter, Hamato Yoshi").lines[0]
        assert best.summary == "Splinter, Hamato Yoshi cast for its sneak cost"
        assert best.steps[-1].text.startswith("A casts Splinter, Hamato Yoshi")


class TestPruning:
    def test_no_pointless_cast(self, tmp_path: Path) -> None:
        # Grizzly Bears 2/2 attacks for 2; a second Grizzly Bears cast from hand is summoning
        # sick (CR 302.6) and adds nothing this turn, so no best line casts it.
        board = _board(tmp_path, "turn: {active: A, step: main1}\nplayers:\n  A:\n"
                       "    battlefield: [Grizzly Bears, Forest, Forest]\n"
                       "    hand: [Grizzly Bears]\n  B: {life: 20}\n")
        report = services.scenario_lines(None, board, "damage", nodes=400)
        assert report.lines[0].score == 2
        assert report.lines[0].result == "B: 20 → 18"
        for line in report.lines:
            assert not any(s.text.startswith("A casts") for s in line.steps), line.steps

    def test_fifteen_attackers_stay_bounded(self, tmp_path: Path) -> None:
        # 15 Grizzly Bears: 2 ** 15 attack declarations in full; the bounded choice tries
        # the all-out attack first: 15 x 2 = 30 damage within a small node budget.
        creatures = ", ".join(["Grizzly Bears"] * 15)
        board = _board(tmp_path, "turn: {active: A, step: main1}\nplayers:\n  A:\n"
                       f"    battlefield: [{creatures}]\n  B: {{life: 20}}\n")
        report = services.scenario_lines(None, board, "damage", nodes=120)
        assert report.nodes <= 120
        assert report.lines[0].score == 30
        assert report.lines[0].summary == "30 damage to B"


SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.mark.parametrize("name", ["PRW-01", "PRW-09"])
def test_passes_that_advance_steps_do_not_use_up_the_depth(name: str) -> None:
    # PRW-01's own line: attack with Bloodmark Mentor (first strike), no blocks, pass
    # through the first-strike and regular combat damage steps to the second main phase,
    # then cast Auntie's Snitch for its prowl cost {1}{B} (CR 702.76a) - 17 actions with
    # every priority pass counted, 3 of A's own (attack, cast, pay). PRW-09 is the same
    # board with more to pass through.
    report = services.scenario_lines(None, SCENARIOS / f"{name}.yaml",
                                     "cast:Auntie's Snitch")
    assert report.lines, f"{name}: the prowl line is found ({report.stopped_by})"
    best = report.lines[0]
    assert best.reached and best.summary == "Auntie's Snitch cast for its prowl cost"
    assert any("Bloodmark Mentor" in a and "attacks" in a for a in best.actions)


def test_a_line_cut_by_the_depth_says_so() -> None:
    # two actions of A's own are needed (attack, then the prowl cast): depth 1 can't
    report = services.scenario_lines(None, SCENARIOS / "PRW-01.yaml",
                                     "cast:Auntie's Snitch", depth=1)
    assert report.lines == ()
    assert report.cut_by_depth and "depth" in report.stopped_by
    assert "1 action" in report.stopped_by


def test_a_line_cut_by_the_state_budget_says_so() -> None:
    report = services.scenario_lines(None, SCENARIOS / "PRW-01.yaml",
                                     "cast:Auntie's Snitch", nodes=3)
    assert report.lines == () and report.nodes >= 3
    assert "3 states" in report.stopped_by


@pytest.mark.shared
def test_a_line_that_reaches_an_unsupported_ability_is_scored_up_to_there(
        shared_cards: dict[str, object]) -> None:
    # The Splinter deck's sample hand (seed 0, turn 5): four creatures that can attack
    # an empty board: Triton Shorestalker 1/1, Slither Blade 1/2, Moon-Circuit Hacker 2/1
    # and Mistblade Shinobi 1/1 (printed power and toughness) - 1 + 1 + 2 + 1 = 5 combat
    # damage. Moon-Circuit Hacker's trigger ("... discard a card unless ...") is beyond
    # the rules core: the line ends there, still worth the 5 damage dealt, and says why.
    from analyzer.rules import CardLibrary
    from analyzer.simulate.board import BoardSpec, build_game
    from analyzer.simulate.lines import search_lines

    names = ["Triton Shorestalker", "Slither Blade", "Moon-Circuit Hacker",
             "Mistblade Shinobi"]
    spec = BoardSpec()
    for name in ["Plains", "Swamp", "Swamp", *names]:
        spec = spec.with_card("A", Zone.BATTLEFIELD, name)
    cards = CardLibrary.of([shared_cards[n] for n in {"Plains", "Swamp", "Wastes", *names}])  # type: ignore[misc]
    report = search_lines(build_game(spec, cards), Goal(GoalKind.DAMAGE))
    assert report.lines, report.stopped_by
    best = report.lines[0]
    assert best.score == 5 and best.summary == "5 damage to B"
    assert best.stopped.startswith("Moon-Circuit Hacker: ")
    assert "discard a card" in best.stopped
    assert any("Moon-Circuit Hacker" in p for p in report.problems)


def test_ninjutsu_is_named_as_sneak_is() -> None:
    # NIN-01: Grizzly Bears attacks, B doesn't block, then Ninja of the Deep Hours'
    # ninjutsu returns the unblocked Bears to hand (CR 702.49a)
    from analyzer.rules import CardLibrary
    from analyzer.simulate.board import BoardSpec, build_game
    from analyzer.simulate.play import LinePlayer

    player = LinePlayer(build_game(BoardSpec.from_scenario_file(SCENARIOS / "NIN-01.yaml"),
                                   CardLibrary.starter()))
    for _ in range(20):
        words = [c.words for c in player.legal_actions()]
        if any("Ninja of the Deep Hours" in w and "activates" in w for w in words):
            break
        wanted = next((w for w in words if w in ("A attacks B with Grizzly Bears",
                                                  "B declares blockers: none")),
                      None) or next(w for w in words if w.endswith("passes priority"))
        player.play(next(c.action for c in player.legal_actions() if c.words == wanted))
    assert "A activates ninjutsu of Ninja of the Deep Hours (returning Grizzly Bears)" \
        in words, words
