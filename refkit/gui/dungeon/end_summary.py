"""What one End DT press (or a loud noise, or a rest's check) did, in one clear view.

Top, the encounter check as a banner that says it in words — *No encounter*, *A sign now*,
*Encounter now!* — with the roll and the EN; below it, what burned out or was spent, what ended
(effects and conditions), the wounds crows took from a doubled magic slot, and every usage-dice
roll. The texts come from plain functions
(:func:`check_headline`, :func:`end_of_turn_lines`) so they are tested without a screen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from refkit.gui.common.plain_text import PlainLabel
from refkit.rules.dungeon.effects import EffectKind
from refkit.rules.dungeon.end_of_turn import EndOfTurnResult
from refkit.rules.encounters import EncounterCheck

CHECK_COLOURS = {
    False: {"none": "#2e7d32", "sign": "#a15c00", "immediate": "#b71c1c", "resolved": "#546e7a"},
    True: {"none": "#2e7d32", "sign": "#a86400", "immediate": "#c62828", "resolved": "#607d8b"},
}


@dataclass(frozen=True)
class CheckText:
    outcome: str  # none / sign / immediate
    headline: str
    detail: str


def check_headline(check: EncounterCheck, *, dt_ended: int | None = None) -> CheckText:
    """The check in words. ``dt_ended``: the DT whose end this check was (None: mid-DT)."""
    rolled = f"rolled {check.roll} against EN {check.en}"
    if not check.encounter:
        return CheckText("none", "No encounter", rolled)
    if check.immediate:
        return CheckText("immediate", "Encounter now!", f"{rolled} — a 10 strikes at once")
    when = f"during DT {dt_ended + 1}" if dt_ended is not None else "soon"
    return CheckText("sign", "A sign now", f"{rolled} — the encounter comes {when}")


def resolved_headline(check: EncounterCheck) -> CheckText:
    """The banner once the encounter it announced has been dealt with (or undone)."""
    return CheckText(
        "resolved", "Encounter dealt with", f"rolled {check.roll} against EN {check.en}"
    )


def end_of_turn_lines(result: EndOfTurnResult) -> dict[str, list[str]]:
    """The summary's sections: ``burned_out``, ``ended`` and ``rolled`` (each a list of lines)."""
    spent_ids = {effect.id for effect in result.items_spent}
    burned: list[str] = []
    for rolled in result.ran_out:
        after = next((e for e in result.effects if e.id == rolled.effect_id), None)
        if rolled.effect_id in spent_ids:
            burned.append(f"{rolled.name} burned out — spent for good")
        elif after is not None and after.kind is EffectKind.LIGHT:
            refuel = f": refuel with {after.refuel_with}" if after.refuel_with else ""
            burned.append(f"{rolled.name} went out{refuel}")
        elif after is not None:
            burned.append(f"{rolled.name} has no usage dice left")
        else:
            burned.append(f"{rolled.name} ran out and ended")
    ran_out_ids = {rolled.effect_id for rolled in result.ran_out}
    ended = [
        f"{effect.name} ended with the DT"
        for effect in result.effects_ended
        if effect.id not in ran_out_ids
    ]
    ended += [f"{item.character}: {item.condition} ended" for item in result.conditions_ended]
    rolled_lines = []
    for rolled in result.usage_dice:
        faces = " ".join(str(face) for face in rolled.roll.rolled)
        rolled_lines.append(
            f"{rolled.name}: {rolled.roll.before} → {rolled.roll.after} UD  (rolled {faces})"
        )
    return {"burned_out": burned, "ended": ended, "rolled": rolled_lines}


class CheckBanner(QFrame):
    """The encounter check's outcome on a coloured band, in white bold words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("check_banner")
        self._outcome = "none"
        self.headline = QLabel("")
        self.headline.setObjectName("check_headline")
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.7)
        font.setBold(True)
        self.headline.setFont(font)
        self.detail = QLabel("")
        self.detail.setObjectName("check_detail")
        self.detail.setWordWrap(True)
        self.title = QLabel("")
        self.title.setObjectName("summary_title")
        title_font = self.title.font()
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.title.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        for label in (self.headline, self.detail, self.title):
            palette = label.palette()
            palette.setColor(QPalette.ColorRole.WindowText, QColor("#ffffff"))
            label.setPalette(palette)
        layout = QGridLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        layout.setSpacing(0)
        layout.addWidget(self.headline, 0, 0)
        layout.addWidget(self.title, 0, 1)
        layout.addWidget(self.detail, 1, 0, 1, 2)
        layout.setColumnStretch(0, 1)

    @property
    def outcome(self) -> str:
        return self._outcome

    def show_check(self, text: CheckText) -> None:
        self._outcome = text.outcome
        self.headline.setText(text.headline)
        self.detail.setText(text.detail)
        self.setAccessibleName(f"{text.headline}. {text.detail}")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        painter.setBrush(QColor(CHECK_COLOURS[dark][self._outcome]))
        radius = self.fontMetrics().height() * 0.5
        painter.drawRoundedRect(QRectF(self.rect()), radius, radius)
        painter.end()


class EndSummary(QFrame):
    """The latest End DT (or extra check) at a glance. Hidden until there is one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("end_summary")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.banner = CheckBanner()
        self.title = self.banner.title
        self.burned_label = PlainLabel("")  # rich below, names escaped; narrow hints
        self.burned_label.setObjectName("summary_burned_out")
        self.ended_label = PlainLabel("")
        self.ended_label.setObjectName("summary_ended")
        self.rolled_label = PlainLabel("")
        self.rolled_label.setObjectName("summary_rolled")
        self.overload_label = PlainLabel("")
        self.overload_label.setObjectName("summary_overload")
        for label in self._sections():
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.setSpacing(4)
        layout.addWidget(self.banner)
        layout.addWidget(self.burned_label)
        layout.addWidget(self.ended_label)
        layout.addWidget(self.overload_label)
        layout.addWidget(self.rolled_label)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.hide()

    def _sections(self) -> tuple[QLabel, ...]:
        return (self.burned_label, self.ended_label, self.overload_label, self.rolled_label)

    def show_end_of_turn(
        self, result: EndOfTurnResult, *, automatic: bool = False, overload: Sequence[str] = ()
    ) -> None:
        """Show an End DT; ``overload``: a line per crow wounded by a doubled magic slot."""
        how = " (automatically, at zero)" if automatic else ""
        self.title.setText(f"End of DT {result.dt_ended}{how}")
        self.banner.show_check(check_headline(result.encounter, dt_ended=result.dt_ended))
        lines = end_of_turn_lines(result)
        self._section(self.burned_label, "Ran out", lines["burned_out"], "Nothing ran out")
        self._section(self.ended_label, "Ended", lines["ended"], "")
        self._section(self.overload_label, "Magic overload", list(overload), "")
        self._section(self.rolled_label, "Usage dice", lines["rolled"], "No usage dice rolled")
        self.show()

    def show_resolved(self, check: EncounterCheck) -> None:
        """The encounter the banner announced is no longer pending: stop calling for it."""
        self.banner.show_check(resolved_headline(check))

    def show_check(self, title: str, check: EncounterCheck, *, dt_ended: int | None = None) -> None:
        """A check outside End DT: a loud noise, or the rest's check."""
        self.title.setText(title)
        self.banner.show_check(check_headline(check, dt_ended=dt_ended))
        for label in self._sections():
            label.hide()
        self.show()

    def texts(self) -> list[str]:
        """Every visible line of the summary, plain (for tests and screen readers)."""
        out = [self.title.text(), self.banner.headline.text(), self.banner.detail.text()]
        for label in self._sections():
            if label.isVisibleTo(self) and label.text():
                out.append(_plain(label.text()))
        return out

    @staticmethod
    def _section(label: QLabel, heading: str, lines: list[str], empty: str) -> None:
        if not lines and not empty:
            label.hide()
            label.clear()
            return
        body = "; ".join(_escape(line) for line in lines) if lines else f"<i>{empty}</i>"
        label.setText(f"<b>{heading}:</b> {body}" if lines else body)
        label.show()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _plain(html: str) -> str:
    text = re.sub(r"<[^>]+>", "", html)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
