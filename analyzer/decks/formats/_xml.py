"""Reading deck files in XML safely: defusedxml, line numbers, and salvage of broken files.

Deck XML (MTGO ``.dek``, Cockatrice ``.cod``) comes from the internet, so it is parsed with
:mod:`defusedxml`, which refuses document type declarations, entity declarations and external
references: the "billion laughs" entity expansion and external-entity attacks both raise a
:class:`~analyzer.errors.DeckParseError` before anything is expanded. A file that is not
well-formed XML (truncated, hand edited) is read leniently: an issue names the line where
XML parsing stopped, and the card elements are salvaged with a regular expression.
"""

from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from analyzer.decks.model import ParseIssue
from analyzer.errors import DeckParseError

__all__ = ["XmlElement", "has_root", "parse_xml", "read_elements"]

_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_PROLOG = re.compile(r"^(?:<!--.*?-->\s*|<!DOCTYPE[^\[>]*(?:\[.*?\])?\s*>\s*)+",
                     re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class XmlElement:
    """One element of a deck file: its attributes, text and line."""

    tag: str
    """The element's tag."""
    attributes: dict[str, str]
    """Its attributes, entities decoded."""
    line_no: int | None
    """1-based line of its start tag (``None`` if unknown)."""
    text: str = ""
    """Its text content (stripped)."""


def has_root(text: str, root: str) -> bool:
    """Whether ``text`` is XML whose first element is ``<root ...>`` (judged on its start).

    Examples
    --------
    >>> has_root('<?xml version="1.0"?>\\n<Deck>', "Deck"), has_root("4 Deck", "Deck")
    (True, False)
    """
    head = _DECLARATION.sub("", text[:4096].lstrip("\ufeff \t\r\n"), count=1).lstrip()
    head = _PROLOG.sub("", head)
    return re.match(rf"<{re.escape(root)}[\s/>]", head) is not None


def parse_xml(text: str, path: Path | None) -> tuple[Element | None, ParseIssue | None]:
    """Parse ``text`` with defusedxml: the root element, or ``None`` and the syntax issue.

    Raises
    ------
    DeckParseError
        The file declares a DTD, entities or external references (refused, never expanded).
    """
    body = _DECLARATION.sub("", text, count=1)
    try:
        return SafeET.fromstring(body, forbid_dtd=True), None
    except DefusedXmlException as err:
        raise DeckParseError(path, None, "the XML file declares a document type or entities "
                             f"({type(err).__name__}); such files are refused, as entity "
                             "expansion and external entities can be used for attacks") from err
    except ParseError as err:
        line, _column = getattr(err, "position", (None, 0))
        offset = _DECLARATION.match(text)
        if line is not None and offset is not None:
            line += len(_LINE_BREAK.findall(offset.group(0)))
        reason = str(err).split(":", 1)[0] if ":" in str(err) else str(err)
        return None, ParseIssue(line, "", f"the file is not well-formed XML ({reason}); the "
                                "card elements before and after the fault were read")
    except (ValueError, RecursionError) as err:   # expat refusing odd input (lone surrogates)
        return None, ParseIssue(None, "", f"the file is not readable XML ({err})")


def read_elements(text: str, path: Path | None, tags: tuple[str, ...]
                  ) -> tuple[list[XmlElement], ParseIssue | None, Element | None]:
    """The elements named ``tags``, in document order, with their lines.

    Parameters
    ----------
    text : str
        The whole file.
    path : Path or None
        The file, named in errors.
    tags : tuple of str
        Tag names to collect (``("Cards",)``).

    Returns
    -------
    elements, issue, root
        The elements; the syntax issue when the file is not well-formed (the elements are then
        salvaged by a regular expression); the parsed root (``None`` when salvaged).

    Raises
    ------
    DeckParseError
        See :func:`parse_xml`.
    """
    root, issue = parse_xml(text, path)
    starts = _tag_starts(text, tags)
    if root is None:
        return _salvage(text, tags, starts), issue, None
    found = [el for el in root.iter() if el.tag in tags]
    positions = [s for s, _ in starts]
    breaks = _line_starts(text)
    lines = ([_line_of(breaks, p) for p in positions] if len(positions) == len(found)
             else None)
    elements = [XmlElement(el.tag, dict(el.attrib), lines[i] if lines else None,
                           (el.text or "").strip()) for i, el in enumerate(found)]
    return elements, None, root


def _tag_starts(text: str, tags: tuple[str, ...]) -> list[tuple[int, str]]:
    pattern = re.compile(r"<(" + "|".join(re.escape(t) for t in tags) + r")(?=[\s/>])")
    cleaned = re.sub(r"<!--.*?-->", lambda m: " " * len(m.group(0)), text, flags=re.DOTALL)
    return [(m.start(), m.group(1)) for m in pattern.finditer(cleaned)]


def _salvage(text: str, tags: tuple[str, ...], starts: list[tuple[int, str]]) -> list[XmlElement]:
    breaks = _line_starts(text)
    elements = []
    for start, tag in starts:
        end = text.find(">", start)
        if end < 0:
            break
        raw = text[start + len(tag) + 1:end]
        attributes = {m.group(1): html.unescape(m.group(2) if m.group(2) is not None
                                                else m.group(3))
                      for m in _ATTRIBUTE.finditer(raw)}
        body = ""
        if not raw.rstrip().endswith("/"):
            close = text.find(f"</{tag}>", end, end + 4096)
            if close >= 0 and "<" not in text[end + 1:close]:
                body = html.unescape(text[end + 1:close]).strip()
        elements.append(XmlElement(tag, attributes, _line_of(breaks, start), body))
    return elements


def _line_starts(text: str) -> list[int]:
    return [m.end() for m in _LINE_BREAK.finditer(text)]


def _line_of(breaks: list[int], offset: int) -> int:
    """1-based line of ``offset``, given the offsets where lines start (after a break)."""
    return bisect.bisect_right(breaks, offset) + 1
