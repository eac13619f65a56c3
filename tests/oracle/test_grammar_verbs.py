"""Effect verbs of the clause grammar: what spells and abilities do when they resolve.

Each test reads a real Oracle sentence (normalized: the card's own name is ``CARDNAME``)
and checks the typed reading: effect names, arguments and ``describe()``.
"""

from __future__ import annotations

from typing import Any

import pytest

from analyzer.oracle.compile import compile_card
from analyzer.oracle.effects import Effect
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.lines import read_activated, read_triggered
from analyzer.oracle.objects import Zone


def _read(sentence: str) -> tuple[Effect, ...]:
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


def _describe(sentence: str) -> list[str]:
    return [e.describe() for e in _read(sentence)]


# -- the card itself in a zone ---------------------------------------------------------------

def test_return_self_from_graveyard_to_hand() -> None:
    # Abzan Devotee: "{1}{B}: Return this card from your graveyard to your hand."
    (e,) = _read("Return CARDNAME from your graveyard to your hand.")
    assert e.name == "change_zone"
    assert e.arg("target").filter.kind == "self"
    assert (e.arg("origin"), e.arg("destination")) == (Zone.GRAVEYARD, Zone.HAND)
    assert e.describe() == "move this object from your graveyard to your hand"


def test_return_self_from_graveyard_to_battlefield_tapped() -> None:
    # Advanced Stitchwing.
    (e,) = _read("Return CARDNAME from your graveyard to the battlefield tapped.")
    assert (e.arg("origin"), e.arg("destination"), e.arg("tapped")) == \
        (Zone.GRAVEYARD, Zone.BATTLEFIELD, True)


def test_self_in_two_zones_is_not_one_zone() -> None:
    assert parse_effects("Return CARDNAME from your graveyard or hand to the battlefield.") \
        is None


# -- energy ---------------------------------------------------------------------------------

def test_you_get_energy() -> None:
    # Aether Chaser: "When this creature enters, you get {E}{E}."
    (e,) = _read("You get {E}{E}.")
    assert (e.name, e.arg("counter"), e.arg("amount").value) == ("put_counters", "energy", 2)
    assert e.arg("target").filter.kind == "player"
    assert e.describe() == "put 2 energy counters on you"


def test_energy_after_another_verb() -> None:
    # Live Fast: "You draw two cards, lose 2 life, and get {E}{E}."
    assert _describe("You draw two cards, lose 2 life, and get {E}{E}.") == \
        ["draw 2 cards", "lose 2 life", "put 2 energy counters on you"]


def test_energy_for_each() -> None:
    # Aetherwind Basker.
    (e,) = _read("You get {E} for each creature you control.")
    assert e.arg("amount").quantity.kind == "count"


# -- gapping: a verb left out after "and" -----------------------------------------------------

def test_gapped_put() -> None:
    # Akal Pakal, First Among Equals.
    one, other = _read("Put one of them into your hand and the other into your graveyard.")
    assert (one.arg("destination"), other.arg("destination")) == (Zone.HAND, Zone.GRAVEYARD)
    assert other.arg("target").text == "the other"
    # "the other" is where "one of them" was picked from, not where it went.
    assert other.arg("origin") is None


def test_gapped_counters() -> None:
    # Ajani Steadfast.
    assert _describe("Put a +1/+1 counter on each creature you control and a loyalty "
                     "counter on each other planeswalker you control.") == \
        ["put a +1/+1 counter on each creature you control",
         "put a loyalty counter on each other planeswalker you control"]


def test_gapped_tokens() -> None:
    # A Killer Among Us.
    found = _read("Create a 1/1 white Human creature token, a 1/1 blue Merfolk creature "
                  "token, and a 1/1 red Goblin creature token.")
    assert [e.arg("token") for e in found] == [
        "1/1 white Human creature token", "1/1 blue Merfolk creature token",
        "1/1 red Goblin creature token"]


def test_gapped_may_covers_both() -> None:
    found = _read("You may put one of them into your hand and the other into your "
                  "graveyard.")
    # one "may", one choice (CR 609.3): the rest happens if you do
    assert found[0].optional
    assert all(not e.optional and e.condition == "if you do" for e in found[1:])


def test_a_part_of_the_cards_found_is_not_all_of_them() -> None:
    # Cultivate: one land to the battlefield, the other to hand, both from the library.
    found = _read("Search your library for up to two basic land cards, reveal those cards, "
                  "put one onto the battlefield tapped and the other into your hand, then "
                  "shuffle.")
    names = [e.name for e in found]
    assert names == ["search_library", "reveal", "change_zone", "change_zone", "shuffle"]
    one, other = found[2], found[3]
    assert (one.arg("origin"), one.arg("destination"), one.arg("tapped")) == \
        (Zone.LIBRARY, Zone.BATTLEFIELD, True)
    assert (other.arg("origin"), other.arg("destination")) == (Zone.LIBRARY, Zone.HAND)


# -- the top of the library --------------------------------------------------------------------

def test_look_then_put_them_back() -> None:
    # Aven Fateshaper.
    look, back = _read("Look at the top four cards of your library, then put them back in "
                       "any order.")
    assert (look.name, look.arg("zone"), look.arg("amount").value) == \
        ("look_at", Zone.LIBRARY, 4)
    assert look.describe() == "look at the top 4 cards of your library"
    assert (back.arg("origin"), back.arg("destination"), back.arg("position")) == \
        (Zone.LIBRARY, Zone.LIBRARY, "on top of")


def test_partitive_counts() -> None:
    # Ancestral Knowledge.
    _, exile, back = _read("Look at the top ten cards of your library, then exile any "
                           "number of them and put the rest back on top of your library in "
                           "any order.")
    assert exile.arg("target").count.high is None and exile.arg("target").count.low == 0
    assert (exile.arg("origin"), exile.arg("destination")) == (Zone.LIBRARY, Zone.EXILE)
    assert back.arg("origin") is Zone.LIBRARY


def test_from_among_them_is_in_the_library() -> None:
    # Augur of Bolas: the card revealed "from among them" and "it" come from the library.
    a = read_triggered("When CARDNAME enters, look at the top three cards of your library. "
                       "You may reveal an instant or sorcery card from among them and put it "
                       "into your hand. Put the rest on the bottom of your library in any "
                       "order.")
    assert a is not None
    _look, reveal, put, rest = a.effects
    assert reveal.arg("origin") is Zone.LIBRARY
    assert reveal.arg("target").filter.zone is Zone.LIBRARY
    assert [k for k, _ in reveal.arg("target").filter.relations] == ["among"]
    assert (put.arg("origin"), put.arg("destination"), put.condition) == \
        (Zone.LIBRARY, Zone.HAND, "if you do")
    assert (rest.arg("origin"), rest.arg("destination")) == (Zone.LIBRARY, Zone.LIBRARY)


def test_spell_sentences_share_the_zone(shared_cards: dict[str, Any]) -> None:
    # Commune with Nature: the sentences of a sorcery are one spell ability (CR 608.2c).
    profile = compile_card(shared_cards["Commune with Nature"])
    effects = [e for a in profile.abilities for e in a.effects]
    moves = [e for e in effects if e.name == "change_zone"]
    assert [m.arg("origin") for m in moves] == [Zone.LIBRARY, Zone.LIBRARY]
    assert profile.fully_understood


@pytest.mark.parametrize("line", [
    "{1}{B}: Return CARDNAME from your graveyard to your hand.",
])
def test_activated_bodies(line: str) -> None:
    assert read_activated(line) is not None


def test_otherwise_branch_starts_from_before_the_first() -> None:
    # Thunderous Debut: the revealed cards go to the battlefield or to hand, from the library.
    a = read_activated("{1}: Look at the top twenty cards of your library. You may reveal up "
                       "to two creature cards from among them. If CARDNAME was bargained, put "
                       "the revealed cards onto the battlefield. Otherwise, put the revealed "
                       "cards into your hand. Then shuffle.")
    assert a is not None
    moves = [e for e in a.effects if e.name == "change_zone"]
    assert [m.arg("origin") for m in moves] == [Zone.LIBRARY, Zone.LIBRARY]


def test_a_card_chosen_from_a_revealed_hand_is_in_the_hand() -> None:
    # Night Terrors: "Target player reveals their hand. You choose a nonland card from it.
    # Exile that card."
    a = read_activated("{1}: Target player reveals their hand. You choose a nonland card "
                       "from it. Exile that card.")
    assert a is not None
    reveal, _choose, exile = a.effects
    assert reveal.arg("origin") is Zone.HAND
    assert (exile.arg("origin"), exile.arg("destination")) == (Zone.HAND, Zone.EXILE)


def test_pronoun_after_destroy_is_in_the_graveyard() -> None:
    # Come Back Wrong.
    a = read_activated("{1}: Destroy target creature. If a creature card is put into a "
                       "graveyard this way, return it to the battlefield under your control.")
    assert a is not None
    assert a.effects[1].arg("origin") is Zone.GRAVEYARD


# -- damage ---------------------------------------------------------------------------------

def test_damage_equal_to_after_the_target() -> None:
    # Ground Assault.
    (e,) = _read("CARDNAME deals damage to target creature equal to the number of lands you "
                 "control.")
    assert e.name == "deal_damage" and e.arg("target").text == "target creature"
    assert e.arg("amount").quantity.kind == "count"


def test_damage_divided_among_one_or_more_targets() -> None:
    # Arc Lightning.
    (e,) = _read("CARDNAME deals 3 damage divided as you choose among one, two, or three "
                 "targets.")
    target = e.arg("target")
    assert e.arg("divided") is True
    assert (target.filter.kind, target.targeted, target.count.low, target.count.high) == \
        ("any", True, 1, 3)


def test_damage_to_each_of_up_to_two_targets() -> None:
    # Chandra, the Firebrand.
    (e,) = _read("CARDNAME deals 2 damage to each of up to two targets.")
    assert (e.arg("target").count.low, e.arg("target").count.high) == (0, 2)


@pytest.mark.parametrize(("sentence", "name", "subject"), [
    ("You may have CARDNAME deal 2 damage to any target.", "deal_damage", "CARDNAME"),
    ("You may have target creature get -2/-2 until end of turn.", "modify_pt",
     "target creature"),
    ("You may have target player discard a card.", "discard", "target player"),
    ("You may have that player shuffle their library.", "shuffle", "that player"),
])
def test_causative_have(sentence: str, name: str, subject: str) -> None:
    # Valakut, the Molten Pinnacle; Blightcaster; Dire Undercurrents; Natural Selection.
    (e,) = _read(sentence)
    assert e.name == name and e.optional
    who = e.arg("source") or e.arg("target") or e.arg("player")
    assert who.text == subject


# -- keyword actions and chance ------------------------------------------------------------

@pytest.mark.parametrize(("sentence", "name", "described"), [
    ("Detain target creature an opponent controls.", "detain",
     "detain target creature an opponent controls"),           # Azorius Arrester
    ("Suspect up to one target creature.", "suspect", "suspect up to one target creature"),
    ("CARDNAME endures 2.", "endure", "this object endures 2"),  # Inspirited Vanguard
    ("Manifest the top card of your library.", "manifest",
     "manifest the top card of your library"),                  # Soul Summons
    ("Cloak the top two cards of your library.", "cloak",
     "cloak the top two cards of your library"),
    ("You may blight 2.", "blight", "you may blight 2"),        # Sourbread Auntie
    ("Flip a coin.", "flip_coin", "flip a coin"),               # Goblin Lyre
    ("Flip CARDNAME.", "flip", "flip this object"),             # Kuon, Ogre Ascendant
])
def test_keyword_actions(sentence: str, name: str, described: str) -> None:
    (e,) = _read(sentence)
    assert e.name == name
    assert e.describe() == described


def test_detain_needs_a_permanent() -> None:
    assert parse_effects("Detain target player.") is None


# -- unless a cost is paid --------------------------------------------------------------------

def test_sacrifice_unless_you_discard() -> None:
    # Masticore: "At the beginning of your upkeep, sacrifice this creature unless you discard
    # a card."
    (e,) = _read("Sacrifice CARDNAME unless you discard a card.")
    assert e.name == "sacrifice" and e.condition == "unless you discard a card"


def test_unless_you_return_a_land() -> None:
    # Coral Atoll.
    (e,) = _read("Sacrifice it unless you return an untapped Island you control to its "
                 "owner's hand.")
    assert e.condition.startswith("unless you return")


# -- combat and control ---------------------------------------------------------------------

def test_blocks_if_able() -> None:
    # Burning-Tree Bloodscale.
    (e,) = _read("Target creature blocks CARDNAME this turn if able.")
    assert (e.name, e.arg("restriction"), e.arg("by").filter.kind, e.arg("target").targeted) \
        == ("restrict", "blocks if able", "self", True)
    assert e.arg("duration").name == "THIS_TURN"


def test_lure_this_turn() -> None:
    # Alluring Scent.
    (e,) = _read("All creatures able to block target creature this turn do so.")
    assert e.arg("restriction") == "must be blocked by all creatures able"
    assert e.arg("duration").name == "THIS_TURN"


def test_remove_from_combat() -> None:
    # Gustcloak Harrier: "you may untap it and remove it from combat".
    untap, remove = _read("You may untap it and remove it from combat.")
    assert (untap.name, remove.name) == ("untap", "remove_from_combat")
    assert untap.optional and (remove.optional, remove.condition) == (False, "if you do")


def test_a_player_gains_control() -> None:
    # Donate: the player, then the permanent, as the targets are named.
    (e,) = _read("Target player gains control of target permanent you control.")
    assert e.name == "gain_control"
    assert [k for k, _ in e.args][:2] == ["player", "target"]
    assert e.describe() == "target player: gain control of target permanent you control"


def test_redirect_the_next_damage() -> None:
    # Lancers en-Kor.
    (e,) = _read("The next 1 damage that would be dealt to CARDNAME this turn is dealt to "
                 "target creature you control instead.")
    assert (e.name, e.arg("amount").value, e.arg("to").text) == \
        ("redirect_next_damage", 1, "target creature you control")


# -- libraries: until, tutors, the owner's choice ----------------------------------------------

def test_reveal_until() -> None:
    # House Cartographer.
    a = read_triggered("When CARDNAME enters, reveal cards from the top of your library until "
                       "you reveal a land card. Put that card into your hand and the rest on "
                       "the bottom of your library in a random order.")
    assert a is not None
    until, card, rest = a.effects
    assert until.name == "reveal_until" and until.arg("filter").filter.types == {"Land"}
    assert (card.arg("origin"), card.arg("destination")) == (Zone.LIBRARY, Zone.HAND)
    assert (rest.arg("origin"), rest.arg("destination")) == (Zone.LIBRARY, Zone.LIBRARY)


def test_exile_until_by_a_player() -> None:
    # Chaos Wand.
    (e,) = _read("Target opponent exiles cards from the top of their library until they "
                 "exile an instant or sorcery card.")
    assert e.name == "exile_until" and e.arg("player").text.lower() == "target opponent"


def test_tutor_to_the_top() -> None:
    # Vampiric Tutor.
    (e,) = _read("Search your library for a card, then shuffle and put that card on top.")
    assert (e.name, e.arg("destination"), e.arg("position")) == \
        ("search_library", Zone.LIBRARY, "on top of")
    assert e.describe() == "search your library for a card, shuffle, put it on top of the " \
        "library"


def test_search_an_opponents_library() -> None:
    # Bitter Ordeal: whose library is kept.
    (e,) = _read("Search target player's library for a card and exile it.")
    assert e.arg("player").text == "target player" and e.arg("destination") is Zone.EXILE


def test_owner_chooses_top_or_bottom() -> None:
    # Dire Downdraft.
    (e,) = _read("Target creature's owner puts it on their choice of the top or bottom of "
                 "their library.")
    assert (e.arg("destination"), e.arg("position")) == (Zone.LIBRARY, "on top or bottom of")


def test_a_name_ends_where_the_clause_goes_on() -> None:
    # Avarax: the name is "CARDNAME", the clauses after it are read.
    (e,) = _read("You may search your library for a card named CARDNAME, reveal it, put it "
                 "into your hand, then shuffle.")
    assert e.arg("filter").filter.name == "CARDNAME"
    assert (e.arg("destination"), e.arg("reveal")) == (Zone.HAND, True)


def test_name_then_zone() -> None:
    # Kindle: "the number of cards named Kindle in all graveyards".
    (e,) = _read("CARDNAME deals X damage to any target, where X is 2 plus the number of "
                 "cards named Bogus Name in all graveyards.")
    assert e.arg("amount").quantity.ref.filter.name == "Bogus Name"


# -- a player's zones and totals --------------------------------------------------------------

def test_shuffle_hand_and_graveyard_into_library() -> None:
    # Timetwister.
    hand, graveyard, shuffle, draw = _read("Each player shuffles their hand and graveyard "
                                           "into their library, then draws seven cards.")
    assert (hand.arg("origin"), graveyard.arg("origin")) == (Zone.HAND, Zone.GRAVEYARD)
    assert hand.arg("destination") is Zone.LIBRARY and hand.arg("target").count.each
    assert shuffle.name == "shuffle" and shuffle.arg("player").text.lower() == "each player"
    assert draw.arg("amount").value == 7


def test_exile_a_players_graveyard() -> None:
    # Kutzil's Flanker: the targeted player is kept.
    (e,) = _read("Exile target player's graveyard.")
    assert (e.arg("origin"), e.arg("destination")) == (Zone.GRAVEYARD, Zone.EXILE)
    assert e.arg("player").targeted


def test_a_player_takes_an_extra_turn() -> None:
    # Beacon of Tomorrows.
    (e,) = _read("Target player takes an extra turn after this one.")
    assert e.name == "extra_turn" and e.arg("player").targeted


def test_life_total_becomes() -> None:
    # Form of the Dragon; Blessed Wind.
    (e,) = _read("Your life total becomes 5.")
    assert (e.name, e.arg("amount").value, e.arg("player")) == ("set_life", 5, None)
    assert e.describe() == "your life total becomes 5"
    (e,) = _read("Target player's life total becomes 20.")
    assert e.arg("player").targeted


def test_counters_on_players() -> None:
    # Marsh Viper; Daxos the Returned.
    (e,) = _read("That player gets two poison counters.")
    assert (e.arg("counter"), e.arg("amount").value, e.arg("target").text) == \
        ("poison", 2, "that player")
    (e,) = _read("You get an experience counter.")
    assert e.arg("counter") == "experience" and e.arg("target").text == "you"


def test_each_after_a_plural_subject() -> None:
    # Dauntless Onslaught.
    (e,) = _read("Up to two target creatures each get +2/+2 until end of turn.")
    assert e.name == "modify_pt" and e.arg("target").count.high == 2


def test_discard_all_the_cards_in_hand() -> None:
    # Tolarian Winds.
    discard, draw = _read("Discard all the cards in your hand, then draw that many cards.")
    assert discard.arg("amount").variable == "hand"
    assert draw.arg("amount").quantity.kind == "event"


# -- how a permanent enters the battlefield ---------------------------------------------------

def test_return_transformed_under_owners_control() -> None:
    # Clive, Ifrit's Dominant.
    _exile, back = _read("Exile CARDNAME, then return it to the battlefield transformed under "
                        "its owner's control.")
    assert (back.arg("origin"), back.arg("destination")) == (Zone.EXILE, Zone.BATTLEFIELD)
    assert back.arg("transformed") is True and back.arg("controller") == "owner"


def test_return_with_a_finality_counter() -> None:
    # Rite of the Moth.
    (e,) = _read("Return target creature card from your graveyard to the battlefield with a "
                 "finality counter on it.")
    (counter,) = e.arg("enters_with")
    assert (counter.name, counter.arg("counter"), counter.arg("amount").value) == \
        ("put_counters", "finality", 1)
    assert e.describe().endswith("with a finality counter on it")


def test_put_an_aura_attached_to_self() -> None:
    # Academy Researchers.
    (e,) = _read("You may put an Aura card from your hand onto the battlefield attached to "
                 "CARDNAME.")
    assert e.arg("attached_to").filter.kind == "self" and e.arg("origin") is Zone.HAND


def test_a_search_keeps_how_the_card_enters() -> None:
    # Bitterheart Witch: the Curse is attached to the player; the search is not fused.
    found = _read("You may search your library for a Curse card, put it onto the battlefield "
                  "attached to target player, then shuffle.")
    assert [e.name for e in found] == ["search_library", "change_zone", "shuffle"]
    assert found[1].arg("attached_to").text == "target player"


def test_returning_the_card_itself_names_no_battlefield_origin() -> None:
    # Skin Invasion: it is in the graveyard when it returns, not on the battlefield.
    (e,) = _read("Return CARDNAME to the battlefield transformed under your control.")
    assert e.arg("origin") is None


# -- tokens ---------------------------------------------------------------------------------------

def test_role_token_attached() -> None:
    # Eriette's Whisper.
    (e,) = _read("Create a Wicked Role token attached to up to one target creature you "
                 "control.")
    assert e.arg("token") == "Wicked Role token"
    assert e.arg("attached_to").count.high == 1 and e.arg("attached_to").targeted


def test_x_x_token_where_x_is() -> None:
    # Miming Slime.
    (e,) = _read("Create an X/X green Ooze creature token, where X is the greatest power "
                 "among creatures you control.")
    assert e.arg("x").where == "the greatest power among creatures you control"


def test_a_number_of_tokens_equal_to() -> None:
    # Evangel of Heliod.
    (e,) = _read("Create a number of 1/1 white Soldier creature tokens equal to your devotion "
                 "to white.")
    assert e.arg("amount").quantity.kind == "devotion"


def test_token_named_after_its_keywords() -> None:
    # Fire Navy Trebuchet.
    (e,) = _read("Create a 2/1 colorless Construct artifact creature token with flying named "
                 "Ballistic Boulder that's tapped and attacking.")
    assert (e.arg("tapped"), e.arg("attacking")) == (True, True)
    from analyzer.oracle.tokens import parse_token

    spec = parse_token(e.arg("token"))
    assert spec is not None and spec.name == "Ballistic Boulder"


def test_a_name_that_is_a_clause_is_not_a_name() -> None:
    # Overlord of the Hauntwoods: "named Everywhere that is every basic land type".
    assert parse_effects("Create a tapped colorless land token named Everywhere that is "
                         "every basic land type.") is None


def test_copy_exceptions() -> None:
    # Lazotep Quarry; Molten Duplication; Kindle the Inner Flame.
    (e,) = _read("Create a token that's a copy of it, except it's a 4/4 black Zombie.")
    assert [x.name for x in e.arg("exceptions")] == ["set_types", "set_color", "set_pt"]
    (e,) = _read("Create a token that's a copy of target artifact or creature you control, "
                 "except it's an artifact in addition to its other types.")
    (x,) = e.arg("exceptions")
    assert (x.name, x.arg("types"), x.arg("keep")) == ("set_types", "Artifact",
                                                       "its other types")
    (e,) = _read('Create a token that\'s a copy of target creature you control, except it has '
                 'haste and "At the beginning of the end step, sacrifice this token."')
    assert [x.name for x in e.arg("exceptions")] == ["grant_abilities", "grant_abilities"]


# -- a condition after the effects -----------------------------------------------------------

def test_trailing_if() -> None:
    # Ancient Animus; Beza, the Bounding Spring.
    (e,) = _read("Put a +1/+1 counter on target creature you control if it's legendary.")
    assert e.name == "put_counters" and e.condition == "if it's legendary"
    (e,) = _read("Create two 1/1 blue Fish creature tokens if an opponent controls more "
                 "creatures than you.")
    assert e.condition == "if an opponent controls more creatures than you"


def test_a_static_with_a_trailing_condition_keeps_it(shared_cards: dict[str, Any]) -> None:
    # Relic Runner: "can't be blocked if you've cast a historic spell this turn" is not
    # unblockable.
    profile = compile_card(shared_cards["Relic Runner"])
    assert not profile.blocking
    (ability,) = profile.abilities
    # the condition of the whole static ability (CR 611.3b), not of one effect
    assert ability.condition.startswith("if you've cast")
    assert not ability.effects[0].condition


def test_remove_counters_of_any_kind() -> None:
    # Vampire Hexmage.
    (e,) = _read("Remove all counters from target permanent.")
    assert (e.arg("counter"), e.arg("amount").variable) == ("any", "all")


def test_exile_that_many_from_the_top() -> None:
    # Virtue of Courage.
    (e,) = _read("Exile that many cards from the top of your library.")
    assert (e.arg("origin"), e.arg("destination"), e.arg("amount").variable) == \
        (Zone.LIBRARY, Zone.EXILE, "that many")


# -- another player may ------------------------------------------------------------------------

def test_its_controller_may_search() -> None:
    # Path to Exile: the creature's controller chooses and does all of it.
    (e,) = _read("Its controller may search their library for a basic land card, put it "
                 "onto the battlefield tapped, then shuffle.")
    assert (e.name, e.arg("destination"), e.arg("tapped")) == \
        ("search_library", Zone.BATTLEFIELD, True)
    assert e.arg("player").text.lower() == "its controller" and e.optional
    assert e.arg("chooser").text.lower() == "its controller" and not e.condition


def test_target_opponent_may_draw() -> None:
    # Soldevi Heretic.
    (e,) = _read("Target opponent may draw a card.")
    assert e.name == "draw" and e.arg("player").targeted
    assert e.optional and e.arg("chooser").text == "target opponent"


def test_another_player_may_have_you_do_it() -> None:
    # Sin Prodder: the opponent chooses; you put the card into your graveyard.
    (e,) = _read("Any opponent may have you put that card into your graveyard.")
    assert (e.name, e.arg("player"), e.optional, e.arg("chooser").text) == \
        ("change_zone", None, True, "any opponent")
    assert e.describe().startswith("any opponent may have you move that card")


def test_fact_or_fiction_piles() -> None:
    # Fact or Fiction: the piles are the cards revealed from the library.
    a = read_activated("{1}: Reveal the top five cards of your library. An opponent separates "
                       "those cards into two piles. Put one pile into your hand and the other "
                       "into your graveyard.")
    assert a is not None
    _reveal, piles, choose, one, other = a.effects
    assert choose.name == "choose_pile"
    assert (piles.name, piles.arg("amount").value, piles.arg("player").text.lower()) == \
        ("separate_piles", 2, "an opponent")
    assert (one.arg("origin"), one.arg("destination")) == (Zone.LIBRARY, Zone.HAND)
    assert (other.arg("origin"), other.arg("destination")) == (Zone.LIBRARY, Zone.GRAVEYARD)


def test_instead_after_the_condition_covers_the_chain() -> None:
    # Grow from the Ashes: the kicked search replaces the first one, all of it.
    found = _read("If CARDNAME was kicked, instead search your library for two basic land "
                  "cards, put them onto the battlefield, then shuffle.")
    assert all(e.condition == "if CARDNAME was kicked, (instead)" for e in found)


def test_double_each_kind_of_counter() -> None:
    # Arcade Cabinet.
    (e,) = _read("Double the number of each kind of counter on target creature.")
    assert (e.name, e.arg("what")) == ("double", "each kind of counter")


def test_draw_up_to_is_not_exactly() -> None:
    # Arcane Denial: "may draw up to two cards" is none, one or two.
    (e,) = _read("Draw up to two cards.")
    assert e.arg("amount").value is None and e.arg("amount").variable == "up to 2"


def test_another_players_delayed_choice() -> None:
    # Arcane Denial.
    (e,) = _read("Its controller may draw up to two cards at the beginning of the next "
                 "turn's upkeep.")
    (inner,) = e.arg("effects")
    assert e.name == "delayed" and inner.optional
    assert inner.arg("chooser").text.lower() == "its controller"
    assert inner.arg("player").text.lower() == "its controller"


# -- players other than you doing it ----------------------------------------------------------

def test_each_player_searches() -> None:
    # Field of Ruin.
    (e,) = _read("Each player searches their library for a basic land card, puts it onto the "
                 "battlefield, then shuffles their library.")
    assert (e.name, e.arg("destination"), e.arg("player").text.lower()) == \
        ("search_library", Zone.BATTLEFIELD, "each player")


def test_defending_player_reveals_the_top_card() -> None:
    # Goblin Guide.
    (e,) = _read("Defending player reveals the top card of their library.")
    assert (e.name, e.arg("origin"), e.arg("player").text.lower()) == \
        ("reveal", Zone.LIBRARY, "defending player")


def test_a_player_exiles_from_their_graveyard() -> None:
    # Relic of Progenitus.
    (e,) = _read("Target player exiles a card from their graveyard.")
    assert (e.arg("origin"), e.arg("destination")) == (Zone.GRAVEYARD, Zone.EXILE)
    assert e.arg("player").targeted


def test_any_opponent_may_have_it_deal_damage() -> None:
    # Vexing Devil.
    (e,) = _read("Any opponent may have it deal 4 damage to them.")
    assert (e.name, e.optional, e.arg("chooser").text) == ("deal_damage", True, "any opponent")


def test_amass_and_connive_with_numbers() -> None:
    # Commence the Endgame; Raffine, Scheming Seer.
    _draw, amass = _read("Draw two cards, then amass X, where X is the number of cards in "
                         "your hand.")
    assert amass.name == "amass" and amass.arg("amount").where
    (e,) = _read("Target attacking creature connives X, where X is the number of attacking "
                 "creatures.")
    assert e.name == "connive" and e.arg("target").targeted


def test_choose_a_card_from_a_revealed_hand(shared_cards: dict[str, Any]) -> None:
    # Duress: the chosen card is discarded; it was in the hand.
    profile = compile_card(shared_cards["Duress"])
    effects = [e for a in profile.abilities for e in a.effects]
    _reveal, choose, discard = effects
    assert choose.name == "choose" and choose.arg("target").filter.zone is Zone.HAND
    assert discard.describe() == "that player: discard that card"
    assert profile.fully_understood


def test_a_player_chooses_a_permanent() -> None:
    # Imperial Edict.
    (choose,) = _read("Target opponent chooses a creature they control.")
    assert choose.arg("player").targeted and not choose.arg("target").targeted


def test_two_zones_are_not_one() -> None:
    # Never Happened: "from that player's graveyard or hand" can't be typed as one zone.
    assert parse_effects("You choose a nonland card from that player's graveyard or hand "
                         "and exile it.") is None


def test_shuffle_into_a_library_shuffles_it(shared_cards: dict[str, Any]) -> None:
    # Beacon of Destruction: the spell moves itself from the stack, then the library is
    # shuffled.
    profile = compile_card(shared_cards["Beacon of Destruction"])
    effects = [e for a in profile.abilities for e in a.effects]
    move, shuffle = effects[-2:]
    assert (move.arg("origin"), move.arg("destination")) == (Zone.STACK, Zone.LIBRARY)
    assert shuffle.name == "shuffle"
    # "Shuffle target creature into its owner's library": its owner shuffles.
    _move, owner = _read("Shuffle target creature into its owner's library.")
    assert owner.arg("player").text == "its owner"


def test_for_each_on_a_search_is_described() -> None:
    # Clarion Ultimatum.
    (e,) = _read("For each of those permanents, you may search your library for a card with "
                 "the same name as that permanent.")
    assert "(for each of those permanents)" in e.describe()
