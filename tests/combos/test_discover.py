"""Discovery: loops found in the synergy graph of real cards, then verified."""

from __future__ import annotations

from typing import Any

import pytest

from analyzer.combos import ComboKind, load_catalog
from analyzer.combos.discover import discover_loops, untap_mana_candidate
from analyzer.combos.verify import Verdict, verify_combo
from analyzer.graph import build_synergy_graph
from analyzer.graph.analysis import loop_candidates
from analyzer.oracle import compile_card

pytestmark = [pytest.mark.shared]


def _graph(shared_cards: dict[str, Any], *names: str) -> Any:
    return build_synergy_graph([(shared_cards[n], 1) for n in names])


class TestExchangeCycle:
    def test_avarice_totem_discovered_and_verified(self, shared_cards: dict[str, Any],
                                                   real_cards: Any) -> None:
        catalog = load_catalog()
        assert not any("Avarice Totem" in c.cards for c in catalog)   # absent from the catalog
        G = _graph(shared_cards, "Avarice Totem", "Grizzly Bears")
        assert [c.kinds for c in loop_candidates(G)] == [("control_exchange",)]
        (found,) = discover_loops(G, catalog)
        assert found.cards == ("Avarice Totem",) and found.kind is ComboKind.ONCE
        result = verify_combo(found, real_cards)
        assert result.verdict is Verdict.VERIFIED, result.reason
        # "{5}: Exchange control of Avarice Totem and target nonland permanent", twice:
        # the opponent's Craw Wurm is ours, the Totem came back, our Grizzly Bears is theirs.
        assert "A controls Craw Wurm" in result.reason
        assert "A controls Avarice Totem" in result.reason

    def test_a_catalog_combo_is_not_rediscovered(self, shared_cards: dict[str, Any]) -> None:
        G = _graph(shared_cards, "Phyrexian Infiltrator")
        assert len(discover_loops(G)) == 1
        assert discover_loops(G, load_catalog()) == []


class TestUntapAndMana:
    def test_gilded_lotus_and_filigree_sages_stall(self, shared_cards: dict[str, Any],
                                                   real_cards: Any) -> None:
        # Oracle: Gilded Lotus "{T}: Add three mana of any one color"; Filigree Sages
        # "{2}{U}: Untap target artifact". Three mana in, three mana out: no gain.
        G = _graph(shared_cards, "Filigree Sages", "Gilded Lotus")
        (found,) = discover_loops(G, load_catalog())   # no mana_trigger edge: one candidate
        assert found.cards == ("Filigree Sages", "Gilded Lotus")
        result = verify_combo(found, real_cards)
        assert result.verdict is Verdict.NOT_WORKING
        assert result.reason.startswith("stall")

    def test_mana_reflection_turns_the_stall_into_a_loop(
            self, shared_cards: dict[str, Any], real_cards: Any) -> None:
        # Not in the catalog: found from the graph's untap and mana_trigger edges. Mana
        # Reflection doubles the Lotus's three mana: 6 - 3 = 3 blue mana per loop.
        catalog = load_catalog()
        pieces = {"Filigree Sages", "Gilded Lotus", "Mana Reflection"}
        assert not any(pieces == set(c.cards) for c in catalog)
        G = _graph(shared_cards, *sorted(pieces))
        found = {c.cards: c for c in discover_loops(G, catalog)}
        loop = found[("Filigree Sages", "Gilded Lotus", "Mana Reflection")]
        result = verify_combo(loop, real_cards)
        assert result.verdict is Verdict.VERIFIED, result.reason
        assert result.gains == {"mana:A:U": 3.0}
        stall = verify_combo(found[("Filigree Sages", "Gilded Lotus")], real_cards)
        assert stall.verdict is Verdict.NOT_WORKING

    def test_sol_ring_cannot_pay_a_blue_untap(self, shared_cards: dict[str, Any],
                                              real_cards: Any) -> None:
        found = untap_mana_candidate(compile_card(shared_cards["Filigree Sages"]),
                                     compile_card(shared_cards["Sol Ring"]))
        assert found is not None
        result = verify_combo(found, real_cards)
        assert result.verdict is Verdict.NOT_WORKING
        assert "refused" in result.reason and result.iterations == 0

    def test_self_tapping_untapper_is_no_candidate(self, shared_cards: dict[str, Any]) -> None:
        follower = compile_card(shared_cards["Kiora's Follower"])   # "{T}: Untap another..."
        assert untap_mana_candidate(follower, compile_card(shared_cards["Sol Ring"])) is None
