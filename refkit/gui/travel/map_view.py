"""The hex map on screen: zoom (wheel, Ctrl + / Ctrl −), pan (drag, Shift + arrows), a hex
cursor moved with the arrow keys, and the hex under the pointer or cursor for a readout. A dungeon's
context menu (right click, or the Menu key on the cursor's hex) offers to enter it on the DT panel.

Left and right on flat-topped hexes zigzag (north-east, then south-east…) so that going right
and back left returns to the same hex. The view scales the scene; the blocks' cached pixmaps make
panning a copy (see :mod:`refkit.gui.travel.map_scene`).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShortcut,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QMenu, QWidget

from refkit.gui.travel.hex_geometry import centre, hex_at
from refkit.gui.travel.map_scene import HexMapScene
from refkit.rules.travel.hexes import Hex, HexDirection

MIN_SCALE = 0.04
MAX_SCALE = 4.0
ZOOM_STEP = 1.25
PAN_STEP = 60


def step_for_key(hex_: Hex, key: int) -> Hex | None:
    """The hex an arrow key moves the cursor to, or None for another key."""
    odd = hex_.q % 2 == 1
    if key == Qt.Key.Key_Up:
        return hex_.step(HexDirection.N)
    if key == Qt.Key.Key_Down:
        return hex_.step(HexDirection.S)
    if key == Qt.Key.Key_Right:
        return hex_.step(HexDirection.NE if odd else HexDirection.SE)
    if key == Qt.Key.Key_Left:
        return hex_.step(HexDirection.NW if odd else HexDirection.SW)
    return None


class HexMapView(QGraphicsView):
    hex_pointed = Signal(object)
    """The hex under the pointer (a Hex), as it moves."""
    cursor_moved = Signal(object)
    """The keyboard cursor moved to this hex."""
    hex_pressed = Signal(object, object)
    """The left button went down on a hex (the Hex, the Qt.KeyboardModifiers)."""
    hex_dragged = Signal(object)
    """With the button down, the pointer entered another hex."""
    hex_released = Signal()
    cursor_activated = Signal(object)
    """Return or Space on the cursor's hex (the editor paints there)."""
    enter_dungeon = Signal(str, object)
    """"Enter this dungeon" chosen on a dungeon of the map (its name, its encounter table or
    None); offered only while :attr:`offers_dungeons`."""

    def __init__(self, scene: HexMapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName("Hex map")
        self.editing = False
        """True: a left drag paints (the editor); False: a left drag pans."""
        self.offers_dungeons = False
        """True once the window can enter a dungeon on the DT panel (the composition root)."""
        self._pressed_hex: Hex | None = None
        self._keep_fitted = False  # True after fit_map, until the user zooms or pans
        self._panning_from: QPoint | None = None
        for keys, factor in ((QKeySequence.StandardKey.ZoomIn, ZOOM_STEP),
                             (QKeySequence.StandardKey.ZoomOut, 1 / ZOOM_STEP)):  # fmt: skip
            shortcut = QShortcut(keys, self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda f=factor: self.zoom_by(f, centred=True))
        wider = QShortcut(QKeySequence("Ctrl+="), self)
        wider.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        wider.activated.connect(lambda: self.zoom_by(ZOOM_STEP, centred=True))

    # zoom and pan ------------------------------------------------------------------------

    def scale_now(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, *, centred: bool = False) -> None:
        self._stop_fitting()
        wanted = min(MAX_SCALE, max(MIN_SCALE, self.scale_now() * factor))
        factor = wanted / self.scale_now()
        if centred:
            anchor = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(anchor)
        else:
            self.scale(factor, factor)

    def fit_map(self) -> None:
        """The whole map in view; it stays fitted as the view is resized (a dock shown or a
        splitter dragged) until the user zooms or pans. Meanwhile the scroll bars are off: the
        whole map shows, and scroll bars that came with one fit and went with the next would
        resize the view for ever."""
        self._keep_fitted = True
        for bar in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
            bar(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fit()

    def _stop_fitting(self) -> None:
        if self._keep_fitted:
            self._keep_fitted = False
            for bar in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
                bar(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def _fit(self) -> None:
        rect = self.map_scene.map_rect()
        if not rect.isEmpty() and self.viewport().width() > 0:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._keep_fitted:
            self._fit()

    def pan_by(self, dx: int, dy: int) -> None:
        self._stop_fitting()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(ZOOM_STEP**steps)
        event.accept()

    # the cursor ---------------------------------------------------------------------------

    def move_cursor(self, hex_: Hex) -> None:
        self.map_scene.set_cursor(hex_)
        self.ensureVisible(self.map_scene.cursor.sceneBoundingRect(), 40, 40)
        self.cursor_moved.emit(hex_)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            pans = {
                Qt.Key.Key_Left: (-PAN_STEP, 0),
                Qt.Key.Key_Right: (PAN_STEP, 0),
                Qt.Key.Key_Up: (0, -PAN_STEP),
                Qt.Key.Key_Down: (0, PAN_STEP),
            }
            if key in pans:
                self.pan_by(*pans[key])
                return
        current = self.map_scene.cursor_hex
        if current is None and key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up,
                                       Qt.Key.Key_Down):  # fmt: skip
            middle = self.mapToScene(self.viewport().rect().center())
            self.move_cursor(hex_at(middle.x(), middle.y()))
            return
        if current is not None:
            target = step_for_key(current, key)
            if target is not None:
                self.move_cursor(target)
                return
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
                self.cursor_activated.emit(current)
                return
        super().keyPressEvent(event)

    # the pointer --------------------------------------------------------------------------

    def hex_under(self, point: QPoint | QPointF) -> Hex:
        at = self.mapToScene(point.toPoint() if isinstance(point, QPointF) else point)
        return hex_at(at.x(), at.y())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        hex_ = self.hex_under(event.position())
        if event.button() == Qt.MouseButton.LeftButton and self.editing:
            self._pressed_hex = hex_
            self.map_scene.set_cursor(hex_)
            self.hex_pressed.emit(hex_, event.modifiers())
            event.accept()
            return
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton,
                              Qt.MouseButton.RightButton):  # fmt: skip
            self._panning_from = event.position().toPoint()
            if event.button() == Qt.MouseButton.LeftButton:
                self.map_scene.set_cursor(hex_)
                self.cursor_moved.emit(hex_)
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hex_ = self.hex_under(event.position())
        self.hex_pointed.emit(hex_)
        if self._pressed_hex is not None:
            if hex_ != self._pressed_hex:
                self._pressed_hex = hex_
                self.map_scene.set_cursor(hex_)
                self.hex_dragged.emit(hex_)
            event.accept()
            return
        if self._panning_from is not None:
            now = event.position().toPoint()
            delta = now - self._panning_from
            self._panning_from = now
            self.pan_by(-delta.x(), -delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pressed_hex is not None:
            self._pressed_hex = None
            self.hex_released.emit()
            event.accept()
            return
        if self._panning_from is not None:
            self._panning_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def place_menu(self, hex_: Hex) -> QMenu | None:
        """The hex's context menu: "Enter this dungeon" for each dungeon on it (None: none)."""
        hex_map = self.map_scene.hex_map
        if not self.offers_dungeons or hex_map is None or hex_ not in hex_map:
            return None
        dungeons = [place for place in hex_map.cell(hex_).places if place.dungeon]
        if not dungeons:
            return None
        menu = QMenu(self)
        for place in dungeons:
            # "&" would make a mnemonic of the place's own name.
            action = menu.addAction(f"Enter this dungeon: {place.name.replace('&', '&&')}")
            action.setToolTip("Start DT 1 of this dungeon on the DT panel")
            table = place.encounter_table or None
            action.triggered.connect(
                lambda _=False, name=place.name, table=table: self.enter_dungeon.emit(name, table)
            )
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        keyboard = event.reason() == QContextMenuEvent.Reason.Keyboard
        hex_ = self.map_scene.cursor_hex if keyboard else self.hex_under(event.pos())
        menu = self.place_menu(hex_) if hex_ is not None else None
        if menu is None:
            super().contextMenuEvent(event)
            return
        self._panning_from = None  # the right button's press began a pan; the menu ends it
        self.viewport().unsetCursor()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(event.globalPos())
        event.accept()

    def centre_on_hex(self, hex_: Hex) -> None:
        self.centerOn(centre(hex_))
