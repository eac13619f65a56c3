"""Collecting issues leniently, or raising on the first one (STYLE.md habit 8).

Parsers and name resolution report every problem to an :class:`IssueSink`. A lenient sink
keeps them for the :class:`~analyzer.decks.model.ParseResult`; a strict one raises the first
error as a :class:`~analyzer.errors.DeckParseError` (or the subclass the caller names), the way
python-chess's ``GameBuilder.handle_error`` logs and a raising visitor stops.
"""

from __future__ import annotations

from pathlib import Path

from analyzer.decks.model import ParseIssue, Severity
from analyzer.errors import DeckParseError

__all__ = ["IssueSink"]


class IssueSink:
    """Where parsers and resolution report issues.

    Parameters
    ----------
    path : Path or None
        The deck file, named in raised errors.
    strict : bool
        Raise on the first issue of :attr:`Severity.ERROR` instead of collecting it.
        Warnings are always collected.

    Examples
    --------
    >>> sink = IssueSink(None, strict=False)
    >>> sink.report(ParseIssue(3, "0 Island", "the count 0 is not a number of copies"))
    >>> len(sink.issues)
    1
    >>> IssueSink("deck.txt", strict=True).report(ParseIssue(3, "0 Island", "bad count"))
    Traceback (most recent call last):
    ...
    analyzer.errors.DeckParseError: deck.txt, line 3: bad count ('0 Island')
    """

    def __init__(self, path: Path | str | None, *, strict: bool = False) -> None:
        self.path = Path(path) if path is not None else None
        self.strict = strict
        self.issues: list[ParseIssue] = []

    def report(self, issue: ParseIssue, error: type[DeckParseError] = DeckParseError) -> None:
        """Keep ``issue``, or raise it as ``error`` when strict and it is an error."""
        if self.strict and issue.severity is Severity.ERROR:
            raise issue.to_error(self.path, error)
        self.issues.append(issue)
