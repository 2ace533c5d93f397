"""The map panel: a stored map shown for the referee, and an editor for it.

Tools (the tool row, or keys 1–6 with the map focused): paint a habitat, draw a road or a river
by dragging through hexes (a river flows the way the drag goes), clear a hex's road, river and
places, add a place (its name, kind and notes from the form), take a hex off the map. Each stroke
is one step on the window's undo stack. Save writes the map to the database; a map that cannot be
written says why in the panel, and nothing is lost from the editor.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import PLAIN, ElidedLabel
from refkit.gui.shell.undo_adapter import push_command, write_through
from refkit.gui.travel.habitat_glyphs import PATTERNS
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_edits import (
    HabitatsEdit,
    MapStroke,
    cleared,
    painted,
    with_habitat,
    with_place,
    with_river,
    with_road,
)
from refkit.gui.travel.map_scene import HexMapScene, MapViewer, PartyPlace
from refkit.gui.travel.map_view import HexMapView
from refkit.rules.travel.hex_map import Habitat, HexCell, HexMap, PointOfInterest
from refkit.rules.travel.hexes import Hex

if TYPE_CHECKING:
    from refkit.app.travel.map_library import LoadedMap


class MapBook(Protocol):
    """Where maps are kept (:class:`~refkit.app.travel.map_library.MapLibrary` fits)."""

    def names(self) -> list[str]: ...

    def load_versioned(self, name: str) -> LoadedMap: ...

    def save(
        self, hex_map: HexMap, *, replace: bool = True, expected_version: int | None = None
    ) -> int: ...


class Tool(Enum):
    LOOK = "Look"
    HABITAT = "Habitat"
    ROAD = "Road"
    RIVER = "River"
    PLACE = "Place"
    CLEAR = "Clear"
    REMOVE = "Remove hex"


def rectangle_map(name: str, width: int, height: int, habitat: str = "plains") -> HexMap:
    """A new map of ``width`` columns and ``height`` rows of one habitat, squared on screen."""
    if width < 1 or height < 1:
        raise ValueError("a new map needs at least one column and one row")
    cells = {Hex(q, row - q // 2): HexCell(habitat) for q in range(width) for row in range(height)}
    return HexMap(name, cells, start=Hex(0, 0))


class MapEditor(QWidget):
    """A stored map, viewed or edited, with the hex readout under it."""

    status_message = Signal(str)
    map_saved = Signal(object)
    """A map was written to the database (the HexMap)."""

    def __init__(
        self,
        undo_stack: QUndoStack,
        book: MapBook | None = None,
        parent: QWidget | None = None,
        *,
        read_now: bool = True,
    ) -> None:
        super().__init__(parent)
        self.undo_stack = undo_stack
        self.book = book
        self._version: int | None = None  # the stored version the map shown was read at
        self.document = MapDocument(parent=self)
        self.scene = HexMapScene(self.document, MapViewer.REFEREE, self)
        self.view = HexMapView(self.scene, self)
        self.view.setMinimumSize(200, 160)
        self.tool = Tool.LOOK
        self._stroke_before: dict[Hex, HexCell | None] = {}
        self._last_hex: Hex | None = None

        self.maps = QComboBox()
        self.maps.setAccessibleName("Stored maps")
        self.maps.activated.connect(lambda _: self.open_map(self.maps.currentText()))
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("New map's name")
        self.new_width = QSpinBox(minimum=1, maximum=200, value=20)
        self.new_height = QSpinBox(minimum=1, maximum=200, value=15)
        self.new_button = QPushButton("New map")
        self.new_button.clicked.connect(self._new_map)
        self.save_button = QPushButton("Save map")
        self.save_button.clicked.connect(self.save)
        top = QHBoxLayout()
        top.addWidget(QLabel("Map:"))
        top.addWidget(self.maps, 1)
        top.addWidget(self.save_button)
        fresh = QHBoxLayout()
        fresh.addWidget(self.new_name, 1)
        fresh.addWidget(self.new_width)
        fresh.addWidget(QLabel("×"))
        fresh.addWidget(self.new_height)
        fresh.addWidget(self.new_button)

        self.tools = QButtonGroup(self)
        tools = QHBoxLayout()
        for number, tool in enumerate(Tool, start=1):
            button = QToolButton()
            button.setText(tool.value)
            button.setCheckable(True)
            button.setToolTip(f"{tool.value} (key {number} on the map)")
            button.setChecked(tool is Tool.LOOK)
            self.tools.addButton(button, number)
            tools.addWidget(button)
        self.tools.idClicked.connect(lambda number: self.set_tool(list(Tool)[number - 1]))
        tools.addStretch(1)
        self.habitat = QComboBox()
        self.habitat.setAccessibleName("Habitat to paint")
        self.erase = QCheckBox("Erase")
        self.erase.setToolTip("Road and River tools take the road or river away instead")

        place = QHBoxLayout()
        place.addWidget(self.habitat)
        place.addWidget(self.erase)
        self.place_name = QLineEdit()
        self.place_name.setPlaceholderText("Place's name")
        self.place_dungeon = QCheckBox("Dungeon")
        self.place_notes = QLineEdit()
        self.place_notes.setPlaceholderText("Referee's notes (the players never see them)")
        self.place_table = QLineEdit()
        self.place_table.setPlaceholderText("Its encounter table")
        self.place_table.setToolTip(
            "A dungeon's encounter table, chosen on the DT panel when it is entered (optional)"
        )
        self.place_table.setEnabled(False)
        self.place_dungeon.toggled.connect(self.place_table.setEnabled)
        place.addWidget(self.place_name)
        place.addWidget(self.place_dungeon)
        place.addWidget(self.place_table)
        place.addWidget(self.place_notes, 2)

        habitats = QHBoxLayout()
        self.habitat_name = QLineEdit()
        self.habitat_name.setPlaceholderText("Habitat's name")
        self.habitat_colour = QLineEdit()
        self.habitat_colour.setPlaceholderText("#3f6b35")
        self.habitat_colour.setMaximumWidth(90)
        self.habitat_pattern = QComboBox()
        self.habitat_pattern.setAccessibleName("Habitat's pattern")
        self.habitat_pattern.addItems(["(none)", *PATTERNS])
        self.habitat_button = QPushButton("Add or change habitat")
        self.habitat_button.clicked.connect(self.keep_habitat)
        self.habitat.currentTextChanged.connect(self._habitat_chosen)
        for widget in (self.habitat_name, self.habitat_colour, self.habitat_pattern):
            habitats.addWidget(widget)
        habitats.addWidget(self.habitat_button)

        self.readout = ElidedLabel("Point at a hex to read it; arrow keys move the hex cursor.")
        self.readout.setTextFormat(PLAIN)
        self.readout.setAccessibleName("Hex readout")
        self.problem = QLabel()
        self.problem.setTextFormat(PLAIN)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a01818;")
        self.problem.hide()

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(fresh)
        layout.addLayout(tools)
        layout.addLayout(place)
        layout.addLayout(habitats)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.readout)
        layout.addWidget(self.problem)

        self.view.hex_pointed.connect(self._show_hex)
        self.view.cursor_moved.connect(self._show_hex)
        self.view.hex_pressed.connect(self._begin_stroke)
        self.view.hex_dragged.connect(self._continue_stroke)
        self.view.hex_released.connect(self._end_stroke)
        self.view.cursor_activated.connect(self.apply_at)
        self.document.saved_changed.connect(self._saved_changed)
        self.document.changed.connect(self._cells_changed)
        if read_now:
            self.refresh_maps()
        self._fill_habitats()

    # maps ---------------------------------------------------------------------------------

    def refresh_maps(self) -> None:
        current = self.maps.currentText()
        self.maps.clear()
        if self.book is not None:
            self.maps.addItems(self.book.names())
        if current:
            self.maps.setCurrentText(current)

    def open_first_map(self) -> None:
        """List the stored maps and show the first one (the panel's first read, once built)."""
        self.refresh_maps()
        if self.maps.count() and self.document.hex_map is None:
            self.open_map(self.maps.itemText(0))

    def open_map(self, name: str) -> None:
        if self.book is None or not name:
            return
        try:
            loaded = self.book.load_versioned(name)
        except ValueError as problem:
            self._say_problem(str(problem))
            return
        self.show_map(loaded.hex_map, version=loaded.version)

    def show_map(
        self, hex_map: HexMap | None, *, saved: bool = True, version: int | None = None
    ) -> None:
        """Show ``hex_map``; ``version``: the stored version it was read at (0: a new map; None:
        not read from the book, so a save replaces what is stored under its name)."""
        self._version = version
        self.document.set_map(hex_map, saved=saved)
        self._fill_habitats()
        self._say_problem("")
        self.view.fit_map()

    def set_party(self, party: PartyPlace | None) -> None:
        self.scene.set_party(party)

    def _new_map(self) -> None:
        name = self.new_name.text().strip()
        if not name:
            self._say_problem("Give the new map a name first.")
            return
        try:
            hex_map = rectangle_map(name, self.new_width.value(), self.new_height.value())
        except ValueError as problem:
            self._say_problem(str(problem))
            return
        self.show_map(hex_map, saved=False, version=0)
        self.set_tool(Tool.HABITAT)

    def save(self) -> bool:
        """Write the map to the database; False (and the reason in the panel) when it fails."""
        hex_map = self.document.hex_map
        if hex_map is None or self.book is None:
            self._say_problem("There is no map to save.")
            return False
        try:
            self._version = write_through(
                self.undo_stack, self.book.save, hex_map, expected_version=self._version
            )
        except (ValueError, OSError) as problem:
            self._say_problem(f"The map was not saved: {problem}")
            return False
        except Exception as problem:  # the store's DatabaseError: locked, full, read-only
            self._say_problem(f"The map was not saved: {problem}")
            return False
        self.document.mark_saved()
        self.refresh_maps()
        self.maps.setCurrentText(hex_map.name)
        self._say_problem("")
        self.status_message.emit(f"Map {hex_map.name!r} saved ({len(hex_map.cells)} hexes)")
        self.map_saved.emit(hex_map)
        return True

    def _saved_changed(self, saved: bool) -> None:
        self.save_button.setText("Save map" if saved else "Save map *")

    def _cells_changed(self, hexes: object) -> None:
        hex_map = self.document.hex_map
        listed = [self.habitat.itemText(i) for i in range(self.habitat.count())]
        if hex_map is not None and listed != [h.name for h in hex_map.habitats]:
            self._fill_habitats()  # the list changed (an edit, its undo)

    def _fill_habitats(self) -> None:
        chosen = self.habitat.currentText()
        self.habitat.clear()
        hex_map = self.document.hex_map
        if hex_map is not None:
            self.habitat.addItems([h.name for h in hex_map.habitats])
            if chosen:
                self.habitat.setCurrentText(chosen)

    def _habitat_chosen(self, name: str) -> None:
        hex_map = self.document.hex_map
        found = next((h for h in hex_map.habitats if h.name == name), None) if hex_map else None
        if found is not None:
            self.habitat_name.setText(found.name)
            self.habitat_colour.setText(found.colour)
            self.habitat_pattern.setCurrentText(found.pattern or "(none)")

    def keep_habitat(self) -> bool:
        """Add the habitat of the form to the map's list, or change the one of its name."""
        hex_map = self.document.hex_map
        if hex_map is None:
            self._say_problem("There is no map to edit: make a new one or open one first.")
            return False
        pattern = self.habitat_pattern.currentText()
        habitat = Habitat(
            self.habitat_name.text().strip(),
            self.habitat_colour.text().strip(),
            "" if pattern == "(none)" else pattern,
        )
        try:
            after = with_habitat(hex_map.habitats, habitat)
            text = f"Map: habitat {habitat.name}"
            push_command(
                self.undo_stack, HabitatsEdit(self.document, text, hex_map.habitats, after)
            )
        except ValueError as problem:
            self._say_problem(str(problem))
            return False
        self._say_problem("")
        self._fill_habitats()
        self.habitat.setCurrentText(habitat.name)
        return True

    def _say_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    # tools --------------------------------------------------------------------------------

    def set_tool(self, tool: Tool) -> None:
        self.tool = tool
        button = self.tools.button(list(Tool).index(tool) + 1)
        if button is not None:
            button.setChecked(True)
        self.view.editing = tool is not Tool.LOOK

    def keyPressEvent(self, event: object) -> None:  # keys 1-7 pick a tool
        from PySide6.QtGui import QKeyEvent

        if isinstance(event, QKeyEvent) and Qt.Key.Key_1 <= event.key() <= Qt.Key.Key_7:
            self.set_tool(list(Tool)[event.key() - Qt.Key.Key_1])
            return
        super().keyPressEvent(event)  # type: ignore[arg-type]

    def _change_for(self, hex_: Hex, came_from: Hex | None) -> dict[Hex, HexCell | None]:
        """What the tool does when it reaches ``hex_`` (from ``came_from`` while dragging)."""
        cells = self.document.cells([hex_] + ([came_from] if came_from else []))
        cell = cells[hex_]
        erase = self.erase.isChecked()
        if self.tool is Tool.HABITAT and self.habitat.currentText():
            return {hex_: painted(cell, self.habitat.currentText())}
        if self.tool is Tool.ROAD and cell is not None:
            return {hex_: with_road(cell, not erase)}
        if self.tool is Tool.RIVER:
            if erase:
                return {hex_: with_river(cell, None)} if cell else {}
            if came_from is not None and cells[came_from] is not None:
                flow = came_from.direction_to(hex_)
                if flow is not None:
                    return {came_from: with_river(cells[came_from], flow)}
            return {}
        if self.tool is Tool.CLEAR and cell is not None:
            return {hex_: cleared(cell)}
        if self.tool is Tool.REMOVE and cell is not None:
            hex_map = self.document.hex_map
            if hex_map is not None and len(hex_map.cells) <= 1:
                self._say_problem("A map keeps at least one hex.")
                return {}
            return {hex_: None}
        if self.tool is Tool.PLACE and cell is not None:
            name = self.place_name.text().strip()
            if not name:
                self._say_problem("Give the place a name first (the form above the map).")
                return {}
            dungeon = self.place_dungeon.isChecked()
            place = PointOfInterest(
                name,
                dungeon=dungeon,
                notes=self.place_notes.text().strip(),
                encounter_table=self.place_table.text().strip() if dungeon else "",
            )
            return {hex_: with_place(cell, place)}
        return {}

    def _apply(self, change: dict[Hex, HexCell | None]) -> None:
        for hex_ in change:
            if hex_ not in self._stroke_before:
                self._stroke_before[hex_] = self.document.cells([hex_])[hex_]
        if change:
            self.document.put(change)

    def _begin_stroke(self, hex_: Hex, modifiers: object) -> None:
        self._stroke_before = {}
        self._last_hex = hex_
        self._say_problem("")
        self._apply(self._change_for(hex_, None))
        if self.tool is Tool.PLACE:
            self._end_stroke()

    def _continue_stroke(self, hex_: Hex) -> None:
        if self.tool is Tool.PLACE:
            return
        self._apply(self._change_for(hex_, self._last_hex))
        self._last_hex = hex_

    def _end_stroke(self) -> None:
        before, self._stroke_before = self._stroke_before, {}
        self._last_hex = None
        if not before:
            return
        after = self.document.cells(before)
        if after == before:
            return
        text = (
            f"Map: {self.tool.value.lower()} on {len(before)} hex{'es' if len(before) > 1 else ''}"
        )
        try:
            push_command(self.undo_stack, MapStroke(self.document, text, before, after))
        except ValueError as problem:
            self._say_problem(str(problem))

    def apply_at(self, hex_: Hex) -> None:
        """One hex with the tool, from the keyboard (Return or Space on the cursor)."""
        if self.tool is Tool.LOOK:
            return
        self._begin_stroke(hex_, None)
        if self.tool is not Tool.PLACE:
            self._end_stroke()

    def _show_hex(self, hex_: Hex) -> None:
        self.readout.setText(self.scene.cell_text(hex_))
