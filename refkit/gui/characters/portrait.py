"""Portraits: kept inside the character as a small PNG data URI, so exported files carry them.

A chosen image is scaled down (longest side at most :data:`PORTRAIT_SIZE` pixels) before it is
stored; a portrait text that is a plain file path is still shown when the file exists.
"""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap

from refkit.errors import DomainError

PORTRAIT_SIZE = 256
DATA_PREFIX = "data:image/png;base64,"


class PortraitError(DomainError, ValueError):
    """The chosen file is not an image Refkit can read; the message says which file and why."""


def portrait_from_file(path: str | Path) -> str:
    """The image at ``path`` as a data URI, scaled down to fit :data:`PORTRAIT_SIZE`."""
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    image = reader.read()
    if image.isNull():
        raise PortraitError(f"{path}: not an image Refkit can read ({reader.errorString()})")
    return portrait_from_image(image)


def portrait_from_image(image: QImage) -> str:
    if max(image.width(), image.height()) > PORTRAIT_SIZE:
        image = image.scaled(
            QSize(PORTRAIT_SIZE, PORTRAIT_SIZE),
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return DATA_PREFIX + base64.b64encode(bytes(data.data())).decode("ascii")


def portrait_pixmap(portrait: str | None) -> QPixmap | None:
    """The portrait as a pixmap, or None when there is none or it cannot be read."""
    if not portrait:
        return None
    pixmap = QPixmap()
    if portrait.startswith("data:image/"):
        _, _, encoded = portrait.partition(",")
        try:
            raw = base64.b64decode(encoded, validate=True)
        except ValueError:
            return None
        if not pixmap.loadFromData(raw):
            return None
        return pixmap
    if Path(portrait).is_file() and pixmap.load(portrait):
        return pixmap
    return None


def scaled_portrait(portrait: str | None, side: int, pixel_ratio: float = 1.0) -> QPixmap | None:
    """The portrait fitted into a ``side`` × ``side`` square, sharp at ``pixel_ratio``."""
    pixmap = portrait_pixmap(portrait)
    if pixmap is None:
        return None
    target = round(side * pixel_ratio)
    scaled = pixmap.scaled(
        target,
        target,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    scaled.setDevicePixelRatio(pixel_ratio)
    return scaled
