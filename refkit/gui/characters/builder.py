"""The guided builder: a new crow as the rules build one (rules/characters-facts.md §1).

Six steps: who the crow is (name, player, portrait); its background, rolled on 2d6 with the odds
of each or picked; the characteristic the background sets to 2 and the shape of the other two;
what the background gives as printed (Stamina, expertises and uses, the starting trait); the kit,
the purse, the pet and the NPC connection; and a last look with the party the crow joins. Each
step says next to the field why a choice is not allowed, and Next waits until it is fixed.

The crow is made by :func:`refkit.rules.character.creation.new_crow` and handed to
:attr:`CharacterBuilder.character_built`; the caller stores it (and its place in a party) as one
undo step. Escape asks before throwing away a crow on which anything was chosen. Existing crows
are changed in the sheet's direct editor (:mod:`refkit.gui.characters.crow_editor`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from refkit.gui.characters.builder_pages import (
    BackgroundPage,
    CharacteristicsPage,
    GivesPage,
    KitPage,
    ReadyPage,
)
from refkit.gui.characters.builder_parts import IdentityPage
from refkit.gui.common.plain_text import plain_message
from refkit.present import crow_builder as present
from refkit.rules.character.build_data import Background, BuildData, load_build_data
from refkit.rules.character.creation import CreationChoices, choice_problems, new_crow
from refkit.rules.character.model import Character


class CharacterBuilder(QWizard):
    """Build a new crow from a background and the player's choices."""

    character_built = Signal(object)  # Character

    def __init__(
        self,
        *,
        name_taken: Callable[[str], bool],
        parties: Sequence[str] = (),
        shown_party: str | None = None,
        data: BuildData | None = None,
        rng: random.Random | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.data = data or load_build_data()
        self.rng = rng or random.Random()
        self.parties = list(parties)
        self.shown_party = shown_party
        self._name_taken = name_taken
        self.setObjectName("character_builder")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setWindowTitle("New crow")
        self.identity = IdentityPage(self)
        self.background_page = BackgroundPage(self)
        self.characteristics = CharacteristicsPage(self)
        self.gives = GivesPage(self)
        self.kit = KitPage(self)
        self.ready = ReadyPage(self)
        for page in (
            self.identity,
            self.background_page,
            self.characteristics,
            self.gives,
            self.kit,
            self.ready,
        ):
            self.addPage(page)
        self.background_page._changed()
        line = self.fontMetrics().height()
        self.resize(round(line * 52), round(line * 36))
        self._as_opened = self._typed()
        self._discarding = False
        self.discard_box: QMessageBox | None = None
        self.missing_kit: tuple[str, ...] = ()

    # -- what the pages ask -------------------------------------------------------------------

    def name_taken(self, name: str) -> bool:
        return self._name_taken(name.strip())

    def background(self) -> Background | None:
        return present.find_background(self.data, self.background_page.chosen())

    def connection_problem(self) -> str:
        problems = present.connection_problems(*self.kit.connection_fields())
        return problems[0] if problems else ""

    def choices(self) -> CreationChoices:
        """The choices as the pages show them (the connection left out while it is not valid)."""
        connection = None
        if not self.connection_problem():
            connection = present.connection_from(*self.kit.connection_fields())
        return CreationChoices(
            name=self.identity.name.text().strip(),
            background=self.background_page.chosen(),
            two=self.characteristics.two_value(),
            shape=self.characteristics.shape(),
            high=self.characteristics.high_value(),
            coin_dice=self.kit.coin_dice(),
            player=self.identity.player.text().strip(),
            connection=connection,
        )

    def problems(self) -> list[str]:
        """Every reason the crow cannot be made yet (empty: Finish makes it)."""
        reasons = self.identity.problems() + choice_problems(self.data, self.choices())
        connection = self.connection_problem()
        return [*reasons, connection] if connection else reasons

    def result(self) -> Character:
        """The new crow; raises CreationRefused when a choice is not allowed."""
        crow, self.missing_kit = new_crow(self.data, self.choices())
        notes = self.ready.notes.toPlainText().strip()
        if self.missing_kit:
            # Kit the catalogue has no card for is said in the notes, not dropped.
            unpacked = ", ".join(self.missing_kit)
            notes = f"{notes}\n\nKit without a catalogue card: {unpacked}".strip()
        return replace(crow, portrait=self.identity.portrait(), notes=notes)

    def chosen_party(self) -> str | None:
        """The party the new crow joins (None: none)."""
        index = self.ready.party.currentIndex()
        return self.parties[index - 1] if index > 0 else None

    # -- closing ------------------------------------------------------------------------------

    def _typed(self) -> tuple[object, ...]:
        return (
            self.choices(),
            self.identity.portrait(),
            self.ready.notes.toPlainText(),
            self.kit.connection_fields(),
        )

    def reject(self) -> None:
        """Escape or Cancel: gone at once when nothing was chosen, else asked first."""
        if self._discarding or self._typed() == self._as_opened:
            super().reject()
            return
        box = plain_message(QMessageBox(self))
        box.setObjectName("builder_discard")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.windowTitle())
        box.setText("Throw away what you chose for this crow?")
        box.setInformativeText("Nothing of it is saved.")
        discard = box.addButton("Throw it away", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Keep building", QMessageBox.ButtonRole.RejectRole)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(lambda button: button is discard and self._discard())
        self.discard_box = box
        box.open()

    def _discard(self) -> None:
        self._discarding = True
        self.reject()

    def accept(self) -> None:
        reasons = self.problems()
        if reasons:
            self.ready.message.show_problems(reasons)
            return
        self.character_built.emit(self.result())
        super().accept()
