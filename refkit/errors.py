"""The app's own error family: every refusal Refkit words for the user derives from DomainError.

A DomainError is never a bug: its message says what is wrong and where, in words a referee can
act on (a file that is not a crow file, a database another program has locked, an undo that would
overwrite a change made since). Front ends tell these apart from bugs with ``isinstance`` on this
hierarchy — never by a class's name — and show the message as it is; anything else is a fault in
Refkit, shown as one with its traceback logged. This module is the bottom layer: it imports
nothing, so the pure core (dice, rules, games) can raise these too.
"""

from __future__ import annotations


class DomainError(Exception):
    """Refkit refuses something and says why; nothing was changed by the refused step."""


class ConflictError(DomainError):
    """Refused because the data changed since it was read (another window, the command line, a
    second process): look again and repeat the step if it is still wanted."""


class StaleWriteError(ConflictError):
    """A save found the stored value at another version than the one read: someone else saved
    it in between, and nothing was saved. ``what`` names the value ("the journey 'X'"),
    ``plural`` when it is named in the plural ("the dungeon-turn settings"), ``deleted`` when
    the value is gone rather than changed."""

    def __init__(self, what: str, *, plural: bool = False, deleted: bool = False) -> None:
        verb, them = ("were", "them") if plural else ("was", "it")
        done = "deleted" if deleted else "changed"
        super().__init__(
            f"{what} {verb} {done} since (in another window or the command line); nothing was "
            f"saved: look at {them} again and repeat the change if it is still wanted"
        )
        self.what = what
        self.deleted = deleted


def is_domain_error(error: BaseException) -> bool:
    """True for Refkit's own refusals (their message is for the user as it stands)."""
    return isinstance(error, DomainError)
