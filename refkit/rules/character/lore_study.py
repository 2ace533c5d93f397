"""Studying a lore book at a rest (characters facts §3: +1 use of the book's expertise until the
next rest; the item card: a fine book 2 uses, a masterwork 3), with the traits that change it:
**Cram** (two books at one rest) and **Shared Knowledge** (read aloud, one other crow resting
with the reader gains the same).

The activity is written ``study:SUBJECT[,SUBJECT][>LISTENER]``: the lore the book is on
(``Monster Lore``), a second book's with Cram, and the crow it is read to with Shared Knowledge.
A book's subject is what its name or notes say (``Lore book (Monster Lore)``); a carried lore
book that names no subject can be any one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from refkit.errors import DomainError
from refkit.rules.character.build_data import fold, load_build_data
from refkit.rules.character.model import Character
from refkit.rules.character.trait_rest_plus import books_studied, reads_aloud
from refkit.rules.common.name_text import match_key
from refkit.rules.inventory.model import Item

LORE_BOOK = "lore book"


class StudyRefused(DomainError, ValueError):
    """A lore-book study the rules do not allow (the message says who, what and why)."""


@dataclass(frozen=True)
class BookStudied:
    subject: str  # the lore expertise ("Monster Lore")
    uses: int  # 1, a fine book 2, a masterwork 3
    book: str  # the item's id

    def text(self) -> str:
        return f"+{self.uses} {self.subject} use{'s' if self.uses != 1 else ''}"


@dataclass(frozen=True)
class StudyPlan:
    books: tuple[BookStudied, ...]
    listener: str = ""  # who hears it read aloud (Shared Knowledge), "" nobody

    def benefit(self) -> str:
        """``+1 Monster Lore use and +2 Nature Lore uses``."""
        return " and ".join(book.text() for book in self.books)


def lore_subjects() -> tuple[str, ...]:
    """The lore expertises a book can be on."""
    return tuple(e.name for e in load_build_data().expertises if fold(e.name).endswith(" lore"))


def lore_books(crow: Character) -> tuple[Item, ...]:
    """The lore books the crow carries (the ground tray is nobody's)."""
    return tuple(item for item in crow.items.items if fold(item.name).startswith(LORE_BOOK))


def book_subject(book: Item) -> str:
    """The lore a book is on, from its name or notes ("" when they name none)."""
    text = fold(f"{book.name} {book.notes}")
    return next((s for s in lore_subjects() if fold(s) in text), "")


def book_uses(book: Item) -> int:
    text = fold(book.name)
    return 3 if "masterwork" in text else 2 if "fine" in text else 1


def _subject(name: str, crow: Character) -> str:
    found = [s for s in lore_subjects() if match_key(s) == match_key(name)]
    if not found:
        found = [s for s in lore_subjects() if match_key(s).startswith(match_key(name) + " ")]
    if len(found) != 1:
        raise StudyRefused(
            f"{crow.name}: {name!r} is not a lore a book is on "
            f"(one of {', '.join(lore_subjects())})"
        )
    return found[0]


def _book_for(crow: Character, subject: str, taken: Sequence[str]) -> Item:
    books = [book for book in lore_books(crow) if book.id not in taken]
    on_it = [book for book in books if book_subject(book) == subject]
    blank = [book for book in books if not book_subject(book)]
    if on_it or blank:
        return (on_it or blank)[0]
    if not lore_books(crow):
        raise StudyRefused(f"{crow.name} carries no lore book: choose another activity")
    subjects = ", ".join(book_subject(b) or "no subject" for b in lore_books(crow))
    raise StudyRefused(f"{crow.name} carries no lore book on {subject} (its books: {subjects})")


def plan_study(crow: Character, target: str, resting: Sequence[Character]) -> StudyPlan:
    """The checked study of ``crow`` (``target`` as in the module's doc); StudyRefused naming
    the crow and what is wrong."""
    wanted, _, listener = target.partition(">")
    names = [" ".join(n.split()) for n in wanted.split(",") if n.strip()]
    if not names:
        books = lore_books(crow)
        if not books:
            raise StudyRefused(f"{crow.name} carries no lore book: choose another activity")
        subjects = {book_subject(book) for book in books}
        if len(subjects) != 1 or not next(iter(subjects)):
            raise StudyRefused(
                f"{crow.name}: name the lore to study (study:SUBJECT, one of "
                f"{', '.join(lore_subjects())})"
            )
        names = [next(iter(subjects))]
    most = books_studied(crow)
    if len(names) > most:
        more = " (Cram covers two)" if most == 1 else ""
        raise StudyRefused(
            f"{crow.name} studies {most} lore book at a rest, not {len(names)}{more}"
        )
    studied: list[BookStudied] = []
    for name in names:
        subject = _subject(name, crow)
        if any(book.subject == subject for book in studied):
            raise StudyRefused(f"{crow.name}: two books on {subject} give no more than one")
        book = _book_for(crow, subject, [b.book for b in studied])
        studied.append(BookStudied(subject, book_uses(book), book.id))
    return StudyPlan(tuple(studied), _listener(crow, listener.strip(), resting))


def _listener(crow: Character, name: str, resting: Sequence[Character]) -> str:
    if not name:
        return ""
    if not reads_aloud(crow):
        raise StudyRefused(
            f"{crow.name} reads to itself: reading a lore book aloud to {name} takes the trait "
            "Shared Knowledge"
        )
    others = [c for c in resting if match_key(c.name) != match_key(crow.name) and not c.dead]
    for other in others:
        if match_key(other.name) == match_key(name) or match_key(other.name).startswith(
            match_key(name) + " "
        ):
            return other.name
    offered = ", ".join(c.name for c in others) or "nobody"
    raise StudyRefused(f"{crow.name}: {name!r} is not resting with it (resting: {offered})")


def study_result(plan: StudyPlan) -> str:
    """What the study gives, in one line."""
    aloud = f" (read aloud: {plan.listener} gains the same)" if plan.listener else ""
    return f"studied lore: {plan.benefit()} until the next rest{aloud}"
