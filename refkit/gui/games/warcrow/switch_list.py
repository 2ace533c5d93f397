"""One side's Switches (rulebook L622-632): type a card's Switch once — its name, what it costs
and what it gives — then tick the ones to use. Before the roll the odds count a ticked Switch as
paid whenever the roll can afford it; after the roll each says whether it could be paid, and
ticking or unticking one changes the result shown."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.games.warcrow.resolve import Switch
from refkit.games.warcrow.symbols import Symbol, Symbols
from refkit.gui.games.warcrow.widgets import plain_label
from refkit.present.warcrow_roll import switch_words

NAME_LIMIT = 40
NOTHING = ""


def _symbol_box(name: str, *, nothing: bool = False) -> QComboBox:
    box = QComboBox()
    box.setAccessibleName(name)
    if nothing:
        box.addItem("nothing (an effect)", NOTHING)
    for symbol in Symbol:
        box.addItem(symbol.label, symbol.value)
    return box


def _count(name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(1, 5)
    spin.setAccessibleName(name)
    return spin


class SwitchList(QFrame):
    """The Switches of one side. ``changed`` fires when a Switch is added, removed or ticked."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._switches: list[Switch] = []
        self._boxes: list[QCheckBox] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.rows = QGridLayout()
        self.rows.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.rows)
        first = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Switch name, e.g. Master of Magic")
        self.name_edit.setAccessibleName("Switch name")
        self.name_edit.setMaxLength(NAME_LIMIT)
        self.name_edit.returnPressed.connect(self.add_typed)
        first.addWidget(plain_label("Switch", wrap=False))
        first.addWidget(self.name_edit, 1)
        layout.addLayout(first)
        second = QHBoxLayout()
        self.cost_count = _count("Switch cost: how many")
        self.cost_symbol = _symbol_box("Switch cost: which symbol")
        self.cost_symbol.setCurrentIndex(self.cost_symbol.findData(Symbol.SPECIAL.value))
        self.gain_count = _count("Switch gain: how many")
        self.gain_symbol = _symbol_box("Switch gain: which symbol", nothing=True)
        self.gain_symbol.setCurrentIndex(self.gain_symbol.findData(Symbol.SUCCESS.value))
        self.add_button = QPushButton("Add switch")
        self.add_button.clicked.connect(self.add_typed)
        second.addWidget(plain_label("pay", wrap=False))
        second.addWidget(self.cost_count)
        second.addWidget(self.cost_symbol)
        second.addWidget(plain_label("→", wrap=False))
        second.addWidget(self.gain_count)
        second.addWidget(self.gain_symbol)
        second.addWidget(self.add_button)
        second.addStretch(1)
        layout.addLayout(second)
        self.message_label = plain_label()
        self.message_label.setStyleSheet("color: #c62828;")
        self.message_label.hide()
        layout.addWidget(self.message_label)

    # --- what is chosen ----------------------------------------------------------------------

    def all_switches(self) -> tuple[Switch, ...]:
        return tuple(self._switches)

    def switches(self) -> tuple[Switch, ...]:
        """The ticked Switches, in the order they were added (the order they are paid in)."""
        return tuple(
            s for s, box in zip(self._switches, self._boxes, strict=True) if box.isChecked()
        )

    def box(self, name: str) -> QCheckBox:
        for switch, box in zip(self._switches, self._boxes, strict=True):
            if switch.name == name:
                return box
        raise KeyError(name)

    # --- changing ----------------------------------------------------------------------------

    def add_typed(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            self._say("Type the Switch's name first (as printed on the card).")
            return
        cost = Symbols.of([Symbol(self.cost_symbol.currentData())] * self.cost_count.value())
        gain_name = self.gain_symbol.currentData()
        gain = (
            Symbols.of([Symbol(gain_name)] * self.gain_count.value())
            if gain_name != NOTHING
            else Symbols()
        )
        if self.add(Switch(name, cost, gain)):
            self.name_edit.clear()

    def add(self, switch: Switch) -> bool:
        """Add ``switch``, ticked; refused (and said) when one of that name is there already."""
        if any(old.name.casefold() == switch.name.casefold() for old in self._switches):
            self._say(f"There is a Switch named {switch.name!r} already: each is used once a roll.")
            return False
        self._say("")
        ticked = {s.name for s in self.switches()} | {switch.name}
        self._switches.append(switch)
        self._rebuild(ticked)
        self.changed.emit()
        return True

    def remove(self, name: str) -> None:
        keep = [s for s in self._switches if s.name != name]
        ticked = {s.name for s in self.switches()}
        self._switches = keep
        self._rebuild(ticked)
        self.changed.emit()

    def show_paid(self, paid: set[str] | None) -> None:
        """After a roll: mark each ticked Switch as paid or not affordable (None: no roll)."""
        for switch, box in zip(self._switches, self._boxes, strict=True):
            text = switch_words(switch)
            if paid is not None and box.isChecked():
                text += "  ✓ paid" if switch.name in paid else "  ✗ cannot pay"
            box.setText(text)

    # --- showing -----------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    def _rebuild(self, ticked: set[str]) -> None:
        while self.rows.count():
            item = self.rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self._boxes = []
        for row, switch in enumerate(self._switches):
            box = QCheckBox(switch_words(switch))
            box.setChecked(switch.name in ticked)
            box.setToolTip("Ticked: paid from the roll whenever it can afford it (once a roll)")
            box.toggled.connect(self.changed)
            remove = QToolButton()
            remove.setText("Remove")
            remove.setAccessibleName(f"Remove the Switch {switch.name}")
            remove.clicked.connect(lambda _=False, n=switch.name: self.remove(n))
            self.rows.addWidget(box, row, 0)
            self.rows.addWidget(remove, row, 1)
            self._boxes.append(box)
