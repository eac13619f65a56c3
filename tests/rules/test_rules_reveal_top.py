"""Yuriko, the Tiger's Shadow: "Whenever a Ninja you control deals combat damage to a player,
reveal the top card of your library and put that card into your hand. Each opponent loses
life equal to that card's mana value." (CR 701.20a reveal, 202.3 mana value, 510.2 combat
damage, 603.2 triggers).

Expected life totals come from the cards' printed values: Yuriko is 1/3; Gray Merchant of
Asphodel costs {3}{B}{B} (mana value 5), Craw Wurm {4}{G}{G} (6), a land has mana value 0
(CR 202.3a); Grizzly Bears is a 2/2 Bear, not a Ninja.
"""

from __future__ import annotations

import pytest

from analyzer.rules import CardLibrary
from analyzer.rules.scenario import run_text

YURIKO = "Yuriko, the Tiger's Shadow"


@pytest.fixture(scope="module")
def real(shared_cards: dict[str, object]) -> CardLibrary:
    """The real cards of the shared data file."""
    return CardLibrary(lambda name: shared_cards.get(name))  # type: ignore[arg-type, return-value]


def _scenario(attacker: str, library: str, expect: str, extra: str = "") -> str:
    return f"""
id: YUR
turn: {{active: A, step: main1, number: 2}}
players:
  A:
    battlefield: ["{attacker}"]
    library: {library}
  B: {{}}
{extra}actions:
  - declare_attackers: {{player: A, attackers: {{"{attacker}": B}}}}
  - declare_blockers: {{player: B, blocks: {{}}}}
  - pass: {{until: combat_damage}}
  - pass: {{until: end_of_turn}}
expect:
{expect}
"""


def _results(text: str, library: CardLibrary) -> list[tuple[bool, str, str]]:
    return [(c.ok, c.what, c.found) for c in run_text(text, "yuriko.yaml", library)]


def _all_pass(text: str, library: CardLibrary) -> None:
    results = _results(text, library)
    assert results and all(ok for ok, _, _ in results), results


def test_revealed_card_goes_to_hand_and_opponent_loses_its_mana_value(
        real: CardLibrary) -> None:
    # 20 - 1 combat damage - 5 (Gray Merchant's mana value) = 14.
    _all_pass(_scenario(YURIKO, '["Gray Merchant of Asphodel", Island]',
                        "  - life: {A: 20, B: 14}\n"
                        "  - zone: {card: Gray Merchant of Asphodel, player: A, zone: hand}\n"
                        "  - zone: {card: Island, player: A, zone: library}\n"), real)


def test_each_opponent_loses_life(real: CardLibrary) -> None:
    # Craw Wurm, mana value 6: B (dealt 1) to 13, C (not attacked) to 14.
    _all_pass(_scenario(YURIKO, '["Craw Wurm"]', "  - life: {A: 20, B: 13, C: 14}\n",
                        extra="  C: {}\n"), real)


def test_a_land_has_mana_value_zero(real: CardLibrary) -> None:
    _all_pass(_scenario(YURIKO, "[Forest, Island]",
                        "  - life: {A: 20, B: 19}\n"
                        "  - zone: {card: Forest, player: A, zone: hand}\n"), real)


def test_a_creature_that_is_not_a_ninja_does_not_trigger(real: CardLibrary) -> None:
    text = _scenario("Grizzly Bears", '["Craw Wurm"]',
                     "  - life: {A: 20, B: 18}\n"
                     "  - zone: {card: Craw Wurm, player: A, zone: library}\n",
                     extra="")
    text = text.replace('battlefield: ["Grizzly Bears"]',
                        f'battlefield: ["Grizzly Bears", "{YURIKO}"]')
    _all_pass(text, real)


def test_an_empty_library_is_refused_not_guessed(real: CardLibrary) -> None:
    results = _results(_scenario(YURIKO, "[]", "  - life: {A: 20, B: 19}\n"), real)
    assert not results[0][0]
    assert "no card was named" in results[0][2]
