"""Small helpers the deck format modules share: reading a count attribute, escaping XML."""

from __future__ import annotations

import re
from xml.sax.saxutils import quoteattr

from analyzer.decks.grammar import MAX_NAME_LENGTH, parse_count
from analyzer.decks.issues import IssueSink
from analyzer.decks.model import ParseIssue

__all__ = ["attr", "checked_count", "checked_name"]

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def checked_count(raw: str | None, line_no: int | None, text: str,
                  sink: IssueSink) -> int | None:
    """``raw`` as a card count, or ``None`` after reporting why it is not one.

    Examples
    --------
    >>> sink = IssueSink(None)
    >>> checked_count("4", 3, "", sink), checked_count("x", 4, "", sink)
    (4, None)
    >>> sink.issues[0].reason
    "the count 'x' is not a whole number"
    """
    try:
        return parse_count(raw if raw is not None else "1")
    except ValueError as err:
        sink.report(ParseIssue(line_no, text, str(err)))
        return None


def checked_name(raw: str | None, line_no: int | None, text: str,
                 sink: IssueSink) -> str | None:
    """``raw`` stripped as a card name, or ``None`` after reporting that it is missing or
    too long to be one."""
    name = " ".join((raw or "").split())
    if not name:
        sink.report(ParseIssue(line_no, text, "the card has no name"))
        return None
    if len(name) > MAX_NAME_LENGTH * 2:
        sink.report(ParseIssue(line_no, text[:80], "the card name is too long to be one"))
        return None
    return name


def attr(value: str | int | bool) -> str:
    """An XML attribute value, quoted and escaped (``quoteattr``).

    Examples
    --------
    >>> attr('Ach! Hans, "Run!"')
    '\\'Ach! Hans, "Run!"\\''
    >>> attr(True)
    '"true"'
    """
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return quoteattr(_XML_INVALID.sub("", text))
