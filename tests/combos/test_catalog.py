"""The combo catalog (data/combos): validated at load, real cards, real Oracle facts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from analyzer.combos import (
    CatalogError,
    ComboFamily,
    ComboKind,
    Expected,
    load_catalog,
    parse_catalog,
    read_catalog,
)
from analyzer.combos.catalog import catalog_dir

GOOD = '''
[[combo]]
id = "druid-vizier"
name = "Druid"
cards = ["Devoted Druid", "Vizier of Remedies"]
family = "untap_mana"
result = "infinite_mana"
kind = "loop"
steps = ["tap", "untap"]
rules = ["605.1a"]
grows = ["mana:A:G"]
start = { turn = { active = "A", step = "main1" }, players = { A = { battlefield = ["Devoted Druid", "Vizier of Remedies"] }, B = {} } }
loop = [{ mana = { card = "Devoted Druid" } }, { pass = { until = "resolve" } }]
'''


class TestParse:
    def test_good_entry(self) -> None:
        (combo,) = parse_catalog(GOOD, "good.toml")
        assert combo.id == "druid-vizier" and combo.kind is ComboKind.LOOP
        assert combo.family is ComboFamily.UNTAP_MANA and combo.expected is Expected.WORKS
        assert [a.kind for a in combo.loop] == ["mana", "pass"]
        assert combo.source == "good.toml entry 1"

    @pytest.mark.parametrize(("old", "new", "message"), [
        ('kind = "loop"', 'kind = "loop"\ncolour = "G"', r"good\.toml entry 1: combo "
         r"'druid-vizier': colour: unknown key"),
        ('grows = ["mana:A:G"]', 'grows = ["mana:Z:G"]', r"grows: 'Z' is neither a player"),
        ('grows = ["mana:A:G"]', 'grows = ["speed:A"]', r"grows: unknown metric 'speed:A'"),
        ('family = "untap_mana"', 'family = "magic"', r"family: 'magic' is not one of"),
        ('{ pass = { until = "resolve" } }', '{ pass = { untill = "resolve" } }',
         r"loop\[1\]: action 'pass' has no key 'untill'"),
        ('{ pass = { until = "resolve" } }', '{ dance = {} }', r"loop\[1\]: unknown action"),
        ('id = "druid-vizier"', 'id = "Druid Vizier"', r"id: 'Druid Vizier' is not kebab"),
        ('cards = ["Devoted Druid", "Vizier of Remedies"]',
         'cards = ["Devoted Druid", "Melira, Sylvok Outcast"]',
         r"cards: 'Melira, Sylvok Outcast' is not on the start board"),
        ('B = {} }', 'B = {}, C = { hand = 3 } }', r"start\.players\.C\.hand: expected a list"),
        ('battlefield = ["Devoted', 'mana_pool = "{2}", battlefield = ["Devoted',
         r"mana_pool: \{2\} is not a type of mana"),
        ('grows = ["mana:A:G"]\n', '', r"grows: a loop combo names what grows"),
        ('kind = "loop"', 'kind = "loop"\nexpected = "fails"', r"why: a false combo"),
        ('name = "Druid"\n', '', r"name: missing"),
    ])
    def test_errors_name_file_entry_and_key(self, old: str, new: str, message: str) -> None:
        assert old in GOOD
        with pytest.raises(CatalogError, match=message):
            parse_catalog(GOOD.replace(old, new, 1), "good.toml")

    def test_unknown_card_name_fails_with_a_name_list(self) -> None:
        with pytest.raises(CatalogError, match=r"cards: no card named 'Devoted Druid'"):
            parse_catalog(GOOD, "good.toml", card_names={"Vizier of Remedies"})
        (combo,) = parse_catalog(GOOD, "good.toml",
                                 card_names={"devoted druid", "VIZIER OF REMEDIES"})
        assert combo.cards == ("Devoted Druid", "Vizier of Remedies")

    def test_bad_toml_and_top_level(self) -> None:
        with pytest.raises(CatalogError, match=r"x\.toml: not valid TOML"):
            parse_catalog("[[combo]\n", "x.toml")
        with pytest.raises(CatalogError, match=r"unknown top-level key 'combos'"):
            parse_catalog("[[combos]]\nid = 1\n", "x.toml")

    def test_duplicate_ids_across_files(self, tmp_path: Path) -> None:
        (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
        (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
        with pytest.raises(CatalogError, match=r"b\.toml entry 1: combo 'druid-vizier': id: "
                                               r"already used by a\.toml entry 1"):
            read_catalog(sorted(tmp_path.glob("*.toml")))

    def test_one_shot_needs_expect(self) -> None:
        text = GOOD.replace('kind = "loop"', 'kind = "once"').replace(
            'grows = ["mana:A:G"]\n', "").replace("loop = [", "actions = [")
        with pytest.raises(CatalogError, match=r"actions: a one-shot combo needs 'actions' "
                                               r"and 'expect'"):
            parse_catalog(text, "x.toml")
        (combo,) = parse_catalog(text.replace("actions = [", 'expect = { "mana:A:G" = 1 }\n'
                                              "actions = ["), "x.toml")
        assert combo.expect == {"mana:A:G": 1}


@pytest.mark.shared
class TestProjectCatalog:
    def test_every_card_named_anywhere_exists(self, shared_cards: dict[str, Any]) -> None:
        combos = load_catalog(catalog_dir(), card_names=set(shared_cards))
        assert len(combos) == len(load_catalog())

    def test_size_and_families(self) -> None:
        combos = load_catalog()
        real = [c for c in combos if c.expected is Expected.WORKS]
        assert len(real) >= 40
        assert {c.family for c in real} == set(ComboFamily)
        false = {c.id for c in combos if c.expected is Expected.FAILS}
        assert all(c.why for c in combos if c.id in false)

    def test_the_seed_families_are_there(self) -> None:
        ids = {c.id for c in load_catalog()}
        for wanted in ("phyrexian-infiltrator-self-response", "switcheroo-exchange",
                       "gilded-drake-exchange", "pili-pala-grand-architect",
                       "devoted-druid-vizier-of-remedies",
                       "basalt-monolith-rings-of-brighthearth",
                       "bloom-tender-freed-from-the-real", "splinter-sneak-changeling-outcast",
                       "leonardos-technique-deep-cavern-bat", "prickly-boggart-stinkdrinker-bandit",
                       "frogtosser-banneret-earwig-squad", "reflecting-pool-exotic-orchard"):
            assert wanted in ids


def _text(shared_cards: dict[str, Any], name: str) -> str:
    return str(shared_cards[name].text)


def _generic(cost: str) -> int:
    return sum(int(n) for n in re.findall(r"\{(\d+)\}", cost))


@pytest.mark.shared
class TestOracleFacts:
    """The catalog's arithmetic, recomputed from the Oracle text of the real card file."""

    def _monolith(self, shared_cards: dict[str, Any], name: str) -> tuple[int, int]:
        text = _text(shared_cards, name)
        made = len(re.search(r"\{T\}: Add ((?:\{C\})+)", text).group(1)) // 3  # type: ignore[union-attr]
        untap = _generic(re.search(r"((?:\{\d+\})+): Untap", text).group(1))  # type: ignore[union-attr]
        return made, untap

    def test_monolith_loops(self, shared_cards: dict[str, Any]) -> None:
        rings = re.search(r"you may pay ((?:\{\d+\})+)\. If you do, copy that ability",
                          _text(shared_cards, "Rings of Brighthearth"))
        assert rings is not None
        copy_cost = _generic(rings.group(1))
        power = re.search(r"cost (\{\d+\}) less", _text(shared_cards, "Power Artifact"))
        assert power is not None
        less = _generic(power.group(1))
        combos = {c.id: c for c in load_catalog()}
        for name, rings_id, power_id in (
                ("Basalt Monolith", "basalt-monolith-rings-of-brighthearth",
                 "basalt-monolith-power-artifact"),
                ("Grim Monolith", "grim-monolith-rings-of-brighthearth",
                 "grim-monolith-power-artifact")):
            made, untap = self._monolith(shared_cards, name)
            with_rings = 2 * made - untap - copy_cost       # two taps, untap, copy
            with_power = made - max(1, untap - less)         # "can't reduce to less than one"
            assert combos[power_id].result_detail.startswith(
                {1: "one", 2: "two"}[with_power])
            if with_rings > 0:
                assert combos[rings_id].expected is Expected.WORKS
                assert combos[rings_id].result_detail.startswith({1: "one"}[with_rings])
            else:
                assert combos[rings_id].expected is Expected.FAILS

    def test_food_chain_gains_one(self, shared_cards: dict[str, Any]) -> None:
        assert "plus one" in _text(shared_cards, "Food Chain")
        for name in ("Eternal Scourge", "Misthollow Griffin"):
            assert "You may cast" in _text(shared_cards, name) and "from exile" in \
                _text(shared_cards, name)
            value = int(shared_cards[name].mana_value)
            assert (value + 1) - value == 1

    def test_prowl_types(self, shared_cards: dict[str, Any]) -> None:
        combos = {c.id: c for c in load_catalog() if c.family is ComboFamily.PROWL}
        for combo in combos.values():
            enabler, spell = (shared_cards[n] for n in combo.cards)
            shared = set(enabler.faces[0].subtypes) & set(spell.faces[0].subtypes)
            if combo.expected is Expected.WORKS:
                assert shared, combo.id
            else:
                assert not shared, combo.id


def test_a_combo_survives_pickling() -> None:
    """The window finds combos in a worker process and receives the report pickled
    (ui.workers.ProcessJobWorker): every catalog entry, with its read-only mappings, comes
    back equal."""
    import pickle

    from analyzer.combos import load_catalog

    combos = load_catalog()
    assert pickle.loads(pickle.dumps(combos)) == combos
