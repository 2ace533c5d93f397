"""The crow's build and growth on its printed sheet, under the expertises: background, total and
spendable XP, pets and what they carry, the NPC connection, and the traits by tree. Printed only
for a crow that has any of them (a character file of version 2)."""

from __future__ import annotations

from refkit.export.card_faces import INK
from refkit.export.fonts import REGULAR
from refkit.export.pages import Page
from refkit.export.text_fit import READABLE, draw_fitted, fit
from refkit.export.units import mm
from refkit.rules.character.model import Character
from refkit.rules.character.pet_moves import has_burden, pack_of, pack_slots
from refkit.rules.character.purse import purse_text
from refkit.rules.character.slot_traits import slot_trait_lines

ROOM = 11.0
"""Millimetres the lines may take; longer text shrinks, down to the readable size."""
SIZE = 8.0


def progress_text(crow: Character) -> str:
    """The lines as printed ("" when the crow has nothing to show)."""
    first = []
    if crow.background:
        first.append(f"Background: {crow.background}")
    if crow.xp.total or crow.xp.spendable:
        first.append(f"XP: {crow.xp.total:,} total, {crow.xp.spendable:,} to spend")
    if crow.coins:
        first.append(purse_text(crow))
    if crow.pets:
        first.append(f"Pets: {', '.join(crow.pets)}")
    if crow.connection is not None:
        about = ", ".join(p for p in (crow.connection.relationship, crow.connection.benefit) if p)
        first.append(f"Connection: {crow.connection.name}" + (f" ({about})" if about else ""))
    trees: dict[str, list[str]] = {}
    for key in crow.traits:
        tree, _, name = key.partition(": ")
        trees.setdefault(tree if name else "", []).append(name or tree)
    lines = [" · ".join(first)] if first else []
    if trees:
        parts = [
            f"{tree}: {', '.join(names)}" if tree else ", ".join(names)
            for tree, names in trees.items()
        ]
        lines.append("Traits — " + "; ".join(parts))
    slots = slot_trait_lines(crow)
    if slots:
        lines.append("Slots — " + "; ".join(slots))
    packs = pet_pack_text(crow)
    if packs:
        lines.append(packs)
    return "\n".join(lines)


def pet_pack_text(crow: Character) -> str:
    """``Pet packs — Goat (4 slots, Beast of Burden): Tent, Ration (3)`` ("" when no pet carries
    anything and none has Beast of Burden's slots)."""
    parts = []
    for pet in crow.pets:
        things = [
            f"{item.name} ({item.count})" if item.count > 1 else item.name
            for item in pack_of(crow, pet).items
        ]
        burden = has_burden(crow, pet)
        if not things and not burden:
            continue
        slots = pack_slots(crow, pet)
        room = f"{slots} slots" if slots is not None else "no pack"
        extra = ", Beast of Burden" if burden else ""
        parts.append(f"{pet} ({room}{extra}): {', '.join(things) or 'nothing'}")
    return "Pet packs — " + "; ".join(parts) if parts else ""


def progress(
    page: Page, crow: Character, left: float, right: float, top: float, *, gap: float
) -> float:
    """Draw the lines ``gap`` under ``top``; returns the y under them (``top`` itself when there
    is nothing to print, so a version 1 crow's sheet is laid out as before)."""
    text = progress_text(crow)
    if not text:
        return top
    top += gap
    fitted = fit(text, REGULAR, (right - left) * mm, ROOM * mm, SIZE, smallest=READABLE)
    page.canvas.setFillColor(INK)
    draw_fitted(page.canvas, fitted, page.x(left), page.y(top))
    return top + fitted.height / mm
