"""Checks of the scenario files in tests/scenarios that need no rules engine.

Every scenario of ``../shared/rules/scenarios.md`` is written as one YAML file named by its id,
in the format of ``../shared/rules/SCENARIO_FORMAT.md``. These tests check the files as data:

- every file parses with ``yaml.safe_load_all`` and each document is a mapping;
- the set of file names equals the set of scenario ids of scenarios.md (one file per id);
- the first document of a file carries the scenario's id, title and rule references, and every
  card the scenario lists is used in the file;
- every key is one that SCENARIO_FORMAT.md defines, at the level where it defines it (the key
  tables below are checked against the text of SCENARIO_FORMAT.md itself), or one of the
  extensions Spellweb's runner documents: the list kept beside the runner
  (``analyzer/rules/scenario_extensions.py``, which the runner itself reads), each of whose keys
  docs/scenarios.md must name;
- values are of the defined vocabularies (steps, zones, players, mana symbols);
- every card named exists in the starter set (data/starter_cards.json) or inline under ``cards:``;
- every ID referenced by an action or an expectation is defined on the starting board (exactly
  once) or is an object that appears during the scenario (a token the scenario's cards create);
- ``rejected: true`` actions and ``rejected: N`` expectations match one to one, ``after: N``
  indexes an action, and every action carries its ``# N`` index comment.

Running the scenarios is the rules core's job (``spellweb scenario``); these tests fail on a
file the runner could not even interpret as written.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from analyzer.rules.scenario_extensions import EXTENSION_KEYS, EXTENSION_VALUES

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = PROJECT_ROOT / "tests" / "scenarios"
STARTER_CARDS = PROJECT_ROOT / "data" / "starter_cards.json"
SCENARIO_FILES = sorted(SCENARIO_DIR.glob("*.yaml"))
SCENARIOS_DOC = PROJECT_ROOT / "docs" / "scenarios.md"

# --- The format, as SCENARIO_FORMAT.md defines it ------------------------------------------

TOP_KEYS = {"id", "title", "rules", "cards", "turn", "players", "actions", "expect"}
"""Top-level keys of a scenario document (SCENARIO_FORMAT.md "Shape")."""
INLINE_CARD_KEYS = {"name", "mana_cost", "type", "text", "power", "toughness"}
"""Keys of an inline card under ``cards:`` (SCENARIO_FORMAT.md "Shape")."""
REQUIRED_INLINE_CARD_KEYS = {"name", "mana_cost", "type", "text"}
"""The issue's "name, cost, type line, text" of an inline card."""
TURN_KEYS = {"active", "step", "number"}
"""Keys of ``turn:`` (SCENARIO_FORMAT.md "Shape": ``also `number` (default 1)``)."""
ZONES = {"hand", "battlefield", "graveyard", "exile", "library", "stack", "command"}
"""Zone names of the ``zone`` expectation (SCENARIO_FORMAT.md "Expectations")."""
PLAYER_ZONE_KEYS = ZONES - {"stack"}
"""Zones a player's setup may list cards in."""
PLAYER_KEYS = PLAYER_ZONE_KEYS | {"life", "mana_pool"}
"""Keys of a player's setup."""
ENTRY_KEYS = {"card", "count", "id", "tapped", "summoning_sick", "controller", "counters",
              "attacking", "blocked", "blocking", "attached_to", "damage"}
"""Keys of a card entry in a zone (SCENARIO_FORMAT.md "Cards in zones")."""
STEPS = {"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2",
         "end", "cleanup"}
"""Step names (SCENARIO_FORMAT.md "Steps")."""
PASS_UNTIL = STEPS | {"resolve", "end_of_turn"}
"""Values of ``pass: {until: ...}``."""
COMMON_ACTION_KEYS = {"player", "rejected"}
"""Keys every action takes (SCENARIO_FORMAT.md "Actions")."""
ACTION_KEYS: dict[str, set[str]] = {
    "play_land": {"card"},
    "cast": {"card", "cost", "x", "targets", "return", "pay_with", "choices"},
    "activate": {"card", "ability", "targets", "x", "return", "pay_with", "choices"},
    "mana": {"card", "ability", "choices"},
    "declare_attackers": {"attackers"},
    "declare_blockers": {"blocks"},
    "pass": {"until"},
    "choose": {"choice"},
    "hold_priority": set(),
}
"""Each action and its own keys (SCENARIO_FORMAT.md "Actions" table)."""
PERMANENT_KEYS = {"card", "controller", "tapped", "attacking", "power", "toughness", "counters",
                  "mana_value"} | (ENTRY_KEYS - {"count", "id"})
"""Keys of a ``permanent`` expectation: the listed ones and every key of a zone entry."""
EXPECT_KEYS: dict[str, set[str] | None] = {
    "life": None,
    "zone": {"card", "player", "zone", "count"},
    "permanent": PERMANENT_KEYS,
    "mana_pool": None,
    "triggered": {"card", "times"},
    "tokens": {"controller", "name", "count"} | (PERMANENT_KEYS - {"card"}),
    "mana_options": {"card", "ability", "options"},
    "rejected": None,
    "stack": None,
}
"""Each expectation kind and its keys (None: the value is not a keyed map of fixed keys)."""

# --- Spellweb's documented extensions (analyzer/rules/scenario_extensions.py) ----------------

ALLOWED_TOP_KEYS = TOP_KEYS | EXTENSION_KEYS["top"]
"""Top-level keys with the extensions."""
ALLOWED_INLINE_CARD_KEYS = INLINE_CARD_KEYS | EXTENSION_KEYS["inline_card"]
"""Inline card keys with the extensions."""
ALLOWED_PERMANENT_KEYS = PERMANENT_KEYS | EXTENSION_KEYS["permanent"]
"""``permanent`` keys with the extensions."""
ALLOWED_EXPECT_KEYS: dict[str, set[str] | None] = {
    **EXPECT_KEYS,
    "permanent": ALLOWED_PERMANENT_KEYS,
    "tokens": {"controller", "name", "count"} | (ALLOWED_PERMANENT_KEYS - {"card"}),
    **{kind: set(EXTENSION_KEYS[kind]) for kind in EXTENSION_KEYS["expect"]},
}
"""Each expectation kind and its keys, extensions included."""
REJECTED_ACTION_VALUES = {True} | set(EXTENSION_VALUES["rejected_action"])
"""Values of an action's ``rejected``: ``true`` (the format) and the extensions."""
STACK_ITEM_KEYS = {"card", "mana_value"}
"""Keys of a map item of a ``stack`` expectation."""
ATTACK_TARGET_KEYS = {"planeswalker", "battle"}
"""Keys of an attack target that is not a player."""
MANA_STRING = re.compile(r"^(\{[WUBRGC]\})*$")
"""A pool of mana written with one-letter symbols, e.g. ``{G}{G}`` (or empty)."""
MANA_LETTER = re.compile(r"^[WUBRGC]$")
"""A one-letter mana symbol of ``choices: {color: ...}`` / ``{type: ...}``."""
COPIES = re.compile(r"^(.*\S)\s+x(\d+)$")
"""``"Name xN"``: N copies of a card."""
TOKEN_NAME = re.compile(
    r"[Cc]reate (?:a|an|one|two|three|four|five|X|\d+) (?:(?:\d+|X)/(?:\d+|X) )?"
    r"(?:(?:white|blue|black|red|green|colorless|and),? )*"
    r"([A-Z][A-Za-z' -]*?) (?:artifact )?creature tokens?")
"""The name of a creature token a card's text creates (CR 111.4: its subtypes)."""
INDEX_COMMENT = re.compile(r"#\s(\d+)\b")
"""An action's index comment, ``# N``, on the comment lines before the action."""
TRAILING_INDEX_COMMENT = re.compile(r"\s#\s(\d+)\b")
"""An action's index comment at the end of the action's line."""


# --- Helpers ---------------------------------------------------------------------------------

def _documents(path: Path) -> list[dict[str, Any]]:
    """Every YAML document of *path*, each checked to be a mapping."""
    docs = list(yaml.safe_load_all(path.read_text(encoding="utf-8")))
    assert docs, f"{path.name}: no YAML document"
    for number, doc in enumerate(docs, 1):
        assert isinstance(doc, dict), f"{path.name} document {number}: not a mapping"
    return docs


def _starter_card_texts() -> dict[str, str]:
    """``{name: Oracle text}`` of the starter set (faces joined)."""
    data = json.loads(STARTER_CARDS.read_text(encoding="utf-8"))["data"]
    return {name: "\n".join(face.get("text", "") for face in faces) for name, faces in data.items()}


STARTER = _starter_card_texts()


def _scenario_blocks(scenarios_md: Path) -> dict[str, dict[str, Any]]:
    """The scenario YAML blocks of scenarios.md, by id (the card reference block is skipped)."""
    text = scenarios_md.read_text(encoding="utf-8")
    blocks: dict[str, dict[str, Any]] = {}
    for body in re.findall(r"```yaml\n(.*?)```", text, re.S):
        block = yaml.safe_load(body)
        if isinstance(block, dict) and "id" in block:
            assert block["id"] not in blocks, f"scenarios.md: id {block['id']!r} twice"
            blocks[block["id"]] = block
    return blocks


def _entries(zone_list: Any) -> Iterator[dict[str, Any]]:
    """The entries of a zone list as maps (``"Name xN"`` becomes ``{card, count}``)."""
    assert isinstance(zone_list, list), f"a zone must be a list, got {zone_list!r}"
    for item in zone_list:
        if isinstance(item, str):
            match = COPIES.match(item)
            yield ({"card": match.group(1), "count": int(match.group(2))} if match
                   else {"card": item})
        else:
            assert isinstance(item, dict), f"zone entry {item!r} is neither a name nor a map"
            yield item


class Scenario:
    """One scenario document with its board's IDs and the card names it may use."""

    def __init__(self, where: str, doc: dict[str, Any]) -> None:
        self.where = where
        self.doc = doc
        self.players: set[str] = set(doc.get("players") or {})
        inline = doc.get("cards") or []
        self.card_texts = dict(STARTER)
        for card in inline:
            self.card_texts[card["name"]] = card.get("text", "")
        self.ids: Counter[str] = Counter()
        self.board_cards: set[str] = set()
        for setup in (doc.get("players") or {}).values():
            for zone in PLAYER_ZONE_KEYS & set(setup or {}):
                for entry in _entries(setup[zone]):
                    self.board_cards.add(entry["card"])
                    self.ids[entry.get("id", entry["card"])] += int(entry.get("count", 1))
        self.tokens = {name for card in self.board_cards
                       for name in TOKEN_NAME.findall(self.card_texts.get(card, ""))}

    def check_card(self, name: Any, what: str) -> None:
        """*name* is a card of the starter set or of the file's ``cards:``."""
        assert isinstance(name, str) and name in self.card_texts, (
            f"{self.where}: {what} names {name!r}, which is neither in data/starter_cards.json "
            f"nor defined under cards:")

    def check_id(self, ref: Any, what: str) -> None:
        """*ref* is an ID defined once on the board, or an object appearing in the scenario."""
        assert isinstance(ref, str), f"{self.where}: {what}: {ref!r} is not an ID"
        if ref in self.ids:
            assert self.ids[ref] == 1, (
                f"{self.where}: {what}: ID {ref!r} is ambiguous ({self.ids[ref]} objects); "
                f"give the entries an `id`")
            return
        base = re.sub(r" #\d+$", "", ref)
        assert ref in self.tokens or (base != ref and base in self.board_cards), (
            f"{self.where}: {what}: {ref!r} is neither an ID on the board ({sorted(self.ids)}) "
            f"nor an object appearing during the scenario (tokens: {sorted(self.tokens)})")

    def check_target(self, ref: Any, what: str) -> None:
        """*ref* is a player name, an object ID or (extension) ``{stack: N}``."""
        if isinstance(ref, dict):
            assert set(ref) == set(EXTENSION_KEYS["target"]), (
                f"{self.where}: {what}: {ref!r} is not {{stack: N}}")
            assert isinstance(ref["stack"], int) and ref["stack"] >= 1, (
                f"{self.where}: {what}: {{stack: N}} counts from 1 at the top of the stack")
            return
        if ref not in self.players:
            self.check_id(ref, what)

    def check_attack_target(self, value: Any, what: str) -> None:
        """*value* is a player or ``{planeswalker: ID}`` / ``{battle: ID}``."""
        if isinstance(value, dict):
            assert len(value) == 1 and set(value) <= ATTACK_TARGET_KEYS, (
                f"{self.where}: {what}: {value!r} is not {{planeswalker: ID}} or {{battle: ID}}")
            self.check_id(next(iter(value.values())), what)
        else:
            assert value in self.players, f"{self.where}: {what}: {value!r} is not a player"


def _cases() -> list[tuple[str, Path, int]]:
    """(test id, file, document index) for every document of every scenario file."""
    cases = []
    for path in SCENARIO_FILES:
        try:
            count = len(list(yaml.safe_load_all(path.read_text(encoding="utf-8"))))
        except yaml.YAMLError:
            count = 1  # test_file_parses reports it; the document test fails too
        cases += [(f"{path.stem}#{i + 1}", path, i) for i in range(count)]
    return cases


CASES = _cases()


@pytest.fixture
def scenario(request: pytest.FixtureRequest) -> Scenario:
    """The :class:`Scenario` of the parametrised (file, document index)."""
    path, index = request.param
    doc = _documents(path)[index]
    return Scenario(f"{path.name} document {index + 1} ({doc.get('id')!r})", doc)


def _parametrize_documents() -> pytest.MarkDecorator:
    return pytest.mark.parametrize("scenario", [(p, i) for _, p, i in CASES], indirect=True,
                                   ids=[name for name, _, _ in CASES])


# --- Files and ids ---------------------------------------------------------------------------

def test_scenario_files_exist() -> None:
    assert len(SCENARIO_FILES) >= 1, f"no scenario files in {SCENARIO_DIR}"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_file_parses(path: Path) -> None:
    _documents(path)


def test_one_file_per_scenario_id(shared: Path) -> None:
    md_ids = re.findall(r"^### (\S+) — ", (shared / "rules" / "scenarios.md").read_text(
        encoding="utf-8"), re.M)
    assert len(md_ids) == len(set(md_ids)), "scenarios.md lists an id twice"
    assert set(md_ids) == set(_scenario_blocks(shared / "rules" / "scenarios.md"))
    stems = [p.stem for p in SCENARIO_FILES]
    assert sorted(stems) == sorted(md_ids), (
        f"missing files: {sorted(set(md_ids) - set(stems))}; "
        f"files for no scenario: {sorted(set(stems) - set(md_ids))}")


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_file_follows_its_scenario(shared: Path, path: Path) -> None:
    block = _scenario_blocks(shared / "rules" / "scenarios.md")[path.stem]
    docs = _documents(path)
    first = docs[0]
    if len(docs) == 1:
        assert first["id"] == block["id"]
    for doc in docs:
        assert str(doc["id"]).startswith(block["id"] + (" (" if len(docs) > 1 else "")), (
            f"{path.name}: document id {doc['id']!r} does not name scenario {block['id']}")
        assert set(doc["rules"]) <= set(block["rule_refs"]), (
            f"{path.name} {doc['id']!r}: rules not among the scenario's rule_refs")
    assert first["title"] == block["title"]
    assert first["rules"] == block["rule_refs"]
    used = set().union(*(Scenario(path.name, d).board_cards for d in docs))
    assert set(block["cards"]) <= used, (
        f"{path.name}: cards of the scenario not used: {sorted(set(block['cards']) - used)}")


def test_readme_lists_every_file() -> None:
    readme = (SCENARIO_DIR / "README.md").read_text(encoding="utf-8")
    for path in SCENARIO_FILES:
        assert f"`{path.name}`" in readme or path.stem in readme, f"README misses {path.stem}"
    assert "## Format extensions needed" in readme


def test_extensions_are_documented() -> None:
    """Every extension the runner and these tests accept is named in docs/scenarios.md, and
    the page marks extensions as such (the list beside the runner is the single source)."""
    doc = SCENARIOS_DOC.read_text(encoding="utf-8")
    assert "**extension**" in doc
    names = {k for keys in EXTENSION_KEYS.values() for k in keys} | set(EXTENSION_KEYS["expect"])
    names |= {v for values in EXTENSION_VALUES.values() for v in values}
    missing = sorted(k for k in names
                     if not re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", doc))
    assert not missing, f"extensions not named in docs/scenarios.md: {missing}"


def test_key_tables_match_the_format_document(shared: Path) -> None:
    """Every key these tests accept is written in SCENARIO_FORMAT.md (none is invented here)."""
    spec = (shared / "rules" / "SCENARIO_FORMAT.md").read_text(encoding="utf-8")
    keys = (TOP_KEYS | INLINE_CARD_KEYS | TURN_KEYS | PLAYER_KEYS | ENTRY_KEYS | STEPS
            | PASS_UNTIL | COMMON_ACTION_KEYS | set(ACTION_KEYS) | STACK_ITEM_KEYS
            | ATTACK_TARGET_KEYS | set(EXPECT_KEYS) | {"after", "color", "type"}
            | {k for ks in ACTION_KEYS.values() for k in ks}
            | {k for ks in EXPECT_KEYS.values() if ks for k in ks})
    missing = sorted(k for k in keys if not re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", spec))
    assert not missing, f"keys not in SCENARIO_FORMAT.md: {missing}"


# --- One document ----------------------------------------------------------------------------

def _keys(where: str, mapping: Any, allowed: set[str], what: str) -> None:
    assert isinstance(mapping, dict), f"{where}: {what} must be a map, got {mapping!r}"
    unknown = set(mapping) - allowed
    assert not unknown, f"{where}: {what}: keys {sorted(unknown)} are not in the format"


def _check_board(scenario: Scenario) -> None:
    """The document's keys, turn, players and zone entries (cards and IDs they name)."""
    doc, where = scenario.doc, scenario.where
    _keys(where, doc, ALLOWED_TOP_KEYS, "the document")
    assert {"turn", "players", "actions", "expect"} <= set(doc), f"{where}: a section is missing"
    for card in doc.get("cards") or []:
        _keys(where, card, ALLOWED_INLINE_CARD_KEYS, f"inline card {card.get('name')!r}")
        assert set(card) >= REQUIRED_INLINE_CARD_KEYS, f"{where}: inline card lacks a key"
    _keys(where, doc["turn"], TURN_KEYS, "turn")
    assert doc["turn"]["active"] in scenario.players
    assert doc["turn"]["step"] in STEPS, f"{where}: unknown step {doc['turn']['step']!r}"
    assert {"A", "B"} <= scenario.players
    for player, setup in doc["players"].items():
        _keys(where, setup or {}, PLAYER_KEYS, f"player {player}")
        if "mana_pool" in (setup or {}):
            assert MANA_STRING.match(setup["mana_pool"])
        for zone in PLAYER_ZONE_KEYS & set(setup or {}):
            for entry in _entries(setup[zone]):
                _keys(where, entry, ENTRY_KEYS, f"{player}'s {zone} entry {entry!r}")
                scenario.check_card(entry["card"], f"{player}'s {zone}")
                if "controller" in entry:
                    assert entry["controller"] in scenario.players
                if "attacking" in entry:
                    scenario.check_attack_target(entry["attacking"], f"{entry['card']} attacking")
                for key in ("blocking", "attached_to"):
                    if key in entry:
                        scenario.check_id(entry[key], f"{entry['card']} {key}")


def _check_action(scenario: Scenario, index: int, action: Any) -> None:
    where = f"{scenario.where} action {index}"
    assert isinstance(action, dict) and len(action) == 1, f"{where}: not a one-key map"
    (name, body), = action.items()
    assert name in ACTION_KEYS, f"{where}: unknown action {name!r}"
    body = body or {}
    _keys(where, body, ACTION_KEYS[name] | COMMON_ACTION_KEYS, name)
    if "player" in body:
        assert body["player"] in scenario.players, f"{where}: unknown player"
    if "rejected" in body:
        assert any(body["rejected"] is v or (body["rejected"] == v and isinstance(v, str))
                   for v in REJECTED_ACTION_VALUES), (
            f"{where}: write `rejected: true`, `rejected: optional` or nothing")
    if "card" in body:
        scenario.check_id(body["card"], f"{where} card")
    for ref in body.get("targets", []):
        scenario.check_target(ref, f"{where} target")
    for ref in body.get("pay_with", []):
        scenario.check_id(ref, f"{where} pay_with")
    if "return" in body:
        scenario.check_id(body["return"], f"{where} return")
    for attacker, target in (body.get("attackers") or {}).items():
        scenario.check_id(attacker, f"{where} attacker")
        scenario.check_attack_target(target, f"{where} attack target")
    for blocker, attacker in (body.get("blocks") or {}).items():
        scenario.check_id(blocker, f"{where} blocker")
        scenario.check_id(attacker, f"{where} blocked attacker")
    if name == "pass":
        assert body.get("until", "resolve") in PASS_UNTIL, f"{where}: unknown until"
    if name == "choose":
        assert "choice" in body, f"{where}: choose needs a choice"
    for key in ("color", "type"):
        if key in (body.get("choices") or {}):
            assert MANA_LETTER.match(body["choices"][key]), f"{where}: choices.{key}"
    if "x" in body:
        assert isinstance(body["x"], int) and body["x"] >= 0
    if "ability" in body:
        assert isinstance(body["ability"], int | str)


def _check_actions(scenario: Scenario) -> None:
    """Every action: a defined action with its keys, and the IDs and players it names."""
    actions = scenario.doc["actions"]
    assert isinstance(actions, list) and actions, f"{scenario.where}: no actions"
    for index, action in enumerate(actions, 1):
        _check_action(scenario, index, action)


def _check_expectation(scenario: Scenario, item: Any, action_count: int) -> None:
    where = f"{scenario.where} expectation {item!r}"
    assert isinstance(item, dict), where
    kinds = set(item) - {"after"}
    assert len(kinds) == 1, f"{where}: one kind per item (plus `after`)"
    kind = kinds.pop()
    assert kind in ALLOWED_EXPECT_KEYS, f"{where}: unknown expectation {kind!r}"
    if "after" in item:
        assert isinstance(item["after"], int) and 0 <= item["after"] <= action_count, (
            f"{where}: `after` must index an action (0..{action_count})")
    value = item[kind]
    allowed = ALLOWED_EXPECT_KEYS[kind]
    if allowed is not None:
        _keys(where, value, allowed, kind)
    if kind in ("life", "mana_pool"):
        assert isinstance(value, dict) and set(value) <= scenario.players, where
        for amount in value.values():
            assert isinstance(amount, int) if kind == "life" else MANA_STRING.match(amount), where
    elif kind == "zone":
        scenario.check_card(value["card"], where)
        assert value["player"] in scenario.players and value["zone"] in ZONES, where
        assert isinstance(value.get("count", 1), int), where
    elif kind == "permanent":
        scenario.check_id(value["card"], where)
        if "controller" in value:
            assert value["controller"] in scenario.players, where
        if value.get("attacking") not in (None, False):
            scenario.check_attack_target(value["attacking"], where)
        if "blocking" in value:
            scenario.check_id(value["blocking"], where)
    elif kind == "triggered":
        if value["card"] not in scenario.ids:
            scenario.check_card(value["card"], where)
        assert isinstance(value["times"], int), where
    elif kind == "tokens":
        assert value["name"] in scenario.tokens, f"{where}: no card here creates that token"
        assert value["controller"] in scenario.players and isinstance(value["count"], int)
    elif kind == "mana_options":
        scenario.check_id(value["card"], where)
        assert all(MANA_STRING.match(o) and o for o in value["options"]), where
    elif kind == "rejected":
        if isinstance(value, dict):
            _keys(where, value, set(EXTENSION_KEYS["rejected_expectation"]), "rejected")
            assert isinstance(value.get("reason"), str) and value["reason"].strip(), (
                f"{where}: `reason` is the text the refusal must contain")
            value = value.get("action")
        assert isinstance(value, int) and 1 <= value <= action_count, where
    elif kind == "zone_size":
        assert value["player"] in scenario.players, where
        assert value["zone"] in PLAYER_ZONE_KEYS - {"battlefield", "command"}, where
        assert isinstance(value["count"], int), where
    elif kind == "did_not_resolve":
        scenario.check_card(value["card"], where)
        assert isinstance(value.get("times", 1), int), where
    elif kind == "damage_dealt":
        if value["source"] not in scenario.card_texts:
            scenario.check_id(value["source"], where)
        if value["to"] not in scenario.card_texts:
            scenario.check_target(value["to"], where)
        assert isinstance(value["amount"], int), where
        assert isinstance(value.get("combat", True), bool), where
    elif kind == "stack":
        assert isinstance(value, list), where
        for entry in value:
            if isinstance(entry, dict):
                _keys(where, entry, STACK_ITEM_KEYS, "stack item")
                entry = entry["card"]
            scenario.check_card(entry, where)


def _check_expectations(scenario: Scenario) -> None:
    """Every expectation, and ``rejected: true`` actions matching ``rejected: N`` items."""
    actions, expect = scenario.doc["actions"], scenario.doc["expect"]
    assert isinstance(expect, list) and expect, f"{scenario.where}: no expectations"
    for item in expect:
        _check_expectation(scenario, item, len(actions))
    refused = {i for i, a in enumerate(actions, 1)
               if (next(iter(a.values())) or {}).get("rejected") is True}
    expected = [item["rejected"]["action"] if isinstance(item["rejected"], dict)
                else item["rejected"] for item in expect if "rejected" in item]
    assert sorted(expected) == sorted(refused), (
        f"{scenario.where}: actions marked `rejected: true` {sorted(refused)} and "
        f"`rejected: N` expectations {sorted(expected)} differ")


@_parametrize_documents()
def test_board(scenario: Scenario) -> None:
    _check_board(scenario)


@_parametrize_documents()
def test_actions(scenario: Scenario) -> None:
    _check_actions(scenario)


@_parametrize_documents()
def test_expectations(scenario: Scenario) -> None:
    _check_expectations(scenario)


def _action_comment_indexes(text: str) -> list[int | None]:
    """The ``# N`` index of each action of one document's raw text (None where missing)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("actions:"))
    indexes: list[int | None] = []
    pending: int | None = None
    for line in lines[start + 1:]:
        if line and not line[0].isspace() and not line.startswith("#"):
            break
        stripped = line.strip()
        if stripped.startswith("#"):
            match = INDEX_COMMENT.match(stripped)
            if match and pending is None:
                pending = int(match.group(1))
        elif stripped.startswith("- "):
            match = TRAILING_INDEX_COMMENT.search(line)
            indexes.append(pending if pending is not None else
                           (int(match.group(1)) if match else None))
            pending = None
    return indexes


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_actions_carry_their_index_comment(path: Path) -> None:
    texts = re.split(r"^---\s*$", path.read_text(encoding="utf-8"), flags=re.M)
    for number, text in enumerate(texts, 1):
        indexes = _action_comment_indexes(text)
        assert indexes == list(range(1, len(indexes) + 1)), (
            f"{path.name} document {number}: action index comments {indexes}")


# --- The checks themselves fail on bad files --------------------------------------------------

GOOD_DOCUMENT = """
id: T-1
turn: {active: A, step: main1}
players:
  A:
    battlefield:
      - Raging Goblin
      - {card: Swamp, id: Swamp 1}
      - {card: Swamp, id: Swamp 2}
    hand: ["Splinter, Hamato Yoshi"]
  B:
    battlefield: [Moonblade Shinobi, "Island x2"]
actions:
  - declare_attackers: {player: A, attackers: {Raging Goblin: B}}     # 1
  - cast: {player: A, card: "Splinter, Hamato Yoshi", rejected: true}   # 2
  - pass: {until: main2}                                               # 3
expect:
  - rejected: 2
  - permanent: {card: Swamp 1, tapped: false}
    after: 2
  - tokens: {controller: B, name: Illusion, count: 0}
"""


def _check_all(text: str) -> None:
    scenario = Scenario("test", yaml.safe_load(text))
    _check_board(scenario)
    _check_actions(scenario)
    _check_expectations(scenario)


def test_good_document_passes() -> None:
    _check_all(GOOD_DOCUMENT)
    assert _action_comment_indexes(GOOD_DOCUMENT) == [1, 2, 3]


@pytest.mark.parametrize(("old", "new", "message"), [
    ("id: T-1", "id: T-1\nsetup: []", "not in the format"),
    ("{card: Swamp, id: Swamp 1}", "{card: Swamp, id: Swamp 1, sick: true}", "not in the format"),
    ("- Raging Goblin", "- Raging Goblinn", "neither in data/starter_cards.json"),
    ("{Raging Goblin: B}", "{Grizzly Bears: B}", "neither an ID on the board"),
    ("{card: Swamp 1, tapped: false}", "{card: Island, tapped: false}", "ambiguous"),
    ("  - rejected: 2\n", "", "differ"),
    ("after: 2", "after: 4", "must index an action"),
    ("step: main1", "step: main", "unknown step"),
    ("{player: A, attackers", "{player: C, attackers", "unknown player"),
    ("name: Illusion", "name: Vampire", "no card here creates that token"),
    ("tapped: false}\n    after", "tapped: false, owners: A}\n    after", "not in the format"),
    ("  - rejected: 2\n", "  - rejected: {action: 2, why: x}\n", "not in the format"),
    ("  - rejected: 2\n", "  - rejected: {action: 3, reason: x}\n", "differ"),
    ("  - rejected: 2\n", "  - rejected: {action: 2, reason: ''}\n", "the text the refusal"),
    ("rejected: true}", "rejected: maybe}", "write `rejected: true`"),
    ("  - rejected: 2\n", "  - rejected: 2\n  - zone_size: {player: C, zone: hand, count: 1}\n",
     "zone_size"),

    ("- cast: {player: A", "- cast_spell: {player: A", "unknown action"),
    ("{until: main2}", "{until: main3}", "unknown until"),
])
def test_checks_refuse_a_bad_document(old: str, new: str, message: str) -> None:
    assert old in GOOD_DOCUMENT
    with pytest.raises(AssertionError, match=message):
        _check_all(GOOD_DOCUMENT.replace(old, new, 1))


def test_missing_index_comment_is_found() -> None:
    text = GOOD_DOCUMENT.replace("   # 2", "")
    assert _action_comment_indexes(text) == [1, None, 3]


def test_documented_extensions_pass() -> None:
    text = (GOOD_DOCUMENT
            .replace("  - rejected: 2\n", '  - rejected: {action: 2, reason: "declare blockers"}\n'
                     "  - zone_size: {player: A, zone: hand, count: 1}\n"
                     "  - did_not_resolve: {card: Lightning Bolt, times: 0}\n"
                     "  - damage_dealt: {source: Raging Goblin, to: B, amount: 1, combat: true}\n"
                     "  - permanent: {card: Raging Goblin, owner: A, token: false, colors: [R],"
                     " keywords: [Haste]}\n")
            .replace('"Splinter, Hamato Yoshi", rejected: true}',
                     '"Splinter, Hamato Yoshi", targets: [{stack: 1}], rejected: true}'))
    _check_all(text)


@pytest.mark.parametrize(("extra", "message"), [
    ("targets: [{stack: 0}], ", "counts from 1"),
    ("targets: [{spell: 1}], ", "is not {stack: N}"),
])
def test_bad_stack_targets_are_refused(extra: str, message: str) -> None:
    text = GOOD_DOCUMENT.replace('"Splinter, Hamato Yoshi", rejected: true}',
                                 f'"Splinter, Hamato Yoshi", {extra}rejected: true}}')
    with pytest.raises(AssertionError, match=message):
        _check_all(text)
