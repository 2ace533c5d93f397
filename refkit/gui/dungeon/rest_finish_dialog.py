"""Finishing a rest on the DT panel: the referee picks each crow's one rest activity, seeing the
rations it carries and what the rest will do to it, before the rest is finished.

Opened with ``open()`` (never ``exec()``); :attr:`FinishRestDialog.finish_chosen` carries the
choices, by crow, to the one rest procedure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import ActivityChoice


class FinishRestDialog(QDialog):
    """Each resting crow's activity, then Finish the rest."""

    finish_chosen = Signal(object)
    """The choices: ``dict`` of crow name → :class:`ActivityChoice`."""

    def __init__(
        self,
        crows: Sequence[Character],
        *,
        check_seclude: bool | None = None,
        check_campsite: bool | None = None,
        starvation: Mapping[str, int] | None = None,
        in_miasma: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("finish_rest_dialog")
        self.setWindowTitle("Finish the rest")
        where = " in the Miasma (no expertise uses back)" if in_miasma else ""
        if check_seclude is None:
            camp = "The rest had no encounter check."
        elif check_seclude:
            camp = "The rest's check was made with Seclude Camp: say who secluded it."
        else:
            camp = "The rest's check was made without Seclude Camp."
        if check_campsite:
            camp += " It was made with Prepare Campsite: choose that trait for the crow who did it."
        explain = QLabel(
            f"Each crow did one activity during the rest{where} and eats a ration from its "
            f"pack; a crow with none starves. {camp}"
        )
        explain.setWordWrap(True)
        self.choices = RestChoices(
            crows,
            check_seclude=check_seclude,
            check_campsite=check_campsite,
            starvation=starvation,
            parent=self,
        )
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Finish the rest")
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.choices, 1)
        layout.addWidget(self.buttons)
        self.choices.changed.connect(self._refresh)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(900, min(560, 220 + 44 * len(crows)))
        self._refresh()

    def choose(self, name: str, choice: ActivityChoice) -> None:
        self.choices.choose(name, choice)

    def problem(self) -> str:
        return self.choices.problem()

    def _refresh(self) -> None:
        self.ok_button.setEnabled(not self.problem())

    def _accept(self) -> None:
        if self.problem():
            return
        self.finish_chosen.emit(self.choices.choices())
        self.accept()
