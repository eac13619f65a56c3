"""Verification by simulation in the rules core: every catalog combo, real decks, and the
judgement of loops."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _combo_decks import MARALEN, ROGUES, SPLINTER

from analyzer.combos import Combo, Expected, ScenarioAction, load_catalog, parse_catalog
from analyzer.combos.report import combo_report_job
from analyzer.combos.verify import Verdict, judge_loop, verify_combo
from analyzer.progress import run_job
from analyzer.rules.cards import CardLibrary

CATALOG = {c.id: c for c in load_catalog()}

VERIFIED_NOW = {
    # One-shot lines the rules core plays today; each must stay verified.
    "reflecting-pool-exotic-orchard", "reflecting-pool-gaeas-cradle",
    "reflecting-pool-mana-reflection", "reflecting-pool-vivid-creek",
    "splinter-sneak-changeling-outcast", "ninja-of-the-deep-hours-faerie-seer",
    "leonardos-technique-deep-cavern-bat",
    "phyrexian-infiltrator-self-response", "switcheroo-exchange",
    # Fear (CR 702.36b) and "if its prowl cost was paid" (CR 702.76, 603.4) in the rules core.
    "prickly-boggart-aunties-snitch", "prickly-boggart-morsel-theft",
    "prickly-boggart-latchkey-faerie", "frogtosser-banneret-morsel-theft",
    "frogtosser-banneret-latchkey-faerie",
    # "Whenever a Rogue you control attacks and isn't blocked" (CR 509.1h) in the rules core.
    "prickly-boggart-stinkdrinker-bandit", "frogtosser-banneret-stinkdrinker-bandit",
    # A loop the rules core plays today.
    "voltaic-construct-palladium-myr-mana-reflection",
    # An Aura attached in the start board (CR 303.4; Wild Growth's triggered mana ability,
    # CR 605.1b, adds {G} when the enchanted Reflecting Pool is tapped for {W}).
    "reflecting-pool-wild-growth",
}

ATTACHED_NOT_VERIFIABLE = {
    # Entries whose start board attaches an Aura or Equipment: set up now, and each stops
    # at the card the rules core cannot play, named with a line of its Oracle text.
    "splinter-twin-pestermite": "Splinter Twin",
    "splinter-twin-deceiver-exarch": "Splinter Twin",
    "niv-mizzet-the-firemind-curiosity": "Curiosity",
    "bloom-tender-freed-from-the-real": "Bloom Tender",
    "bloom-tender-pemmins-aura": "Bloom Tender",
    "basalt-monolith-power-artifact": "Power Artifact",
    "grim-monolith-power-artifact": "Power Artifact",
    "marwyn-umbral-mantle": "Umbral Mantle",
    "midnight-guard-presence-of-gond": "Presence of Gond",
    "earthcraft-squirrel-nest": "Squirrel Nest",
}


@pytest.mark.shared
@pytest.mark.parametrize("combo_id", sorted(CATALOG))
def test_every_catalog_combo(combo_id: str, real_cards: Any) -> None:
    """A real combo is verified, or not verifiable with the rules core's reason; it is never
    'not working'. A false combo is never verified."""
    combo = CATALOG[combo_id]
    result = verify_combo(combo, real_cards)
    if combo.expected is Expected.FAILS:
        assert result.verdict is not Verdict.VERIFIED, result.reason
    else:
        assert result.verdict is not Verdict.NOT_WORKING, result.reason
    if result.verdict is Verdict.NOT_VERIFIABLE:
        assert "cannot" in result.reason or "has no ability" in result.reason, result.reason
        assert "does not match" not in result.reason, "the catalog line needs updating"
    if combo_id in VERIFIED_NOW:
        assert result.verdict is Verdict.VERIFIED, result.reason
        assert result.line, "a verified combo keeps its line"


@pytest.mark.shared
@pytest.mark.parametrize("combo_id", sorted(ATTACHED_NOT_VERIFIABLE))
def test_attached_start_boards_stop_at_the_unplayable_text(
        combo_id: str, real_cards: Any, shared_cards: dict[str, Any]) -> None:
    """The start board is set up (no "cannot set up 'attached_to'"); the reason names the card
    the rules core cannot play and quotes a line of its Oracle text."""
    combo = CATALOG[combo_id]
    assert any("attached_to" in entry for entries in (
        zones.get("battlefield", []) for zones in combo.start["players"].values())
        for entry in entries if isinstance(entry, dict)), "the entry attaches nothing"
    result = verify_combo(combo, real_cards)
    assert result.verdict is Verdict.NOT_VERIFIABLE
    assert "set up" not in result.reason and ":0:" not in result.reason
    card = ATTACHED_NOT_VERIFIABLE[combo_id]
    assert f"{card!r}: the rules core cannot play" in result.reason
    # The rules core quotes an ability as its Oracle line without reminder text (CR 207.2).
    oracle_lines = [re.sub(r" ?\([^)]*\)$", "", line)
                    for line in shared_cards[card].text.split("\n")]
    assert any(repr(line) in result.reason for line in oracle_lines), result.reason


@pytest.mark.shared
def test_catalog_loop_gain_matches_the_oracle_text(real_cards: Any) -> None:
    # Palladium Myr "{T}: Add {C}{C}", doubled by Mana Reflection ("produces twice as much");
    # Voltaic Construct's untap costs {2}: 2 * 2 - 2 = 2 colourless mana per loop.
    result = verify_combo(CATALOG["voltaic-construct-palladium-myr-mana-reflection"],
                          real_cards)
    assert result.verdict is Verdict.VERIFIED and result.iterations == 5
    assert result.gains == {"mana:A:C": 2.0}
    assert any("Palladium Myr untaps" in line for line in result.line)


@pytest.mark.shared
class TestOneShotLines:
    def test_infiltrator_line_is_the_event_log(self, real_cards: Any) -> None:
        result = verify_combo(CATALOG["phyrexian-infiltrator-self-response"], real_cards)
        assert result.verdict is Verdict.VERIFIED
        assert sum("Exchange control" in line or "exchange" in line.lower()
                   for line in result.line) >= 2

    def test_a_wrong_expectation_is_not_working(self, real_cards: Any) -> None:
        combo = CATALOG["switcheroo-exchange"]
        wrong = Combo(**{**combo.__dict__, "expect": {"controller:Craw Wurm": "B"}})
        result = verify_combo(wrong, real_cards)
        assert result.verdict is Verdict.NOT_WORKING
        assert result.reason == "expected B controls Craw Wurm, found A controls Craw Wurm"

    def test_an_unasked_answer_is_not_verifiable(self, real_cards: Any) -> None:
        combo = CATALOG["switcheroo-exchange"]
        extra = ScenarioAction.from_mapping({"choose": {"player": "A", "choice": "yes"}})
        odd = Combo(**{**combo.__dict__, "actions": (*combo.actions, extra)})
        result = verify_combo(odd, real_cards)
        assert result.verdict is Verdict.NOT_VERIFIABLE
        assert "does not match the rules core's question" in result.reason

    def test_unsupported_text_names_card_and_text(self, real_cards: Any) -> None:
        result = verify_combo(CATALOG["kiki-jiki-zealous-conscripts"], real_cards)
        assert result.verdict is Verdict.NOT_VERIFIABLE
        assert "Kiki-Jiki, Mirror Breaker" in result.reason


def _names(real_db: Any, path: Path) -> list[str]:
    from analyzer import services

    return [c.name for c, _ in services.read_deck(real_db, path).main_and_commander()]


@pytest.mark.shared
class TestRealDecks:
    def test_known_combos_found_and_verified(self, real_db: Any, real_cards: Any,
                                             decks: Path) -> None:
        report = run_job(combo_report_job(_names(real_db, decks / ROGUES), real_cards))
        verdicts = {f.combo.id: f.verdict for f in report.findings}
        assert verdicts["reflecting-pool-vivid-creek"] is Verdict.VERIFIED
        report = run_job(combo_report_job(_names(real_db, decks / SPLINTER), real_cards))
        verdicts = {f.combo.id: f.verdict for f in report.findings}
        assert verdicts["splinter-sneak-changeling-outcast"] is Verdict.VERIFIED

    def test_false_combo_in_a_real_deck_is_not_working(self, real_db: Any, real_cards: Any,
                                                       decks: Path) -> None:
        names = _names(real_db, decks / ROGUES)
        assert {"Oona, Queen of the Fae", "Earwig Squad"} <= set(names)
        report = run_job(combo_report_job(names, real_cards))
        finding = next(f for f in report.findings if f.combo.id == "oona-earwig-squad-prowl")
        assert finding.verdict is Verdict.NOT_WORKING
        assert "refused" in finding.verification.reason
        assert finding.to_json()["verdict"] == "not_working"

    def test_maralen_json_shape(self, real_db: Any, real_cards: Any, decks: Path) -> None:
        report = run_job(combo_report_job(_names(real_db, decks / MARALEN), real_cards))
        data = report.to_json()
        assert set(data) == {"combos", "near_misses"}
        for entry in data["combos"]:
            assert {"cards", "verdict", "source", "result", "line"} <= set(entry)
            assert entry["verdict"] in ("verified", "not_working", "not_verifiable")
            assert entry["source"] == "catalog"
        assert data["near_misses"][0]["card"] == "Solemnity"
        assert data["near_misses"][0]["completes"] == 3


LOOP = parse_catalog('''
[[combo]]
id = "t"
name = "t"
cards = ["Forest"]
family = "untap_mana"
result = "infinite_mana"
kind = "loop"
steps = ["x"]
rules = ["605.1a"]
grows = ["mana:A:G"]
start = { players = { A = { battlefield = ["Forest"] } } }
loop = [{ pass = { until = "resolve" } }]
''', "t.toml")[0]


class TestJudgeLoop:
    """The loop judgement on measured states (index 0 after the setup, then each loop)."""

    def test_growth_every_iteration_with_the_board_back(self) -> None:
        snaps = [{"mana:A:G": 0, "life:B": 20}, {"mana:A:G": 1, "life:B": 20},
                 {"mana:A:G": 2, "life:B": 20}, {"mana:A:G": 3, "life:B": 20}]
        ok, why, gains = judge_loop(LOOP, snaps, [("s",)] * 4)
        assert ok and why == "" and gains == {"mana:A:G": 1.0}

    def test_stall(self) -> None:
        snaps = [{"mana:A:G": 0}] * 4
        ok, why, _ = judge_loop(LOOP, snaps, [("s",)] * 4)
        assert not ok and why.startswith("stall")

    def test_growth_that_stops(self) -> None:
        snaps = [{"mana:A:G": 0}, {"mana:A:G": 1}, {"mana:A:G": 1}, {"mana:A:G": 2}]
        ok, why, _ = judge_loop(LOOP, snaps, [("s",)] * 4)
        assert not ok and "mana:A:G does not grow every iteration ([0, 1, 1, 2])" in why

    def test_board_that_drifts(self) -> None:
        snaps = [{"mana:A:G": i} for i in range(4)]
        ok, why, _ = judge_loop(LOOP, snaps, [("a",), ("b",), ("c",), ("d",)])
        assert not ok and "same state" in why

    def test_discovered_loop_any_resource(self) -> None:
        free = Combo(**{**LOOP.__dict__, "grows": ()})
        snaps = [{"tokens:A": i, "life:A": 20} for i in range(4)]
        ok, _, gains = judge_loop(free, snaps, [("s",)] * 4)
        assert ok and gains == {"tokens:A": 1.0}
        ok, why, _ = judge_loop(free, [{"tokens:A": 1}] * 4, [("s",)] * 4)
        assert not ok and why.startswith("stall")


def test_iterations_must_allow_a_comparison() -> None:
    with pytest.raises(ValueError, match="iterations must be 2 or more"):
        verify_combo(LOOP, CardLibrary.of([]), iterations=1)


def test_the_job_can_be_cancelled(real_cards: Any) -> None:
    from analyzer.errors import Cancelled
    from analyzer.progress import CancelToken

    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        run_job(combo_report_job(["Phyrexian Infiltrator"], real_cards, cancel=token))


@pytest.mark.shared
def test_findings_for_the_report(real_db: Any, real_cards: Any, decks: Path) -> None:
    from analyzer.combos.findings import combo_findings
    from analyzer.reports.model import ComboVerdict

    report = run_job(combo_report_job(_names(real_db, decks / ROGUES), real_cards))
    findings = combo_findings(report)
    by_name = {e.name: e for e in findings.combos or ()}
    oona = by_name["Oona, Queen of the Fae turning on Earwig Squad's prowl (false combo)"]
    assert oona.verdict is ComboVerdict.NOT_WORKING and "refused" in oona.reason
    assert findings.lines is None and findings.odds is None
    assert {m.missing_card for m in findings.near_misses or ()} == \
        {m.card for m in report.near_misses}
    loop = run_job(combo_report_job(["Voltaic Construct", "Palladium Myr", "Mana Reflection"],
                                    real_cards))
    (entry,) = combo_findings(loop).combos or ()
    assert entry.verdict is ComboVerdict.VERIFIED
    assert entry.gain_per_iteration == ("+2 {C}",)
    assert entry.reason.endswith("per iteration over 5 iterations: infinite colorless mana")
