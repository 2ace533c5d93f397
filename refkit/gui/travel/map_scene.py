"""The hex map as a ``QGraphicsScene``: painted in blocks of hexes, with places and markers on top.

The hexes are painted by :class:`HexBlock` items of ``BLOCK`` × ``BLOCK`` hexes, each cached as a
device pixmap, so panning only copies pixmaps and a change repaints the one block it touches. Far
out (a hex a few pixels wide) a block paints colour only: no patterns, outlines or names.

What is shown depends on who looks (:class:`MapViewer`): the referee sees every hex, every note
and, while the party is lost, where it truly is; the players see only the hexes they believe they
explored, where they believe they are, and the places' names without notes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from refkit.gui.common.plain_text import rich_tooltip
from refkit.gui.travel.habitat_glyphs import filled, glyph
from refkit.gui.travel.hex_geometry import (
    HEIGHT,
    SIZE,
    WIDTH,
    bounds_rect,
    centre,
    edge_offset,
    unit_path,
    unit_polygon,
)
from refkit.gui.travel.map_document import MapDocument
from refkit.rules.travel.hex_map import HexCell, HexMap, PointOfInterest
from refkit.rules.travel.hexes import Hex, HexDirection

BLOCK = 12
"""Hexes along each side of a painted block."""
DETAIL_LOD = 0.28
"""Below this scale (a hex under ~22 pixels wide) blocks paint colour only."""
NAME_LOD = 0.55
"""Below this scale places show their mark without their name."""
UNKNOWN = QColor("#d9d0bb")
"""Parchment: a hex the players have not explored."""
ROAD = QColor("#6b4a2b")
RIVER = QColor("#2f6fb0")
OUTLINE = QColor(40, 35, 30, 90)


class MapViewer(Enum):
    REFEREE = "referee"
    PLAYERS = "players"


@dataclass(frozen=True)
class PartyPlace:
    """Where the party is: as the players believe, truly, whether lost, and what they explored."""

    believed: Hex
    true: Hex
    lost: bool
    explored: frozenset[Hex]


def block_of(hex_: Hex) -> tuple[int, int]:
    return hex_.q // BLOCK, hex_.r // BLOCK


def _darker(colour: QColor, factor: int = 160) -> QColor:
    return colour.darker(factor)


class HexBlock(QGraphicsItem):
    """A block of hexes: habitat colour and marks, outlines, roads and rivers.

    Its drawing is kept as a few paths (one per habitat, one per kind of mark, the roads, the
    rivers and their arrows), made again only when one of its hexes changes; a paint is then a
    handful of ``drawPath`` calls, however many hexes the block holds.
    """

    cache_mode = QGraphicsItem.CacheMode.DeviceCoordinateCache
    """How blocks are cached (the benchmark compares it with NoCache)."""

    def __init__(self, scene: HexMapScene, key: tuple[int, int], hexes: Iterable[Hex]) -> None:
        super().__init__()
        self._map_scene = scene
        self.key = key
        self.hexes: set[Hex] = set(hexes)
        self._rect = QRectF()
        self._drawing: _BlockDrawing | None = None
        self.refit()
        self.setCacheMode(self.cache_mode)
        self.setZValue(0)

    def refit(self) -> None:
        self.prepareGeometryChange()
        self._rect = bounds_rect(self.hexes) if self.hexes else QRectF()
        self._drawing = None

    def redraw(self) -> None:
        """A hex of the block (or what the viewer sees) changed: make the paths again."""
        self._drawing = None
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        hex_map = self._map_scene.hex_map
        if hex_map is None:
            return
        if self._drawing is None:
            self._drawing = _BlockDrawing.make(self._map_scene, hex_map, self.hexes)
        drawing = self._drawing
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        detailed = lod >= DETAIL_LOD
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, detailed)
        painter.setPen(QPen(OUTLINE, 1.2) if detailed else Qt.PenStyle.NoPen)
        for colour, path in drawing.fills:
            painter.setBrush(colour)
            painter.drawPath(path)
        if not detailed:
            return
        for colour, path, solid in drawing.marks:
            if solid:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(colour)
            else:
                painter.setPen(QPen(colour, 2.2, c=Qt.PenCapStyle.RoundCap))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(ROAD, 3.2, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))  # fmt: skip
        painter.drawPath(drawing.roads)
        painter.setPen(QPen(RIVER, 4.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawPath(drawing.rivers)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(RIVER.darker(130))
        painter.drawPath(drawing.arrows)


@dataclass
class _BlockDrawing:
    fills: list[tuple[QColor, QPainterPath]]
    marks: list[tuple[QColor, QPainterPath, bool]]
    roads: QPainterPath
    rivers: QPainterPath
    arrows: QPainterPath

    @classmethod
    def make(cls, scene: HexMapScene, hex_map: HexMap, hexes: Iterable[Hex]) -> _BlockDrawing:
        shown = scene.shown
        shape = unit_polygon()
        fills: dict[str, QPainterPath] = {}
        marks: dict[str, QPainterPath] = {}
        roads, rivers, arrows = QPainterPath(), QPainterPath(), QPainterPath()
        cells = hex_map.cells
        for hex_ in sorted(hexes):
            cell = cells.get(hex_)
            if cell is None:
                continue
            at = centre(hex_)
            known = shown(hex_)
            key = cell.habitat if known else ""
            fills.setdefault(key, QPainterPath()).addPolygon(shape.translated(at))
            if not known:
                continue
            pattern = scene.patterns.get(cell.habitat, "")
            mark = glyph(pattern)
            if mark is not None:
                marks.setdefault(cell.habitat, QPainterPath()).addPath(mark.translated(at))
            if cell.road:
                linked = False
                for direction in HexDirection:
                    near = cells.get(hex_.step(direction))
                    if near is not None and near.road:
                        roads.moveTo(at)
                        roads.lineTo(at + edge_offset(direction))
                        linked = True
                if not linked:
                    roads.addEllipse(at, 4.0, 4.0)
            for direction in HexDirection:  # water flowing in from upstream
                near = cells.get(hex_.step(direction))
                if near is not None and near.river is direction.opposite:
                    rivers.moveTo(at)
                    rivers.lineTo(at + edge_offset(direction))
            if cell.river is not None:
                out = edge_offset(cell.river)
                rivers.moveTo(at)
                rivers.lineTo(at + out)
                arrows.addPolygon(_arrow(at + out * 0.55, cell.river))
        colours = scene.colours
        return cls(
            fills=[(colours.get(k, UNKNOWN) if k else UNKNOWN, p) for k, p in fills.items()],
            marks=[
                (_darker(colours.get(k, UNKNOWN), 185), p, filled(scene.patterns.get(k, "")))
                for k, p in marks.items()
            ],
            roads=roads,
            rivers=rivers,
            arrows=arrows,
        )


def _arrow(tip: QPointF, direction: HexDirection) -> QPolygonF:
    """A small arrowhead pointing the way the water flows."""
    ahead = edge_offset(direction, 0.28)
    side = QPointF(-ahead.y() * 0.7, ahead.x() * 0.7)
    back = tip - ahead
    return QPolygonF([tip + ahead * 0.4, back + side, back - side, tip + ahead * 0.4])


class _Shown:
    """Whether the current viewer sees a hex."""

    def __init__(self, viewer: MapViewer, explored: frozenset[Hex]) -> None:
        self._all = viewer is MapViewer.REFEREE
        self._explored = explored

    def __call__(self, hex_: Hex) -> bool:
        return self._all or hex_ in self._explored


class PlaceMark(QGraphicsItem):
    """A point of interest or a dungeon: its mark and name; its notes in the tooltip."""

    def __init__(self, hex_: Hex, places: tuple[PointOfInterest, ...], referee: bool) -> None:
        super().__init__()
        self.hex = hex_
        self.places = places
        self.setPos(centre(hex_))
        self.setZValue(5)
        self.setAcceptHoverEvents(True)
        lines = []
        for place in places:
            kind = "dungeon" if place.dungeon else "place"
            line = f"{place.name} ({kind})"
            if referee and place.notes:
                line += f": {place.notes}"
            lines.append(line)
        self.setToolTip(rich_tooltip("\n".join(lines)))
        self.tooltip_text = "\n".join(lines)

    def boundingRect(self) -> QRectF:
        return QRectF(-WIDTH, -HEIGHT / 2, 2 * WIDTH, HEIGHT)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        dungeon = any(place.dungeon for place in self.places)
        painter.setPen(QPen(QColor("#1d1a16"), 1.6))
        if dungeon:  # a doorway: an arch over a dark opening
            door = QPainterPath()
            door.moveTo(-9, 10)
            door.lineTo(-9, -2)
            door.arcTo(QRectF(-9, -11, 18, 18), 180, -180)
            door.lineTo(9, 10)
            door.closeSubpath()
            painter.setBrush(QColor("#2a2320"))
            painter.drawPath(door)
            painter.setPen(QPen(QColor("#e9dcc0"), 1.2))
            painter.drawLine(QPointF(0, -6), QPointF(0, 10))
        else:  # a tower-ish marker: a filled diamond
            painter.setBrush(QColor("#f3e7c9"))
            painter.drawPolygon(
                QPolygonF([QPointF(0, -10), QPointF(8, 0), QPointF(0, 10), QPointF(-8, 0)])
            )
            painter.setBrush(QColor("#8b2f22"))
            painter.drawEllipse(QPointF(0, 0), 3, 3)
        if lod < NAME_LOD:
            return
        name = self.places[0].name + (f" +{len(self.places) - 1}" if len(self.places) > 1 else "")
        font = QFont(painter.font())
        font.setPointSizeF(7.5)
        font.setBold(True)
        painter.setFont(font)
        metrics_text = painter.fontMetrics().elidedText(
            name, Qt.TextElideMode.ElideRight, int(2 * WIDTH)
        )
        painter.setPen(QPen(QColor(255, 250, 235, 220), 3))
        path = QPainterPath()
        width = painter.fontMetrics().horizontalAdvance(metrics_text)
        path.addText(QPointF(-width / 2, 22), font, metrics_text)
        painter.drawPath(path)  # a pale halo so the name reads on any habitat
        painter.fillPath(path, QColor("#1d1a16"))


class PartyMark(QGraphicsItem):
    """The party where the players believe they are (a banner), or the referee's true position
    while it is lost (a red dashed ring)."""

    def __init__(self, true_position: bool) -> None:
        super().__init__()
        self.true_position = true_position
        self.setZValue(8 if true_position else 9)

    def boundingRect(self) -> QRectF:
        return QRectF(-SIZE, -SIZE, 2 * SIZE, 2 * SIZE)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.true_position:
            painter.setPen(QPen(QColor("#c0281c"), 3.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), SIZE * 0.7, SIZE * 0.7)
            painter.setPen(QPen(QColor("#c0281c"), 2.5))
            painter.drawLine(QPointF(-8, -8), QPointF(8, 8))
            painter.drawLine(QPointF(-8, 8), QPointF(8, -8))
            return
        painter.setPen(QPen(QColor("#111111"), 2))
        painter.setBrush(QColor("#f6c431"))
        painter.drawEllipse(QPointF(0, 4), 11, 11)
        painter.drawLine(QPointF(0, -7), QPointF(0, -24))
        flag = QPolygonF([QPointF(0, -24), QPointF(15, -19), QPointF(0, -14)])
        painter.setBrush(QColor("#c0281c"))
        painter.drawPolygon(flag)


class HexCursor(QGraphicsItem):
    """The keyboard's hex: a bright double outline."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(10)

    def boundingRect(self) -> QRectF:
        return QRectF(-SIZE - 4, -SIZE - 4, 2 * SIZE + 8, 2 * SIZE + 8)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#111111"), 5))
        painter.drawPath(unit_path(0.94))
        painter.setPen(QPen(QColor("#ffffff"), 2.5))
        painter.drawPath(unit_path(0.94))


class HexMapScene(QGraphicsScene):
    """The map of a :class:`MapDocument` for one viewer, with the party and a hex cursor."""

    def __init__(
        self,
        document: MapDocument,
        viewer: MapViewer = MapViewer.REFEREE,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.viewer = viewer
        self.party: PartyPlace | None = None
        self.colours: dict[str, QColor] = {}
        self.patterns: dict[str, str] = {}
        self.shown = _Shown(viewer, frozenset())
        self._blocks: dict[tuple[int, int], HexBlock] = {}
        self._places: dict[Hex, PlaceMark] = {}
        self.believed_mark = PartyMark(False)
        self.true_mark = PartyMark(True)
        self.cursor = HexCursor()
        self.route_line = QGraphicsPathItem()
        self.route_line.setPen(
            QPen(QColor("#111111"), 3.0, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
        )
        self.route_line.setZValue(7)
        for item in (self.believed_mark, self.true_mark, self.cursor, self.route_line):
            item.setVisible(False)
            self.addItem(item)
        self.cursor_hex: Hex | None = None
        self.setBackgroundBrush(QBrush(QColor("#efe8d8")))
        # The blocks' pixmaps live in the window's pixmap cache, sized for the maps on screen
        # by refkit.gui.shell.pixmap_cache (not raised here: the style's pictures share it).
        document.changed.connect(self._cells_changed)
        self._rebuild()

    @property
    def hex_map(self) -> HexMap | None:
        return self.document.hex_map

    # what is shown -----------------------------------------------------------------------

    def set_party(self, party: PartyPlace | None) -> None:
        self.party = party
        explored = party.explored if party else frozenset()
        self.shown = _Shown(self.viewer, explored | ({party.believed} if party else set()))
        if party is None:
            self.believed_mark.setVisible(False)
            self.true_mark.setVisible(False)
        else:
            self.believed_mark.setPos(centre(party.believed))
            self.believed_mark.setVisible(True)
            secret = self.viewer is MapViewer.REFEREE and party.lost
            self.true_mark.setPos(centre(party.true))
            self.true_mark.setVisible(secret)
            tip = f"The party believes it is at {party.believed.label}"
            self.believed_mark.setToolTip(tip)
            self.true_mark.setToolTip(f"Truly at {party.true.label} (only the referee sees this)")
        if self.viewer is MapViewer.PLAYERS:
            self._repaint_all()

    def set_route(self, hexes: Sequence[Hex]) -> None:
        """The day's planned route, as the players see it: a dotted line from hex to hex."""
        path = QPainterPath()
        for index, hex_ in enumerate(hexes):
            if index == 0:
                path.moveTo(centre(hex_))
            else:
                path.lineTo(centre(hex_))
        self.route_line.setPath(path)
        self.route_line.setVisible(len(hexes) > 1)

    def set_cursor(self, hex_: Hex | None) -> None:
        self.cursor_hex = hex_
        self.cursor.setVisible(hex_ is not None)
        if hex_ is not None:
            self.cursor.setPos(centre(hex_))

    def map_rect(self) -> QRectF:
        hex_map = self.hex_map
        return bounds_rect(list(hex_map.cells)) if hex_map else QRectF()

    # keeping up with the document --------------------------------------------------------

    def _rebuild(self) -> None:
        for block in self._blocks.values():
            self.removeItem(block)
        self._blocks.clear()
        hex_map = self.hex_map
        self.colours, self.patterns = {}, {}
        if hex_map is not None:
            self.colours = {h.name: QColor(h.colour) for h in hex_map.habitats}
            self.patterns = {h.name: h.pattern for h in hex_map.habitats}
            grouped: dict[tuple[int, int], list[Hex]] = {}
            for hex_ in hex_map.cells:
                grouped.setdefault(block_of(hex_), []).append(hex_)
            for key, hexes in grouped.items():
                block = HexBlock(self, key, hexes)
                self._blocks[key] = block
                self.addItem(block)
        self._rebuild_places(None)
        rect = self.map_rect()
        self.setSceneRect(rect.adjusted(-WIDTH * 3, -HEIGHT * 3, WIDTH * 3, HEIGHT * 3))

    def _cells_changed(self, hexes: frozenset[Hex]) -> None:
        hex_map = self.hex_map
        if hex_map is None or not self._blocks or len(hexes) >= len(hex_map.cells):
            self._rebuild()
            return
        touched: set[tuple[int, int]] = set()
        for hex_ in hexes:
            # A road or river is drawn in both hexes it joins: repaint the neighbours' blocks too.
            for near in (hex_, *hex_.neighbours()):
                key = block_of(near)
                touched.add(key)
                block = self._blocks.get(key)
                if near == hex_:
                    if block is None:
                        block = HexBlock(self, key, ())
                        self._blocks[key] = block
                        self.addItem(block)
                    if near in hex_map.cells:
                        block.hexes.add(near)
                    else:
                        block.hexes.discard(near)
                    block.refit()
        for key in touched:
            block = self._blocks.get(key)
            if block is not None:
                block.redraw()
        self._rebuild_places(hexes)
        rect = self.map_rect()
        self.setSceneRect(rect.adjusted(-WIDTH * 3, -HEIGHT * 3, WIDTH * 3, HEIGHT * 3))

    def _rebuild_places(self, hexes: frozenset[Hex] | None) -> None:
        hex_map = self.hex_map
        stale = list(self._places) if hexes is None else [h for h in hexes if h in self._places]
        for hex_ in stale:
            self.removeItem(self._places.pop(hex_))
        if hex_map is None:
            return
        wanted = (
            hex_map.cells
            if hexes is None
            else {h: hex_map.cells[h] for h in hexes if h in hex_map.cells}
        )
        referee = self.viewer is MapViewer.REFEREE
        for hex_, cell in wanted.items():
            if cell.places and self.shown(hex_):
                mark = PlaceMark(hex_, cell.places, referee)
                self._places[hex_] = mark
                self.addItem(mark)

    def _repaint_all(self) -> None:
        for block in self._blocks.values():
            block.redraw()
        self._rebuild_places(None)

    def place_marks(self) -> dict[Hex, PlaceMark]:
        return dict(self._places)

    def cell_text(self, hex_: Hex) -> str:
        """The readout for a hex: its coordinates and, if shown, what it holds."""
        hex_map = self.hex_map
        cell: HexCell | None = hex_map.cells.get(hex_) if hex_map else None
        if cell is None:
            return f"Hex {hex_.label} — off the map"
        if not self.shown(hex_):
            return f"Hex {hex_.label} — unexplored"
        parts = [cell.habitat]
        if cell.road:
            parts.append("road")
        if cell.river is not None:
            parts.append(f"river flowing {cell.river.name}")
        for place in cell.places:
            parts.append(f"{place.name} ({'dungeon' if place.dungeon else 'place'})")
        party = self.party
        if self.viewer is MapViewer.REFEREE and party and party.lost and hex_ == party.true:
            parts.append("the party is truly here")
        return f"Hex {hex_.label} — " + ", ".join(parts)
