"""A travel day panel on a journey, for the rest rows' tests."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoStack

from refkit.gui.travel.day_backend import TravelBackend
from refkit.gui.travel.day_panel import TravelDayPanel


def panel_on_a_journey(qtbot: Any, stack: QUndoStack, backend: TravelBackend) -> TravelDayPanel:
    """A day panel on screen with the journey "Marches" begun: the party at the table and the
    hireling Ivo."""
    widget = TravelDayPanel(stack, backend)
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    widget.new_journey.setText("Marches")
    widget.hirelings.setText("Ivo=1,0,2")
    widget.start_button.click()
    assert widget.problem.isHidden(), widget.problem.text()
    return widget
