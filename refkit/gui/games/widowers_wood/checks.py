"""The Widower's Wood one-die checks a turn asks for beside the standard rolls: the start-of-turn
roll for each continuous-effect token (1–2 ends it), Push Back (4–6 knocks the villain down),
the free strikes for leaving a space (a hazard roll per enemy there) and the XP an attack
earns (a point per Health the villain loses, no more than it had)."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from refkit.dice.records import RollRecord
from refkit.games.widowers_wood import (
    continuous_effect_ends,
    hazard_damage,
    push_back_knocks_down,
    xp_for_wounds,
)
from refkit.gui.games.spec import GameContext
from refkit.gui.games.widowers_wood.widgets import plain_label as _plain
from refkit.gui.games.widowers_wood.widgets import spin_box as _spin

KIND = "widowers-wood"
SEED_LIMIT = 2**53
MAX_TOKENS = 6
MAX_ENEMIES = 10


def continuous_effects_text(faces: tuple[int, ...]) -> tuple[str, str]:
    """Headline and detail of the start-of-turn roll, one die per continuous-effect token."""
    ended = [face for face in faces if continuous_effect_ends(face)]
    detail = ", ".join(
        f"token {n}: {face} ({'ends' if continuous_effect_ends(face) else 'stays'})"
        for n, face in enumerate(faces, start=1)
    )
    stay = len(faces) - len(ended)
    return f"{len(ended)} ended, {stay} still on the sheet", detail


def free_strikes_text(faces: tuple[int, ...]) -> tuple[str, str]:
    damage = sum(hazard_damage(face) for face in faces)
    detail = ", ".join(f"enemy {n}: {face}" for n, face in enumerate(faces, start=1))
    return f"{damage} damage from {len(faces)} free strike{'s' * (len(faces) != 1)}", detail


def _line(text: str) -> QLabel:
    """A form's row label on one line: a wrapped one in a form row is cut off at the bottom."""
    label = _plain(text)
    label.setWordWrap(False)
    return label


class TurnChecks(QGroupBox):
    """Buttons for the one-die checks; each result is shown here and lands in the roll log."""

    def __init__(self, context: GameContext, parent: QWidget | None = None) -> None:
        super().__init__("Turn checks: continuous effects, Push Back, free strikes, XP", parent)
        self.setObjectName("widowers_checks")
        self._context = context
        self.tokens_spin = _spin(1, MAX_TOKENS, 1, "widowers_effect_tokens")
        self.tokens_spin.setToolTip("Continuous-effect tokens on the hero's sheet")
        self.effects_button = QPushButton("Roll for each: 1–2 ends it")
        self.effects_button.setObjectName("widowers_effects_roll")
        self.push_back_button = QPushButton("Push Back")
        self.push_back_button.setObjectName("widowers_push_back")
        self.push_back_button.setToolTip("After placing the villain: 4–6 knocks it down")
        self.enemies_spin = _spin(1, MAX_ENEMIES, 1, "widowers_enemies_left")
        self.enemies_spin.setToolTip("Enemies in the space the hero leaves (not knocked out)")
        self.strikes_button = QPushButton("Free strikes: a hazard roll each")
        self.strikes_button.setObjectName("widowers_free_strikes")
        self.wounds_spin = _spin(0, 20, 1, "widowers_xp_wounds")
        self.health_spin = _spin(0, 20, 1, "widowers_xp_health")
        self.xp_label = _plain()
        self.xp_label.setObjectName("widowers_xp")
        self.result_label = _plain()
        self.result_label.setObjectName("widowers_check_result")
        font = self.result_label.font()
        font.setBold(True)
        self.result_label.setFont(font)
        self.detail_label = _plain()
        self.detail_label.setObjectName("widowers_check_detail")

        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        effects = QHBoxLayout()
        effects.addWidget(self.tokens_spin)
        effects.addWidget(self.effects_button, 1)
        form.addRow(_line("Effect tokens"), effects)
        strikes = QHBoxLayout()
        strikes.addWidget(self.enemies_spin)
        strikes.addWidget(self.strikes_button, 1)
        form.addRow(_line("Enemies left"), strikes)
        form.addRow(_line("Feat"), self.push_back_button)
        xp = QHBoxLayout()
        xp.addWidget(_plain("wounds"))
        xp.addWidget(self.wounds_spin)
        xp.addWidget(_plain("villain Health"))
        xp.addWidget(self.health_spin)
        xp.addStretch(1)
        form.addRow(_line("XP for an attack"), xp)
        form.addRow(self.xp_label)
        form.addRow(self.result_label)
        form.addRow(self.detail_label)

        self.effects_button.clicked.connect(self.roll_effects)
        self.push_back_button.clicked.connect(self.roll_push_back)
        self.strikes_button.clicked.connect(self.roll_free_strikes)
        self.wounds_spin.valueChanged.connect(self._refresh_xp)
        self.health_spin.valueChanged.connect(self._refresh_xp)
        self._refresh_xp()

    def _roll(self, count: int) -> tuple[tuple[int, ...], int]:
        seed = self._context.make_rng(None).randrange(SEED_LIMIT)
        rng: random.Random = self._context.make_rng(seed)
        return tuple(rng.randint(1, 6) for _ in range(count)), seed

    def _show(
        self, what: str, faces: tuple[int, ...], seed: int, text: Callable[..., tuple[str, str]]
    ) -> None:
        headline, detail = text(faces)
        self.result_label.setText(headline)
        self.detail_label.setText(detail)
        self._context.log_roll(
            RollRecord(
                kind=KIND,
                expression=what,
                faces=faces,
                total=sum(faces),
                seed=seed,
                rolled_at=self._context.now(),
                summary=headline,
                detail={"roll": what, "detail": detail},
            )
        )

    def roll_effects(self) -> None:
        faces, seed = self._roll(self.tokens_spin.value())
        self._show("continuous effects", faces, seed, continuous_effects_text)

    def roll_push_back(self) -> None:
        faces, seed = self._roll(1)

        def text(rolled: tuple[int, ...]) -> tuple[str, str]:
            down = push_back_knocks_down(rolled[0])
            return ("Knocked down" if down else "Still standing"), f"Push Back die {rolled[0]}"

        self._show("push back", faces, seed, text)

    def roll_free_strikes(self) -> None:
        faces, seed = self._roll(self.enemies_spin.value())
        self._show("free strikes", faces, seed, free_strikes_text)

    def _refresh_xp(self) -> None:
        xp = xp_for_wounds(self.wounds_spin.value(), self.health_spin.value())
        self.xp_label.setText(f"XP to the Treasure: +{xp}")
