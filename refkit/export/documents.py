"""The printable documents, each as the bytes of one PDF: a crow's sheet, item cards, the party
pack (every sheet, then every card), spell cards and the referee's quick sheet.

Nothing here writes a file: the caller writes the bytes atomically, so a failure leaves nothing
half-written. ``progress(done, total)`` is told after each sheet and card, from whatever thread
builds the document.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from refkit.errors import DomainError
from refkit.export.card_faces import SPELL_COLOUR, draw_item_face, draw_spell_face
from refkit.export.card_pages import CardOptions, PrintCard, draw_card_pages
from refkit.export.character_sheet import draw_character_sheet
from refkit.export.pages import draw_duplex_filler, open_canvas
from refkit.export.quick_sheet import draw_quick_sheet
from refkit.export.scripts import take_missing
from refkit.present.card_face import CardFace, kind_colour
from refkit.present.card_sheet import Paper, papers
from refkit.rules.character.model import Character
from refkit.rules.magic.spell import Spell

ProgressCallback = Callable[[int, int], None]


class NothingToPrint(DomainError, ValueError):
    """A document with no pages: no items, no crows, no spells."""


@dataclass(frozen=True)
class Document:
    """A finished PDF: its bytes and how many pages it has."""

    data: bytes
    pages: int
    warnings: tuple[str, ...] = ()
    """What the reader should know though the PDF was made (characters no font has)."""


def paper_named(key: str) -> Paper:
    """The paper ``a4`` or ``letter`` (any case); ValueError naming the choices otherwise."""
    known = papers()
    paper = known.get(key.strip().lower())
    if paper is None:
        raise ValueError(f"unknown paper {key!r}; choose {' or '.join(known)}")
    return paper


def item_card(face: CardFace, owner: str = "") -> PrintCard:
    caption = f"{face.name} · {owner}" if owner else face.name
    return PrintCard(
        lambda canvas, width, height, bleed: draw_item_face(
            canvas, face, width, height, bleed=bleed, owner=owner
        ),
        back_colour=kind_colour(face),
        caption=caption,
    )


def spell_card(spell: Spell) -> PrintCard:
    return PrintCard(
        lambda canvas, width, height, bleed: draw_spell_face(
            canvas, spell, width, height, bleed=bleed
        ),
        back_colour=SPELL_COLOUR,
        caption=spell.name,
    )


def crow_faces(crow: Character) -> list[CardFace]:
    """A face per item the crow has, carried first (in slot order), then on the ground."""
    return [CardFace.from_item(item) for item in (*crow.items.items, *crow.items.ground)]


class _Counter:
    def __init__(self, total: int, progress: ProgressCallback | None) -> None:
        self.total, self.done, self.progress = total, 0, progress

    def step(self, count: int = 1) -> None:
        self.done += count
        if self.progress is not None:
            self.progress(self.done, self.total)


def _finish(canvas: Canvas, out: io.BytesIO, pages: int) -> Document:
    canvas.save()
    missing = take_missing()
    return Document(out.getvalue(), pages, (missing,) if missing else ())


def sheet_document(
    crows: Sequence[Character],
    paper: Paper,
    progress: ProgressCallback | None = None,
    *,
    fillable: bool = False,
) -> Document:
    """Each crow's character sheet (one page each, two when the notes need it); ``fillable``
    adds form fields (Stamina, wounds, usage dice, expertise uses, notes)."""
    if not crows:
        raise NothingToPrint("no crows to print")
    out = io.BytesIO()
    canvas = open_canvas(out, paper, _title("Character sheet", crows))
    counter = _Counter(len(crows), progress)
    pages = 0
    for number, crow in enumerate(crows, start=1):
        pages += draw_character_sheet(canvas, crow, paper, _form_prefix(number, fillable))
        counter.step()
    return _finish(canvas, out, pages)


def cards_document(
    cards: Sequence[PrintCard],
    options: CardOptions,
    title: str,
    progress: ProgressCallback | None = None,
) -> Document:
    """The cards (and ``options.blanks`` write-in cards) on as many pages as they need."""
    if not cards and not options.blanks:
        raise NothingToPrint("no cards to print (no items, and no blank cards asked for)")
    options.sheet()  # a card that does not fit the paper is refused before a page is drawn
    out = io.BytesIO()
    canvas = open_canvas(out, options.paper, title)
    total = len(cards) + options.blanks
    counter = _Counter(total, progress)
    pages = draw_card_pages(canvas, cards, options, lambda _: counter.step())
    return _finish(canvas, out, pages)


def crow_cards_document(
    crow: Character, options: CardOptions, progress: ProgressCallback | None = None
) -> Document:
    """A crow's item cards."""
    faces = crow_faces(crow)
    if not faces and not options.blanks:
        raise NothingToPrint(f"{crow.name} has no items to print cards for")
    cards = [item_card(face) for face in faces]
    return cards_document(cards, options, f"Item cards: {crow.name}", progress)


def party_document(
    crows: Sequence[Character], options: CardOptions, progress: ProgressCallback | None = None
) -> Document:
    """The party pack: every crow's sheet, then every item card of the party.

    With backs, the cards start on an odd page (a filler page after an odd number of sheet
    pages), so each page of fronts and the page of its backs are the two sides of one sheet.
    """
    if not crows:
        raise NothingToPrint("no crows to print")
    options.sheet()
    cards = [item_card(face, crow.name) for crow in crows for face in crow_faces(crow)]
    out = io.BytesIO()
    kind = "Party pack" if len(crows) > 1 else "Sheet and item cards"
    canvas = open_canvas(out, options.paper, _title(kind, crows))
    counter = _Counter(len(crows) + len(cards) + options.blanks, progress)
    pages = 0
    for number, crow in enumerate(crows, start=1):
        prefix = _form_prefix(number, options.fillable)
        pages += draw_character_sheet(canvas, crow, options.paper, prefix)
        counter.step()
    if cards or options.blanks:
        if options.backs and pages % 2:
            pages += draw_duplex_filler(canvas, options.paper)
        pages += draw_card_pages(canvas, cards, options, lambda _: counter.step())
    return _finish(canvas, out, pages)


def spells_document(
    spells: Sequence[Spell], options: CardOptions, progress: ProgressCallback | None = None
) -> Document:
    """A card per spell, with its book's usage-dice boxes."""
    if not spells:
        raise NothingToPrint("no spells to print")
    return cards_document([spell_card(s) for s in spells], options, "Spell cards", progress)


def quick_sheet_document(paper: Paper) -> Document:
    """The referee's one-page quick sheet."""
    out = io.BytesIO()
    canvas = open_canvas(out, paper, "Crows: referee's quick sheet")
    pages = draw_quick_sheet(canvas, paper)
    return _finish(canvas, out, pages)


def _form_prefix(number: int, fillable: bool) -> str | None:
    """The names of the ``number``th crow's form fields, or None for a sheet without fields."""
    return f"crow{number}" if fillable else None


def _title(kind: str, crows: Sequence[Character]) -> str:
    return f"{kind}: {', '.join(crow.name for crow in crows)}"
