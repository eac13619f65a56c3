"""legal_actions: the fast path agrees with the slow one, and declarations are counted.

1. Equivalence: on many seeded random boards, and along random walks of legal actions from
   them, ``Game.legal_actions()`` (prefilters, one trial per target class, mana abilities
   without a trial) yields exactly the candidates that a trial apply accepts
   (``Game.is_legal`` of each, the slow path), in the same order; every action it yields
   applies without error and undoes to the same state; listing them changes nothing.
2. Golden counts of attack and block declarations (perft style, python-chess): small fixed
   boards whose exact number of legal declarations is worked out by hand in each test.
"""

from __future__ import annotations

import itertools
import random

import pytest

from analyzer.rules import (
    CardLibrary,
    CastSpell,
    DeclareAttackers,
    DeclareBlockers,
    Game,
    IllegalActionError,
    PassPriority,
    RulesError,
    Step,
    Zone,
)
from analyzer.rules.cards import inline_card
from analyzer.rules.generate import candidates
from analyzer.rules.model import GameObject

BASICS = ("Forest", "Island", "Swamp", "Mountain", "Plains")


@pytest.fixture(scope="module")
def cards() -> CardLibrary:
    """The starter set plus test creatures with one evasion each, a planeswalker, a battle."""
    lib = CardLibrary.starter()
    for name, type_line, text, p, t, loyalty in [
        ("Test Menace", "Creature — Warrior", "Menace", "2", "2", None),
        ("Test Flyer", "Creature — Bird", "Flying", "2", "2", None),
        ("Test Reach", "Creature — Spider", "Reach", "1", "3", None),
        ("Test Wall", "Creature — Wall", "Defender", "0", "4", None),
        ("Test Walker", "Legendary Planeswalker — Test", "", None, None, "3"),
        ("Test Battle", "Battle — Siege", "", None, None, None),
    ]:
        lib.define(inline_card(name, "{1}", type_line, text, p, t, loyalty))
    return lib


# --- 1. The fast path equals the slow path ------------------------------------------------

def _slow(game: Game) -> list[object]:
    """The reference: every candidate, each checked with a trial apply."""
    return [a for a in candidates(game) if game.is_legal(a)]


def _supported(cards: CardLibrary, names: list[str]) -> list[str]:
    """The names the rules core accepts on the battlefield."""
    found = []
    for name in names:
        game = Game(cards)
        try:
            game.add(name, Zone.BATTLEFIELD, "A")
        except RulesError:
            continue
        found.append(name)
    return found


def _starter_names() -> list[str]:
    from analyzer.rules.cards import _starter_cards

    return sorted({c.name for c in _starter_cards().values()})


def _castable(cards: CardLibrary, names: list[str]) -> list[str]:
    """Names whose text and keywords the rules core reads (others raise when cast)."""
    from analyzer.rules.triggers import SUPPORTED_KEYWORDS

    return [n for n in names if not cards.get(n).profile.unsupported
            and all(k.name.lower() in SUPPORTED_KEYWORDS for k in cards.get(n).profile.keywords)]


def _random_game(rng: random.Random, cards: CardLibrary, permanents: list[str],
                 spells: list[str]) -> Game:
    game = Game(cards)
    for player in ("A", "B"):
        for i in range(8):
            game.add("Wastes", Zone.LIBRARY, player, alias=f"{player} library {i}")
        names = [rng.choice(BASICS) for _ in range(rng.randint(0, 5))]
        names += rng.sample(permanents, rng.randint(0, 3))
        for name in names:
            game.add(name, Zone.BATTLEFIELD, player, tapped=rng.random() < 0.2,
                     sick=rng.random() < 0.25)
        hand = rng.sample(spells, rng.randint(0, 4 if player == "A" else 2))
        for name in hand + ([rng.choice(BASICS)] if rng.random() < 0.4 else []):
            game.add(name, Zone.HAND, player)
        if rng.random() < 0.3:
            game.player(player).pool.update({rng.choice("WUBRG"): rng.randint(1, 2)})
    step = rng.choice([Step.MAIN1, Step.MAIN1, Step.BEGINNING_OF_COMBAT, Step.UPKEEP,
                       Step.END, Step.DECLARE_BLOCKERS])
    if step is Step.DECLARE_BLOCKERS:        # blocks done: some unblocked attackers
        for obj in game.battlefield():
            data = game.data(obj)
            if game.controller(obj) == "A" and "Creature" in data.profile.types \
                    and not obj.tapped and rng.random() < 0.6:
                obj.attacking, obj.blocked, obj.tapped = "B", rng.random() < 0.3, True
    game.start(step, "A", 3)
    return game


BOARDS = 50
WALK = 8


def test_fast_legal_actions_equal_the_trial_apply_on_random_boards(cards: CardLibrary) -> None:
    names = _starter_names()
    permanents = _supported(cards, [n for n in names if n not in BASICS])
    spells = _castable(cards, [n for n in names if n not in BASICS])
    rng = random.Random(20261129)
    checked = states = refused = 0
    kinds: set[str] = set()
    for _ in range(BOARDS):
        game = _random_game(rng, cards, permanents, spells)
        for _ in range(WALK):
            before = game.fingerprint()
            try:
                slow = _slow(game)
            except RulesError:
                break               # an ability the core cannot play: the slow path raises
            fast = list(game.legal_actions())
            assert game.fingerprint() == before, "legal_actions changed the game"
            assert fast == slow, (
                f"fast path differs: missing {[a for a in slow if a not in fast]}, "
                f"extra {[a for a in fast if a not in slow]}\n{game.format_log()}")
            for action in fast:
                game.apply(action)
                game.undo()
                assert game.fingerprint() == before, f"{action} did not undo exactly"
                kinds.add(type(action).__name__)
            for action in candidates(game):
                if action not in fast:              # refused means unchanged (CR 733.1)
                    with pytest.raises(IllegalActionError):
                        game.apply(action)
                    assert game.fingerprint() == before, f"refused {action} changed the game"
                    refused += 1
            checked += len(fast)
            states += 1
            if not fast:
                break
            game.apply(rng.choice(fast))
    assert states >= BOARDS * 4, f"only {states} states compared"
    assert checked >= 600 and refused >= 100
    assert {"CastSpell", "ActivateManaAbility", "PassPriority", "PlayLand"} <= kinds


def test_unaffordable_and_mistimed_spells_are_dropped_like_the_slow_path(new_game) -> None:
    game, o = new_game({"A": {"battlefield": ["Mountain"],
                              "hand": ["Hill Giant", "Lightning Bolt", "Grizzly Bears"]},
                        "B": {"battlefield": ["Grizzly Bears"]}}, step=Step.UPKEEP)
    assert list(game.legal_actions()) == _slow(game)
    cards_cast = {a.card for a in game.legal_actions() if hasattr(a, "targets")}
    assert cards_cast == {o["Lightning Bolt"].oid}          # sorceries wait; Giant costs 4


def test_legal_among_takes_only_target_variants(new_game) -> None:
    game, o = new_game({"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}})
    bolt = o["Lightning Bolt"].oid
    assert game.legal_among([CastSpell("A", bolt, targets=("B",)),
                             CastSpell("A", bolt, targets=("A",))]) == [
        CastSpell("A", bolt, targets=("B",)), CastSpell("A", bolt, targets=("A",))]
    with pytest.raises(ValueError, match="differ only in their targets"):
        game.legal_among([CastSpell("A", bolt, targets=("B",)),
                          CastSpell("A", bolt, x=1, targets=("B",))])


# --- 2. Declarations, counted by hand ----------------------------------------------------

def _board(cards: CardLibrary, a: list[str], b: list[str], *, sick: tuple[str, ...] = (),
           tapped: tuple[str, ...] = ()) -> tuple[Game, dict[str, GameObject]]:
    game = Game(cards)
    objs: dict[str, GameObject] = {}
    for player, names in (("A", a), ("B", b)):
        for i in range(5):
            game.add("Wastes", Zone.LIBRARY, player, alias=f"{player} library {i}")
        for name in names:
            alias = f"{player} {name}"
            objs[alias] = game.add(name, Zone.BATTLEFIELD, player, alias=alias,
                                   sick=alias in sick, tapped=alias in tapped)
    game.start(Step.BEGINNING_OF_COMBAT, "A", 3)
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))                     # the declare attackers step begins
    return game, objs


def _declarations(game: Game, kind: type) -> list[object]:
    found = [a for a in game.legal_actions() if isinstance(a, kind)]
    assert len(set(found)) == len(found), "a declaration twice"
    return found


def _to_blocks(game: Game, attack: list[tuple[GameObject, str | int]]) -> None:
    game.apply(DeclareAttackers("A", tuple((o.oid, t) for o, t in attack)))
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))                     # the declare blockers step begins


class TestAttackCounts:
    def test_two_creatures_one_opponent(self, cards: CardLibrary) -> None:
        # Each of 2 creatures attacks B or not: 2 * 2 = 4 (none, Bears, Giant, both).
        game, o = _board(cards, ["Grizzly Bears", "Hill Giant"], [])
        found = _declarations(game, DeclareAttackers)
        assert len(found) == 4
        assert found[0] == DeclareAttackers("A", ())
        assert {frozenset(a.attackers) for a in found} == {
            frozenset(), frozenset({(o["A Grizzly Bears"].oid, "B")}),
            frozenset({(o["A Hill Giant"].oid, "B")}),
            frozenset({(o["A Grizzly Bears"].oid, "B"), (o["A Hill Giant"].oid, "B")})}

    def test_attackers_and_defenders_are_filtered(self, cards: CardLibrary) -> None:
        # Able: Grizzly Bears, Hill Giant, Raging Goblin (sick but haste). Not able: Savannah
        # Lions (sick), Elite Vanguard (tapped), Test Wall (defender), Forest (no creature).
        # Attackable: B, B's Test Walker, B's Test Battle (not B's creature, not A's own
        # walker). Each able creature: not attacking or one of 3 -> 4 ** 3 = 64.
        game, o = _board(cards, ["Grizzly Bears", "Hill Giant", "Raging Goblin",
                                 "Savannah Lions", "Elite Vanguard", "Test Wall", "Forest",
                                 "Test Walker"],
                         ["Test Walker", "Test Battle", "Grizzly Bears"],
                         sick=("A Raging Goblin", "A Savannah Lions"),
                         tapped=("A Elite Vanguard",))
        found = _declarations(game, DeclareAttackers)
        assert len(found) == 64
        attackers = {oid for a in found for oid, _ in a.attackers}
        assert attackers == {o[f"A {n}"].oid for n in ("Grizzly Bears", "Hill Giant",
                                                       "Raging Goblin")}
        targets = {t for a in found for _, t in a.attackers}
        assert targets == {"B", o["B Test Walker"].oid, o["B Test Battle"].oid}

    def test_no_creature_can_attack(self, cards: CardLibrary) -> None:
        # Only "no attack" (CR 508.8 then skips to the end of combat).
        game, _ = _board(cards, ["Test Wall", "Grizzly Bears"], ["Hill Giant"],
                         sick=("A Grizzly Bears",))
        assert _declarations(game, DeclareAttackers) == [DeclareAttackers("A", ())]

    def test_generation_is_lazy(self, cards: CardLibrary, monkeypatch) -> None:
        # 14 able creatures: 2 ** 14 = 16384 declarations; taking 3 checks only 3.
        game, _ = _board(cards, ["Grizzly Bears"] * 14, [])
        calls = []
        real = Game.is_legal
        monkeypatch.setattr(Game, "is_legal", lambda self, a: calls.append(a) or real(self, a))
        first = list(itertools.islice(game.legal_actions(), 3))
        assert len(first) == 3 and first[0] == DeclareAttackers("A", ())
        assert len(calls) == 3


class TestBlockCounts:
    def test_evasion_and_blockers_filtered(self, cards: CardLibrary) -> None:
        # A attacks with Grizzly Bears and Test Flyer. B's blockers: Hill Giant and Savannah
        # Lions may block only the Bears (2 choices each), Test Reach either (3 choices);
        # Elite Vanguard is tapped, Tormented Soul can't block: 2 * 2 * 3 = 12.
        game, o = _board(cards, ["Grizzly Bears", "Test Flyer"],
                         ["Hill Giant", "Savannah Lions", "Test Reach", "Elite Vanguard",
                          "Tormented Soul"], tapped=("B Elite Vanguard",))
        _to_blocks(game, [(o["A Grizzly Bears"], "B"), (o["A Test Flyer"], "B")])
        found = _declarations(game, DeclareBlockers)
        assert len(found) == 12
        assert found[0] == DeclareBlockers("B", ())
        blockers = {b for a in found for b, _ in a.blocks}
        assert blockers == {o[f"B {n}"].oid for n in ("Hill Giant", "Savannah Lions",
                                                      "Test Reach")}
        assert {a for d in found for b, a in d.blocks if b != o["B Test Reach"].oid} == {
            o["A Grizzly Bears"].oid}

    def test_menace_needs_two_blockers(self, cards: CardLibrary) -> None:
        # A attacks with Test Menace and Grizzly Bears; B has 3 untapped creatures.
        # Assignments: 3 ** 3 = 27 (none, Menace, Bears each). Illegal: exactly one blocker
        # on Menace: 3 choices of that blocker * 2 ** 2 for the other two = 12. 27 - 12 = 15.
        game, o = _board(cards, ["Test Menace", "Grizzly Bears"],
                         ["Hill Giant", "Savannah Lions", "Silvercoat Lion"])
        _to_blocks(game, [(o["A Test Menace"], "B"), (o["A Grizzly Bears"], "B")])
        found = _declarations(game, DeclareBlockers)
        assert len(found) == 15
        menace = o["A Test Menace"].oid
        assert all(sum(1 for _, a in d.blocks if a == menace) != 1 for d in found)

    def test_menace_with_two_blockers(self, cards: CardLibrary) -> None:
        # 2 blockers: 3 ** 2 = 9; exactly one on Menace: 2 * 2 = 4; 9 - 4 = 5
        # (none, one Bears block each, both on Bears, both on Menace).
        game, o = _board(cards, ["Test Menace", "Grizzly Bears"],
                         ["Hill Giant", "Savannah Lions"])
        _to_blocks(game, [(o["A Test Menace"], "B"), (o["A Grizzly Bears"], "B")])
        assert len(_declarations(game, DeclareBlockers)) == 5

    def test_unblockable_attacker(self, cards: CardLibrary) -> None:
        # Slither Blade can't be blocked: Hill Giant blocks the Bears or nothing: 2.
        game, o = _board(cards, ["Slither Blade", "Grizzly Bears"], ["Hill Giant"])
        _to_blocks(game, [(o["A Slither Blade"], "B"), (o["A Grizzly Bears"], "B")])
        assert _declarations(game, DeclareBlockers) == [
            DeclareBlockers("B", ()),
            DeclareBlockers("B", ((o["B Hill Giant"].oid, o["A Grizzly Bears"].oid),))]

    def test_attacker_of_a_planeswalker_is_blocked_by_its_controller(
            self, cards: CardLibrary) -> None:
        # Grizzly Bears attacks B's Test Walker; B's Hill Giant may block it: 2.
        game, o = _board(cards, ["Grizzly Bears"], ["Test Walker", "Hill Giant"])
        _to_blocks(game, [(o["A Grizzly Bears"], o["B Test Walker"].oid)])
        assert len(_declarations(game, DeclareBlockers)) == 2
