"""The rules' name for :class:`refkit.slot_record.SlotRecord` (kept below every layer since
``refkit.dice`` uses it too)."""

from __future__ import annotations

from refkit.slot_record import SlotRecord as SlotRecord

__all__ = ["SlotRecord"]
