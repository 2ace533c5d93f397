"""The character sheet: the open crow's numbers at a glance, its conditions, the inventory board.

The top shows what a referee reads from arm's length: characteristics, Stamina, AD, speed and
wounds — and DEAD, in words, when all ten backpack slots are wounded. Buttons open the damage/heal,
rest and draw-from-pack dialogs (each with ``open()``). A line says what damage or the dungeon
turn left the player to choose (wounds to place, a wound to heal); it is kept with the crow, so it
is there again after another crow was open or the app restarted, until the wounds are placed.
Under it sit the inventory board and a second tab for expertises and notes. Every change goes
through the :class:`CharacterSession`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.character_commands import TypedTextChangedError
from refkit.app.party.wound_prompts import WoundPrompt
from refkit.gui.characters.damage_dialog import DamageDialog, DamageRequest
from refkit.gui.characters.notes_editor import NotesConflictBar, NotesEdit
from refkit.gui.characters.portrait import scaled_portrait
from refkit.gui.characters.rest_dialog import RestDialog, SheetRest
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.stat_tile import StatTile
from refkit.gui.common.plain_text import ElidedLabel, plain_label
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.draw_dialog import DrawFromPackDialog
from refkit.gui.inventory.pet_packs_strip import PetPacksStrip
from refkit.gui.inventory.split_dialog import SplitStackDialog
from refkit.gui.shell.save_problem_bar import SaveProblem, passes_by_itself, reason_of
from refkit.gui.shell.undo_adapter import EditNotSavedError
from refkit.present.long_words import shorten_long_words
from refkit.present.sheet_words import (
    SPEED_TIP,
    armour_words,
    signed,
    speed_detail,
    wound_prompt_lines,
)
from refkit.rules.character.file_format import check_character
from refkit.rules.character.model import CONDITIONS, Character
from refkit.rules.inventory.model import BACKPACK
from refkit.rules.inventory.moves import MoveRefused
from refkit.store.character_store import name_key
from refkit.store.errors import DatabaseError

DEAD_STYLE = (
    "background: #7f0000; color: white; font-weight: bold; padding: 6px; border-radius: 6px;"
)
WARNING_STYLE = "color: #b26a00; font-weight: bold;"


class CharacterSheetPanel(QWidget):
    """The open crow: header, conditions, inventory board, expertises and notes."""

    edit_requested = Signal(str)
    status_message = Signal(str)

    def __init__(self, session: CharacterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("character_sheet_panel")
        self._session = session
        self._dialog: QWidget | None = None

        self.portrait = QLabel()
        self.portrait.setObjectName("portrait_label")
        self.portrait.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name_label = ElidedLabel()
        self.name_label.setObjectName("name_label")
        name_font = QFont(self.font())
        name_font.setPointSizeF(name_font.pointSizeF() * 1.8)
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        self.player_label = ElidedLabel()
        self.player_label.setObjectName("player_label")
        self.dead_banner = QLabel("☠ DEAD — all ten backpack slots hold a wound")
        self.dead_banner.setObjectName("dead_banner")
        self.dead_banner.setStyleSheet(DEAD_STYLE)
        dead_font = QFont(self.font())
        dead_font.setPointSizeF(dead_font.pointSizeF() * 1.3)
        self.dead_banner.setFont(dead_font)
        self.dead_banner.hide()

        self.tiles = {
            key: StatTile(key, caption)
            for key, caption in (
                ("agility", "Agility"),
                ("mind", "Mind"),
                ("strength", "Strength"),
                ("stamina", "Stamina"),
                ("ad", "Armour AD"),
                ("speed", "Speed"),
                ("wounds", "Wounds"),
            )
        }
        self.stamina_bar = QProgressBar()
        self.stamina_bar.setObjectName("stamina_bar")
        self.stamina_bar.setTextVisible(False)
        self.stamina_bar.setMaximumHeight(max(6, self.fontMetrics().height() // 2))
        self.tiles["stamina"].layout().addWidget(self.stamina_bar)

        self.damage_button = self._button(
            "damage_button", "Damage…", "Apply damage (through AD, Stamina, wounds)"
        )
        self.heal_button = self._button("heal_button", "Heal…", "Regain Stamina")
        self.rest_button = self._button("rest_button", "Rest…", "Finish a rest")
        self.draw_button = self._button(
            "draw_button", "Draw from pack…", "The combat maneuver: roll a d10"
        )
        self.edit_button = self._button(
            "edit_button", "Edit…", "Change name, characteristics, Stamina, expertises"
        )

        self.blessing_button = self._button(
            "blessing_button",
            "Take held blessing",
            "A Song of Rest blessing kept for later (Delayed Inspiration, Bard): take it at the "
            "start of a DT to be blessed; it goes at the crow's next rest",
        )
        self.blessing_button.hide()

        self.condition_buttons: dict[str, QToolButton] = {}
        for condition in CONDITIONS:
            button = QToolButton()
            button.setObjectName(f"condition_{condition}")
            button.setText(condition.capitalize())
            button.setCheckable(True)
            button.setToolTip(f"Toggle {condition}")
            button.toggled.connect(lambda on, c=condition: self._toggle_condition(c, on))
            self.condition_buttons[condition] = button

        self.problems = plain_label()
        self.problems.setObjectName("problems_label")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet(WARNING_STYLE)
        self.problems.hide()
        self.prompt_label = plain_label()
        self.prompt_label.setObjectName("wound_prompt_label")
        self.prompt_label.setWordWrap(True)
        self.prompt_label.setStyleSheet(WARNING_STYLE)
        self.prompt_label.hide()
        self._prompted_name: str | None = None

        self.board = InventoryBoard(session)
        self.board.set_rules(session.rules)
        self.board_scroll = QScrollArea()
        self.board_scroll.setObjectName("board_scroll")
        self.board_scroll.setWidgetResizable(True)
        self.board_scroll.setWidget(self.board)
        self.board_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.pet_packs = PetPacksStrip(session)
        self.pet_packs.set_rules(session.rules)
        self.hint = plain_label()
        self.hint.setObjectName("board_hint")
        self.hint.setWordWrap(True)
        self.hint.setMinimumHeight(self.fontMetrics().height() + 6)
        self.hint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.expertise_table = QTableWidget(0, 3)
        self.expertise_table.setObjectName("expertise_table")
        self.expertise_table.setHorizontalHeaderLabels(["Expertise", "Kind", "Uses left"])
        self.expertise_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch
        )
        self.expertise_table.verticalHeader().setVisible(False)
        self.expertise_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.expertise_table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.spend_button = QPushButton("Spend a use of the chosen expertise")
        self.spend_button.setObjectName("spend_button")
        self.notes = NotesEdit()
        self.notes_conflict = NotesConflictBar()

        self.empty_message = QLabel(
            "No crow is open.\n\nChoose one in the Characters list, or make a new one with "
            "“New crow…”."
        )
        self.empty_message.setObjectName("empty_message")
        self.empty_message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_message.setWordWrap(True)

        self._notes_of: str | None = None
        """The crow whose notes the editor shows (typing belongs to it, whatever opens next)."""

        self._build()
        self._connect()
        self.refresh()
        session.add_pending_saver(self.save_pending_notes)
        self.destroyed.connect(lambda: session.remove_pending_saver(self.save_pending_notes))

    def _button(self, name: str, text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setToolTip(tip)
        return button

    # -- construction -------------------------------------------------------------------------

    def _build(self) -> None:
        header = QHBoxLayout()
        header.addWidget(self.portrait)
        names = QVBoxLayout()
        names.setSpacing(0)
        names.addWidget(self.name_label)
        names.addWidget(self.player_label)
        header.addLayout(names, 1)
        buttons = QGridLayout()
        buttons.setSpacing(4)
        for index, button in enumerate(
            (
                self.damage_button,
                self.heal_button,
                self.rest_button,
                self.draw_button,
                self.edit_button,
            )
        ):
            buttons.addWidget(button, index // 3, index % 3)
        header.addLayout(buttons)

        tiles = QHBoxLayout()
        tiles.setSpacing(6)
        for tile in self.tiles.values():
            tiles.addWidget(tile, 1)

        conditions = QHBoxLayout()
        conditions.setSpacing(4)
        caption = QLabel("Conditions:")
        conditions.addWidget(caption)
        for button in self.condition_buttons.values():
            conditions.addWidget(button)
        conditions.addStretch(1)
        conditions.addWidget(self.blessing_button)

        inventory = QWidget()
        inventory_layout = QVBoxLayout(inventory)
        inventory_layout.setContentsMargins(0, 0, 0, 0)
        inventory_layout.setSpacing(2)
        inventory_layout.addWidget(self.board_scroll, 1)
        inventory_layout.addWidget(self.pet_packs)
        inventory_layout.addWidget(self.hint)

        details = QWidget()
        details_layout = QVBoxLayout(details)
        details_layout.addWidget(
            QLabel("Expertises (one use raises a test one tier, after the roll)")
        )
        details_layout.addWidget(self.expertise_table, 1)
        details_layout.addWidget(self.spend_button)
        details_layout.addWidget(QLabel("Notes"))
        details_layout.addWidget(self.notes, 1)
        details_layout.addWidget(self.notes_conflict)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("sheet_tabs")
        self.tabs.addTab(inventory, "&Inventory")
        self.tabs.addTab(details, "E&xpertises && notes")

        sheet = QWidget()
        sheet_layout = QVBoxLayout(sheet)
        sheet_layout.setContentsMargins(6, 6, 6, 0)
        sheet_layout.setSpacing(6)
        sheet_layout.addLayout(header)
        sheet_layout.addWidget(self.dead_banner)
        sheet_layout.addLayout(tiles)
        sheet_layout.addLayout(conditions)
        sheet_layout.addWidget(self.problems)
        sheet_layout.addWidget(self.prompt_label)
        sheet_layout.addWidget(self.tabs, 1)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_message)
        self.stack.addWidget(sheet)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

    def _connect(self) -> None:
        self._session.character_changed.connect(self.refresh)
        self._session.wound_prompt_changed.connect(self._wound_prompt_changed)
        self.board.hint_changed.connect(self.hint.setText)
        self.board.draw_requested.connect(self.open_draw_dialog)
        self.board.split_requested.connect(self.open_split_dialog)
        self.board.pack_requested.connect(self.pet_packs.put)
        self.pet_packs.hint_changed.connect(self.hint.setText)
        self.damage_button.clicked.connect(lambda: self.open_damage_dialog(heal=False))
        self.heal_button.clicked.connect(lambda: self.open_damage_dialog(heal=True))
        self.rest_button.clicked.connect(self.open_rest_dialog)
        self.draw_button.clicked.connect(lambda: self.open_draw_dialog(None))
        self.edit_button.clicked.connect(self._request_edit)
        self.spend_button.clicked.connect(self._spend_expertise)
        self.blessing_button.clicked.connect(self._use_blessing)
        # A held blessing's records are written after the crow in the same step: show them
        # once the whole step (or its undo) is done.
        self._session.step_done.connect(self._step_done)
        self.notes.committed.connect(self._save_notes)
        self.notes_conflict.put_back.connect(self._put_notes_back)

    # -- showing the crow ---------------------------------------------------------------------

    def refresh(self) -> None:
        character = self._session.character()
        if self.notes.is_due() and (character is None or not self._showing_notes_of(character)):
            # Another crow opened without the session saving first: the typing is the last
            # crow's, so save it for that crow (after the running step, if one is running).
            crow, text, base = self._notes_of, self.notes.toPlainText(), self.notes.base()
            self.notes.mark_saved()
            if self._session.step_running():
                QTimer.singleShot(0, lambda: self._save_notes_of(crow, text, base))
            else:
                self._save_notes_of(crow, text, base)
        self.board.set_character(character)
        self.pet_packs.set_character(character)
        prompt = self._session.wound_prompt()  # one read (a worker wait) for the whole refresh
        if self._session.name() != self._prompted_name:  # another crow: its own wounds to place
            self._prompted_name = self._session.name()
            self.hint.clear()  # the last crow's hint does not apply
            self.board.set_wounds_to_place(prompt.to_place)
        elif self.board.wounds_to_place() != prompt.to_place:
            # An undo or an edit elsewhere changed what waits: the stored prompt is the truth.
            self.board.set_wounds_to_place(prompt.to_place)
        self._show_wound_prompt(prompt)
        if character is None:
            self.stack.setCurrentIndex(0)
            return
        self.stack.setCurrentIndex(1)
        self._show_header(character)
        self._show_tiles(character)
        for condition, button in self.condition_buttons.items():
            button.blockSignals(True)
            button.setChecked(character.has(condition))
            button.blockSignals(False)
        self._show_problems(character)
        self._show_held_blessings(character)
        self._show_expertises(character)
        same_crow = self._showing_notes_of(character)
        self._notes_of = character.name
        self.notes.load(character.notes, keep_unsaved=same_crow)

    def _showing_notes_of(self, character: Character) -> bool:
        return self._notes_of is not None and name_key(self._notes_of) == name_key(character.name)

    def _wound_prompt_changed(self, name: str) -> None:
        """What is left to choose changed (damage, End DT, a rest, an undo)."""
        current = self._session.name()
        if current is None or name.casefold() != current.casefold():
            return
        prompt = self._session.wound_prompt()
        self.board.set_wounds_to_place(prompt.to_place)
        self._show_wound_prompt(prompt)

    def _show_wound_prompt(self, prompt: WoundPrompt) -> None:
        """The open crow's wounds to place and heal (as just read) in words."""
        lines = wound_prompt_lines(prompt)
        self.prompt_label.setText("\n".join(lines))
        self.prompt_label.setVisible(bool(lines))

    def _show_header(self, character: Character) -> None:
        self.name_label.setText(character.name)
        self.player_label.setText(f"played by {character.player}" if character.player else "")
        self.player_label.setVisible(bool(character.player))
        side = self.fontMetrics().height() * 4
        pixmap = scaled_portrait(character.portrait, side, self.devicePixelRatioF())
        if pixmap is not None:
            self.portrait.setPixmap(pixmap)
            self.portrait.setFixedSize(side, side)
            self.portrait.show()
        else:
            self.portrait.clear()
            self.portrait.hide()
        self.dead_banner.setVisible(character.dead)
        self.damage_button.setEnabled(not character.dead)
        self.draw_button.setEnabled(bool(character.items.items_in(BACKPACK)))

    def _show_tiles(self, character: Character) -> None:
        values = character.characteristics.as_dict()
        for key in ("agility", "mind", "strength"):
            self.tiles[key].show_value(signed(values[key]))
        stamina = character.stamina
        self.tiles["stamina"].show_value(f"{stamina.current}/{stamina.max}")
        # QProgressBar.setValue repaints at once, and from its opaque parent down (the whole
        # sheet with the board: 50-70 ms); with updates off it is one paint in the next batch.
        self.stamina_bar.setUpdatesEnabled(False)
        self.stamina_bar.setRange(0, max(1, stamina.max))
        self.stamina_bar.setValue(stamina.current)
        self.stamina_bar.setUpdatesEnabled(True)
        ad_detail, full = armour_words(character)
        self.tiles["ad"].show_value(
            str(character.armor_defense), ad_detail, full or "No worn armour or shield in hand"
        )
        if character.dead:
            self.tiles["speed"].show_value("DEAD", "all ten slots wounded")
        else:
            self.tiles["speed"].show_value(str(character.speed), speed_detail(character), SPEED_TIP)
        wounds = len(character.wound_slots)
        where = ", ".join(str(s) for s in sorted(character.wound_slots))
        self.tiles["wounds"].show_value(
            f"{wounds}/10", "" if not where else f"in {where}", "Wounded backpack slots"
        )

    def _show_problems(self, character: Character) -> None:
        report = check_character(character, self._session.rules)
        lines = [f"✗ {p.message}" for p in report.errors] + [
            f"⚠ {p.message}" for p in report.warnings
        ]
        text = "\n".join(lines)
        shown = shorten_long_words(text)
        self.problems.setText(shown)
        self.problems.setToolTip(text if shown != text else "")
        self.problems.setVisible(bool(lines))

    def _show_expertises(self, character: Character) -> None:
        table = self.expertise_table
        table.setRowCount(len(character.expertises))
        for row, expertise in enumerate(character.expertises):
            pips = "●" * expertise.left + "○" * expertise.spent
            cells = (
                expertise.name,
                expertise.category,
                f"{pips}  {expertise.left} of {expertise.uses}",
            )
            for column, text in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)

    # -- actions ------------------------------------------------------------------------------

    def _report(self, error: Exception) -> None:
        reason = error.reason if isinstance(error, MoveRefused) else str(error)
        self.hint.setText(f"✗ {reason}")
        self.status_message.emit(reason)

    def _toggle_condition(self, condition: str, on: bool) -> None:
        try:
            self._session.toggle_condition(condition, on)
        except ValueError as error:
            self._report(error)
            self.refresh()

    def _show_held_blessings(self, character: Character) -> None:
        held = self._session.held_blessings()
        self.blessing_button.setText(
            "Take held blessing" if held == 1 else f"Take held blessing ({held} held)"
        )
        self.blessing_button.setVisible(held > 0)
        self.blessing_button.setEnabled(not character.has("blessed") and not character.dead)

    def _step_done(self) -> None:
        character = self._session.character()
        if character is not None:
            self._show_held_blessings(character)

    def _use_blessing(self) -> None:
        try:
            self._session.use_blessing()
        except ValueError as error:
            self._report(error)

    def _spend_expertise(self) -> None:
        character = self._session.character()
        row = self.expertise_table.currentRow()
        if character is None or not 0 <= row < len(character.expertises):
            self.hint.setText("Choose an expertise in the list first")
            return
        try:
            self._session.spend_expertise(character.expertises[row].name)
        except ValueError as error:
            self._report(error)
            return
        self.expertise_table.selectRow(row)

    def save_pending_notes(self) -> None:
        """Save notes typed in the last 1.5 s now (before a step or a reload, and at close)."""
        if self.notes.is_due():
            self.notes.commit()

    def _save_notes(self, text: str) -> None:
        self._save_notes_of(self._notes_of, text, self.notes.base())

    def _save_notes_of(self, crow: str | None, text: str, base: str) -> None:
        """Save ``text`` as ``crow``'s notes, typed over the stored notes ``base``."""
        if crow is None:
            return
        try:
            self._session.edit_notes(text, name=crow, report=False, based_on=base)
        except TypedTextChangedError as changed:
            self._notes_collided(changed)
            return
        except EditNotSavedError as error:
            self._notes_not_saved(crow, text, base, error.cause)
            return
        except DatabaseError as error:
            self._notes_not_saved(crow, text, base, error)
            return
        except ValueError as error:
            self._report(error)
            return
        self._notes_saved(crow, text)

    def _notes_collided(self, changed: TypedTextChangedError) -> None:
        """Another window or the command line changed the notes while the user typed: show the
        stored notes, keep the typing in the bar below them, and say so."""
        if self._notes_of is not None and name_key(self._notes_of) == name_key(changed.crow):
            self.notes.load(changed.stored)
        self.notes_conflict.show_conflict(changed.crow, changed.typed)
        self.tabs.setCurrentIndex(1)
        self.status_message.emit(str(changed))

    def _put_notes_back(self, crow: str, text: str) -> None:
        """The kept text goes in over the notes as stored now (the user has seen them)."""
        if self._notes_of is None or name_key(self._notes_of) != name_key(crow):
            self._session.open(crow)
        self.notes.retype(text, over=self.notes.toPlainText())
        self.notes.setFocus(Qt.FocusReason.OtherFocusReason)

    def _notes_saved(self, crow: str, text: str) -> None:
        if self._notes_of == crow and self.notes.toPlainText() == text:
            self.notes.mark_saved()

    def _notes_not_saved(self, crow: str, text: str, base: str, error: DatabaseError) -> None:
        """Keep the typing in the editor and offer Retry / Discard in the window's bar."""
        session = self._session

        def retry() -> None:
            try:
                session.edit_notes(text, name=crow, report=False, based_on=base)
            except TypedTextChangedError as changed:
                self._notes_collided(changed)
                return
            self._notes_saved(crow, text)

        def discard() -> None:
            if self._notes_of is not None and name_key(self._notes_of) == name_key(crow):
                self.notes.load(session.service.get(crow).notes)

        problem = SaveProblem(
            key=f"notes:{name_key(crow)}",
            what=f"{crow}'s notes",
            reason=reason_of(error),
            retry=retry,
            discard=discard,
            plural=True,
            passing=passes_by_itself(error),
        )
        if not session.report_save_problem(problem):
            self._report(ValueError(problem.text))
        else:
            self.status_message.emit(problem.text)

    def _request_edit(self) -> None:
        name = self._session.name()
        if name is not None:
            self.edit_requested.emit(name)

    def _show_dialog(self, dialog: QWidget) -> None:
        if self._dialog is not None:
            self._dialog.close()
        self._dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda: setattr(self, "_dialog", None))
        dialog.open()

    def open_damage_dialog(self, heal: bool = False) -> DamageDialog | None:
        character = self._session.character()
        if character is None:
            return None
        dialog = DamageDialog(character, rng=self._session.rng, heal=heal, parent=self)
        dialog.damage_chosen.connect(self.apply_damage)
        dialog.heal_chosen.connect(self.heal)
        self._show_dialog(dialog)
        return dialog

    def apply_damage(self, request: DamageRequest) -> None:
        try:
            outcome = self._session.damage(
                request.amount,
                piercing=request.piercing,
                armour_order=request.armour_order or None,
                vulnerable_roll=request.vulnerable_roll,
            )
        except ValueError as error:
            self._report(error)
            return
        self.tabs.setCurrentIndex(0)
        # The stored prompt: these wounds, and any still waiting from before (unless together
        # they filled every free slot, so the hit placed them all).
        waiting = self._session.wound_prompt().to_place
        crow = self._session.character()
        if outcome.wounds_to_place and waiting:
            self.board.set_wounds_to_place(waiting)
            self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        elif crow is not None and crow.dead and outcome.wounds_taken:
            self.hint.setText("☠ The wounds filled every free backpack slot: the crow is dead")
        else:
            self.hint.setText(
                f"Armour soaked {outcome.absorbed_by_armour}, Stamina lost {outcome.stamina_lost}"
            )

    def heal(self, amount: int) -> None:
        try:
            self._session.heal_stamina(amount)
        except ValueError as error:
            self._report(error)

    def open_rest_dialog(self) -> RestDialog | None:
        character = self._session.character()
        if character is None:
            return None
        session = self._session
        party, companions = session.rest_companions()
        names = [character.name, *(crow.name for crow in companions)]
        dialog = RestDialog(
            character,
            parent=self,
            companions=companions,
            party=party,
            starvation=session.starvation(names),
            refusal=session.rest_refusal(character.name),
        )
        dialog.rest_chosen.connect(self._rest)
        self._show_dialog(dialog)
        return dialog

    def _rest(self, chosen: SheetRest) -> None:
        try:
            self._session.rest(
                chosen.crows,
                in_miasma=chosen.in_miasma,
                choices=chosen.choices,
                healed_slots=chosen.healed_slots,
            )
        except ValueError as error:
            self._report(error)

    def open_draw_dialog(self, item_id: str | None) -> DrawFromPackDialog | None:
        character = self._session.character()
        if character is None:
            return None
        session = self._session
        dialog = DrawFromPackDialog(
            character,
            lambda item, hand, room: session.draw_from_pack(item, hand=hand, make_room=room),
            item_id or None,
            parent=self,
        )
        self._show_dialog(dialog)
        return dialog

    def open_split_dialog(self, item_id: str) -> SplitStackDialog | None:
        character = self._session.character()
        if character is None:
            return None
        item = character.items.find(item_id)
        dialog = SplitStackDialog(item, parent=self)
        dialog.split_chosen.connect(lambda count, i=item_id: self._split(i, count))
        self._show_dialog(dialog)
        return dialog

    def _split(self, item_id: str, count: int) -> None:
        try:
            new_id = self._session.split_stack(item_id, count)
        except ValueError as error:
            self._report(error)
            return
        self.board.select(new_id)
        self.hint.setText(
            f"Split off {count}; the new pile is selected — drag it, or press Space to move it"
        )
