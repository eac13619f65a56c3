"""What a deck format can hold, and the loss report of writing a deck in a format.

Formats differ in what they keep beside names and counts: MTG Arena keeps printings, Forge a
set code and an art index, Moxfield and Archidekt foil markers and tags, MTGO's ``.dek`` only
a main deck and a sideboard. Each format declares what it holds as a :class:`Feature` flag
(:attr:`analyzer.decks.formats.base.DeckFormat.holds`); :func:`conversion_losses` compares a
deck with it, so the user is told *before* writing what the target file will not keep, and
:func:`written_section` says where an entry of a section the format lacks is written.

Examples
--------
>>> from analyzer.decks.model import DeckEntry, DeckList, Section
>>> deck = DeckList((DeckEntry("Opt", 4, set_code="XLN", collector_number="65", foil=True),
...                  DeckEntry("Yuriko, the Tiger's Shadow", 1, Section.COMMANDER)))
>>> report = conversion_losses(deck, Feature.SIDEBOARD, "MTGO .dek")
>>> [loss.feature.name for loss in report.losses]
['SET_CODE', 'COLLECTOR_NUMBER', 'FOIL', 'COMMANDER']
>>> print(report.losses[-1])
commander marker: 1 entry ("Yuriko, the Tiger's Shadow") written to the sideboard
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from analyzer.decks.model import DeckEntry, DeckList, Section

__all__ = ["Feature", "Loss", "LossReport", "conversion_losses", "entry_features",
           "written_section"]


class Feature(enum.Flag):
    """What a deck file can say about an entry beyond its name, count and main deck."""

    NONE = 0
    """Nothing beyond names, counts and the main deck."""
    SET_CODE = enum.auto()
    """The printing's set code."""
    COLLECTOR_NUMBER = enum.auto()
    """The printing's collector number."""
    ART_INDEX = enum.auto()
    """Forge's art index."""
    FOIL = enum.auto()
    """The foil marker."""
    TAGS = enum.auto()
    """User tags."""
    CATEGORIES = enum.auto()
    """Deck-site categories."""
    SIDEBOARD = enum.auto()
    """A sideboard."""
    COMMANDER = enum.auto()
    """A commander section (or marker)."""
    COMPANION = enum.auto()
    """A companion section."""
    MAYBEBOARD = enum.auto()
    """A maybeboard (cards under consideration)."""
    PRINTING = SET_CODE | COLLECTOR_NUMBER
    """Set code and collector number."""
    SECTIONS = SIDEBOARD | COMMANDER | COMPANION | MAYBEBOARD
    """Every section beside the main deck."""

    @property
    def label(self) -> str:
        """The words a loss report uses (``"commander marker"``)."""
        return _LABELS.get(self, (self.name or "").lower().replace("_", " "))


_LABELS = {Feature.SET_CODE: "set code", Feature.COLLECTOR_NUMBER: "collector number",
           Feature.ART_INDEX: "Forge art index", Feature.FOIL: "foil marker",
           Feature.TAGS: "tags", Feature.CATEGORIES: "categories",
           Feature.SIDEBOARD: "sideboard", Feature.COMMANDER: "commander marker",
           Feature.COMPANION: "companion marker", Feature.MAYBEBOARD: "maybeboard"}
_SINGLE = (Feature.SET_CODE, Feature.COLLECTOR_NUMBER, Feature.ART_INDEX, Feature.FOIL,
           Feature.TAGS, Feature.CATEGORIES, Feature.SIDEBOARD, Feature.COMMANDER,
           Feature.COMPANION, Feature.MAYBEBOARD)
_SECTION_FEATURE = {Section.SIDEBOARD: Feature.SIDEBOARD, Section.COMMANDER: Feature.COMMANDER,
                    Section.COMPANION: Feature.COMPANION,
                    Section.MAYBEBOARD: Feature.MAYBEBOARD}


def entry_features(entry: DeckEntry) -> Feature:
    """Everything ``entry`` carries beyond name, count and the main deck.

    Examples
    --------
    >>> entry_features(DeckEntry("Opt", 1, set_code="XLN", tags=("cantrip",)))
    <Feature.SET_CODE|TAGS: 17>
    """
    found = _SECTION_FEATURE.get(entry.section, Feature.NONE)
    for feature, present in ((Feature.SET_CODE, entry.set_code),
                             (Feature.COLLECTOR_NUMBER, entry.collector_number),
                             (Feature.ART_INDEX, entry.art_index), (Feature.FOIL, entry.foil),
                             (Feature.TAGS, entry.tags), (Feature.CATEGORIES, entry.categories)):
        if present:
            found |= feature
    return found


def written_section(section: Section, holds: Feature) -> Section | None:
    """Where an entry of ``section`` goes in a format holding ``holds``; ``None``: dropped.

    A commander or companion the format cannot mark goes to the sideboard (as MTGO, XMage and
    Cockatrice list them), or to the main deck when there is no sideboard either (a
    companion is then dropped: it is not part of the deck); a sideboard or maybeboard the
    format lacks is dropped.

    Examples
    --------
    >>> written_section(Section.COMMANDER, Feature.SIDEBOARD)
    <Section.SIDEBOARD: 2>
    >>> written_section(Section.MAYBEBOARD, Feature.SIDEBOARD) is None
    True
    """
    feature = _SECTION_FEATURE.get(section)
    if feature is None or feature in holds:
        return section
    if section in (Section.COMMANDER, Section.COMPANION) and Feature.SIDEBOARD in holds:
        return Section.SIDEBOARD
    return Section.MAIN if section is Section.COMMANDER else None


@dataclass(frozen=True, slots=True)
class Loss:
    """One kind of information a target format cannot hold, and the entries that had it."""

    feature: Feature
    """What is lost (one flag)."""
    entries: tuple[DeckEntry, ...]
    """The entries that carried it."""
    moved_to: Section | None = None
    """For a section the format lacks: where its entries are written (``None``: dropped)."""

    def __str__(self) -> str:
        names = ", ".join(repr(e.name) for e in self.entries[:3])
        more = f" and {len(self.entries) - 3} more" if len(self.entries) > 3 else ""
        plural = "entry" if len(self.entries) == 1 else "entries"
        text = f"{self.feature.label}: {len(self.entries)} {plural} ({names}{more})"
        if self.feature in Feature.SECTIONS:
            text += (f" written to the {self.moved_to.title.lower()}" if self.moved_to
                     else " left out")
        return text


@dataclass(frozen=True, slots=True)
class LossReport:
    """What writing a deck in a format drops: empty when the file keeps everything."""

    format: str
    """The target format's description."""
    losses: tuple[Loss, ...] = ()
    """One loss per feature, in :class:`Feature` order."""
    dropped: tuple[str, ...] = ()
    """The file's other contents the target format cannot write back, one line each
    (:meth:`analyzer.decks.model.FormatExtras.describe`: Forge metadata, MTGO ``CatID``…)."""

    @property
    def features(self) -> Feature:
        """Every lost feature, combined."""
        result = Feature.NONE
        for loss in self.losses:
            result |= loss.feature
        return result

    def __bool__(self) -> bool:
        return bool(self.losses or self.dropped)

    def __iter__(self) -> Iterator[Loss]:
        return iter(self.losses)

    def __str__(self) -> str:
        if not self:
            return f"{self.format} keeps everything in the deck"
        lines = [*(str(loss) for loss in self.losses), *self.dropped]
        return f"{self.format} cannot hold:\n" + "\n".join(f"  - {line}" for line in lines)


def conversion_losses(deck: DeckList, holds: Feature, format_label: str = "") -> LossReport:
    """What writing ``deck`` in a format holding ``holds`` loses.

    Parameters
    ----------
    deck : DeckList
        The deck to write.
    holds : Feature
        What the target format can hold (:attr:`DeckFormat.holds`).
    format_label : str
        The target format's description, for the report's text.

    Returns
    -------
    LossReport
        One :class:`Loss` per feature some entry has and the format lacks.
    """
    losses = []
    for feature in _SINGLE:
        if feature in holds:
            continue
        had = tuple(e for e in deck.entries if feature in entry_features(e))
        if had:
            moved = written_section(had[0].section, holds) if feature in Feature.SECTIONS else None
            losses.append(Loss(feature, had, moved))
    return LossReport(format_label, tuple(losses))
