"""Advancement purchases and XP awards as undoable edits of one crow.

Each factory reads the stored crow, applies one rule of :mod:`refkit.rules.character.advancement`
and returns the :class:`~refkit.app.character_commands.CharacterEdit` without running it: a
refused purchase (no prerequisite, not enough XP, no bonus to claim) raises AdvanceRefused there,
and no command exists, so nothing changes. Run it through the one write path (the window's undo
stack, or ``Services.do`` on the command line).
"""

from __future__ import annotations

from refkit.app.character_commands import CharacterEdit, edit
from refkit.app.character_service import CharacterService
from refkit.rules.character import advancement as rules
from refkit.rules.character.build_data import BuildData, load_build_data


def award_xp(service: CharacterService, name: str, amount: int) -> CharacterEdit:
    """``amount`` XP earned by the crow called ``name``."""
    return edit(service, name, lambda c: rules.add_xp(c, amount), f"{amount:,} XP to {name}")


def buy_trait(
    service: CharacterService, name: str, trait: str, data: BuildData | None = None
) -> CharacterEdit:
    """The trait bought with XP (it must be a starting trait or joined to one the crow has)."""
    build = data or load_build_data()
    before = service.get(name)
    after, found = rules.buy_trait(before, build, trait)  # refused here: no command exists
    return CharacterEdit(service, before.name, before, after, f"{before.name} learns {found.key}")


def add_expertise_use(
    service: CharacterService,
    name: str,
    expertise: str,
    *,
    with_stamina: bool = False,
    data: BuildData | None = None,
) -> CharacterEdit:
    """One use of ``expertise`` from an Expertise & Stamina bonus; ``with_stamina``: the bonus
    taken as one use and +1 Stamina max."""
    build = data or load_build_data()
    if with_stamina:
        return edit(
            service,
            name,
            lambda c: rules.add_mix(c, build, expertise),
            f"{name}: +1 {expertise} use and +1 Stamina",
        )
    return edit(
        service,
        name,
        lambda c: rules.add_expertise_use(c, build, expertise),
        f"{name}: +1 {expertise} use",
    )


def add_stamina(
    service: CharacterService, name: str, data: BuildData | None = None
) -> CharacterEdit:
    """An Expertise & Stamina bonus taken as +2 Stamina max."""
    build = data or load_build_data()
    return edit(service, name, lambda c: rules.add_stamina(c, build), f"{name}: +2 Stamina")


def raise_characteristic(
    service: CharacterService, name: str, characteristic: str, data: BuildData | None = None
) -> CharacterEdit:
    """A characteristic bonus: +1 to ``characteristic`` (or +2 Stamina when all are at 4)."""
    build = data or load_build_data()
    return edit(
        service,
        name,
        lambda c: rules.raise_characteristic(c, build, characteristic),
        f"{name}: +1 {characteristic.strip().capitalize()}",
    )
