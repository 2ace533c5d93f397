"""Print to PDF from the window: the open crow (its sheet and cards), its party (the party
pack), the item catalogue's cards, the spell cards and the referee's quick sheet — five
entries in the File menu's export section, each opening the export dialog.

What is printed is read when the entry is chosen, through :class:`ExportSources`, so the
entries work whichever crow is open and say so in the status bar when there is nothing to print.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from PySide6.QtCore import QObject

from refkit.export.card_pages import CardOptions
from refkit.export.documents import (
    Document,
    ProgressCallback,
    cards_document,
    item_card,
    party_document,
    quick_sheet_document,
    spells_document,
)
from refkit.gui.common.export_writer import Build
from refkit.gui.export.dialog import ExportDialog, ExportRequest
from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.panel_registry import FeatureContext, MenuId, PanelRegistry
from refkit.present.card_face import CardFace
from refkit.rules.character.file_format import check_character
from refkit.rules.character.model import Character
from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spellbooks import load_default_spells

SECTION = "export"


class CrowSession(Protocol):
    """What printing needs of the character sheet's session (no import of that feature)."""

    def character(self) -> Character | None: ...

    def catalogue(self) -> Sequence[CatalogueItem]: ...


class PartyGroup(Protocol):
    @property
    def members(self) -> tuple[str, ...]: ...


class Roster(Protocol):
    """What printing needs of the character service: the parties and the crows by name."""

    def list_parties(self) -> Sequence[PartyGroup]: ...

    def get(self, name: str) -> Character: ...


@dataclass(frozen=True)
class ExportSources:
    """Where the things to print come from, asked when an entry is chosen."""

    crow: Callable[[], Character | None]
    party: Callable[[], list[Character]]
    """The open crow's party (the first that holds it), else the open crow alone."""
    catalogue: Callable[[], list[CardFace]]
    spells: Callable[[], Sequence[Spell]] = load_default_spells
    """The spell library's spells (shipped, then the referee's own)."""


def sources_for(
    session: CrowSession,
    service: Roster,
    spells: Callable[[], Sequence[Spell]] = load_default_spells,
    shown_catalogue: Callable[[], Sequence[CatalogueItem]] | None = None,
) -> ExportSources:
    """The sources of the window: the character sheet's crow, its party, the item catalogue
    (what its search and filter show, given ``shown_catalogue``; else all of it), the spell
    library."""

    def party() -> list[Character]:
        crow = session.character()
        if crow is None:
            return []
        for group in service.list_parties():
            if crow.name in group.members:
                return [service.get(name) for name in group.members]
        return [crow]

    def catalogue() -> list[CardFace]:
        entries = shown_catalogue() if shown_catalogue is not None else session.catalogue()
        return [CardFace.from_catalogue(entry) for entry in entries]

    return ExportSources(crow=session.character, party=party, catalogue=catalogue, spells=spells)


def _noting_rule_errors(document: Document, crows: Sequence[Character]) -> Document:
    """The document with a note for every rule a crow breaks (it is printed as it is, as the
    command line prints it and says so on stderr)."""
    notes = [
        f"{crow.name} breaks {problem.code}: {problem.message}"
        for crow in crows
        for problem in check_character(crow).errors
    ]
    return replace(document, warnings=(*document.warnings, *notes)) if notes else document


def file_stem(text: str) -> str:
    """A file name from a crow's name: letters, digits and dashes."""
    kept = "".join(c if c.isalnum() else "-" for c in text.strip().lower())
    return "-".join(part for part in kept.split("-") if part) or "refkit"


class ExportActions(QObject):
    """The print entries and the dialog they open (one at a time)."""

    def __init__(self, context: FeatureContext, sources: ExportSources) -> None:
        super().__init__(context.window)
        self.context = context
        self.sources = sources
        self.dialog: ExportDialog | None = None

    def open(self, request: ExportRequest) -> ExportDialog:
        if self.dialog is not None:  # one print dialog at a time; the last one goes
            self.dialog.close()
            self.dialog.deleteLater()
        dialog = ExportDialog(request, self.context.settings, self.context.window)
        self.dialog = dialog
        # Not modal: the referee may keep looking things up while a party pack prints.
        dialog.setModal(False)
        dialog.show()
        return dialog

    def _nothing(self, text: str) -> None:
        self.context.window.show_status(text, 8000)

    def print_crow(self) -> ExportDialog | None:
        crow = self.sources.crow()
        if crow is None:
            self._nothing("Open a crow on the character sheet to print it.")
            return None

        def make(options: CardOptions) -> Build:
            return lambda progress: _noting_rule_errors(
                party_document([crow], options, progress), [crow]
            )

        return self.open(
            ExportRequest(f"Print {crow.name}", f"{file_stem(crow.name)}.pdf", make, sheets=True)
        )

    def print_party(self) -> ExportDialog | None:
        crows = self.sources.party()
        if not crows:
            self._nothing("Open a crow of the party on the character sheet to print the party.")
            return None

        def make(options: CardOptions) -> Build:
            return lambda progress: _noting_rule_errors(
                party_document(crows, options, progress), crows
            )

        title = f"Print the party pack ({len(crows)} crow{'s' if len(crows) != 1 else ''})"
        return self.open(ExportRequest(title, "party-pack.pdf", make, sheets=True))

    def print_catalogue(self) -> ExportDialog | None:
        faces = self.sources.catalogue()
        if not faces:
            self._nothing("The catalogue's search and filter show no item to print.")
            return None

        def make(options: CardOptions) -> Build:
            cards = [item_card(face) for face in faces]
            return lambda progress: cards_document(cards, options, "Item catalogue", progress)

        count = f"{len(faces)} card{'s' if len(faces) != 1 else ''}"
        title = f"Print the item catalogue's cards ({count})"
        return self.open(ExportRequest(title, "item-cards.pdf", make))

    def print_spells(self) -> ExportDialog:
        def make(options: CardOptions) -> Build:
            spells = list(self.sources.spells())
            return lambda progress: spells_document(spells, options, progress)

        return self.open(ExportRequest("Print the spell cards", "spell-cards.pdf", make))

    def print_quick_sheet(self) -> ExportDialog:
        def make(options: CardOptions) -> Build:
            def build(progress: ProgressCallback) -> Document:
                document = quick_sheet_document(options.paper)
                progress(1, 1)
                return document

            return build

        return self.open(
            ExportRequest("Print the referee's quick sheet", "quick-sheet.pdf", make, cards=False)
        )

    def specs(self) -> list[ActionSpec]:
        menu = MenuId.FILE
        return [
            ActionSpec(
                "print_crow",
                "&Print the crow's sheet and cards…",
                self.print_crow,
                ("Ctrl+P",),
                "document-print",
                "",
                menu,
                SECTION,
                tip="The open crow's character sheet and item cards, as a PDF",
            ),
            ActionSpec(
                "print_party",
                "Print the part&y pack…",
                self.print_party,
                menu=menu,
                section=SECTION,
                tip="Every sheet and item card of the open crow's party, one PDF",
            ),
            ActionSpec(
                "print_catalogue",
                "Print the item catalo&gue's cards…",
                self.print_catalogue,
                menu=menu,
                section=SECTION,
            ),
            ActionSpec(
                "print_spells",
                "Print the spe&ll cards…",
                self.print_spells,
                menu=menu,
                section=SECTION,
            ),
            ActionSpec(
                "print_quick_sheet",
                "Print the referee's &quick sheet…",
                self.print_quick_sheet,
                menu=menu,
                section=SECTION,
            ),
        ]


def register(
    registry: PanelRegistry, context: FeatureContext, sources: ExportSources
) -> ExportActions:
    """Add the print entries to the File menu; returns them (the tests drive their dialog)."""
    actions = ExportActions(context, sources)
    registry.add_actions(actions.specs())
    return actions
