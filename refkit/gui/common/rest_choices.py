"""Each resting crow's one rest activity, chosen in a row: the rations it carries, the activity,
what it is aimed at, and what the finished rest will do to it.

The DT panel's Finish rest dialog and the sheet's Rest dialog both show these rows, so a rest is
chosen the same way wherever it is finished. The choices are checked as the rules check them
(:func:`refkit.app.party.rest.check_choices`); :meth:`RestChoices.problem` says what is wrong.
Craft offers the crow's crafting projects (:attr:`RestChoices.open_projects`, set where the
crafting projects are open), whose roll the finished rest makes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from refkit.app.party.rest import check_choices
from refkit.gui.common.plain_text import plain_label
from refkit.rules.character.absorbed_book import carried_spellbooks
from refkit.rules.character.lore_study import book_subject, lore_books
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import (
    ACTIVITIES,
    HARVEST_DICE,
    Activity,
    ActivityChoice,
    ActivityRefused,
    PlannedActivity,
    magic_items,
    patients,
    plan_rest,
    rations_carried,
    rest_preview,
    tended_patients,
)
from refkit.rules.character.trait_rest import (
    ABSORB,
    FIX_POINT,
    crow_trait_activities,
    trait_activity,
)
from refkit.rules.character.trait_rest_plus import books_studied, reads_aloud, second_roll_note
from refkit.rules.inventory.useless import useless_items

FREE_TEXT = (Activity.PREPARE, Activity.CRAFT, Activity.STUDY)
TRAIT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The activity list's role holding a trait's ``"Tree: Name"`` (its data is ``"trait"``)."""

log = logging.getLogger(__name__)

_PLACEHOLDERS = {
    Activity.PREPARE: "the task",
    Activity.CRAFT: "the project",
    Activity.STUDY: "the book's lore",
}


def _hint(crow: Character, activity: Activity) -> str:
    """How to name what a free-text activity is on, with what the crow's traits allow."""
    if activity is Activity.CRAFT and second_roll_note(crow):
        return "A project; or two of the same craft, as A, B, for the trait's second roll"
    if activity is Activity.STUDY:
        parts = ["The lore of a carried book"]
        if books_studied(crow) > 1:
            parts.append("two with Cram, as A, B")
        if reads_aloud(crow):
            parts.append("add >NAME to read it to a crow resting with you (Shared Knowledge)")
        return "; ".join(parts)
    return ""


def _projects_of(crow: str) -> list[str]:
    source = RestChoices.open_projects
    if source is None:
        return []
    try:
        return list(source(crow))
    except Exception:  # the rows still work (free text) when the projects cannot be read
        log.warning("cannot read %s's crafting projects", crow, exc_info=True)
        return []


class _Row:
    def __init__(self, crow: Character, crows: Sequence[Character], parent: QWidget) -> None:
        self.crow = crow
        self.crows = crows
        key = crow.name.casefold().replace(" ", "_")
        self.name = plain_label(crow.name, parent)
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.rations = plain_label("", parent)
        self.rations.setObjectName(f"rest_rations_{key}")
        self._show_rations()
        self.activity = QComboBox(parent)
        self.activity.setObjectName(f"rest_activity_{key}")
        for activity, info in ACTIVITIES.items():
            if activity is Activity.TRAIT:
                continue
            self.activity.addItem(info.label, activity.value)
            self.activity.setItemData(
                self.activity.count() - 1, info.does, Qt.ItemDataRole.ToolTipRole
            )
        for trait in crow_trait_activities(crow):  # the traits it has that are rest activities
            self.activity.addItem(f"Trait: {trait.name}", Activity.TRAIT.value)
            index = self.activity.count() - 1
            self.activity.setItemData(index, trait.does, Qt.ItemDataRole.ToolTipRole)
            self.activity.setItemData(index, trait.trait, TRAIT_ROLE)
        self.target = QComboBox(parent)
        self.target.setObjectName(f"rest_target_{key}")
        self.target.setMinimumContentsLength(22)
        self.target.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.preview = plain_label("", parent)  # names items and crows
        self.preview.setObjectName(f"rest_preview_{key}")
        self.preview.setWordWrap(True)
        self.preview.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.fill_targets()

    def _show_rations(self) -> None:
        count = rations_carried(self.crow)
        self.rations.setText(
            f"{count} ration{'s' if count != 1 else ''}" if count else "no ration!"
        )
        self.rations.setStyleSheet("" if count else "color: #d32f2f;")

    def offers_the_same(self, crow: Character) -> bool:
        """True when ``crow``'s row would offer the same activities as this one (its name and
        its traits done at a rest unchanged)."""
        return crow.name == self.crow.name and [t.trait for t in crow_trait_activities(crow)] == [
            t.trait for t in crow_trait_activities(self.crow)
        ]

    def show_crow(self, crow: Character, crows: Sequence[Character]) -> None:
        """Show ``crow`` as it is now (rations, what its targets offer), the choice kept where
        it is still offered."""
        chosen = self.choice()
        self.crow, self.crows = crow, crows
        self._show_rations()
        self.fill_targets()
        if chosen.target:
            self.target.blockSignals(True)
            if self.target.isEditable():
                self.target.setEditText(chosen.target)
            else:
                self.target.setCurrentIndex(max(0, self.target.findData(chosen.target)))
            self.target.blockSignals(False)

    def chosen_activity(self) -> Activity:
        return Activity(str(self.activity.currentData()))

    def chosen_trait(self) -> str:
        data = self.activity.currentData(TRAIT_ROLE)
        return str(data) if data else ""

    def fill_targets(self) -> None:
        activity = self.chosen_activity()
        target = self.target
        target.blockSignals(True)
        target.clear()
        target.setToolTip("")
        aimed = activity is Activity.TRAIT and trait_activity(self.chosen_trait()).target
        target.setEditable(activity in FREE_TEXT or bool(aimed))
        if activity is Activity.REPAIR_ARMOR:
            for item in self.crow.repairable_armour():
                assert item.armor is not None
                target.addItem(f"{item.name} (AD {item.armor.ad}/{item.armor.max_ad})", item.id)
        elif activity is Activity.IDENTIFY:
            for item in magic_items(self.crow):
                target.addItem(item.name, item.id)
        elif activity is Activity.TEND_WOUNDS:
            for other in patients(self.crow, self.crows):
                target.addItem(f"{other.name} · {len(other.wound_slots)} wounds", other.name)
        elif activity is Activity.HARVEST:
            for size, dice in HARVEST_DICE.items():
                target.addItem(f"{size.replace('-', ' ').capitalize()} corpse ({dice}d6)", size)
            target.setCurrentIndex(list(HARVEST_DICE).index("medium"))
        elif activity in FREE_TEXT:
            if activity is Activity.CRAFT:
                for project in _projects_of(self.crow.name):
                    target.addItem(project, project)
            elif activity is Activity.STUDY:
                for subject in dict.fromkeys(book_subject(b) for b in lore_books(self.crow)):
                    if subject:
                        target.addItem(subject, subject)
            target.lineEdit().setPlaceholderText(_PLACEHOLDERS[activity])
            target.setToolTip(_hint(self.crow, activity))
        elif aimed:
            kind = trait_activity(self.chosen_trait()).kind
            offered = useless_items(self.crow.items) if kind == FIX_POINT else ()
            offered = carried_spellbooks(self.crow) if kind == ABSORB else offered
            for item in offered:  # Bury the Point's weapons, Burned in the Brain's books
                target.addItem(item.name, item.name)
            target.lineEdit().setPlaceholderText(f"the {aimed}")
        target.setEnabled(
            activity not in (Activity.NONE, Activity.SECLUDE_CAMP)
            and (activity is not Activity.TRAIT or bool(aimed))
        )
        target.blockSignals(False)

    def choice(self) -> ActivityChoice:
        activity = self.chosen_activity()
        if activity is Activity.TRAIT:
            text = " ".join(self.target.currentText().split()) if self.target.isEnabled() else ""
            return ActivityChoice(activity, text, self.chosen_trait())
        if activity in FREE_TEXT:
            return ActivityChoice(activity, " ".join(self.target.currentText().split()))
        data = self.target.currentData()
        return ActivityChoice(activity, str(data) if data is not None else "")


class RestChoices(QWidget):
    """One row per resting crow: rations, activity, its target, and what the rest will do."""

    changed = Signal()

    open_projects: ClassVar[Callable[[str], Sequence[str]] | None] = None
    """A crow's crafting projects by name (what Craft offers), or None."""

    def __init__(
        self,
        crows: Sequence[Character],
        *,
        check_seclude: bool | None = None,
        check_campsite: bool | None = None,
        starvation: Mapping[str, int] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("rest_choices")
        self._crows = tuple(crows)
        self._check_seclude = check_seclude
        self._check_campsite = check_campsite
        self._starvation = {k.casefold(): v for k, v in (starvation or {}).items()}
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        for column, heading in enumerate(("Crow", "Rations", "Activity", "On", "The rest will")):
            label = QLabel(heading)
            label.setStyleSheet("font-weight: bold;")
            grid.addWidget(label, 0, column)
        self.rows: list[_Row] = []
        for index, crow in enumerate(self._crows, start=1):
            row = _Row(crow, self._crows, inner)
            grid.addWidget(row.name, index, 0)
            grid.addWidget(row.rations, index, 1)
            grid.addWidget(row.activity, index, 2)
            grid.addWidget(row.target, index, 3)
            grid.addWidget(row.preview, index, 4)
            row.activity.currentIndexChanged.connect(lambda _i, r=row: self._activity_changed(r))
            row.target.currentIndexChanged.connect(self._refresh)
            row.target.editTextChanged.connect(self._refresh)
            self.rows.append(row)
        grid.setColumnStretch(4, 1)
        grid.setRowStretch(len(self.rows) + 1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        # Every row in sight for a party of up to five; more scroll (a 1366x768 screen).
        scroll.setMinimumHeight(min(40 + 38 * len(self.rows), 230))
        self.message = plain_label("")  # a refusal names crows and items
        self.message.setObjectName("rest_choices_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #d32f2f;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.message)
        if check_seclude and self.rows:  # the check was made with it: someone secluded the camp
            self.choose(self._crows[0].name, ActivityChoice(Activity.SECLUDE_CAMP))
        self._refresh()

    # choosing ---------------------------------------------------------------------------------

    def _row(self, name: str) -> _Row:
        for row in self.rows:
            if row.crow.name.casefold() == name.casefold():
                return row
        raise KeyError(f"{name!r} is not resting here")

    def choose(self, name: str, choice: ActivityChoice) -> None:
        """Pick ``choice`` for the crow ``name`` (as a referee would); KeyError for an unknown
        crow or a target the row does not offer."""
        row = self._row(name)
        index = row.activity.findData(choice.activity.value)
        if choice.activity is Activity.TRAIT:
            key = trait_activity(choice.trait).trait
            index = row.activity.findData(key, TRAIT_ROLE)
            if index < 0:
                raise KeyError(f"{row.crow.name} has no trait {choice.trait!r} to do at a rest")
        row.activity.setCurrentIndex(index)
        if choice.target:
            if choice.activity in FREE_TEXT or choice.activity is Activity.TRAIT:
                row.target.setEditText(choice.target)
            else:
                index = row.target.findData(choice.target)
                if index < 0:
                    raise KeyError(f"{choice.target!r} is not offered to {row.crow.name}")
                row.target.setCurrentIndex(index)
        self._refresh()

    def show_crows(
        self, crows: Sequence[Character], starvation: Mapping[str, int] | None = None
    ) -> bool:
        """Show the same crows as they are now in these rows (the choices kept where still
        offered), instead of building new rows; False (nothing changed) when a crow came,
        went or offers other activities — then new rows are wanted."""
        crows = tuple(crows)
        if len(crows) != len(self.rows) or not all(
            row.offers_the_same(crow) for row, crow in zip(self.rows, crows, strict=True)
        ):
            return False
        self._crows = crows
        self._starvation = {k.casefold(): v for k, v in (starvation or {}).items()}
        for row, crow in zip(self.rows, crows, strict=True):
            row.show_crow(crow, crows)
        self._refresh()
        return True

    def choices(self) -> dict[str, ActivityChoice]:
        return {row.crow.name: row.choice() for row in self.rows}

    def problem(self) -> str:
        """Why these choices cannot be the rest's, or ""."""
        try:
            check_choices(
                self._crows,
                self.choices(),
                check_seclude=self._check_seclude,
                check_campsite=self._check_campsite,
            )
        except ActivityRefused as error:
            return str(error)
        return ""

    def _activity_changed(self, row: _Row) -> None:
        row.fill_targets()
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        problem = self.problem()
        self.message.setText(f"⚠ {problem}" if problem else "")
        self.message.setVisible(bool(problem))
        # Each row's own choice, checked alone, so a clash between two rows (two Seclude
        # Camps) still shows what each one would do.
        planned: dict[str, PlannedActivity] = {}
        for row in self.rows:
            try:
                alone = plan_rest(self._crows, {row.crow.name: row.choice()})
            except ActivityRefused:
                continue
            planned[row.crow.name] = alone[row.crow.name]
        tended = tended_patients(planned)
        for row in self.rows:
            key = row.crow.name.casefold()
            row.preview.setText(
                rest_preview(
                    row.crow,
                    planned.get(row.crow.name),
                    tended_by=tended.get(" ".join(key.split()), ""),
                    starvation_wounds=self._starvation.get(key, 0),
                )
            )
        self.changed.emit()
