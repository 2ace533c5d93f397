"""The travel day step by step on the referee's panel: what is done today, what comes next as one
button (a role test with its odds, the next hex of the route, the rest, the Miasma, the journal
entry), the encounter check whenever the referee wants it, and the last step taken back. When the
rest is next, each resting crow's rest activity is asked in the rows the other rests use
(:class:`~refkit.gui.common.rest_choices.RestChoices`); a refused choice keeps the button off.

Each press is one step on the undo stack (Edit ▸ Undo takes back that step alone); the box only
says and asks, the journey's day under way is the app's (:mod:`refkit.app.travel.journey_steps`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.travel.journey import Journey
from refkit.app.travel.rest_outdoors import check_seclude
from refkit.gui.common.plain_text import PLAIN
from refkit.gui.common.rest_choices import RestChoices
from refkit.gui.shell.undo_adapter import push_command, write_through
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import ActivityChoice
from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.odds import test_odds
from refkit.rules.travel.day_steps import (
    ENCOUNTER,
    FINISH,
    MIASMA,
    MOVE,
    REST,
    ROLE,
    DayInProgress,
    role_edges,
)
from refkit.rules.travel.hexes import HexDirection
from refkit.rules.travel.travel_day import DayPlan


class StepBackend(Protocol):
    """What the box needs of the travel feature (``TravelDesk`` fits)."""

    def progress(self, name: str) -> DayInProgress: ...

    def begin_day_command(self, plan: DayPlan, name: str) -> object: ...

    def day_step_command(
        self,
        kind: str,
        name: str,
        *,
        direction: HexDirection | None = None,
        activities: Mapping[str, ActivityChoice] | None = None,
    ) -> object: ...

    def finish_day_command(self, name: str) -> object: ...

    def take_back_step_command(self, name: str) -> object: ...

    def resting_crows(self, name: str) -> Sequence[Character]: ...

    def starvation(self, names: Sequence[str]) -> Mapping[str, int]: ...


class RestCrows(Protocol):
    """What the rest rows need: the journey's crows that rest, and their starvation so far."""

    def resting_crows(self, name: str) -> Sequence[Character]: ...

    def starvation(self, names: Sequence[str]) -> Mapping[str, int]: ...


def rest_boxes() -> tuple[QCheckBox, QCheckBox, QCheckBox]:
    """The day form's rest boxes: Rest outdoors (checked), Seclude Camp and Prepare Campsite
    (a crow with the trait prepares the rest: a rest EN of 5 or lower +1; only with a rest)."""
    rest, seclude = QCheckBox("Rest outdoors"), QCheckBox("Seclude Camp")
    campsite = QCheckBox("Prepare Campsite")
    campsite.setObjectName("travel_campsite")
    campsite.setToolTip(
        "A crow with the trait Prepare Campsite (journal, quill and inkpot) prepares the rest: "
        "a rest EN of 5 or lower +1, and that crow's rest activity is the trait"
    )
    rest.setChecked(True)
    rest.toggled.connect(campsite.setEnabled)
    return rest, seclude, campsite


@dataclass(frozen=True)
class RestInputs:
    """What the rest rows show of a journey's resting crows: their sheets and starvation so
    far (rows built from equal inputs show the same; a step that changed neither keeps them)."""

    journey: str
    crows: tuple[Character, ...]
    starvation: Mapping[str, int]


def read_rest_inputs(backend: RestCrows, journey: str) -> RestInputs | str:
    """The journey's resting crows and their starvation, or why they cannot be read — read in
    one go: call it where the window writes, one trip for both."""
    try:
        crows = tuple(backend.resting_crows(journey))
        starvation = backend.starvation([crow.name for crow in crows]) if crows else {}
    except ValueError as problem:
        return f"The crows' rest cannot be chosen: {problem}"
    return RestInputs(journey, crows, dict(starvation))


RowsFrom = tuple[RestInputs | str | None, bool, bool]
"""What rest rows show: the crows read (or why they could not be), Seclude Camp, Prepare
Campsite."""


def rows_show(rows: RestChoices, wanted: RowsFrom, shown: RowsFrom | None) -> bool:
    """True when ``rows`` (showing ``shown``) show ``wanted`` now: the same, or the same crows
    offering the same activities with newer sheets, updated in the rows (no new rows built)."""
    if wanted == shown:
        return True
    inputs = wanted[0]
    return (
        isinstance(inputs, RestInputs)
        and shown is not None
        and wanted[1:] == shown[1:]
        and rows.show_crows(inputs.crows, inputs.starvation)
    )


def rest_rows(
    inputs: RestInputs,
    secluded: bool,
    kept: Mapping[str, ActivityChoice],
    parent: QWidget | None = None,
    campsite: bool = False,
) -> RestChoices | None:
    """The resting crows' activity rows, the choices ``kept`` picked again (a sheet read anew
    after a step or an undo keeps what the referee chose); None when no crow rests (hirelings
    have no sheet). ``campsite``: the check is made with Prepare Campsite (a crow must do it;
    without, none may)."""
    if not inputs.crows:
        return None
    rows = RestChoices(
        inputs.crows,
        check_seclude=check_seclude(secluded),
        check_campsite=campsite,
        starvation=inputs.starvation,
        parent=parent,
    )
    for name, choice in kept.items():
        try:
            rows.choose(name, choice)
        except KeyError:  # that crow or its target is gone: its row keeps what it offers
            continue
    # The travel form is narrow: shorter target lists leave the preview room to be read.
    for row in rows.rows:
        row.target.setMinimumContentsLength(14)
        row.target.setMaximumWidth(row.target.sizeHint().width())  # its list shows all
    return rows


class RestRowsSlot:
    """Where a day's rest rows sit (one per resting crow): rows that still show what is wanted
    are kept, or show newer sheets in place, while the same crows rest the same way; else they
    are built anew with the choices :attr:`kept` picked again (a sheet read anew after a step
    or an undo keeps what the referee chose)."""

    def __init__(
        self, area: QVBoxLayout, parent: QWidget, name: str, changed: Callable[[], None]
    ) -> None:
        self._area, self._parent, self._name, self._changed = area, parent, name, changed
        self.rows: RestChoices | None = None
        self.kept: dict[str, ActivityChoice] = {}
        """The choices picked again in rows built anew (those of the rows last replaced)."""
        self._shown: RowsFrom | None = None

    def show(self, wanted: RowsFrom | None) -> str:
        """Show the rows ``wanted`` (None: none); why the crows could not be read, or ""."""
        rows = self.rows
        if rows is not None and wanted is not None and rows_show(rows, wanted, self._shown):
            self._shown = wanted
            return ""
        if rows is not None:
            self.kept = rows.choices()
            self._area.removeWidget(rows)
            rows.deleteLater()
            self.rows = None
        self._shown = wanted
        inputs = wanted[0] if wanted is not None else None
        if isinstance(inputs, str):
            return inputs
        if wanted is not None and isinstance(inputs, RestInputs):
            made = rest_rows(inputs, wanted[1], self.kept, self._parent, wanted[2])
            if made is not None:
                made.setObjectName(self._name)
                made.changed.connect(self._changed)
                self._area.addWidget(made)
                self.rows = made
        return ""


def role_odds(progress: DayInProgress) -> str:
    """The next role test's chance of each tier: pace, conditions and Support Everyone counted."""
    assignment = progress.next_role
    if assignment is None:
        return ""
    traveller = progress.before.traveller(assignment.traveller)
    edges, banes, bonus = role_edges(progress, assignment)
    effect = conditions_on_test(traveller.conditions, assignment.tested)
    odds = test_odds(
        traveller.characteristic(assignment.tested),
        edges=edges,
        banes=banes,
        bonuses=(bonus,) if bonus else (),
        forced=effect.forced,
    )

    def pct(value: object) -> str:
        return f"{float(value) * 100:.0f}%"  # type: ignore[arg-type]

    return f"T3 {pct(odds.tier3)} · T2 {pct(odds.tier2)} · T1 {pct(odds.tier1)}"


def done_lines(progress: DayInProgress, encounter_text: str | None) -> list[str]:
    """Today's steps so far, as the referee reads them."""
    lines = []
    for result in progress.roles:
        task = result.assignment.task
        found = f", {result.rations} rations" if result.rations else ""
        lines.append(
            f"✓ {result.assignment.traveller}, {task.title}: rolled {result.test.total}, "
            f"tier {result.test.tier}{found}"
        )
    for assignment in progress.ordered[len(progress.roles) :]:
        lines.append(f"· {assignment.traveller}, {assignment.task.title}: to roll")
    travel_en, rest_en = progress.encounter_numbers
    if progress.roles_done:
        lines.append(
            f"  {progress.hexes} hexes today ({progress.hexes_left} left), travel EN {travel_en}, "
            f"rest EN {rest_en}" + (" — lost: the secret d6 leads" if progress.lost else "")
        )
    walked = progress.steps
    if walked:
        lines.append("✓ Walked " + " ".join(step.intended.name for step in walked))
    check = progress.encounter
    if check is not None:
        said = "an encounter" if check.encounter else "no encounter"
        text = f": {encounter_text}" if encounter_text else ""
        at = progress.encounter_at or 0
        hexes = "setting out" if at == 0 else f"after {at} hex{'es' if at != 1 else ''}"
        lines.append(f"✓ Travel encounter {hexes}: {check.roll} on EN {check.en}, {said}{text}")
    if progress.rest_check is not None:
        rest = progress.rest_check
        said = "an encounter in the night" if rest.encounter else "a quiet night"
        lines.append(f"✓ Rest: {rest.roll} on EN {rest.en}, {said}")
    for test in progress.miasma:
        lines.append(f"✓ Miasma, {test.traveller}: tier {test.tier}, cruelty {test.cruelty}")
    if progress.cruelty_cleared:
        lines.append("✓ Away from the Miasma: cruelty cleared for " + ", ".join(
            progress.cruelty_cleared))  # fmt: skip
    return lines


class DayStepsBox(QGroupBox):
    """The guided day; ``route`` gives the hexes the referee has set out (the panel's route)."""

    status_message = Signal(str)
    problem = Signal(str)
    finished = Signal()
    """The day was finished into the journal."""

    def __init__(
        self,
        undo_stack: QUndoStack,
        plan: Callable[[], DayPlan],
        route: Callable[[], Sequence[HexDirection]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Step by step", parent)
        self.undo_stack = undo_stack
        self._plan = plan
        self._route = route
        self.backend: StepBackend | None = None
        self.journey: Journey | None = None
        self.progress: DayInProgress | None = None
        self._next_kind: str | None = None

        self.begin_button = QPushButton("Begin the day step by step")
        self.begin_button.setToolTip(
            "Roll the day set out above one step at a time, in the rulebook's order"
        )
        self.begin_button.clicked.connect(self.begin)
        self.next_button = QPushButton()
        self.next_button.clicked.connect(self.take_next)
        self.encounter_button = QPushButton("Encounter check here")
        self.encounter_button.setToolTip(
            "Make the travel encounter check now, on the hex the party is on"
        )
        self.encounter_button.clicked.connect(lambda: self.take(ENCOUNTER))
        self.undo_button = QPushButton("Take back last step")
        self.undo_button.setToolTip("Take back today's last step alone (itself undoable)")
        self.undo_button.clicked.connect(self.take_back)
        self.next_odds = QLabel()
        self.next_odds.setTextFormat(PLAIN)
        self.next_odds.setWordWrap(True)
        self.done = QPlainTextEdit()
        self.done.setReadOnly(True)
        self.done.setAccessibleName("Today's steps")
        self.done.setMaximumHeight(140)
        layout = QVBoxLayout(self)
        layout.addWidget(self.done)
        layout.addWidget(self.next_odds)
        rest_area = QVBoxLayout()
        rest_area.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(rest_area)
        self._rest = RestRowsSlot(rest_area, self, "travel_step_rest_choices", self._rest_changed)
        """Each resting crow's activity, while the rest is the next step; today's choices are
        kept while the rest is undone and asked again."""
        buttons = QHBoxLayout()
        buttons.addWidget(self.begin_button)
        buttons.addWidget(self.next_button, 1)
        layout.addLayout(buttons)
        more = QHBoxLayout()
        more.addWidget(self.encounter_button)
        more.addStretch(1)
        more.addWidget(self.undo_button)
        layout.addLayout(more)
        self.show_journey(None, None)

    @property
    def rest_choices(self) -> RestChoices | None:
        """Each resting crow's activity, while the rest is the next step."""
        return self._rest.rows

    @property
    def under_way(self) -> bool:
        return self.journey is not None and self.journey.pending is not None

    def show_journey(self, journey: Journey | None, backend: StepBackend | None) -> None:
        """Show the journey's day under way (read from the app), or how to begin one."""
        self.journey, self.backend = journey, backend
        self.progress = None
        if journey is not None and backend is not None and journey.pending is not None:
            try:
                self.progress = backend.progress(journey.name)
            except ValueError as problem:
                self.problem.emit(str(problem))
        self.begin_button.setVisible(not self.under_way)
        self.begin_button.setEnabled(journey is not None)
        self.undo_button.setVisible(self.under_way)
        progress = self.progress
        self._fill_rest()
        if progress is None:
            self._next_kind = None
            self.done.setPlainText(
                "Set the day out above, then begin it here to roll it one step at a time: "
                "each role test, the encounter check where you choose, each hex, the rest, "
                "the Miasma. Each step can be undone on its own."
            )
            self.next_button.setVisible(False)
            self.encounter_button.setVisible(False)
            self.next_odds.setText("")
            return
        pending = journey.pending if journey is not None else None
        texts = [s.text for s in pending.steps if s.kind == ENCOUNTER] if pending else []
        self.done.setPlainText("\n".join(done_lines(progress, texts[0] if texts else None)))
        self.refresh_next()

    def _fill_rest(self) -> None:
        """The rest rows read again from the sheets when the day under way still has its rest
        to take (see :class:`RestRowsSlot`); a new day asks afresh."""
        progress, backend, journey = self.progress, self.backend, self.journey
        wanted: RowsFrom | None = None
        resting = progress is not None and REST in progress.allowed()
        if progress is not None and backend is not None and journey is not None and resting:
            inputs = write_through(self.undo_stack, read_rest_inputs, backend, journey.name)
            wanted = (inputs, progress.plan.seclude, progress.plan.campsite)
        if progress is None:
            self._rest.show(None)
            self._rest.kept.clear()
            return
        problem = self._rest.show(wanted)
        if problem:
            self.problem.emit(problem)

    def rest_problem(self) -> str:
        """Why the crows' chosen rest activities are refused, or ""."""
        return self.rest_choices.problem() if self.rest_choices is not None else ""

    def _rest_changed(self) -> None:
        if self._next_kind == REST:
            refused = self.rest_problem()
            self.next_button.setEnabled(not refused)
            self.next_button.setToolTip(f"Refused: {refused}" if refused else "")

    def refresh_next(self) -> None:
        """Name the next step again (the route set out may have changed)."""
        progress = self.progress
        if progress is None:
            return
        kind, label = self._next(progress)
        self._next_kind = kind
        self.next_button.setVisible(True)
        self.next_button.setText(label)
        role = progress.next_role
        self.next_odds.setText(
            f"Odds for {role.traveller}: {role_odds(progress)}"
            if kind == ROLE and role is not None
            else ""
        )
        allowed = progress.allowed()
        self.encounter_button.setVisible(ENCOUNTER in allowed and kind != ENCOUNTER)
        if self.rest_choices is not None:
            self.rest_choices.setVisible(kind == REST)
        self.next_button.setEnabled(True)
        self.next_button.setToolTip("")
        self._rest_changed()

    def _next_direction(self, progress: DayInProgress) -> HexDirection | None:
        route = list(self._route())
        index = len(progress.steps)
        return route[index] if index < len(route) else None

    def _next(self, progress: DayInProgress) -> tuple[str, str]:
        """The step the big button takes, and its words."""
        allowed = progress.allowed()
        travel_en, rest_en = progress.encounter_numbers
        if ROLE in allowed and progress.next_role is not None:
            role = progress.next_role
            return ROLE, f"Roll {role.traveller}'s {role.task.title} ({role.tested})"
        direction = self._next_direction(progress)
        if MOVE in allowed and direction is not None:
            number = len(progress.steps) + 1
            return MOVE, f"Walk {direction.name} (hex {number} of {progress.hexes})"
        if ENCOUNTER in allowed:
            return ENCOUNTER, f"Travel encounter check (EN {travel_en})"
        if REST in allowed:
            return REST, f"Rest outdoors (rest EN {rest_en})"
        if MIASMA in allowed:
            if progress.plan.in_miasma:
                return MIASMA, "The Miasma: each human's resistance test"
            return MIASMA, "Away from the Miasma: cruelty cleared"
        return FINISH, "Write the day's journal entry"

    def begin(self) -> bool:
        backend, journey = self.backend, self.journey
        if backend is None or journey is None:
            self.problem.emit("Start or choose a journey first.")
            return False
        try:
            command = backend.begin_day_command(self._plan(), journey.name)
            push_command(self.undo_stack, command)  # type: ignore[arg-type]
        except ValueError as problem:
            self.problem.emit(str(problem))
            return False
        self.problem.emit("")
        self.status_message.emit(f"Day {journey.state.day + 1} of {journey.name} begun")
        return True

    def take_next(self) -> bool:
        """Take the step the big button names."""
        return self.take(self._next_kind) if self._next_kind else False

    def take(self, kind: str) -> bool:
        backend, journey, progress = self.backend, self.journey, self.progress
        if backend is None or journey is None or progress is None:
            return False
        try:
            if kind == FINISH:
                command = backend.finish_day_command(journey.name)
            elif kind == REST:
                refused = self.rest_problem()
                if refused:
                    raise ValueError(f"The rest is refused: {refused}")
                rows = self.rest_choices
                activities = rows.choices() if rows is not None else None
                command = backend.day_step_command(kind, journey.name, activities=activities)
            else:
                direction = self._next_direction(progress) if kind == MOVE else None
                command = backend.day_step_command(kind, journey.name, direction=direction)
            push_command(self.undo_stack, command)  # type: ignore[arg-type]
        except ValueError as problem:
            self.problem.emit(str(problem))
            return False
        self.problem.emit("")
        self.status_message.emit(getattr(command, "text", "Step taken"))
        if kind == FINISH:
            self.finished.emit()
        return True

    def take_back(self) -> bool:
        backend, journey = self.backend, self.journey
        if backend is None or journey is None:
            return False
        try:
            command = backend.take_back_step_command(journey.name)
            push_command(self.undo_stack, command)  # type: ignore[arg-type]
        except ValueError as problem:
            self.problem.emit(str(problem))
            return False
        self.problem.emit("")
        self.status_message.emit(getattr(command, "text", "Step taken back"))
        return True
