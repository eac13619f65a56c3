"""Verbs of cards and libraries: draw, discard, mill, look at, reveal, search, shuffle, and
the keyword actions that work on a library (scry, surveil...), CR 121, 701.

Each function lowers the clauses its frames read (:func:`~.clause.frame`).

Examples
--------
>>> from analyzer.oracle.grammar import parse_effects
>>> [e.describe() for e in parse_effects("Target player draws two cards.")]
['target player: draw 2 cards']
>>> [e.describe() for e in parse_effects("Discard a card at random.")]
['discard a card']
"""

from __future__ import annotations

from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.objects import ObjectRef, Quantity, Zone
from analyzer.oracle.syntax import Clause

__all__: list[str] = []

_WHO = "{who:player?}"


def _player(c: Clause) -> ObjectRef | None:
    """The player of a player verb; ``None`` for "you" (the controller)."""
    who = c.subject
    if who is None or who.text.lower() == "you":
        return None
    return who


@frame("draw", f"{_WHO} draw|draws {{n:amount}} card|cards",
       f"{_WHO} draw|draws up to {{n:amount}} card|cards",
       f"{_WHO} draw|draws an additional card")
def _draw(c: Clause) -> Effect:
    amount = c.slot("n", Amount(1))
    if " up to " in f" {c.frame_text} " and amount.value is not None:
        # "draw up to two cards": any number from 0 to 2, chosen (CR 121.1)
        amount = Amount(None, f"up to {amount.value}",
                        quantity=Quantity("up_to", offset=amount.value))
    return Effect.make("draw", amount=amount, player=_player(c), text=c.text)


@frame("draw", f"{_WHO} draw|draws cards equal to {{q:quantity}}",
       f"{_WHO} draw|draws a number of cards equal to {{q:quantity}}")
def _draw_equal(c: Clause) -> Effect:
    q = c.slot("q")
    return Effect.make("draw", amount=Amount(None, f"equal to {_words(c, 'equal to ')}",
                                             quantity=q), player=_player(c), text=c.text)


def _words(c: Clause, after: str) -> str:
    """The words of the clause after ``after`` (the typed reading's own text)."""
    low = c.frame_text
    at = low.lower().find(after)
    return low[at + len(after):] if at >= 0 else low


@frame("discard", f"{_WHO} discard|discards {{n:amount}} card|cards")
def _discard_n(c: Clause) -> Effect:
    return Effect.make("discard", amount=c.slot("n"), player=_player(c), text=c.text)


@frame("discard", f"{_WHO} discard|discards their|your|his|her hand",
       f"{_WHO} discard|discards his or her hand",
       f"{_WHO} discard|discards all the cards in their|your|his|her hand",
       f"{_WHO} discard|discards all cards in their|your|his|her hand")
def _discard_hand(c: Clause) -> Effect:
    return Effect.make("discard", player=_player(c), amount=Amount(None, "hand"),
                       text=c.text)


@frame("discard", f"{_WHO} discard|discards {{what:np}}")
def _discard_what(c: Clause) -> Effect | None:
    ref = c.slot("what")
    if ref.filter.kind not in ("card", "it", "permanent") or (
            ref.filter.kind == "permanent" and not ref.filter.types
            and not ref.filter.subtypes):
        return None
    high = ref.count.high
    return Effect.make("discard", player=_player(c), filter=ref,
                       amount=Amount(high) if high and high > 0 else Amount(None, "X"),
                       text=c.text)


@frame("discard", f"{_WHO} discard|discards cards equal to {{q:quantity}}")
def _discard_equal(c: Clause) -> Effect:
    return Effect.make("discard", player=_player(c), amount=Amount(
        None, f"equal to {_words(c, 'equal to ')}", quantity=c.slot("q")), text=c.text)


@frame("mill", f"{_WHO} mill|mills {{n:amount}} card|cards")
def _mill(c: Clause) -> Effect:
    return Effect.make("mill", amount=c.slot("n"), player=_player(c), text=c.text)


@frame("mill", f"{_WHO} mill|mills cards equal to {{q:quantity}}")
def _mill_equal(c: Clause) -> Effect:
    return Effect.make("mill", amount=Amount(None, f"equal to {_words(c, 'equal to ')}",
                                             quantity=c.slot("q")),
                       player=_player(c), text=c.text)


@frame("mill", f"{_WHO} put|puts the top {{n:amount}} card|cards of their|his|your library "
       "into their|his|your graveyard",
       f"{_WHO} put|puts the top {{n:amount}} card|cards of his or her library into his or "
       "her graveyard",
       f"{_WHO} put|puts the top card of their|his|your library into their|his|your "
       "graveyard")
def _mill_old(c: Clause) -> Effect:
    """The wording of mill before 2021 ("puts the top two cards of their library into
    their graveyard", CR 701.17)."""
    return Effect.make("mill", amount=c.slot("n", Amount(1)), player=_player(c), text=c.text)


@frame("shuffle", "shuffle your? library?", f"{_WHO} shuffle|shuffles their|his|her library",
       f"{_WHO} shuffles his or her library")
def _shuffle(c: Clause) -> Effect:
    return Effect.make("shuffle", player=_player(c), text=c.text)


@frame("look_at", "look at {whose:player} 's hand", "look at your hand",
       "look at {whose:player} 's hands")
def _look_hand(c: Clause) -> Effect:
    whose = c.slot("whose")
    target = None if whose is None or whose.text.lower() in ("you", "their") else whose
    return Effect.make("look_at", target=target, zone=Zone.HAND, amount=None, text=c.text)


@frame("look_at", "look at the top {n:amount} card|cards of your library",
       "look at the top card of your library",
       "look at the top {n:amount} card|cards of {whose:player} 's library",
       "look at the top card of {whose:player} 's library")
def _look_top(c: Clause) -> Effect:
    whose = c.slot("whose")
    target = None if whose is None or whose.text.lower() in ("you", "their") else whose
    return Effect.make("look_at", target=target, zone=Zone.LIBRARY,
                       amount=c.slot("n", Amount(1)), text=c.text)


@frame("reveal", "reveal the top {n:amount} cards of your library",
       "reveal the top card of your library",
       f"{_WHO} reveal|reveals the top {{n:amount}} cards of their|his|her library",
       f"{_WHO} reveal|reveals the top card of their|his|her library")
def _reveal_top(c: Clause) -> Effect | None:
    """"reveal the top card of your library" (CR 701.20a): typed with ``origin`` LIBRARY
    and the ``amount`` of cards, so the rules core knows which cards without reading the
    words; "that card" after it is those cards."""
    amount = c.slot("n", Amount(1))
    who = _player(c)
    if who is not None:
        # "defending player reveals the top card of their library": whose library.
        tokens = _tokens("the top card of that player's library")
        target = noun_phrase(tokens, 0, len(tokens))
        effect = Effect.make("reveal", target=target, origin=Zone.LIBRARY, amount=amount,
                             text=c.text)
        return Effect(effect.name, (("player", who), *effect.args), effect.optional,
                      effect.condition, effect.text)
    target = noun_phrase(_tokens("the top card of your library"), 0, 6)
    return Effect.make("reveal", target=target, origin=Zone.LIBRARY, amount=amount,
                       text=c.text)


def _tokens(text: str):  # type: ignore[no-untyped-def]
    from analyzer.oracle.lexer import tokenize

    return tokenize(text)


@frame("reveal", f"{_WHO} reveals their|his|her|your hand", f"{_WHO} reveal|reveals your hand",
       f"{_WHO} reveals his or her hand")
def _reveal_hand(c: Clause) -> Effect:
    return Effect.make("reveal", target=_player(c), origin=Zone.HAND, text=c.text)


@frame("reveal", f"{_WHO} reveal|reveals {{what:np}} from their|his|her|your hand")
def _reveal_from_hand(c: Clause) -> Effect:
    """"Target player reveals X cards from their hand" (CR 701.20a): the player who
    reveals (and chooses which) is kept, and X as the ``amount``."""
    what = c.slot("what")
    amount = Amount(None, "X", quantity=Quantity("x")) if what.count.high == -1 else None
    return Effect.make("reveal", target=what, origin=Zone.HAND, player=_player(c),
                       amount=amount, text=c.text)


@frame("reveal", "reveal {target:np}")
def _reveal(c: Clause) -> Effect:
    return Effect.make("reveal", target=c.slot("target"), text=c.text)


@frame("reveal", "{who:player} reveals {target:np}")
def _player_reveals(c: Clause) -> Effect | None:
    """"That player reveals the chosen card" (Vendilion Clique, CR 701.20a): a card named
    before, revealed by the player who has it."""
    target, who = c.slot("target"), _player(c)
    if who is None or target is None or target.filter.kind != "it":
        return None
    return Effect.make("reveal", target=target, player=who, text=c.text)


@frame("exile_top", f"{_WHO} exile|exiles the top {{n:amount}} cards of their|his|her|your "
       "library", f"{_WHO} exile|exiles the top card of their|his|her|your library",
       f"{_WHO} exile|exiles {{n:amount}} cards from the top of their|his|her|your library")
def _exile_top(c: Clause) -> Effect:
    """"<player> exiles the top card of their library": the player is kept (typed,
    targeted) so the rules core knows whose library and the target."""
    who = _player(c)
    top = "the top card of your library" if who is None \
        else "the top card of that player's library"
    tokens = _tokens(top)
    return Effect.make("change_zone", target=noun_phrase(tokens, 0, len(tokens)),
                       origin=Zone.LIBRARY, destination=Zone.EXILE,
                       amount=c.slot("n", Amount(1)), player=who, text=c.text)


_SEARCH_WHOSE = "your|their|his|her"


@frame("search", "search your library for {what:np}",
       "search your library for {what:np} and put it|them|that card|those cards into "
       "your hand", "search {whose:player} 's library for {what:np}",
       "search their library for {what:np}",
       "{who:player} search|searches their|his|her|your library for {what:np}",
       "{who:player} search|searches his_or_her library for {what:np}")
def _search(c: Clause) -> Effect | None:
    """A library search (CR 701.23). Where the card goes is the next clause ("put it into
    your hand"), which :func:`~.sentence.fuse_search` puts into this effect; "each player
    searches their library" keeps the player."""
    what = c.slot("what")
    if what.filter.kind not in ("card", "permanent") and not what.filter.any_of:
        return None
    whose = c.slot("whose") or c.subject
    destination = Zone.HAND if "into your hand" in c.frame_text else None
    effect = Effect.make("search_library", filter=_card(what), amount=_search_amount(what),
                         destination=destination, tapped=False, reveal=False, text=c.text)
    if whose is not None and whose.text.lower() not in ("you",):
        effect = Effect(effect.name, (*effect.args, ("player", whose)), effect.optional,
                        effect.condition, effect.text)
    return effect


def _card(ref: ObjectRef) -> ObjectRef:
    return ref


def _search_amount(what: ObjectRef) -> Amount:
    high = what.count.high
    if what.count.each:
        return Amount(None, "any number")
    if high is None:
        return Amount(None, "any number")
    if high == -1:
        return Amount(None, "X", quantity=Quantity("x"))
    return Amount(high)


@frame("search_exile", "search {whose:player} 's library for {what:np} and exile it|them")
def _search_exile(c: Clause) -> Effect:
    whose = c.slot("whose")
    player = whose if whose is not None and whose.text.lower() != "you" else None
    return Effect.make("search_library", filter=c.slot("what"), destination=Zone.EXILE,
                       player=player, amount=_search_amount(c.slot("what")), text=c.text)


_KEYWORD_ACTIONS = {
    "scry": "scry", "surveil": "surveil", "bolster": "bolster", "adapt": "adapt",
    "monstrosity": "monstrosity", "incubate": "incubate", "discover": "discover",
    "endure": "endure", "earthbend": "earthbend", "waterbend": "waterbend",
    "airbend": "airbend", "support": "support",
}


@frame("keyword_action", "scry|surveil|bolster|adapt|incubate|discover|endure|earthbend|"
       "waterbend|airbend|support {n:amount}")
def _keyword_number(c: Clause) -> Effect:
    word = c.frame_text.lower().removeprefix("you may ").split()[0]
    return Effect.make(_KEYWORD_ACTIONS[word], amount=c.slot("n"), text=c.text)


@frame("keyword_action", "monstrosity {n:amount}")
def _monstrosity(c: Clause) -> Effect:
    return Effect.make("monstrosity", amount=c.slot("n"), text=c.text)


@frame("keyword_action", "collect evidence {n:amount}")
def _collect(c: Clause) -> Effect:
    return Effect.make("collect_evidence", amount=c.slot("n"), text=c.text)


@frame("keyword_action", "amass {n:amount}")
def _amass_zombies(c: Clause) -> Effect:
    """"Amass 2" of the first amass cards: "Amass Zombies 2" since (CR 701.47a, the Army
    is a Zombie)."""
    return Effect.make("amass", amount=c.slot("n"), kind="Zombie", text=c.text)


@frame("keyword_action", "amass {kind:words} {n:amount}")
def _amass(c: Clause) -> Effect | None:
    """"Amass Orcs 1" (CR 701.47a): the Army's creature type is the ``kind``."""
    from analyzer.oracle.noun_words import names_a_subtype

    kind = c.slot("kind")
    singular = kind[:-1] if kind.endswith("s") else kind
    if not kind[:1].isupper() or not (names_a_subtype(singular) or names_a_subtype(kind)):
        return None
    return Effect.make("amass", amount=c.slot("n"), kind=singular if names_a_subtype(
        singular) else kind, text=c.text)


@frame("keyword_action", "manifest dread", "learn", "forage", "time travel", "renew",
       "open an attraction")
def _keyword_plain(c: Clause) -> Effect:
    words = c.frame_text.lower().removeprefix("you may ")
    name = {"manifest dread": "manifest_dread", "learn": "learn", "forage": "forage",
            "time travel": "time_travel", "renew": "renew",
            "open an attraction": "open_an_attraction"}[words]
    return Effect.make(name, amount=Amount(1), text=c.text)


@frame("reveal_until", f"{_WHO} reveal|reveals cards from the top of their|his|her|your "
       "library until they|you|he_or_she reveal|reveals {what:np}",
       f"{_WHO} exile|exiles cards from the top of their|his|her|your library until "
       "they|you|he_or_she exile|exiles {what:np}")
def _until(c: Clause) -> Effect | None:
    """"Reveal cards from the top of your library until you reveal a nonland card"
    (CR 701.20a), "exile cards from the top of your library until you exile a nonland card"
    (CR 701.13): ``filter`` the card (or cards) that stop it; "that card" and "the rest"
    after it are those cards."""
    what = c.slot("what")
    if what is None or what.filter.kind not in ("card", "permanent") or what.count.each \
            or what.targeted:
        return None
    exile = c.frame_text.lower().removeprefix("you may ").split()[0] in ("exile", "exiles") \
        or (c.subject is not None and " exiles cards " in c.frame_text.lower())
    return Effect.make("exile_until" if exile else "reveal_until", filter=what,
                       player=_player(c), text=c.text)


_MODE_COUNTS = frozenset({"one", "two", "three", "one or both", "both", "one or more"})


@frame("choose", f"{_WHO} choose|chooses {{target:np}}")
def _choose_object(c: Clause) -> Effect | None:
    """"You choose a noncreature, nonland card from it" (Duress), "Target opponent chooses a
    creature they control", "An opponent chooses two of those cards" (CR 700.1): a choice
    of objects that doesn't target; ``player`` who chooses when it isn't you."""
    from analyzer.oracle.grammar.verbs_zones import names_two_zones

    target = c.slot("target")
    if target is None or target.targeted or target.filter.kind not in ("card", "permanent",
                                                                        "it") \
            or names_two_zones(target) or target.text.lower() in _MODE_COUNTS:
        return None     # "Choose one." is a choice of modes (CR 700.2), not of an object
    return Effect.make("choose", what=target.text, target=target, player=_player(c),
                       text=c.text)
