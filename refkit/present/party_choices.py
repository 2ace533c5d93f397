"""Which parties a crow can be added to, as the Characters list offers them (menu and drop).

Qt-free: the list panel draws these choices as menu entries and asks :func:`drop_choice` what a
crow dropped on the party chooser means. A crow is offered every party; the ones it is already in
are shown but not offered again, so the menu reads the same whichever party the list shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class PartyChoice:
    """One party in the "Add to a party" menu."""

    party: str
    label: str
    enabled: bool


def _key(name: str) -> str:
    return name.strip().casefold()


def _member(crow: str, members: Sequence[str]) -> bool:
    return any(_key(member) == _key(crow) for member in members)


def add_choices(
    crow: str | None, parties: Sequence[tuple[str, Sequence[str]]]
) -> list[PartyChoice]:
    """The entries for ``crow`` (None: no crow chosen) given ``(party, members)`` pairs."""
    choices = []
    for party, members in parties:
        already = crow is not None and _member(crow, members)
        label = f"{party} (already in it)" if already else party
        choices.append(PartyChoice(party, label, crow is not None and not already))
    return choices


def add_menu_title(crow: str | None) -> str:
    """The submenu's title, naming the crow it acts on."""
    return "Add the chosen crow to a party" if crow is None else f"Add {crow} to a party"


def no_crow_message() -> str:
    return "Choose a crow in the list (or open one) first, then pick its party"


def no_party_message() -> str:
    return "There is no party yet: Parties → New party… makes one with the chosen crow in it"


@dataclass(frozen=True)
class DropChoice:
    """What a crow dropped on the party chooser does: join ``party`` at once, or (``party`` None)
    ask which party with the choices; ``message`` when there is nothing to do."""

    party: str | None
    choices: tuple[PartyChoice, ...] = ()
    message: str = ""


def drop_choice(
    crow: str, shown: str | None, parties: Sequence[tuple[str, Sequence[str]]]
) -> DropChoice:
    """A crow dropped while ``shown`` (None: all crows) is the party shown."""
    if shown is not None:
        members = next((m for p, m in parties if _key(p) == _key(shown)), ())
        if _member(crow, members):
            return DropChoice(None, message=f"{crow} is already in the party {shown}")
        return DropChoice(shown)
    choices = tuple(add_choices(crow, parties))
    if not choices:
        return DropChoice(None, message=no_party_message())
    open_ones = [c for c in choices if c.enabled]
    if not open_ones:
        return DropChoice(None, message=f"{crow} is already in every party")
    if len(choices) == 1:
        return DropChoice(open_ones[0].party)
    return DropChoice(None, choices)


NO_PARTY = "No party for now"


def builder_parties(shown: str | None, parties: Sequence[str]) -> tuple[list[str], int]:
    """The builder's "Joins the party" entries (no party first) and the one chosen at start:
    the party the list shows, else the only party there is, else none."""
    entries = [NO_PARTY, *parties]
    if shown is not None:
        keys = [_key(party) for party in parties]
        if _key(shown) in keys:
            return entries, 1 + keys.index(_key(shown))
    return entries, 1 if len(parties) == 1 else 0
