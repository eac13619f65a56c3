"""Verification by simulation in the rules core: every catalog combo, real decks, and the
judgement of loops."""

from __future__ import annotations

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
    # Abilities granted by an Aura or Equipment (CR 613.1f): "Enchanted creature has
    # \"{T}: ...\"", with Midnight Guard's untap trigger, Intruder Alarm's "Creatures don't
    # untap during their controllers' untap steps" (CR 502.3) and Marwyn's mana equal to
    # its power (CR 605.3b).
    "midnight-guard-presence-of-gond", "intruder-alarm-presence-of-gond",
    "marwyn-umbral-mantle",
    # Token copies with haste and a delayed "at the beginning of the next end step" trigger
    # (CR 707.2, 603.7); the copies' enters triggers choose their mode and target as they
    # are put on the stack (CR 603.3c-d, 700.2a).
    "kiki-jiki-zealous-conscripts", "kiki-jiki-pestermite", "kiki-jiki-deceiver-exarch",
    "splinter-twin-pestermite", "splinter-twin-deceiver-exarch",
    # An Aura reducing the activation cost of the enchanted artifact (CR 601.2f, 602.2b).
    "basalt-monolith-power-artifact", "grim-monolith-power-artifact",
    # Costs choosing what to sacrifice or tap (CR 601.2h, 701.21a), persist and undying
    # (CR 702.79a, 702.93a), effects on counters (CR 122.1, 614.1a) and scry 1 (701.22a).
    "earthcraft-squirrel-nest", "devoted-druid-vizier-of-remedies",
    "melira-kitchen-finks-viscera-seer", "vizier-of-remedies-kitchen-finks-viscera-seer",
    "melira-murderous-redcap-viscera-seer", "geralfs-messenger-solemnity-phyrexian-altar",
    "geralfs-messenger-solemnity-ashnods-altar",
    # Casting a card from the graveyard by its own permission (CR 601.3), "whenever ...
    # dies" triggers (CR 700.4, 603.10a) and tokens created tapped.
    "gravecrawler-phyrexian-altar-vengeful-dead", "gravecrawler-phyrexian-altar-diregraf-colossus",
    # "Whenever you gain life" / "an opponent loses life" with "that much" (CR 119.10).
    "exquisite-blood-sanguine-bond",
    # One mana of each colour among your permanents (CR 105.2, 106.1) and an Aura's
    # "Untap enchanted creature" (CR 303.4).
    "bloom-tender-freed-from-the-real", "bloom-tender-pemmins-aura",
    # A static ability pumping a group and giving it undying (CR 613.4c, 613.1f), a
    # counter removed as a cost (CR 118.3), "Whenever a Human deals damage to you".
    "mikaeus-the-unhallowed-triskelion",
    # "Whenever you tap a nonland permanent for mana, add one mana of any type that
    # permanent produced" (a triggered mana ability, CR 605.1b, 106.12a).
    "kinnan-basalt-monolith",
    # "untap up to five lands", chosen as the ability resolves (CR 608.2d).
    "ghostly-flicker-archaeomancer-peregrine-drake",
    # An extra turn (CR 500.7) and X defined as the damage dealt to opponents this turn.
    "prickly-boggart-notorious-throng",
    # Mill equal to the sacrificed creature's power, last known (CR 701.17a, 608.2h).
    "geralfs-messenger-solemnity-altar-of-dementia",
    # "If you do, discard a card unless Moon-Circuit Hacker entered the battlefield this
    # turn" (CR 608.2c): it entered this turn, so no discard.
    "moon-circuit-hacker-slither-blade",
    # Cards drawn as a measured gain (CR 121.1-121.2), "Whenever you draw a card" and
    # "Whenever enchanted creature deals damage to an opponent" (CR 603.2, 120.3, 303.4).
    "niv-mizzet-the-firemind-curiosity",
    # Copying an activated ability (CR 707.10) with "Whenever you activate an ability, if it
    # isn't a mana ability" (CR 602.2i, 603.4) and a cost paid on resolution (CR 118.1).
    "basalt-monolith-rings-of-brighthearth",
    # A mana ability read as an activated ability (CR 605.1a, 605.3b) exiling a creature as
    # its cost, and mana spent only to cast creature spells (CR 106.6).
    "food-chain-misthollow-griffin",
    # "reveal the top card of your library and put that card into your hand. Each opponent
    # loses life equal to that card's mana value" (CR 701.20a, 202.3): Craw Wurm, 6.
    "yuriko-changeling-outcast",
}

FALSE_COMBOS_REFUSED = {
    # False combos the rules core now plays to the point where they stop (CR 118.3: a cost
    # that can't be paid; CR 702.93a: undying does not return a creature with a +1/+1
    # counter), each with the words of its reason.
    "devoted-druid-melira": "-1/-1 counters can't be put on Devoted Druid",
    "geralfs-messenger-phyrexian-altar-melira": "nothing is on the stack to resolve",
    # CR 601.2f: a generic reduction leaves {B}; Ashnod's Altar makes only {C}.
    "gravecrawler-ashnods-altar-undead-warchief": "can't pay {B} for Gravecrawler",
    # CR 707.10: Grim Monolith's untap {4} plus Rings' {2} for the copy spends 6, and the two
    # taps make 6: the board and the pool come back the same every loop.
    "grim-monolith-rings-of-brighthearth": "stall: the state repeats with no gain",
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
@pytest.mark.parametrize("combo_id", sorted(FALSE_COMBOS_REFUSED))
def test_false_combos_stop_where_the_rules_say(combo_id: str, real_cards: Any) -> None:
    combo = CATALOG[combo_id]
    assert combo.expected is Expected.FAILS
    result = verify_combo(combo, real_cards)
    assert result.verdict is Verdict.NOT_WORKING
    assert FALSE_COMBOS_REFUSED[combo_id] in result.reason


@pytest.mark.shared
class TestDrawLoop:
    """Niv-Mizzet, the Firemind with Curiosity: a loop that draws a card every iteration."""

    def test_gains_are_one_card_and_one_damage(self, real_cards: Any) -> None:
        # Oracle: Curiosity "you may draw a card" per damage to an opponent; Niv-Mizzet
        # "deals 1 damage to any target" per card drawn: 1 card and 1 life a loop.
        result = verify_combo(CATALOG["niv-mizzet-the-firemind-curiosity"], real_cards)
        assert result.verdict is Verdict.VERIFIED and result.iterations == 5
        assert result.gains["drawn:A"] == 1.0 and result.gains["life:B"] == -1.0
        assert result.gains["library:A"] == -1.0
        assert "A draws 1 card" in result.reason and "B loses 1 life" in result.reason

    def test_the_finite_library_ends_the_loop(self, real_cards: Any) -> None:
        # A's library holds 10 cards: the setup draws 1 and iterations 1-9 one each; in
        # iteration 10 the draw finds an empty library (nothing drawn, nothing triggers,
        # CR 121.4) and A loses (CR 704.5b): the line stops in iteration 11.
        combo = CATALOG["niv-mizzet-the-firemind-curiosity"]
        assert combo.start["players"]["A"]["library"] == ["Island x10"]
        result = verify_combo(combo, real_cards, iterations=12)
        assert result.verdict is Verdict.NOT_WORKING
        assert result.reason.startswith("iteration 11:")
        assert "the game is over (A loses the game (CR 704.5b))" in result.reason
        assert "drawn:A" not in result.gains             # no draw in iteration 10


@pytest.mark.shared
def test_drawn_cards_leave_the_hand_signature_other_cards_stay(real_cards: Any) -> None:
    """The board signature leaves out the cards drawn since a mark (a loop's gain), not a
    card that left the hand (a loop that fails to return a card still changes the board)."""
    from analyzer.combos.engine import ComboBoard
    from analyzer.rules.model import Zone

    board = ComboBoard({"turn": {"active": "A", "step": "main1"},
                        "players": {"A": {"hand": ["Ghostly Flicker"],
                                          "library": ["Island", "Island"]}, "B": {}}},
                       real_cards)
    mark = board.draws()
    before = board.signature(mark)
    board.game.draw("A")
    assert board.signature(mark) == before
    assert board.signature() != before              # without the mark it is a new card
    flicker = board.game.find("Ghostly Flicker")
    assert flicker is not None
    board.game.move(flicker, Zone.GRAVEYARD)
    assert board.signature(mark) != before


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
def test_rings_loop_gain_matches_the_oracle_text(real_cards: Any) -> None:
    # Basalt Monolith "{T}: Add {C}{C}{C}" twice (the copy and the original each untap it),
    # "{3}: Untap" once and Rings' "{2}" for the copy: 6 - 3 - 2 = 1 colourless per loop.
    result = verify_combo(CATALOG["basalt-monolith-rings-of-brighthearth"], real_cards)
    assert result.verdict is Verdict.VERIFIED and result.gains == {"mana:A:C": 1.0}
    assert any("puts a copy of Basalt Monolith's ability on the stack" in line
               for line in result.line)


@pytest.mark.shared
def test_food_chain_loop_gain_matches_the_oracle_text(real_cards: Any) -> None:
    # Food Chain: X = Misthollow Griffin's mana value (4) plus one = 5 {U}, creature spells
    # only; the Griffin cast from exile costs {2}{U}{U}: 5 - 4 = 1 blue per loop.
    result = verify_combo(CATALOG["food-chain-misthollow-griffin"], real_cards)
    assert result.verdict is Verdict.VERIFIED and result.gains == {"mana:A:U": 1.0}
    assert any("spends {U}{U}{U}{U} of restricted mana on Misthollow Griffin" in line
               for line in result.line)


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
        # The line stops at the first part the rules core can't play, named with its card
        # and its text (Heat Shimmer is read now; Dualcaster Mage's copy of a spell is not
        # played yet).
        result = verify_combo(CATALOG["dualcaster-mage-heat-shimmer"], real_cards)
        assert result.verdict is Verdict.NOT_VERIFIABLE
        assert "'Dualcaster Mage': the rules core cannot play" in result.reason
        assert "'copy target instant or sorcery spell'" in result.reason


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
