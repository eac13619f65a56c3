"""Zone phrases of noun phrases: "your graveyard", "an opponent's hand", "exile", "the
battlefield" — the zone (CR 400.1) and whose it is (the owner of a library, hand or graveyard,
CR 400.3).
"""

from __future__ import annotations

from analyzer.oracle.objects import Owner, Zone

__all__ = ["zone_phrase"]


_ZONE_NOUNS = {"graveyard": Zone.GRAVEYARD, "graveyards": Zone.GRAVEYARD, "hand": Zone.HAND,
               "hands": Zone.HAND, "library": Zone.LIBRARY, "libraries": Zone.LIBRARY,
               "exile": Zone.EXILE, "battlefield": Zone.BATTLEFIELD, "stack": Zone.STACK,
               "command": Zone.COMMAND}
_ZONE_OWNERS: dict[str, Owner] = {
    "your": Owner.YOU, "a": Owner.ANY, "any": Owner.ANY, "all": Owner.ANY, "the": Owner.ANY,
    "each": Owner.ANY,
    "an opponent's": Owner.OPPONENT, "target opponent's": Owner.OPPONENT,
    "each opponent's": Owner.OPPONENT, "your opponents'": Owner.OPPONENT,
    "that player's": Owner.THAT_PLAYER, "target player's": Owner.TARGET_PLAYER,
    "their": Owner.THAT_PLAYER, "his or her": Owner.THAT_PLAYER,
    "its owner's": Owner.THAT_PLAYER, "their owner's": Owner.THAT_PLAYER,
    "their owners'": Owner.THAT_PLAYER, "its controller's": Owner.THAT_PLAYER,
    "defending player's": Owner.OPPONENT, "a single": Owner.ANY, "each player's": Owner.ANY,
    "that opponent's": Owner.OPPONENT, "an opponent's or your": Owner.ANY,
    "one": Owner.ANY, "another player's": Owner.NOT_YOU, "its owner's or your": Owner.ANY,
    "the chosen player's": Owner.THAT_PLAYER, "all players'": Owner.ANY, "enchanted player's": Owner.THAT_PLAYER,
    "that card's owner's": Owner.THAT_PLAYER, "your opponent's": Owner.OPPONENT,
}


def zone_phrase(words: list[str], i: int) -> tuple[Zone, Owner | None, int] | None:
    """``[whose] zone`` at ``i`` ("your graveyard", "an opponent's graveyard", "exile",
    "the battlefield"): ``(zone, owner, next index)``; ``None`` for two zones ("your
    library and/or graveyard", CR 400.1: one object is in one zone).

    >>> zone_phrase(["your", "graveyard"], 0)[:2]
    (<Zone.GRAVEYARD: 2>, <Owner.YOU: 2>)
    >>> zone_phrase(["your", "graveyard", "or", "hand"], 0) is None
    True
    """
    for size in (4, 3, 2, 1, 0):
        whose = " ".join(words[i:i + size]).replace(" 's", "'s")
        if size and whose not in _ZONE_OWNERS:
            continue
        at = i + size
        if at < len(words) and words[at] in _ZONE_NOUNS:
            zone = _ZONE_NOUNS[words[at]]
            if zone is Zone.COMMAND:
                if at + 1 < len(words) and words[at + 1] == "zone":
                    at += 1
                else:
                    continue
            owner = _ZONE_OWNERS[whose] if size else None
            at += 1
            # "your graveyard and/or hand", "your hand, graveyard": two zones are not one
            # zone, which is all the phrase can say; refused (the sentence stays unread).
            if at + 1 < len(words) and words[at] in ("and/or", "or", "and", ",") \
                    and words[at + 1] in _ZONE_NOUNS:
                return None
            return zone, owner, at
    return None
