"""The starter card set (``data/starter_cards.json``) and the sample decks (``data/decks/``).

The starter set is the card data the app has on a fresh machine, before the user imports the
full MTGJSON file, so it must be right. These tests check that:

1. it is a valid MTGJSON AtomicCards document, written deterministically, and every entry
   converts with :func:`~analyzer.cards.importers.mtgjson.card_from_atomic`;
2. it holds every card the seed documents and the rules scenarios name (read from
   ``../shared`` at test time);
3. every card matches the real card file (``../shared/data/AtomicCards.json.gz``) face by face:
   name, mana cost, type line, types, power and toughness exactly, and the rules text after
   only the wording updates listed in :data:`TEXT_UPDATES`;
4. every sample deck in ``data/decks/`` resolves completely against the starter set.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from analyzer.cards.importers.mtgjson import card_from_atomic, iter_atomic_cards, read_atomic_file
from analyzer.cards.lookup import InMemoryCardLookup, NameKind
from analyzer.cards.model import Card, Face
from analyzer.cards.names import normalize_name

DATA = Path(__file__).resolve().parents[2] / "data"
STARTER = DATA / "starter_cards.json"
DECKS = DATA / "decks"

SELF = "CARDNAME"
"""What every self-reference is folded to before texts are compared."""

REMINDER_TEXT: tuple[str, str] = (r" ?\([^()]*\)", "")
"""Reminder text, removed from a line before comparison only when the other text's matching
line has none: MTGJSON keeps reminder text as printed, and some rows of the shared file come
from printings or engines without it ("Commander ninjutsu {U}{B}" with no parenthesis). When
both lines have reminder text, it is compared like the rest."""

TEXT_UPDATES: list[tuple[str, str]] = [
    # Wizards' blanket Oracle update (Foundations, 2024): "enters the battlefield" became
    # "enters", and "enter the battlefield as a copy" became "enter as a copy".
    (r"\b(enters?|entered) the battlefield\b", r"\1"),
    # Magic Core Set 2021: "converted mana cost" became "mana value".
    (r"\bconverted mana costs?\b", "mana value"),
    # 2023: the card type Tribal was renamed Kindred.
    (r"\bTribal\b", "Kindred"),
    # Self-references: current Oracle names the object "this creature", "this spell"... where
    # older rows print the card's name (full, or the part before the comma for legends). Both
    # spellings fold to one token. {names} is filled in per face.
    (r"\b(?:{names}|[Tt]his (?:creature|artifact|enchantment|land|spell|card|permanent|Aura))\b",
     SELF),
    # Zendikar Rising (2020) Oracle update of library searches: "..., and put it into your
    # hand. If you do, shuffle your library." / "Then shuffle your library." became
    # "..., put it into your hand, then shuffle."
    (r", and put (it|them|that card|those cards) into your hand\. (?:If you do, s|Then s)huffle"
     r" your library\.", r", put \1 into your hand, then shuffle."),
    (r"\b(then shuffle|shuffles) (?:your|their) library\b", r"\1"),
    # Strixhaven (2021) Oracle update: "Activate this ability only ..." became "Activate only ...".
    (r"\bActivate this ability only\b", "Activate only"),
    # Planeswalker loyalty abilities: "+1:" in old rows, "[+1]:" in MTGJSON; and the minus
    # sign U+2212 against a hyphen.
    (r"^\[?([+−-])(\d+|X)\]?:", r"[\1\2]:"),
    (r"\[-", "[−"),
    # Gender-neutral pronouns (2017 Oracle update).
    (r"\bhe or she\b", "they"),
    (r"\bhis or her\b", "their"),
    (r"\bhim or her\b", "them"),
]
"""Oracle wording updates applied to both texts before comparison, as ``(old, new)`` regular
expressions (``re.MULTILINE``), in order. Nothing else is forgiven."""

SEED_CARDS_IN_PROSE = (
    # Named in seeds/README.md and seed 001 as the cost reducer that reduces a prowl cost.
    "Frogtosser Banneret",
    # The card of seed 003's exchange-of-control rulings ("the Infiltrator").
    "Phyrexian Infiltrator",
)
"""Seed cards the README names in running text; the italic names are parsed from it."""

_DECK_SECTIONS = {"deck", "main", "maindeck", "sideboard", "commander", "companion"}
_DECK_LINE = re.compile(r"^(\d+)x?\s+(.+?)(?:\s+\([A-Za-z0-9]+\)(?:\s+\S+)?)?$")


# -- helpers --------------------------------------------------------------------------------


def _starter_doc() -> dict[str, Any]:
    return read_atomic_file(STARTER)


def _starter_cards() -> dict[str, Card]:
    return {name: card_from_atomic(name, faces) for name, faces in _starter_doc()["data"].items()}


def _self_names(card: Card, face: Face) -> list[str]:
    names = {card.name, face.name, card.name.split(" // ")[0]}
    for n in list(names):
        if ", " in n:
            names.add(n.split(", ")[0])
    return sorted((n for n in names if n), key=len, reverse=True)


def normalize_text(text: str, self_names: list[str]) -> str:
    """Apply :data:`TEXT_UPDATES` to an Oracle text.

    Examples
    --------
    >>> normalize_text("When Grizzly Bears enters the battlefield, draw a card.", ["Grizzly Bears"])
    'When CARDNAME enters, draw a card.'
    >>> normalize_text("When this creature enters, draw a card.", ["Grizzly Bears"])
    'When CARDNAME enters, draw a card.'
    """
    # "(?!)" matches nothing: with no names given, only "this creature"... is folded.
    names = "|".join(re.escape(n) for n in self_names) or "(?!)"
    for old, new in TEXT_UPDATES:
        text = re.sub(old.replace("{names}", names), new, text, flags=re.MULTILINE)
    return text.strip()


def _strip_reminder(line: str) -> str:
    return re.sub(REMINDER_TEXT[0], REMINDER_TEXT[1], line).strip()


def texts_agree(ours: str, theirs: str) -> bool:
    """Compare two normalised texts line by line, applying :data:`REMINDER_TEXT` to a pair of
    lines only when one of them has no reminder text.

    Examples
    --------
    >>> texts_agree("Flash (You may cast this spell any time you could cast an instant.)", "Flash")
    True
    >>> texts_agree("Sneak {B} (It enters tapped.)", "Sneak {B} (He enters tapped.)")
    False
    """
    a, b = ours.split("\n"), theirs.split("\n")
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if "(" in x and "(" in y:
            if x != y:
                return False
        elif _strip_reminder(x) != _strip_reminder(y):
            return False
    return True


def _normalize_type(type_line: str) -> str:
    return re.sub(r"\bTribal\b", "Kindred", type_line)


def _parse_deck(path: Path) -> Iterator[tuple[int, int, str]]:
    """Yield ``(line_no, count, name)`` for every card line of a simple text deck list."""
    for line_no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("//", "#")) or line.lower() in _DECK_SECTIONS:
            continue
        match = _DECK_LINE.match(line)
        assert match, f"{path.name}:{line_no}: not a 'N Card Name' line: {line!r}"
        yield line_no, int(match.group(1)), match.group(2)


def _deck_sections(path: Path) -> dict[str, int]:
    """Card counts per section: ``main``, ``sideboard``, ``commander``.

    A blank line after main-deck cards starts the sideboard unless headers are used.
    """
    counts = {"main": 0, "sideboard": 0, "commander": 0}
    section = "main"
    seen_cards = False
    has_headers = any(line.strip().lower() in _DECK_SECTIONS
                      for line in path.read_text(encoding="utf-8").splitlines())
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip().lower()
        if line in ("deck", "main", "maindeck"):
            section = "main"
        elif line in ("sideboard", "commander", "companion"):
            section = line if line != "companion" else "sideboard"
        elif not line:
            if seen_cards and not has_headers and section == "main":
                section = "sideboard"
        elif match := _DECK_LINE.match(raw.strip()):
            counts[section] += int(match.group(1))
            seen_cards = True
    return counts


def _scenario_card_names(shared: Path) -> list[str]:
    """Names in the "Card reference" YAML block and the ``cards:`` lists of scenarios.md."""
    text = (shared / "rules" / "scenarios.md").read_text(encoding="utf-8")
    section = text.split("## Card reference", 1)[1]
    block = section.split("```yaml", 1)[1].split("```", 1)[0]
    names = [m.strip().strip("\"'") for m in re.findall(r"^\s*- name:\s*(.+?)\s*$", block, re.M)]
    for listed in re.findall(r"^cards:\s*(\[.*\])\s*$", text, re.M):
        names.extend(json.loads(listed))
    return list(dict.fromkeys(names))


def _seed_card_names(shared: Path) -> list[str]:
    readme = (shared / "seeds" / "README.md").read_text(encoding="utf-8")
    italic = re.findall(r"(?<!\*)\*([^*\n]+)\*(?!\*)", readme)
    return list(dict.fromkeys([*italic, *SEED_CARDS_IN_PROSE]))


# -- 1. shape -------------------------------------------------------------------------------


class TestShape:
    def test_file_is_atomic_cards(self) -> None:
        doc = _starter_doc()
        assert set(doc) == {"meta", "data"}
        assert doc["meta"]["date"] == "2026-11-29"
        assert doc["meta"]["version"]
        assert "Spellweb" in doc["meta"]["note"]
        assert 120 <= len(doc["data"]) <= 200

    def test_file_is_deterministic(self) -> None:
        raw = STARTER.read_text(encoding="utf-8")
        doc = json.loads(raw)
        assert list(doc["data"]) == sorted(doc["data"])
        assert raw == json.dumps(doc, indent=1, ensure_ascii=False) + "\n"

    def test_every_entry_converts(self) -> None:
        doc = _starter_doc()
        results = list(iter_atomic_cards(doc))
        errors = [r for r in results if not isinstance(r, Card)]
        assert errors == []
        assert len(results) == len(doc["data"])

    @pytest.mark.parametrize("name", sorted(json.loads(STARTER.read_text("utf-8"))["data"]))
    def test_faces(self, name: str) -> None:
        faces = _starter_doc()["data"][name]
        card = card_from_atomic(name, faces)
        assert all(f["name"] == name for f in faces)
        assert all(isinstance(f["manaValue"], float) for f in faces)
        assert len({f["layout"] for f in faces}) == 1
        if len(faces) > 1:
            assert [f["faceName"] for f in faces] == name.split(" // ")
            assert [f["side"] for f in faces] == ["a", "b", "c"][: len(faces)]
            assert all(isinstance(f["faceManaValue"], float) for f in faces)
        else:
            assert "faceName" not in faces[0]
        for f in faces:
            assert "—" not in f["type"] or f["subtypes"], f["type"]
            assert f["types"], f"{name}: no card type"
            symbols = set(re.findall(r"[WUBRG]", f.get("manaCost", "")))
            assert set(f["colors"]) == symbols | set(f.get("colorIndicator", [])), name
            assert set(f["colors"]) <= set(f["colorIdentity"]), name
            if "Creature" in f["types"]:
                assert f.get("power") is not None and f.get("toughness") is not None, name
            if "Planeswalker" in f["types"]:
                assert f.get("loyalty"), name
            for kw in f.get("keywords", []):
                assert kw[:1].isupper(), f"{name}: keyword {kw!r} not in title case"
        assert card.faces and card.name == name

    def test_keyword_reminders_restate_the_cost(self) -> None:
        # "Ninjutsu {1}{U} ({1}{U}, Return ...", "Sneak {B} (You may cast this spell for {B} ...",
        # "Prowl {1}{B} (You may cast this for its prowl cost ...": the reminder must agree
        # with the keyword, since the shared file cannot check reminders it lacks.
        problems = []
        for card in _starter_cards().values():
            for face in card.faces:
                for line in face.text.split("\n"):
                    m = re.match(r"^((?:Commander )?[Nn]injutsu|Sneak|Prowl) (\S+) \((.*)\)$", line)
                    if not m:
                        continue
                    keyword, cost, reminder = m.groups()
                    expected = {"Prowl": "You may cast this for its prowl cost if you dealt "
                                         "combat damage to a player this turn with a ",
                                "Sneak": f"You may cast this spell for {cost} if you also return"
                                         " an unblocked attacker you control to hand"}.get(
                        keyword, f"{cost}, Return an unblocked attacker you control to hand: "
                                 "Put this card onto the battlefield from your hand")
                    if not reminder.startswith(expected):
                        problems.append(f"{card.name}: {line!r}")
                    if keyword == "Prowl":
                        kinds = [t for t in face.subtypes if t in {"Goblin", "Faerie", "Rogue"}]
                        if not reminder.endswith(f"with a {' or '.join(kinds)}."):
                            problems.append(f"{card.name}: prowl reminder names {kinds}")
        assert problems == []

    def test_multi_face_cards_are_present(self) -> None:
        layouts = {c.layout for c in _starter_cards().values() if len(c.faces) > 1}
        assert {"split", "transform", "adventure"} <= layouts

    def test_flavor_name_resolves(self) -> None:
        lookup = InMemoryCardLookup(_starter_cards().values())
        hits = lookup.hits([normalize_name("Splinter, Vengeful Sensei")])
        assert [h.card.name for h in hits[normalize_name("Splinter, Vengeful Sensei")]] == [
            "Ink-Eyes, Servant of Oni"]


class TestNormalisation:
    def test_wording_updates(self) -> None:
        old = ("When Latchkey Faerie enters the battlefield, draw a card with converted mana "
               "cost 2.")
        assert normalize_text(old, ["Latchkey Faerie"]) == \
            "When CARDNAME enters, draw a card with mana value 2."

    def test_legend_short_name(self) -> None:
        names = _self_names(card_from_atomic("Higure, the Still Wind", [
            {"name": "Higure, the Still Wind", "type": "Legendary Creature — Human Ninja"}]),
            Face("Higure, the Still Wind"))
        assert normalize_text("Whenever Higure deals combat damage", names) == \
            "Whenever CARDNAME deals combat damage"

    def test_loyalty_brackets(self) -> None:
        assert normalize_text("-2: Create a token.", []) == normalize_text("[−2]: Create a token.", [])

    def test_reminder_text_only_forgiven_when_missing(self) -> None:
        assert texts_agree("Flash (You may cast this spell any time you could cast an instant.)",
                           "Flash")
        assert not texts_agree("Sneak {B} (It enters tapped.)", "Sneak {B} (He enters tapped.)")
        assert not texts_agree("Flying", "Flying\nHaste")

    def test_other_differences_are_not_forgiven(self) -> None:
        assert normalize_text("Goblins you control have haste.", []) != \
            normalize_text("Goblin creatures you control have haste.", [])


# -- 2. coverage ----------------------------------------------------------------------------


@pytest.mark.shared
class TestCoverage:
    def test_scenario_cards_are_in_starter_set(self, shared: Path) -> None:
        names = _scenario_card_names(shared)
        assert len(names) >= 40, "the Card reference block was not found"
        missing = [n for n in names if n not in _starter_cards()]
        assert missing == []

    def test_seed_cards_are_in_starter_set(self, shared: Path) -> None:
        names = _seed_card_names(shared)
        assert {"Splinter, Hamato Yoshi", "Leonardo's Technique"} <= set(names)
        missing = [n for n in names if n not in _starter_cards()]
        assert missing == []

    def test_scenario_filler_card_is_in_starter_set(self, shared: Path) -> None:
        text = (shared / "rules" / "SCENARIO_FORMAT.md").read_text(encoding="utf-8")
        assert "Wastes" in text
        assert "Wastes" in _starter_cards()


# -- 3. agreement with the real card file ----------------------------------------------------


@pytest.fixture(scope="module")
def starter() -> dict[str, Card]:
    """The starter set as ``{name: Card}``."""
    return _starter_cards()


@pytest.mark.shared
@pytest.mark.slow
class TestAgainstSharedFile:
    def test_every_starter_card_is_in_shared_file(
            self, starter: dict[str, Card], shared_cards: dict[str, Card]) -> None:
        assert sorted(set(starter) - set(shared_cards)) == []

    def test_characteristics_match(
            self, starter: dict[str, Card], shared_cards: dict[str, Card]) -> None:
        problems = []
        for name, mine in starter.items():
            real = shared_cards.get(name)
            if real is None:
                continue
            if len(mine.faces) != len(real.faces):
                problems.append(f"{name}: {len(mine.faces)} faces, shared has {len(real.faces)}")
                continue
            for a, b in zip(mine.faces, real.faces, strict=True):
                for attr in ("name", "mana_cost", "supertypes", "subtypes", "power",
                             "toughness", "loyalty"):
                    if getattr(a, attr) != getattr(b, attr):
                        problems.append(f"{name} / {a.name}: {attr} {getattr(a, attr)!r} "
                                        f"!= shared {getattr(b, attr)!r}")
                if (a.types, _normalize_type(a.type)) != (
                        tuple(_normalize_type(t) for t in b.types), _normalize_type(b.type)):
                    problems.append(f"{name} / {a.name}: type {a.type!r} != shared {b.type!r}")
        assert problems == [], "\n".join(problems)

    def test_text_matches(self, starter: dict[str, Card], shared_cards: dict[str, Card]) -> None:
        problems = []
        for name, mine in starter.items():
            real = shared_cards.get(name)
            if real is None or len(mine.faces) != len(real.faces):
                continue
            for a, b in zip(mine.faces, real.faces, strict=True):
                names = _self_names(mine, a)
                ours, theirs = normalize_text(a.text, names), normalize_text(b.text, names)
                if not texts_agree(ours, theirs):
                    problems.append(f"{name} / {a.name}:\n  starter {ours!r}\n  shared  {theirs!r}")
        assert problems == [], "\n".join(problems)


# -- 4. sample decks -------------------------------------------------------------------------


_DECK_FILES = sorted(DECKS.glob("*.txt"))


class TestSampleDecks:
    def test_there_are_sample_decks(self) -> None:
        assert len(_DECK_FILES) >= 3
        assert (DECKS / "README.md").is_file()

    @pytest.mark.parametrize("path", _DECK_FILES, ids=lambda p: p.name)
    def test_deck_resolves(self, path: Path) -> None:
        lookup = InMemoryCardLookup(_starter_cards().values())
        unresolved = [f"{path.name}:{line_no}: {name!r}"
                      for line_no, _, name in _parse_deck(path)
                      if not lookup.hits([normalize_name(name)])]
        assert unresolved == []

    @pytest.mark.parametrize("path", _DECK_FILES, ids=lambda p: p.name)
    def test_deck_uses_oracle_names_and_legal_counts(self, path: Path) -> None:
        # Our own lists spell every card by its Oracle name, and hold at most four copies of
        # a card other than a basic land (main deck and sideboard together).
        lookup = InMemoryCardLookup(_starter_cards().values())
        copies: dict[str, int] = {}
        basics: set[str] = set()
        for _, count, name in _parse_deck(path):
            key = normalize_name(name)
            hit = lookup.hits([key])[key][0]
            assert (hit.kind, hit.card.name) == (NameKind.NAME, name)
            copies[name] = copies.get(name, 0) + count
            if "Basic" in hit.card.supertypes:
                basics.add(name)
        too_many = {n: c for n, c in copies.items() if c > 4 and n not in basics}
        assert too_many == {}

    @pytest.mark.parametrize("path", _DECK_FILES, ids=lambda p: p.name)
    def test_deck_size(self, path: Path) -> None:
        counts = _deck_sections(path)
        if counts["commander"]:
            assert counts["main"] + counts["commander"] == 100
            assert counts["sideboard"] == 0
        else:
            assert counts["main"] == 60
            assert counts["sideboard"] in (0, 15)
