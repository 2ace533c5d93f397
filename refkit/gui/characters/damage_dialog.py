"""Damage and healing for the open crow: how much, piercing or not, which armour soaks first.

The dialog previews the outcome with the pure rules (armour → Stamina → wounds) before anything
changes, and hands back a :class:`DamageRequest` or a Stamina amount to heal. Wounds that go past
Stamina are placed afterwards on the board, one click per wound, as the player chooses (unless
they fill every free slot: then there is no choice and the crow dies). The dialog
is opened with ``open()`` and reports through signals; it never runs a nested event loop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.rules.character.model import Character, WoundPlacementError

DAMAGE_RANGE = (0, 99)
ITEM_ID_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class DamageRequest:
    """What the referee chose: the damage, piercing or not, the armour order, the vulnerable d6."""

    amount: int
    piercing: bool = False
    armour_order: tuple[str, ...] = ()
    vulnerable_roll: int | None = None


def describe_damage(character: Character, request: DamageRequest) -> str:
    """The outcome in words, without changing anything (for the preview)."""
    try:
        outcome = character.take_damage(
            request.amount,
            piercing=request.piercing,
            armour_order=request.armour_order or None,
            vulnerable_roll=request.vulnerable_roll,
        )
    except (ValueError, WoundPlacementError) as error:
        return f"⚠ {error}"
    after = outcome.character
    parts: list[str] = []
    # The vulnerable d6 rides on damage actually taken (L379): 0 damage stays 0.
    extra = (request.vulnerable_roll or 0) if request.amount > 0 else 0
    total = request.amount + extra
    if extra:
        parts.append(f"{request.amount} + {request.vulnerable_roll} (vulnerable) = {total} damage")
    if request.piercing:
        parts.append("Piercing: armour is ignored")
    elif outcome.absorbed_by_armour:
        soaked = []
        sources = {source.id: source for source in character.items.armor_sources()}
        order = [i for i in request.armour_order if i in sources]
        order += [i for i in sources if i not in order]
        for source in (sources[i] for i in order):
            new = after.items.find(source.id)
            if source.armor and new.armor and new.armor.ad != source.armor.ad:
                soaked.append(f"{source.name} AD {source.armor.ad}→{new.armor.ad}")
        parts.append(f"Armour soaks {outcome.absorbed_by_armour} ({', '.join(soaked)})")
    elif character.armor_defense == 0 and total:
        parts.append("No armour AD left to soak it")
    parts.append(
        f"Stamina {character.stamina.current}→{after.stamina.current} of {character.stamina.max}"
    )
    if outcome.wounds_taken:
        to_place = outcome.wounds_to_place
        text = f"{outcome.wounds_taken} wound{'s' if outcome.wounds_taken != 1 else ''}"
        if to_place < outcome.wounds_taken:
            text += f" ({to_place} fit in the free backpack slots)"
        if after.dead:
            parts.append(f"{text}: they go in at once, no choice left")
            parts.append("☠ that fills every backpack slot: the crow dies")
        else:
            parts.append(f"{text}: place each on the board after applying")
    elif total:
        parts.append("no wounds")
    return " · ".join(parts)


class DamageDialog(QDialog):
    """Damage or heal one crow."""

    damage_chosen = Signal(object)  # DamageRequest
    heal_chosen = Signal(int)

    def __init__(
        self,
        character: Character,
        *,
        rng: random.Random | None = None,
        heal: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("damage_dialog")
        self.setWindowTitle(f"Damage or heal — {character.name}")
        self._character = character
        self._rng = rng or random.Random()

        self.damage_mode = QRadioButton("Damage")
        self.damage_mode.setObjectName("damage_mode")
        self.heal_mode = QRadioButton("Heal Stamina")
        self.heal_mode.setObjectName("heal_mode")
        modes = QButtonGroup(self)
        modes.addButton(self.damage_mode)
        modes.addButton(self.heal_mode)
        (self.heal_mode if heal else self.damage_mode).setChecked(True)

        self.amount = QSpinBox()
        self.amount.setObjectName("amount_spin")
        self.amount.setRange(*DAMAGE_RANGE)
        self.amount.setValue(1)
        font = self.amount.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.amount.setFont(font)
        self.amount.setMinimumWidth(self.amount.fontMetrics().horizontalAdvance("999") + 48)

        self.piercing = QCheckBox("Piercing (P) — ignores armour, goes straight to Stamina")
        self.piercing.setObjectName("piercing_check")

        self.armour_box = QGroupBox("Armour order — the first loses AD first")
        self.armour_list = QListWidget()
        self.armour_list.setObjectName("armour_list")
        self.armour_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.armour_up = QPushButton("Move up")
        self.armour_up.setObjectName("armour_up")
        self.armour_down = QPushButton("Move down")
        self.armour_down.setObjectName("armour_down")
        for source in character.items.armor_sources():
            assert source.armor is not None
            kind = "worn" if source.worn else "shield in hand"
            entry = QListWidgetItem(
                f"{source.name} — AD {source.armor.ad} of {source.armor.max_ad} ({kind})"
            )
            entry.setData(ITEM_ID_ROLE, source.id)
            self.armour_list.addItem(entry)
        self.armour_list.setCurrentRow(0)
        line = self.fontMetrics().height()
        self.armour_list.setMaximumHeight(
            round(line * (1.6 * max(1, self.armour_list.count()) + 1))
        )

        self.vulnerable = QSpinBox()
        self.vulnerable.setObjectName("vulnerable_spin")
        self.vulnerable.setRange(1, 6)
        self.vulnerable_roll = QPushButton("Roll d6")
        self.vulnerable_roll.setObjectName("vulnerable_roll")

        self.preview = plain_label()  # names the armour
        self.preview.setObjectName("damage_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview.setMinimumHeight(line * 3)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._build()
        self._connect()
        self._refresh()

    def _build(self) -> None:
        mode_row = QHBoxLayout()
        mode_row.addWidget(self.damage_mode)
        mode_row.addWidget(self.heal_mode)
        mode_row.addStretch(1)

        form = QFormLayout()
        form.addRow("Amount", self.amount)
        form.addRow("", self.piercing)
        self._vulnerable_row = QWidget()
        vulnerable = QHBoxLayout(self._vulnerable_row)
        vulnerable.setContentsMargins(0, 0, 0, 0)
        vulnerable.addWidget(self.vulnerable)
        vulnerable.addWidget(self.vulnerable_roll)
        vulnerable.addWidget(QLabel("extra damage: the crow is vulnerable"))
        vulnerable.addStretch(1)
        form.addRow("Vulnerable d6", self._vulnerable_row)
        self._vulnerable_row.setVisible(self._character.has("vulnerable"))
        form.labelForField(self._vulnerable_row).setVisible(self._character.has("vulnerable"))

        armour = QHBoxLayout(self.armour_box)
        armour.addWidget(self.armour_list, 1)
        arrows = QVBoxLayout()
        arrows.addWidget(self.armour_up)
        arrows.addWidget(self.armour_down)
        arrows.addStretch(1)
        armour.addLayout(arrows)
        self.armour_box.setVisible(self.armour_list.count() > 0)
        self.armour_up.setEnabled(self.armour_list.count() > 1)
        self.armour_down.setEnabled(self.armour_list.count() > 1)

        explain = QLabel(
            "Damage comes off armour AD first (in the order below), then Stamina; what is left "
            "when Stamina is 0 becomes one wound per point, each in a backpack slot the player "
            "picks on the board."
        )
        explain.setWordWrap(True)
        self._explain = explain

        layout = QVBoxLayout(self)
        layout.addLayout(mode_row)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.armour_box)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)

    def _connect(self) -> None:
        self.damage_mode.toggled.connect(self._refresh)
        self.amount.valueChanged.connect(self._refresh)
        self.piercing.toggled.connect(self._refresh)
        self.vulnerable.valueChanged.connect(self._refresh)
        self.vulnerable_roll.clicked.connect(self.roll_vulnerable)
        self.armour_list.model().rowsMoved.connect(self._refresh)
        self.armour_up.clicked.connect(lambda: self.move_armour(-1))
        self.armour_down.clicked.connect(lambda: self.move_armour(1))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

    # -- reading the choices ------------------------------------------------------------------

    def is_heal(self) -> bool:
        return self.heal_mode.isChecked()

    def armour_order(self) -> tuple[str, ...]:
        return tuple(
            str(self.armour_list.item(row).data(ITEM_ID_ROLE))
            for row in range(self.armour_list.count())
        )

    def request(self) -> DamageRequest:
        vulnerable = self.vulnerable.value() if self._character.has("vulnerable") else None
        return DamageRequest(
            amount=self.amount.value(),
            piercing=self.piercing.isChecked(),
            armour_order=self.armour_order(),
            vulnerable_roll=vulnerable,
        )

    def preview_text(self) -> str:
        return self.preview.text()

    # -- changing them ------------------------------------------------------------------------

    def move_armour(self, step: int) -> None:
        """Move the chosen armour up (−1) or down (+1) the order."""
        row = self.armour_list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.armour_list.count():
            return
        entry = self.armour_list.takeItem(row)
        self.armour_list.insertItem(target, entry)
        self.armour_list.setCurrentRow(target)
        self._refresh()

    def roll_vulnerable(self) -> None:
        self.vulnerable.setValue(self._rng.randint(1, 6))

    def _refresh(self, *_args: object) -> None:
        heal = self.is_heal()
        self.piercing.setEnabled(not heal)
        self.armour_box.setEnabled(not heal)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        character = self._character
        if heal:
            stamina = character.stamina
            after = min(stamina.max, stamina.current + self.amount.value())
            text = f"Stamina {stamina.current}→{after} of {stamina.max}"
            if character.wound_slots:
                text += (
                    ". Wounds heal one at a time: click a wounded slot's box on the board, or "
                    "finish a rest"
                )
            self.preview.setText(text)
            ok.setText("Heal")
            ok.setEnabled(self.amount.value() > 0 and stamina.current < stamina.max)
            return
        self.preview.setText(describe_damage(character, self.request()))
        ok.setText("Apply damage")
        ok.setEnabled(not character.dead)
        if character.dead:
            self.preview.setText("☠ This crow is dead: all ten backpack slots hold a wound")

    def _accept(self) -> None:
        if self.is_heal():
            self.heal_chosen.emit(self.amount.value())
        else:
            self.damage_chosen.emit(self.request())
        self.accept()
