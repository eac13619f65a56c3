"""Token copies (CR 707.2, 111.1), delayed triggered abilities (CR 603.7), and modes and
targets chosen as a triggered ability is put on the stack (CR 603.3c-d, 700.2a).

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz; every
expected value is read from that text and the rule cited next to it.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    CardLibrary,
    Choose,
    Game,
    IllegalActionError,
    PassPriority,
    Step,
    Zone,
)
from analyzer.rules.abilities import activatable, find_ability
from analyzer.rules.cards import inline_card
from analyzer.rules.layers import has_keyword, mana_value, power_toughness
from analyzer.rules.model import GameObject

KIKI = inline_card(
    "Kiki-Jiki, Mirror Breaker", "{2}{R}{R}{R}", "Legendary Creature — Goblin Shaman",
    "Haste\n{T}: Create a token that's a copy of target nonlegendary creature you control. "
    "That token has haste. Sacrifice it at the beginning of the next end step.", "2", "2")
TWIN = inline_card(
    "Splinter Twin", "{2}{R}{R}", "Enchantment — Aura",
    'Enchant creature\nEnchanted creature has "{T}: Create a token that\'s a copy of this '
    "creature. That token has haste. Exile it at the beginning of the next end step.\"")
PESTERMITE = inline_card(
    "Pestermite", "{2}{U}", "Creature — Faerie Rogue",
    "Flash\nFlying\nWhen Pestermite enters the battlefield, you may tap or untap target "
    "permanent.", "2", "1")
EXARCH = inline_card(
    "Deceiver Exarch", "{2}{U}", "Creature — Phyrexian Cleric",
    "Flash (You may cast this spell any time you could cast an instant.)\nWhen Deceiver "
    "Exarch enters the battlefield, choose one —\n• Untap target permanent you control.\n"
    "• Tap target permanent an opponent controls.", "1", "4")
CONSCRIPTS = inline_card(
    "Zealous Conscripts", "{4}{R}", "Creature — Human Warrior",
    "Haste\nWhen this creature enters, gain control of target permanent until end of turn. "
    "Untap that permanent. It gains haste until end of turn.", "3", "3")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
LEGEND = inline_card("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog", "", "2",
                     "2")
ISLAND = inline_card("Island", "", "Basic Land — Island")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([KIKI, TWIN, PESTERMITE, EXARCH, CONSCRIPTS, BEARS, LEGEND, ISLAND])


def _game(cards: CardLibrary, mine: tuple[str, ...], theirs: tuple[str, ...] = ()
          ) -> tuple[Game, dict[str, GameObject]]:
    game = Game(cards)
    objs = {}
    for player, names in (("A", mine), ("B", theirs)):
        for name in names:
            obj = game.add(name, Zone.BATTLEFIELD, player, alias=name if player == "A"
                           else f"B's {name}")
            objs[obj.alias] = obj
        for _ in range(3):
            game.add("Island", Zone.LIBRARY, player)
    return game, objs


def _activate(game: Game, obj: GameObject, fragment: str, targets: tuple[int, ...] = ()) -> None:
    index, _ = find_ability(game.data(obj), fragment)
    game.apply(ActivateAbility("A", obj.oid, index, targets=targets))


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


def _now(game: Game, obj: GameObject) -> GameObject:
    """The object as the game holds it now (a question replays the process from a copy of
    the state, so objects read before it are stale)."""
    return game.obj(obj.oid)


def _tokens(game: Game) -> list[GameObject]:
    return [o for o in game.battlefield() if o.token]


class TestTokenCopies:
    def test_kiki_jiki_copies_target_creature_with_haste(self, cards: CardLibrary) -> None:
        # The token has the copied card's copiable values (name, P/T, mana cost: CR 707.2,
        # 202.3) and haste ("That token has haste"); counters on the original are not
        # copied (CR 707.2, 122.1).
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Grizzly Bears"))
        objs["Grizzly Bears"].counters["+1/+1"] = 2
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                  (objs["Grizzly Bears"].oid,))
        _resolve(game)
        (token,) = _tokens(game)
        assert game.data(token).name == "Grizzly Bears"
        assert power_toughness(game, token) == (2, 2)
        assert mana_value(game, token) == 2
        assert has_keyword(game, token, "haste")
        assert not has_keyword(game, objs["Grizzly Bears"], "haste")
        assert token.sick                   # new under A's control; haste lets it tap

    def test_a_legendary_creature_is_not_a_legal_target(self, cards: CardLibrary) -> None:
        # "target nonlegendary creature you control" (CR 205.4a, 115.1).
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Isamaru, Hound of Konda"))
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError, match="not a legal target"):
            _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                      (objs["Isamaru, Hound of Konda"].oid,))

    def test_an_opponents_creature_is_not_a_legal_target(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker",), ("Grizzly Bears",))
        game.start(Step.MAIN1, "A", 2)
        with pytest.raises(IllegalActionError, match="not a legal target"):
            _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                      (objs["B's Grizzly Bears"].oid,))

    def test_the_copy_is_sacrificed_at_the_next_end_step(self, cards: CardLibrary) -> None:
        # "Sacrifice it at the beginning of the next end step" (CR 603.7a-b); a token put
        # into a graveyard ceases to exist (CR 111.7). It triggers once (CR 603.7c).
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Grizzly Bears"))
        game.start(Step.MAIN2, "A", 2)
        _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                  (objs["Grizzly Bears"].oid,))
        _resolve(game)
        assert len(_tokens(game)) == 1
        while game.step is not Step.END:
            _resolve(game)
        assert len(_tokens(game)) == 1 and len(game.stack()) == 1   # the trigger waits
        _resolve(game)
        assert _tokens(game) == []
        assert game.state.delayed == []
        assert any("sacrifices Grizzly Bears #2" in e.text for e in game.log)

    def test_a_copy_that_left_is_not_followed(self, cards: CardLibrary) -> None:
        # CR 603.7c, 400.7: once the token is gone the delayed ability finds nothing.
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Grizzly Bears"))
        game.start(Step.MAIN2, "A", 2)
        _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                  (objs["Grizzly Bears"].oid,))
        _resolve(game)
        (token,) = _tokens(game)
        game.move(token, Zone.EXILE)
        while game.step is not Step.END:
            _resolve(game)
        _resolve(game)
        assert any("nothing happens" in e.text and e.rule == "603.7c" for e in game.log)
        assert _now(game, objs["Grizzly Bears"]).zone is Zone.BATTLEFIELD

    def test_splinter_twin_copies_the_enchanted_creature(self, cards: CardLibrary) -> None:
        # The token copies Pestermite but not the ability Splinter Twin grants (copiable
        # values exclude other effects, CR 707.2); it is exiled at the next end step.
        game, objs = _game(cards, ("Pestermite", "Splinter Twin"))
        game.attach(objs["Splinter Twin"], objs["Pestermite"])
        game.start(Step.MAIN2, "A", 2)
        _activate(game, objs["Pestermite"], "copy")
        _resolve(game)
        (token,) = _tokens(game)
        assert game.data(token).name == "Pestermite"
        assert has_keyword(game, token, "haste") and has_keyword(game, token, "flying")
        assert activatable(game.data(token)) == []
        # Pestermite's own enters ability triggers for the token (CR 603.6a): its target
        # is chosen as it is put on the stack (CR 603.3d).
        question = game.state.question
        assert question is not None and "choose target permanent" in question.prompt
        assert set(question.options) == {"Pestermite", "Splinter Twin", token.alias}
        game.apply(Choose("A", "Pestermite"))
        _resolve(game)
        game.apply(Choose("A", "yes"))
        game.apply(Choose("A", "untap"))
        assert not _now(game, objs["Pestermite"]).tapped
        while game.step is not Step.END:
            _resolve(game)
        _resolve(game)
        assert _tokens(game) == []

    def test_tap_or_untap_taps_when_chosen(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Pestermite", "Splinter Twin"), ("Grizzly Bears",))
        game.attach(objs["Splinter Twin"], objs["Pestermite"])
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Pestermite"], "copy")
        _resolve(game)
        game.apply(Choose("A", "B's Grizzly Bears"))
        _resolve(game)
        game.apply(Choose("A", "yes"))
        game.apply(Choose("A", "tap"))
        assert _now(game, objs["B's Grizzly Bears"]).tapped


class TestTriggeredModesAndTargets:
    def test_deceiver_exarch_mode_then_target(self, cards: CardLibrary) -> None:
        # CR 603.3c, 700.2a: the mode is chosen as the ability is put on the stack, then
        # the targets of that mode (603.3d): "Untap target permanent you control".
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Deceiver Exarch"),
                           ("Grizzly Bears",))
        game.start(Step.MAIN1, "A", 2)
        kiki = objs["Kiki-Jiki, Mirror Breaker"]
        _activate(game, kiki, "copy", (objs["Deceiver Exarch"].oid,))
        _resolve(game)
        question = game.state.question
        assert question is not None
        assert question.options == ("Untap target permanent you control",
                                    "Tap target permanent an opponent controls")
        game.apply(Choose("A", "Untap target permanent you control"))
        question = game.state.question
        assert question is not None and "B's Grizzly Bears" not in question.options
        assert "Kiki-Jiki, Mirror Breaker" in question.options
        game.apply(Choose("A", "Kiki-Jiki, Mirror Breaker"))
        assert _now(game, kiki).tapped
        _resolve(game)
        assert not _now(game, kiki).tapped

    def test_a_mode_with_no_legal_target_removes_the_ability(
            self, cards: CardLibrary) -> None:
        # "Tap target permanent an opponent controls" with none: the ability is removed
        # from the stack (CR 603.3d).
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Deceiver Exarch"))
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                  (objs["Deceiver Exarch"].oid,))
        _resolve(game)
        game.apply(Choose("A", "Tap target permanent an opponent controls"))
        assert game.stack() == []
        assert any(e.rule == "603.3d" for e in game.log)

    def test_zealous_conscripts_copy_gains_control_and_untaps(
            self, cards: CardLibrary) -> None:
        # "gain control of target permanent until end of turn. Untap that permanent."
        game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Zealous Conscripts"),
                           ("Grizzly Bears",))
        objs["B's Grizzly Bears"].tapped = True
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
                  (objs["Zealous Conscripts"].oid,))
        _resolve(game)
        game.apply(Choose("A", "B's Grizzly Bears"))
        _resolve(game)
        bears = _now(game, objs["B's Grizzly Bears"])
        assert game.controller(bears) == "A" and not bears.tapped

    def test_undo_goes_back_before_the_question(self, cards: CardLibrary) -> None:
        game, objs = _game(cards, ("Pestermite", "Splinter Twin"))
        game.attach(objs["Splinter Twin"], objs["Pestermite"])
        game.start(Step.MAIN1, "A", 2)
        _activate(game, objs["Pestermite"], "copy")
        _resolve(game)
        game.apply(Choose("A", "Pestermite"))
        assert len(game.stack()) == 1
        game.undo()
        assert game.state.question is not None and game.stack() == []


def test_a_token_copy_has_the_cards_enters_replacements() -> None:
    # "enters the battlefield tapped" is part of the copied card (CR 707.2, 614.1c): the
    # copy of Geralf's Messenger enters tapped, and its enters trigger targets an opponent.
    messenger = inline_card(
        "Geralf's Messenger", "{B}{B}{B}", "Creature — Zombie",
        "Geralf's Messenger enters the battlefield tapped.\nWhen Geralf's Messenger enters "
        "the battlefield, target opponent loses 2 life.\nUndying", "3", "2")
    cards = CardLibrary.of([KIKI, messenger, ISLAND])
    game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Geralf's Messenger"))
    game.start(Step.MAIN1, "A", 2)
    _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy",
              (objs["Geralf's Messenger"].oid,))
    _resolve(game)
    (token,) = _tokens(game)
    assert token.tapped
    game.apply(Choose("A", "B"))
    _resolve(game)
    assert game.player("B").life == 18


def test_a_copy_made_during_the_end_step_waits_for_the_next_one() -> None:
    # CR 603.7b: "the next end step" after one has begun is the following turn's (B's
    # here): the token made in A's end step is still there in B's turn until B's end step.
    cards = CardLibrary.of([KIKI, BEARS, ISLAND])
    game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Grizzly Bears"))
    game.start(Step.END, "A", 2)
    _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy", (objs["Grizzly Bears"].oid,))
    _resolve(game)
    assert len(_tokens(game)) == 1
    while not (game.active == "B" and game.step is Step.MAIN1):
        game.apply(PassPriority(game.priority or game.active))
    assert len(_tokens(game)) == 1
    while game.step is not Step.END:
        if game.state.pending.name == "ATTACKERS":
            from analyzer.rules import DeclareAttackers

            game.apply(DeclareAttackers("B", ()))
            continue
        _resolve_b(game)
    _resolve_b(game)
    assert _tokens(game) == []


def _resolve_b(game: Game) -> None:
    game.apply(PassPriority("B"))
    game.apply(PassPriority("A"))


def test_up_to_n_permanents_are_chosen_on_resolution() -> None:
    # "untap up to five lands" (Peregrine Drake, here up to two): not targets, chosen as the
    # ability resolves (CR 608.2d); more than two, or one that is not a land, is refused.
    drake = inline_card("Test Drake", "{4}{U}", "Creature — Drake",
                        "When this creature enters, untap up to two lands.", "2", "3")
    cards = CardLibrary.of([KIKI, drake, ISLAND, BEARS])
    game, objs = _game(cards, ("Kiki-Jiki, Mirror Breaker", "Test Drake", "Island",
                               "Grizzly Bears"))
    islands = [game.add("Island", Zone.BATTLEFIELD, "A", alias=f"Island {n}") for n in (2, 3)]
    for land in (objs["Island"], *islands):
        land.tapped = True
    objs["Grizzly Bears"].tapped = True
    game.start(Step.MAIN1, "A", 2)
    _activate(game, objs["Kiki-Jiki, Mirror Breaker"], "copy", (objs["Test Drake"].oid,))
    _resolve(game)
    _resolve(game)
    question = game.state.question
    assert question is not None and question.kind == "up_to" and question.amount == 2
    assert set(question.among) == {"Island", "Island 2", "Island 3"}
    with pytest.raises(IllegalActionError, match="not up to 2"):
        game.apply(Choose("A", "Island; Island 2; Island 3"))
    with pytest.raises(IllegalActionError):
        game.apply(Choose("A", "Grizzly Bears"))
    game.apply(Choose("A", "Island; Island 3"))
    assert [game.obj(o.oid).tapped for o in (objs["Island"], *islands)] == [False, True, False]
    assert game.obj(objs["Grizzly Bears"].oid).tapped
