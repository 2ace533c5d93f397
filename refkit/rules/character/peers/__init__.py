"""Crows from the other Crows tools: The Nest's save file, the DimitroffVodka Foundry actor
(Playtest 2, and Playtest 1 migrated) and the pirsqed Foundry actor, read into a crow; and a crow
written back as The Nest's save (formats/peer-crow-files.md).

:func:`read_peer` tells the formats apart by their shape, checks the nesting once
(:func:`~refkit.rules.character.peers.common.check_depth`) and maps every field the format page
maps. What has no place in a Refkit crow is never dropped: it goes to the notes under a heading,
and :attr:`PeerImport.unmapped` lists it for the importer to say. A file of one of these formats
that is broken or hostile raises :class:`PeerFileError` naming the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from refkit.rules.character.build_data import BuildData, load_build_data
from refkit.rules.character.model import Character
from refkit.rules.character.peers.common import BadField, PeerFileError, Report, check_depth
from refkit.rules.character.peers.foundry import DV, DV_PT1, PIRSQED, foundry_kind, from_foundry
from refkit.rules.character.peers.nest import from_nest, is_nest_save, to_nest

NEST = "nest"
FORMAT_NAMES = {
    NEST: "The Nest's save",
    DV: "a DimitroffVodka Foundry actor (Playtest 2)",
    DV_PT1: "a DimitroffVodka Foundry actor (Playtest 1, migrated)",
    PIRSQED: "a pirsqed Foundry actor",
}

__all__ = ["FORMAT_NAMES", "PeerFileError", "PeerImport", "peer_kind", "read_peer", "write_nest"]


@dataclass(frozen=True)
class PeerImport:
    character: Character
    kind: str
    unmapped: tuple[str, ...]
    migrated: tuple[str, ...]

    @property
    def format_name(self) -> str:
        return FORMAT_NAMES[self.kind]


def peer_kind(data: Any) -> str | None:
    """Which peer format parsed JSON ``data`` is (None: none of them)."""
    if not isinstance(data, dict):
        return None
    if is_nest_save(data):
        return NEST
    try:
        return foundry_kind(data)
    except BadField:
        return None


def read_peer(
    data: Any, source_name: str = "file", build: BuildData | None = None
) -> PeerImport | None:
    """The crow in a peer file's parsed JSON, or None when ``data`` is none of the formats."""
    kind = peer_kind(data)
    if kind is None:
        return None
    report = Report()
    try:
        check_depth(data)
        data_build = build or load_build_data()
        if kind == NEST:
            character = from_nest(data, data_build, report)
        else:
            character = from_foundry(data, kind, data_build, report)
    except (BadField, ValueError) as error:
        raise PeerFileError(f"{source_name}: read as {FORMAT_NAMES[kind]}, but {error}") from None
    return PeerImport(character, kind, tuple(report.unmapped), tuple(report.migrated))


def write_nest(
    character: Character, build: BuildData | None = None
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The crow as The Nest's save object, and what the save cannot hold."""
    report = Report()
    try:
        save = to_nest(character, build or load_build_data(), report)
    except BadField as error:
        raise PeerFileError(f"{character.name} cannot be written as a Nest save: {error}") from None
    return save, tuple(report.unmapped)
