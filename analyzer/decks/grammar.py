"""The grammar of one card line, shared by the text formats and :class:`~analyzer.decks.model.DeckEntry`.

A card line is ``"<count> <name>"`` with an optional ``x`` after the count (``"4 Opt"``,
``"4x Opt"``, ``"4 x Opt"``), optionally followed by MTG Arena's printing suffix
``"(SET) number"`` (``"4 Opt (XLN) 65"``). These functions work on strings only and raise
``ValueError`` with a one-sentence reason; the format parsers turn that reason into a
:class:`~analyzer.decks.model.ParseIssue`.

Sources: MTGO's ``.txt`` export (``"4 Card Name"``), the count styles of deck sites
(``"4x Card Name"``: TappedOut, Archidekt, Deckstats), and MTG Arena's *Export* / *Import*
text (``"4 Card Name (SET) 123"``), as in ``../shared/data/decks/text/`` and
``../shared/data/README.md`` section 3.
"""

from __future__ import annotations

import re

__all__ = [
    "MAX_COUNT",
    "MAX_NAME_LENGTH",
    "format_card_line",
    "looks_like_name",
    "parse_card_line",
    "parse_count",
    "split_count",
    "split_printing",
]

MAX_COUNT = 1000
"""The largest count a line may give: more is a typo (Relentless Rats decks stay far below)."""

MAX_NAME_LENGTH = 141
"""The longest real card name has 141 characters (*Our Market Research Shows That Players Like
Really Long Card Names So We Made This Card to Have the Absolute Longest Card Name Ever
Elemental*, Unhinged); a longer line cannot be a bare card name."""

_COUNT_LINE = re.compile(
    r"^(?P<count>[+-]?\d+(?:[.,]\d+)?)(?:\s*[xX](?=\s|$))?(?:\s+(?P<name>.*?))?\s*$")
_WORD_COUNT = re.compile(
    r"^(?P<word>zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\s+\S")
_PRINTING = re.compile(r"^(?P<name>.*?\S)\s+\((?P<set>[A-Za-z0-9]{2,6})\)(?:\s+(?P<num>\S+))?$")
_NAME_PUNCTUATION = frozenset(" ',-.:!?&/\"()+_\u2018\u2019\u201c\u201d")


def parse_count(text: str) -> int:
    """Read a card count written in digits.

    Parameters
    ----------
    text : str
        The count as written (``"4"``).

    Returns
    -------
    int
        The count, between 1 and :data:`MAX_COUNT`.

    Raises
    ------
    ValueError
        The count is not a whole number, is below 1 or above :data:`MAX_COUNT`.

    Examples
    --------
    >>> parse_count("4")
    4
    >>> parse_count("0")
    Traceback (most recent call last):
    ...
    ValueError: the count 0 is not a number of copies (at least 1)
    """
    stripped = text.strip()
    if not re.fullmatch(r"[+-]?\d+", stripped):
        raise ValueError(f"the count {stripped!r} is not a whole number")
    count = int(stripped)
    if count < 1:
        raise ValueError(f"the count {count} is not a number of copies (at least 1)")
    if count > MAX_COUNT:
        raise ValueError(f"the count {count} is more than {MAX_COUNT} copies")
    return count


def split_count(text: str) -> tuple[int, str] | None:
    """Split ``"4 Name"`` / ``"4x Name"`` into its count and name.

    Parameters
    ----------
    text : str
        One line, without its line break.

    Returns
    -------
    tuple of (int, str) or None
        The count and the name (stripped), or ``None`` if the line does not start with a count.

    Raises
    ------
    ValueError
        The line starts with a count that is not valid (see :func:`parse_count`), with a count
        written in letters (``"four Island"``), or with a count and no name.

    Examples
    --------
    >>> split_count("4x Lightning Bolt")
    (4, 'Lightning Bolt')
    >>> split_count("Lightning Bolt") is None
    True
    >>> split_count("four Island")
    Traceback (most recent call last):
    ...
    ValueError: the count 'four' must be written in digits

    Notes
    -----
    A count in letters is recognised only in lower case, so that a count-less line naming a
    card such as *Three Visits* still reads as a name.
    """
    stripped = text.strip()
    word = _WORD_COUNT.match(stripped)
    if word:
        raise ValueError(f"the count {word['word']!r} must be written in digits")
    match = _COUNT_LINE.match(stripped)
    if match is None:
        return None
    count = parse_count(match["count"])
    name = (match["name"] or "").strip()
    if not name:
        raise ValueError(f"the count {count} is followed by no card name")
    return count, name


def split_printing(name: str) -> tuple[str, str | None, str | None]:
    """Split MTG Arena's printing suffix off a name: ``"Opt (XLN) 65"`` -> ``("Opt", "XLN", "65")``.

    The set code (2 to 6 letters or digits, Arena-only codes such as ``Y22`` included) and the
    collector number (any text without spaces: ``65``, ``123a``, ``GR7``) are kept as written.

    Examples
    --------
    >>> split_printing("Yuriko, the Tiger's Shadow (FCA) 60")
    ("Yuriko, the Tiger's Shadow", 'FCA', '60')
    >>> split_printing("Opt")
    ('Opt', None, None)
    >>> split_printing("B.F.M. (Big Furry Monster)")
    ('B.F.M. (Big Furry Monster)', None, None)
    """
    match = _PRINTING.match(name.strip())
    if match is None:
        return name.strip(), None, None
    return match["name"], match["set"], match["num"]


def parse_card_line(text: str, *, printing: bool = True) -> tuple[int, str, str | None, str | None]:
    """Read one card line into ``(count, name, set_code, collector_number)``.

    Parameters
    ----------
    text : str
        ``"4 Name"``, ``"4x Name"`` or ``"4 Name (SET) 123"``.
    printing : bool
        Whether to split an Arena printing suffix off the name.

    Raises
    ------
    ValueError
        The line has no valid count (see :func:`split_count`).

    Examples
    --------
    >>> parse_card_line("1 A-Futurist Operative (NEO) 53")
    (1, 'A-Futurist Operative', 'NEO', '53')
    >>> parse_card_line("2 Fire // Ice")
    (2, 'Fire // Ice', None, None)
    """
    split = split_count(text)
    if split is None:
        raise ValueError("the line does not start with a count")
    count, name = split
    if not printing:
        return count, name, None, None
    name, set_code, number = split_printing(name)
    return count, name, set_code, number


def format_card_line(count: int, name: str, set_code: str | None = None,
                     collector_number: str | None = None) -> str:
    """Write a card line that :func:`parse_card_line` reads back.

    Examples
    --------
    >>> format_card_line(4, "Opt", "XLN", "65")
    '4 Opt (XLN) 65'
    >>> parse_card_line(format_card_line(1, "Fire // Ice"))
    (1, 'Fire // Ice', None, None)
    """
    line = f"{count} {name}"
    if set_code:
        line += f" ({set_code})"
        if collector_number:
            line += f" {collector_number}"
    return line


def looks_like_name(text: str) -> bool:
    """Whether a line with no count is clearly a card name (and so one copy of it).

    A bare line is a name when it starts with a letter, is at most :data:`MAX_NAME_LENGTH`
    characters long, does not end with a colon (a header), and holds only letters, digits,
    spaces and the punctuation real card names use (``' , - . : ! ? & / " ( ) + _``).

    Examples
    --------
    >>> looks_like_name("Sewer-veillance Cam")
    True
    >>> looks_like_name("Ach! Hans, Run!")
    True
    >>> looks_like_name("=== my deck ===")
    False
    >>> looks_like_name("Creatures:")
    False
    """
    stripped = text.strip()
    return (0 < len(stripped) <= MAX_NAME_LENGTH and stripped[0].isalpha()
            and not stripped.endswith(":")
            and all(ch.isalnum() or ch in _NAME_PUNCTUATION for ch in stripped))
