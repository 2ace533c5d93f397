"""The files the lookup's documents are read from, and their fingerprint: light on purpose, so
``refkit lookup`` can tell whether its cached index is current without loading the readers of
those files (:mod:`refkit.present.lookup_documents`)."""

from __future__ import annotations

import zlib
from pathlib import Path

from refkit.locate import resource_path

CARD_SOURCES = ("items.toml", "spells/*.toml", "bestiary/*.toml", "tables/*.toml")
"""The resource files the card documents are read from (their bytes go in the fingerprint)."""


def documents_fingerprint(reference: Path | None = None) -> str:
    """A checksum of every reference file and card file, names and bytes: it changes when
    anything the lookup shows changes. (CRC-32 per file rather than a cryptographic hash: it
    only has to notice an edit, and ``refkit lookup`` starts sooner without loading OpenSSL.)"""
    folder = resource_path("reference") if reference is None else reference
    root = resource_path()
    sources = [(folder, path) for path in sorted(folder.glob("*/*.toml"))]
    sources += [(root, path) for pattern in CARD_SOURCES for path in sorted(root.glob(pattern))]
    parts = []
    for base, path in sources:
        data = path.read_bytes()
        # the name below its folder, by string: Path.relative_to costs more than the read
        name = str(path)[len(str(base)) + 1 :].replace("\\", "/")
        parts.append(f"{name}:{len(data)}:{zlib.crc32(data):08x}")
    return f"{len(parts)}-{zlib.crc32(chr(10).join(parts).encode('utf-8')):08x}"
