"""Oracle text clean-up before parsing: reminder text, wording years, self-references.

The card file mixes wordings of several years. The 2020 texts say "enters the battlefield",
"converted mana cost" and name the card ("Ninja of the Deep Hours deals combat damage");
the 2026 texts say "enters", "mana value" and "this creature". The parsers see one wording:
:func:`normalize_line` rewrites both into the modern one and every self-reference into the
token :data:`SELF`.

Examples
--------
>>> names = self_names("Splinter, Hamato Yoshi")
>>> normalize_line("Splinter can't be blocked. (Reminder.)", names)
"CARDNAME can't be blocked."
>>> normalize_line("When this creature enters the battlefield, draw a card.", names)
'When CARDNAME enters, draw a card.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = [
    "SELF",
    "ability_lines",
    "normalize_line",
    "remove_reminder_text",
    "self_names",
    "short_names",
    "split_sentences",
]

SELF = "CARDNAME"
"""The token every self-reference becomes ("this creature", the card's own name...)."""

_REMINDER = re.compile(r"\s*\([^()]*\)")

_SELF_NOUNS = (
    "creature", "permanent", "land", "artifact", "enchantment", "card", "spell", "token",
    "Vehicle", "Equipment", "Aura", "planeswalker", "Saga", "battle", "Class", "Case", "Room",
    "Spacecraft", "Planet", "Siege", "Fortification", "Attraction", "Contraption", "emblem",
    "scheme")
_THIS = re.compile(r"\b[Tt]his (?:" + "|".join(_SELF_NOUNS) + r")\b")

_SENTENCE_END = re.compile(r"(?<=\.)\s+")
_QUOTED = re.compile(r'("[^"]*"|“[^”]*”)')
_WORDING = (
    (re.compile(r"\benters the battlefield\b"), "enters"),
    (re.compile(r"\benter the battlefield\b"), "enter"),
    (re.compile(r"\bentered the battlefield\b"), "entered"),
    (re.compile(r"\bconverted mana cost\b"), "mana value"),
    (re.compile(r"\bActivate this ability only\b"), "Activate only"),
    (re.compile(r"\bActivate this ability\b"), "Activate"),
    (re.compile(r"^\[(?P<n>[+−-]?(?:\d+|X))\]: ?"), r"\g<n>: "),  # "[+1]:" (CR 606), "+1:"
    # "put a 4/6 colorless Golem artifact creature token onto the battlefield": older
    # wording of "create" (CR 111.2)
    (re.compile(r"\bput (?P<what>(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|X) "
                r"[^.\"]*?\btokens?\b(?: with [^.\"]*?)?) onto the battlefield\b"),
     r"create \g<what>"),
    (re.compile(r"\btwice \{X\}"), "{X}{X}"),     # "unless its controller pays twice {X}"
    # "... gains flashback until end of turn. The flashback cost is equal to its mana
    # cost.": the keyword granted with its cost, as a keyword with a non-mana cost is
    # written ("Flashback—its mana cost", CR 702.34a, 118.9)
    (re.compile(r"\b(?P<kw>[a-z][a-z-]+)(?P<d> until end of turn)?\. The (?P=kw) cost is "
                r"equal to (?P<whose>its|that card's|the card's) mana cost\."),
     r"\g<kw>—\g<whose> mana cost\g<d>."),
)


def remove_reminder_text(text: str) -> str:
    """Remove parenthesised reminder text (CR 207.2a), nested or not, and trim.

    >>> remove_reminder_text("Menace (This creature can't be blocked (ever).)")
    'Menace'
    """
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text.strip()


def self_names(name: str, face_names: Iterable[str] = ()) -> tuple[str, ...]:
    """Every way a card's text names the card itself, longest first.

    The full name, each face's name, the short name of a legendary ``"Name, Epithet"``
    card (``"Splinter"`` for ``"Splinter, Hamato Yoshi"``, CR 201.4b), and the printed name
    of a rebalanced digital card (``"A-Futurist Operative"`` says ``"Futurist Operative"``,
    CR 201.2).

    >>> self_names("Splinter, Hamato Yoshi")
    ('Splinter, Hamato Yoshi', 'Splinter')
    >>> self_names("A-Futurist Operative")
    ('A-Futurist Operative', 'Futurist Operative')
    """
    names: list[str] = []
    for full in (name, *face_names):
        parts = [full, *full.split(" // ")]
        parts += [p[2:] for p in parts if p.startswith("A-") and len(p) > 2]
        for part in parts:
            candidates = [part]
            if ", " in part:
                candidates.append(part.split(", ", 1)[0])
            for cand in candidates:
                if cand and cand not in names:
                    names.append(cand)
    return tuple(sorted(names, key=len, reverse=True))


_SHORT = re.compile(r"^(?P<short>[A-Z\w][\w'-]+(?: [A-Z][\w'-]+)?) (?:the|of|from) ")


def short_names(name: str, text: str, subtypes: Iterable[str] = ()) -> tuple[str, ...]:
    """The short names a legendary card without a comma in its name uses for itself in
    ``text`` (CR 201.4b): the words before "the", "of" or "from" ("Zur" for "Zur the
    Enchanter", "Rosie Cotton" for "Rosie Cotton of South Lane") or the first word of a
    two-word name ("Edgar" for "Edgar Markov"). A word that is a subtype (``subtypes``),
    names a planeswalker type ("a Gideon planeswalker") or another card ("named Nissa's
    Chosen") is not a short name; neither is one the text never uses.

    >>> short_names("Edgar Markov", "Whenever Edgar attacks, draw a card.")
    ('Edgar',)
    >>> short_names("Gideon of the Trials", "As long as you control a Gideon planeswalker")
    ()
    >>> short_names("Sliver Queen", "Create a Sliver token.", ("Sliver",))
    ()
    """
    if ", " in name or " // " in name:
        return ()
    found: list[str] = []
    match = _SHORT.match(name)
    words = name.split()
    candidates = [match["short"]] if match else []
    if len(words) == 2:
        candidates.append(words[0])
    rest = text.replace(name, "")
    skip = set(subtypes) | {"The", "A", "An"}
    for short in candidates:
        if short in skip or short in found or not short[:1].isupper():
            continue
        used = re.compile(r"(?<![\w'-])" + re.escape(short) + r"(?![\w-])")
        if not used.search(rest) or re.search(re.escape(short) + r" planeswalker|named "
                                              + re.escape(short), rest):
            continue
        found.append(short)
    return tuple(found)


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "_'"


def _replace_name(text: str, name: str) -> str:
    """Replace whole-word occurrences of ``name`` in ``text`` with :data:`SELF`."""
    if name not in text:
        return text
    out: list[str] = []
    start = 0
    while (at := text.find(name, start)) >= 0:
        end = at + len(name)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        possessive = text[end:end + 2] in ("'s", "’s") and not _is_word_char(
            text[end + 2:end + 3] or " ")
        if _is_word_char(before) or (_is_word_char(after) and not possessive):
            out.append(text[start:end])
        else:
            out.append(text[start:at] + SELF)
        start = end
    out.append(text[start:])
    return "".join(out)


def normalize_line(line: str, names: tuple[str, ...] = ()) -> str:
    """One ability line as the parsers expect it.

    Removes reminder text, rewrites 2020 wording into 2026 wording, and replaces every
    self-reference (the card's names, "this creature", "this land"...) with :data:`SELF`.
    Text inside quotation marks is an ability granted to *another* object, so "this creature"
    there is left alone.

    Parameters
    ----------
    line : str
        One line of a face's Oracle text.
    names : tuple of str
        The card's self names, from :func:`self_names`.
    """
    text = remove_reminder_text(line)
    for pattern, replacement in _WORDING:
        text = pattern.sub(replacement, text)
    parts = _QUOTED.split(text)
    for i in range(0, len(parts), 2):
        part = parts[i]
        for name in names:
            part = _replace_name(part, name)
        parts[i] = _gendered(_THIS.sub(SELF, part))
    for i in range(1, len(parts), 2):
        if _SELF_GRANT.search(_SENTENCE_END.split("".join(parts[:i]))[-1]):
            part = parts[i]         # the card grants the ability to itself: its name in
            for name in names:      # the quotation is the object that has the ability
                part = _replace_name(part, name)    # (CR 201.5, 113.1c)
            parts[i] = part
    return "".join(parts)


_SELF_GRANT = re.compile(
    r"(?:^|, )(?:(?:as long as|until end of turn|if|when|whenever) [^,]*, )?"
    + SELF + r" (?:gets [+-]\d+/[+-]\d+ and |has [a-z ]+ and )?(?:has|gains|loses) $"
    r"|^As long as " + SELF + r" is [a-z ]+, it (?:gets [+-]\d+/[+-]\d+, has [a-z ]+, and "
    r"|gets [+-]\d+/[+-]\d+ and )?has $", re.IGNORECASE)
"""The text before a quotation granting an ability to the card itself ("As long as seven or
more cards are in your graveyard, CARDNAME has "When CARDNAME enters, ..."")."""


_GENDERED = re.compile(r"\b(?<!-)(?P<w>[Hh]e|[Ss]he|[Hh]im|[Hh]er|[Hh]is)\b(?!-)"
                       r"(?P<s>'s)?(?P<next>\s+\S+)?")
_BOTH = re.compile(r"\b(?:he or she|his or her|him or her)\b", re.IGNORECASE)
_OBJECT_FOLLOWERS = frozenset({
    "to", "into", "onto", "on", "and", "then", "from", "with", "under", "until", "if",
    "unless", "in", "as", "at", "for", "the", "a", "an", "this", "that", "up", "back", "is",
    "or", "face", "instead"})
"""Words after an object "her" ("return her to the battlefield"); before any other word
"her" is the possessive ("her owner's control")."""


def _gendered(text: str) -> str:
    """The character cards' gendered pronouns for the card ("he deals 3 damage", "put a
    +1/+1 counter on her", "his power") as the neuter ones the grammar reads ("it", "its",
    CR 201.5: the object is referred to); "he or she" / "his or her" (an older wording for
    a player) and names ("She-Hulk") are kept.

    >>> _gendered("When CARDNAME enters, he deals damage equal to his power to her.")
    'When CARDNAME enters, it deals damage equal to its power to it.'
    >>> _gendered("Return her to the battlefield under her owner's control.")
    "Return it to the battlefield under its owner's control."
    >>> _gendered("Each player sacrifices a creature unless he or she pays {1}.")
    'Each player sacrifices a creature unless he or she pays {1}.'
    """
    if _BOTH.search(text) or not _GENDERED.search(text):
        return text

    def neuter(m: re.Match[str]) -> str:
        word, rest = m["w"], (m["s"] or "") + (m["next"] or "")
        low = word.lower()
        if low in ("he", "she", "him"):
            out = "it"
        elif low == "his":
            out = "its"
        else:
            follower = (m["next"] or "").strip().lower().strip(".,;:")
            ends = not m["next"] or (m["next"] or "").strip()[:1] in (".", ",", ";", ":")
            out = "it" if ends or follower in _OBJECT_FOLLOWERS or m["s"] else "its"
            if m["next"] and (m["next"] or "").strip()[:1] in (".", ",", ";", ":"):
                out = "it"
        if word[0].isupper():
            out = out.capitalize()
        return out + rest

    return _GENDERED.sub(neuter, text)


_LEVEL_AND_ABILITY = re.compile(r"^(?P<level>(?:\{[^{}]+\})+: Level \d+) — (?P<rest>.+)$")
"""A Class level printed with its ability on the same line ("{2}{R}: Level 2 — Noncreature
spells you cast cost {1} less to cast.", CR 716.2a)."""


def ability_lines(text: str) -> Iterator[str]:
    """The non-empty lines of a face's text, stripped, in order (one ability per line). A
    Class level line that also prints the level's ability ("{B}: Level 2 — <ability>") is
    two lines, the level and then its ability (CR 716.2a), as the other Classes print them.

    >>> list(ability_lines("Flying\\n{B}: Level 2 — Creatures you control get +1/+0."))
    ['Flying', '{B}: Level 2', 'Creatures you control get +1/+0.']
    """
    for line in text.split("\n"):
        if not line.strip():
            continue
        if level := _LEVEL_AND_ABILITY.match(line.strip()):
            yield level["level"]
            yield level["rest"]
            continue
        yield line.strip()


def split_sentences(text: str) -> list[str]:
    """Split a line into sentences, keeping quoted text whole.

    >>> split_sentences('Add {G}. It deals 1 damage to you.')
    ['Add {G}.', 'It deals 1 damage to you.']
    >>> split_sentences('Lands you control have "{T}: Add {G}. Draw." Scry 1.')
    ['Lands you control have "{T}: Add {G}. Draw."', 'Scry 1.']
    """
    if '"' not in text and "“" not in text:
        return [part for part in _SENTENCE_END.split(text.strip()) if part]
    sentences: list[str] = []
    start = 0
    quoted = False
    for i, char in enumerate(text):
        at_end = i + 1 == len(text) or text[i + 1] == " "
        if char == '"':
            quoted = not quoted
        elif char in "“”":
            quoted = char == "“"
        else:
            if char == "." and not quoted and at_end:
                sentences.append(text[start:i + 1].strip())
                start = i + 1
            continue
        if not quoted and text[i - 1:i] == "." and at_end:
            sentences.append(text[start:i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        sentences.append(rest)
    return sentences
