"""The travel-day panel: a journey's day set out in the rulebook's order, then travelled.

1. pace and the slowest speed, road, river crossing or upstream, downstream — the day's hexes,
   travel EN, rest EN and the role tests' edge or bane shown as they are chosen;
2. a task for each traveller (the journey's crows and hirelings), with the exact odds of each
   tier; supporters are rolled first, then the guide, scouts and trackers;
3. after how many hexes the travel encounter check falls;
4. the route, hex by hex (the direction buttons, or a click on the next hex of the map);
5. the rest outdoors (Seclude Camp and Prepare Campsite add to the rest EN), with each resting
   crow's rest activity (the rows the other rests use; a refused choice keeps "Travel the day" off);
6. whether the rest is in the Miasma.

"Travel the day" rolls it all through the app's travel day (one step on the undo stack: Edit ▸
Undo takes the day back); "Step by step" (:mod:`refkit.gui.travel.day_steps_box`) rolls the
same day one press per step, each step its own undo step. The day's journal entry is shown, with
the referee's note for it, and the whole journal exports to Markdown (:mod:`.journal_box`).
While the party is lost the map shows the referee where it truly is; the lost d6 stays secret.
"""

from __future__ import annotations

from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from refkit.app.travel.journey import Journey
from refkit.gui.common.plain_text import PLAIN, ElidedLabel
from refkit.gui.common.rest_choices import RestChoices
from refkit.gui.shell.undo_adapter import push_command, write_through
from refkit.gui.travel.day_backend import TravelBackend, load_or_none, read_day
from refkit.gui.travel.day_steps_box import (
    DayStepsBox,
    RestInputs,
    RestRowsSlot,
    read_rest_inputs,
    rest_boxes,
)
from refkit.gui.travel.journal_box import JournalBox
from refkit.gui.travel.map_document import MapDocument
from refkit.gui.travel.map_scene import HexMapScene, MapViewer, PartyPlace
from refkit.gui.travel.map_view import HexMapView
from refkit.gui.travel.role_row import RoleRow
from refkit.present.travel_roles_text import odds_text as odds_text  # named here before
from refkit.present.travel_roles_text import parse_hirelings
from refkit.rules.common.pace import Pace
from refkit.rules.travel.day import day_encounter_numbers, day_hexes, role_test_modifier
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.travel_day import DayPlan, Traveller


class TravelDayPanel(QWidget):
    status_message = Signal(str)
    journey_changed = Signal(object)
    journal_exported = Signal(str)
    """The journal's Markdown was written (the path written)."""
    """The journey shown changed (the Journey, or None)."""

    def __init__(
        self,
        undo_stack: QUndoStack,
        backend: TravelBackend | None = None,
        parent: QWidget | None = None,
        *,
        read_now: bool = True,
    ) -> None:
        super().__init__(parent)
        self.undo_stack = undo_stack
        self.backend = backend
        self.journey: Journey | None = None
        self.route: list[HexDirection] = []
        self._rows: list[RoleRow] = []
        self._stale = False

        # the journey ------------------------------------------------------------------------
        self.journeys = QComboBox()
        self.journeys.setAccessibleName("Journey")
        self.journeys.activated.connect(lambda _: self.show_journey(self.journeys.currentText()))
        self.new_journey = QLineEdit()
        self.new_journey.setPlaceholderText("New journey's name")
        self.start_map = QComboBox()
        self.start_map.setAccessibleName("Map for the new journey")
        # Before any journey the map pane shows the map chosen here.
        self.start_map.currentTextChanged.connect(self._map_chosen)
        self.hirelings = QLineEdit()
        self.hirelings.setPlaceholderText("Hirelings: Ivo=1,0,2; Mule=0,-3,3,animal")
        self.with_party = QCheckBox("with the party at the table")
        self.with_party.setChecked(True)
        self.start_button = QPushButton("Start journey")
        self.start_button.clicked.connect(self.start_journey)
        journey_box = QGroupBox("Journey")
        journey_form = QGridLayout(journey_box)
        journey_form.addWidget(self.journeys, 0, 0, 1, 2)
        journey_form.addWidget(self.new_journey, 1, 0)
        journey_form.addWidget(self.start_map, 1, 1)
        journey_form.addWidget(self.hirelings, 2, 0)
        journey_form.addWidget(self.start_button, 2, 1)
        journey_form.addWidget(self.with_party, 3, 0, 1, 2)

        # 1. pace ----------------------------------------------------------------------------
        self.pace = QComboBox()
        self.pace.setAccessibleName("Pace")
        for pace in Pace:
            self.pace.addItem(pace.value.capitalize(), pace)
        self.pace.setCurrentIndex(1)
        self.speed = QSpinBox(minimum=0, maximum=30, value=5)
        self.speed.setAccessibleName("Slowest speed")
        self.road = QCheckBox("Road all day")
        self.river_cross = QCheckBox("River crossing or upstream")
        self.downstream = QCheckBox("Downstream")
        self.preview = QLabel()
        self.preview.setTextFormat(PLAIN)
        pace_box = QGroupBox("1. Pace and speed")
        self.pace_box = pace_box
        pace_form = QFormLayout(pace_box)
        row = QHBoxLayout()
        row.addWidget(self.pace)
        row.addWidget(QLabel("slowest speed"))
        row.addWidget(self.speed)
        pace_form.addRow(row)
        checks = QHBoxLayout()
        for box in (self.road, self.river_cross, self.downstream):
            checks.addWidget(box)
        pace_form.addRow(checks)
        pace_form.addRow(self.preview)

        # 2. roles ---------------------------------------------------------------------------
        self.roles_box = QGroupBox("2. Travel roles (supporters, guide, scouts, trackers)")
        self.roles_grid = QGridLayout(self.roles_box)

        # 3–6. encounter, route, rest, Miasma -------------------------------------------------
        self.encounter_at = QSpinBox(minimum=0, maximum=0)
        self.encounter_at.setAccessibleName("Encounter check after hexes")
        self.route_label = QLabel()
        self.route_label.setTextFormat(PLAIN)
        self.route_label.setWordWrap(True)
        route_buttons = QHBoxLayout()
        for direction in HexDirection:
            button = QPushButton(direction.name)
            button.setMaximumWidth(button.fontMetrics().horizontalAdvance("NW") + 24)
            button.setToolTip(f"Walk one hex {direction.name}")
            button.clicked.connect(lambda _=False, d=direction: self.add_step(d))
            route_buttons.addWidget(button)
        clear = QPushButton("Clear")
        clear.clicked.connect(self.clear_route)
        route_buttons.addWidget(clear)
        self.rest, self.seclude, self.campsite = rest_boxes()
        self.in_miasma = QCheckBox("The rest is in the Miasma")
        self.in_miasma.setChecked(True)
        later_box = QGroupBox("3–6. Encounter, route, rest, Miasma")
        later = QFormLayout(later_box)
        later.addRow("3. Encounter check after hex", self.encounter_at)
        later.addRow(QLabel("4. Route (or click the next hex on the map)"))
        later.addRow(route_buttons)
        later.addRow("", self.route_label)
        rests = QHBoxLayout()
        for box in (self.rest, self.seclude):
            rests.addWidget(box)
        later.addRow("5. Rest", rests)
        later.addRow("", self.campsite)  # its own line: the form stays as narrow as before
        self.day_rest_holder = QWidget()
        day_rest_area = QVBoxLayout(self.day_rest_holder)
        day_rest_area.setContentsMargins(0, 0, 0, 0)
        later.addRow(self.day_rest_holder)
        self._day_rest = RestRowsSlot(
            day_rest_area, self.day_rest_holder, "travel_day_rest_choices",
            self._refresh_travel_button,
        )  # fmt: skip
        later.addRow("6. Miasma", self.in_miasma)

        self.travel_button = QPushButton("Travel the day")
        self.travel_button.clicked.connect(self.travel)
        self.two_hours_button = QPushButton("2 hours pass")
        self.two_hours_button.setToolTip(
            "Outside a dungeon, 2 hours count as a DT for tracked effects: their usage dice "
            "roll as at End DT (no encounter check). One undo step."
        )
        self.two_hours_button.clicked.connect(self.two_hours_pass)
        self.problem = QLabel()
        self.problem.setTextFormat(PLAIN)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a01818;")
        self.problem.hide()
        self.steps_box = DayStepsBox(undo_stack, self.plan, lambda: self.route, self)
        self.steps_box.status_message.connect(self.status_message)
        self.steps_box.problem.connect(self._say)
        self.steps_box.finished.connect(self._day_finished)

        # the journal ------------------------------------------------------------------------
        self.journal = JournalBox(undo_stack)
        self.journal.status_message.connect(self.status_message)
        self.journal.problem.connect(self._say)
        self.journal.journal_exported.connect(self.journal_exported)
        journal_box = self.journal
        # its parts, as the panel named them before the box was split out
        self.journal_day = self.journal.journal_day
        self.entry = self.journal.entry
        self.note = self.journal.note
        self.keep_note = self.journal.keep_note
        self.export_path = self.journal.export_path
        self.export_button = self.journal.export_button

        # the map ----------------------------------------------------------------------------
        self.document = MapDocument(parent=self)
        self.scene = HexMapScene(self.document, MapViewer.REFEREE, self)
        self.view = HexMapView(self.scene)
        self.view.cursor_moved.connect(self._hex_clicked)
        self.readout = ElidedLabel(
            "Point at a hex to read it; click the next hex to add it to the route."
        )
        self.readout.setTextFormat(PLAIN)
        self.view.hex_pointed.connect(lambda h: self.readout.setText(self.scene.cell_text(h)))
        map_side = QWidget()
        map_layout = QVBoxLayout(map_side)
        map_layout.setContentsMargins(0, 0, 0, 0)
        map_layout.addWidget(self.view, 1)
        map_layout.addWidget(self.readout)

        form = QWidget()
        form_layout = QVBoxLayout(form)
        for widget in (journey_box, pace_box, self.roles_box, later_box):
            form_layout.addWidget(widget)
        travel_row = QHBoxLayout()
        travel_row.addWidget(self.travel_button, 1)
        travel_row.addWidget(self.two_hours_button)
        form_layout.addLayout(travel_row)
        form_layout.addWidget(self.steps_box)
        form_layout.addWidget(self.problem)
        form_layout.addWidget(journal_box, 1)
        # Wide enough for the rest's rows (crow, rations, activity, target, what it will do).
        form.setMaximumWidth(800)
        # The form scrolls, so the panel fits a laptop's screen beside other panels.
        scroller = QScrollArea()
        scroller.setWidgetResizable(True)
        scroller.setWidget(form)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setMaximumWidth(820)
        self.scroller = scroller
        self.view.setMinimumSize(200, 160)
        splitter = QSplitter()
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(scroller)
        splitter.addWidget(map_side)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        self.splitter = splitter
        self._sized = False
        splitter.splitterMoved.connect(self._splitter_dragged)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        for signal in (self.pace.currentIndexChanged, self.speed.valueChanged):
            signal.connect(lambda _: self._update_preview())
        for box in (self.road, self.river_cross, self.downstream, self.seclude, self.campsite):
            box.toggled.connect(lambda _: self._update_preview())
        # Seclude Camp / Prepare Campsite decide whether a crow may do them in the rest's rows.
        for box in (self.rest, self.seclude, self.campsite):
            box.toggled.connect(lambda _: self._fill_day_rest())
        # A bound method: Qt drops the connection when the panel goes, the stack may outlive it.
        undo_stack.indexChanged.connect(self._stack_moved)
        if read_now:
            self.reload()

    def _splitter_dragged(self, position: int, index: int) -> None:
        self._sized = True

    def changed_elsewhere(self) -> None:
        """Another client moved a journey or a map: read again (now, or when shown)."""
        self._stack_moved(-1)

    def _stack_moved(self, index: int) -> None:
        # Read again now if the panel is seen, else when it is shown (a closed panel, or one
        # being torn down with the window, reads nothing).
        if not shiboken6.isValid(self.pace) or not self.isVisible():
            self._stale = True
            return
        self.reload()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._share_width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._share_width()

    def _share_width(self) -> None:
        """The form first (up to its widest), the map the rest, until the referee drags the
        splitter (then their choice stays)."""
        # The form is never narrower than its rows (no sideways scroll bar hides Start
        # journey or NW); the map takes what is left.
        wanted = self.form_width()
        if self.scroller.minimumWidth() != wanted:
            self.scroller.setMinimumWidth(wanted)
        if self._sized or self.width() <= 0:
            return
        form = max(wanted, min(780, self.width() - 560))
        self.splitter.setSizes([form, max(200, self.width() - form)])
        if self._stale:
            self.reload()

    def form_width(self) -> int:
        """The form's least width with its vertical scroll bar: all of each row shows."""
        form = self.scroller.widget()
        bar = self.scroller.verticalScrollBar().sizeHint().width()
        return max(320, form.minimumSizeHint().width() + bar + 2 * self.scroller.frameWidth())

    # the journey --------------------------------------------------------------------------

    def set_backend(self, backend: TravelBackend | None) -> None:
        self.backend = backend
        self.reload()

    def reload(self) -> None:
        """Read the journeys and maps again (after a step, an undo, another window)."""
        self._stale = False
        backend = self.backend
        self.setEnabled(backend is not None)
        if backend is None:
            return
        shown = self.journey.name if self.journey else None

        chosen_map, rests = self.start_map.currentText(), self.rest.isChecked()

        # One trip to the worker for the reads (where the undo stack writes).
        journey_names, map_names, journey, preview, rest = write_through(
            self.undo_stack, read_day, backend, shown, chosen_map, rests
        )
        self.journeys.clear()
        self.journeys.addItems(journey_names)
        with QSignalBlocker(self.start_map):  # one read above, not one per listed map
            self.start_map.clear()
            self.start_map.addItems(map_names)
            if preview is not None:
                self.start_map.setCurrentText(preview.name)
            elif chosen_map:
                self.start_map.setCurrentText(chosen_map)
        self._show(journey, preview, rest)

    def _map_chosen(self, name: str) -> None:
        """Before any journey, show the map chosen for the next one."""
        backend = self.backend
        if backend is None or self.journey is not None or not name:
            return
        self._show(None, write_through(self.undo_stack, load_or_none, backend, name))

    def show_journey(self, name: str) -> None:
        if self.backend is None:
            return
        try:
            self._show(self.backend.journey(name))
        except ValueError as problem:
            self._say(str(problem))

    def _show(
        self,
        journey: Journey | None,
        preview: HexMap | None = None,
        rest: RestInputs | str | None = None,
    ) -> None:
        """Show ``journey``; with none, ``preview`` (the map a new journey would start on)
        with the party on its start hex. ``rest``: the rest rows' inputs read with it."""
        same_map = (
            self.journey is not None
            and journey is not None
            and self.journey.hex_map == journey.hex_map
        )
        same_travellers = (
            self.journey is not None
            and journey is not None
            and self.journey.state.travellers == journey.state.travellers
        )
        self.journey = journey
        if journey is None:
            if preview != self.document.hex_map:
                self.document.set_map(preview)
                self.view.fit_map()
            start = preview.start if preview is not None else None
            self.scene.set_party(
                PartyPlace(start, start, False, frozenset({start})) if start is not None else None
            )
            self._fill_roles(())
            self.entry.setPlainText("No journey yet: start one above.")
            self.steps_box.show_journey(None, None)
            self._fill_day_rest()
            self.journey_changed.emit(None)
            return
        self.journeys.setCurrentText(journey.name)
        if not same_map:
            self.document.set_map(journey.hex_map)
            self.view.fit_map()
        state = journey.state
        self.steps_box.show_journey(journey, self.backend)
        # A day under way is rolled step by step; the whole-day button waits until it ends.
        self._fill_day_rest(rest)
        # The day's plan is fixed once it is begun: its steps follow it.
        for box in (self.pace_box, self.roles_box):
            box.setEnabled(journey.pending is None)
        progress = self.steps_box.progress
        if progress is not None:
            walked = {step.believed for step in progress.steps} | {progress.start_believed}
            self.scene.set_party(
                PartyPlace(progress.believed_hex, progress.true_hex,
                           progress.lost if progress.roles_done else state.lost,
                           state.explored | walked)
            )  # fmt: skip
        else:
            self.scene.set_party(
                PartyPlace(state.believed_hex, state.true_hex, state.lost, state.explored)
            )
        if not same_travellers:
            self._fill_roles(state.travellers)
        self._show_entry()
        self._update_preview()
        self._show_route()
        self.journey_changed.emit(journey)

    def start_journey(self) -> None:
        backend = self.backend
        if backend is None:
            return
        name = self.new_journey.text().strip()
        try:
            if not name:
                raise ValueError("Give the journey a name first.")
            if not self.start_map.currentText():
                raise ValueError("There is no stored map yet: make one in the Travel map panel.")
            hex_map = backend.load_map(self.start_map.currentText())
            crows = backend.party_at_table() if self.with_party.isChecked() else []
            travellers = crows + parse_hirelings(self.hirelings.text())
            if not travellers:
                raise ValueError(
                    "Nobody travels: choose the party at the table, or name hirelings."
                )
            journey = write_through(self.undo_stack, backend.start, name, hex_map, travellers)
        except ValueError as problem:
            self._say(str(problem))
            return
        self._say("")
        self.journey = None
        self.reload()
        self.show_journey(journey.name)
        self.status_message.emit(f"Journey {journey.name!r} starts on {hex_map.name}")

    # the plan -----------------------------------------------------------------------------

    def _fill_roles(self, travellers: Sequence[Traveller]) -> None:
        # The same travellers keep their tasks (a Miasma test changed someone's cruelty).
        kept = {row.traveller.name: (row.task.currentIndex(), row.tested.currentIndex())
                for row in self._rows}  # fmt: skip
        while self.roles_grid.count():
            item = self.roles_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self._rows = [
            RoleRow(t, self.roles_grid, n, self._update_preview)
            for n, t in enumerate(t for t in travellers if not t.claimed)
        ]
        for row in self._rows:
            task, tested = kept.get(row.traveller.name, (0, 0))
            row.task.setCurrentIndex(task)
            row.tested.setCurrentIndex(tested)

    def role_row(self, name: str) -> RoleRow:
        return next(row for row in self._rows if row.traveller.name == name)

    def chosen_pace(self) -> Pace:
        pace = self.pace.currentData()
        return pace if isinstance(pace, Pace) else Pace.NORMAL

    def hexes_today(self) -> int:
        return day_hexes(
            self.chosen_pace(),
            self.speed.value(),
            road=self.road.isChecked(),
            river_cross=self.river_cross.isChecked(),
            downstream=self.downstream.isChecked(),
        )

    def _update_preview(self) -> None:
        pace = self.chosen_pace()
        hexes = self.hexes_today()
        road, seclude, camp = (b.isChecked() for b in (self.road, self.seclude, self.campsite))
        travel_en, rest_en = day_encounter_numbers(pace, road=road, seclude=seclude, campsite=camp)
        tests = role_test_modifier(pace)
        self.preview.setText(
            f"{hexes} hex{'es' if hexes != 1 else ''} before the roles, travel EN {travel_en}, "
            f"rest EN {rest_en}, role tests: {tests}"
        )
        for row in self._rows:
            row.show_odds(pace)
        self.encounter_at.setMaximum(max(len(self.route), 0))

    def add_step(self, direction: HexDirection) -> None:
        self.route.append(direction)
        self._show_route()

    def clear_route(self) -> None:
        self.route.clear()
        self._show_route()

    def _route_end(self) -> Hex | None:
        if self.journey is None:
            return None
        progress = self.steps_box.progress
        # While a day is under way the route is counted from where it set out believing to be.
        at = progress.start_believed if progress is not None else self.journey.state.believed_hex
        for direction in self.route:
            at = at.step(direction)
        return at

    def _hex_clicked(self, hex_: Hex) -> None:
        end = self._route_end()
        if end is None:
            return
        direction = end.direction_to(hex_)
        if direction is not None:
            self.add_step(direction)

    def _show_route(self) -> None:
        end = self._route_end()
        if not self.route:
            self.route_label.setText("No route yet: the party stays where it is.")
        else:
            steps = ", ".join(d.name for d in self.route)
            where = f" (to {end.label} as the players see it)" if end else ""
            self.route_label.setText(f"{len(self.route)} hexes: {steps}{where}")
        self.encounter_at.setMaximum(len(self.route))
        self.steps_box.refresh_next()
        if end is not None and self.journey is not None:
            self.scene.set_cursor(end)
            progress = self.steps_box.progress
            at = (
                progress.start_believed if progress is not None else self.journey.state.believed_hex
            )
            hexes = [at]
            for direction in self.route:
                at = at.step(direction)
                hexes.append(at)
            self.scene.set_route(hexes)
        else:
            self.scene.set_route([])

    def plan(self) -> DayPlan:
        """The day as chosen; ValueError naming what is wrong."""
        roles = tuple(a for a in (row.assignment() for row in self._rows) if a is not None)
        return DayPlan(
            pace=self.chosen_pace(),
            slowest_speed=self.speed.value(),
            route=tuple(self.route),
            roles=roles,
            road=self.road.isChecked(),
            river_cross=self.river_cross.isChecked(),
            downstream=self.downstream.isChecked(),
            encounter_at=min(self.encounter_at.value(), len(self.route)),
            rest=self.rest.isChecked(),
            seclude=self.seclude.isChecked(),
            campsite=self.campsite.isChecked() and self.rest.isChecked(),
            in_miasma=self.in_miasma.isChecked(),
        )

    # the rest's activities -----------------------------------------------------------------

    @property
    def day_rest(self) -> RestChoices | None:
        """The resting crows' activity rows for "Travel the day"."""
        return self._day_rest.rows

    def _fill_day_rest(self, read: RestInputs | str | None = None) -> None:
        """The rest rows for "Travel the day" from the sheets (``read`` with the journey, else
        now) while no day is under way and the day rests (see :class:`RestRowsSlot`). The
        button follows what they allow."""
        backend, journey = self.backend, self.journey
        inputs: RestInputs | str | None = None
        rests = journey is not None and journey.pending is None and self.rest.isChecked()
        if backend is not None and journey is not None and rests:
            inputs = read
            other = isinstance(read, RestInputs) and read.journey != journey.name
            if inputs is None or other:
                inputs = write_through(self.undo_stack, read_rest_inputs, backend, journey.name)
        if self._day_rest.rows is None:
            self._day_rest.kept.clear()  # rows back after none ask afresh
        problem = self._day_rest.show((inputs, self.seclude.isChecked(), self.campsite.isChecked()))
        if problem:
            self._say(problem)
        self.day_rest_holder.setVisible(self._day_rest.rows is not None)
        self._refresh_travel_button()

    def day_rest_problem(self) -> str:
        """Why the crows' rest activities for the whole day are refused, or ""."""
        rows = self.day_rest
        return rows.problem() if rows is not None and self.rest.isChecked() else ""

    def _refresh_travel_button(self) -> None:
        journey = self.journey
        refused = self.day_rest_problem()
        self.travel_button.setEnabled(
            journey is not None and journey.pending is None and not refused
        )
        self.travel_button.setToolTip(f"Refused: {refused}" if refused else "")

    # travelling ---------------------------------------------------------------------------

    def travel(self) -> bool:
        backend, journey = self.backend, self.journey
        if backend is None or journey is None:
            self._say("Start or choose a journey first.")
            return False
        try:
            refused = self.day_rest_problem()
            if refused:
                raise ValueError(f"The rest is refused: {refused}")
            plan = self.plan()
            rows = self.day_rest if plan.rest else None
            activities = rows.choices() if rows is not None else None
            command = backend.travel_day_command(plan, journey.name, activities=activities)
            push_command(self.undo_stack, command)  # type: ignore[arg-type]
        except ValueError as problem:
            self._say(str(problem))
            return False
        self._say("")
        self.route.clear()
        self.journal.kept_choice = False  # show the day just travelled
        self.reload()
        self.status_message.emit(f"Day {journey.state.day + 1} of {journey.name} travelled")
        return True

    def _day_finished(self) -> None:
        self.route.clear()
        self.journal.kept_choice = False  # show the day just travelled
        self._show_route()

    def two_hours_pass(self) -> bool:
        """Roll the tracked effects for 2 hours outside a dungeon (one undo step)."""
        if self.backend is None:
            return False
        try:
            command = self.backend.two_hours_command()
            push_command(self.undo_stack, command)  # type: ignore[arg-type]
        except ValueError as problem:
            self._say(str(problem))
            return False
        self._say("")
        outcome = getattr(command, "outcome", None)
        passed = getattr(outcome, "value", None)
        rolls = len(getattr(passed, "usage_dice", ()))
        self.status_message.emit(
            f"2 hours pass: {rolls} tracked effect{'s' if rolls != 1 else ''} rolled"
        )
        return True

    def _show_entry(self) -> None:
        """Fill the journal's day list and show the last day (or the one chosen)."""
        self.journal.show_journey(self.journey, self.backend)

    def save_note(self) -> None:
        self.journal.save_note()

    def export_journal(self, path: str) -> bool:
        return self.journal.export_journal(path)

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
