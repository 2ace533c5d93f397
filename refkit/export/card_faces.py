"""Card faces drawn once at the origin (points, y up): an item's, a blank write-in card, a spell's,
and the back every card shares — the caller translates to each card's place on the page.

What an item card says comes from :mod:`refkit.present.card_face` (the inventory board shows the
same face); this module only decides where and how large it prints. A face scales with the box it
is given, so a cut-out card and an inventory slot of the character sheet are the same drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from refkit.export.fonts import BOLD, REGULAR
from refkit.export.print_layout import FaceProportions, print_layout
from refkit.export.sheet_form import SheetForm
from refkit.export.text_fit import (
    LEADING,
    READABLE,
    SMALLEST,
    Fitted,
    cut_to,
    draw_fitted,
    draw_line,
    draw_text,
    fit,
    wrap,
)
from refkit.export.units import mm
from refkit.present.card_face import (
    DEFAULT_KIND_COLOUR,
    KIND_COLOURS,
    USED_UP_INK,
    CardFace,
    accent_colour,
    card_facts,
)
from refkit.present.spell_text import TIER_BANDS
from refkit.rules.magic.spell import Spell

CARD_WIDTH = 63 * mm
"""The width the face's proportions are written for (a poker card)."""
INK = HexColor("#1d1d1d")
MUTED = HexColor("#5a5a5a")
RULE = HexColor("#9a9a9a")
PANEL = white
DAMAGED_MARK = "⚠ "


CARD_HEIGHT = 88 * mm
SLOT_FACT_SCALE = 0.85
"""A face smaller than a card still starts its facts at this share of a card's fact size."""


def _scale(width: float, look: FaceProportions, height: float | None = None) -> float:
    """How large the face's proportions print: by the narrower of the box's two sides (a wide
    two-slot box must not get a header too tall for its height)."""
    ratio = width / CARD_WIDTH
    if height is not None:
        ratio = min(ratio, height / CARD_HEIGHT * 1.6)
    return max(look.smallest_scale, min(1.5, ratio))


def _background(canvas: Canvas, colour: Color, width: float, height: float, bleed: float) -> None:
    """The accent colour to the bleed edge: a cut a little off the line still shows no white."""
    canvas.setFillColor(colour)
    canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)


def _panel(canvas: Canvas, width: float, height: float, frame: float, header: float) -> None:
    canvas.setFillColor(PANEL)
    canvas.rect(frame, frame, width - 2 * frame, height - frame - header, stroke=0, fill=1)


def draw_item_face(
    canvas: Canvas,
    face: CardFace,
    width: float,
    height: float,
    *,
    bleed: float = 0.0,
    details: bool = True,
    owner: str = "",
    form: SheetForm | None = None,
) -> None:
    """``face`` filling ``width`` × ``height`` points from the origin, ``bleed`` points around;
    ``owner`` (a party pack's crow) is named at the card's foot.

    Without ``details`` (an inventory slot of the character sheet) the face keeps to the name
    and the numbers — tags, notes, price and crafting are on the item's own card.
    """
    look = print_layout().face
    s = _scale(width, look, height)
    frame, pad = look.frame * mm * s, look.padding * mm * s
    header = min(look.header * mm * s, height * 0.4)
    accent = HexColor(accent_colour(face))

    _background(canvas, accent, width, height, bleed)
    title = (DAMAGED_MARK if face.damaged else "") + face.name
    name_width = width - 2 * (frame + pad) - _badge_width(canvas, face, look, s, pad, width)
    name_size = max(look.name_size * s, READABLE)
    name = fit(title, BOLD, name_width, header - frame - pad / 2, name_size, smallest=READABLE)
    if name.cut and details:
        # A cut-out card's band grows (to 45 % of the card) rather than cut a long name short.
        whole = wrap(title, BOLD, READABLE, name_width)
        header = min(height * 0.45, len(whole) * READABLE * LEADING + frame + pad / 2)
        name = fit(title, BOLD, name_width, header - frame - pad / 2, name_size, smallest=READABLE)
    _panel(canvas, width, height, frame, header)
    # The header: the name (up to the band's height, shrunk to fit) and the count on the right.
    badge_width = _badge_width(canvas, face, look, s, pad, width)
    if badge_width:
        canvas.setFillColor(white)
        size = max(look.name_size * s * 0.85, READABLE)
        draw_line(
            canvas,
            face.count_text,
            BOLD,
            width - frame - pad - badge_width,
            height - header / 2 - size * 0.35,
            badge_width,
            size,
            align="right",
            smallest=READABLE,
        )
    canvas.setFillColor(white)
    draw_fitted(canvas, name, frame + pad, height - frame / 2 - (header - frame - name.height) / 2)

    left, right = frame + pad, width - frame - pad
    top, bottom = height - header - pad, frame + pad
    facts = card_facts(face)
    footers = [_Run(f.text, REGULAR, MUTED) for f in facts if f.footer] if details else []
    if owner:
        footers.append(_Run(f"Carried by {owner}", BOLD, MUTED))
    runs = [
        _Run(
            fact.text,
            BOLD if fact.strong or fact.text.endswith(" slots") else REGULAR,
            HexColor(USED_UP_INK) if fact.used_up else INK,
        )
        for fact in facts
        if not fact.footer and fact.text != face.usage_text
    ]
    # A slot of the sheet shows the tags only when the item has no notes to fill it.
    show_tags = face.tags and (details or not face.notes.strip())
    tags = [_Run(", ".join(face.tags), REGULAR, MUTED)] if show_tags else []
    has_dice = face.usage_max is not None and face.usage_current is not None
    modes = [_Run(face.usage_modes, REGULAR, MUTED)] if has_dice and face.usage_modes else []
    dice_rows = _box_rows(face.usage_max, width) if face.usage_max is not None else 0
    text_width = right - left
    room = max(0.0, top - bottom)

    # Every fact wraps before anything shrinks; all shrink together, never below READABLE.
    def needed(size: float) -> float:
        lines = sum(len(wrap(r.text, r.font, size, text_width)) for r in (*runs, *modes, *tags))
        lines += sum(len(wrap(r.text, r.font, size, text_width)) for r in footers)
        return size * LEADING * (lines + (1.35 * dice_rows if has_dice else 0))

    # A small face (a slot of the sheet) starts near a card's size: it has the room to wrap.
    fact_size = max(look.fact_size * max(s, SLOT_FACT_SCALE), READABLE)
    while fact_size > READABLE and needed(fact_size) > room:
        fact_size = max(READABLE, fact_size * 0.95)
    leading = fact_size * LEADING
    # The foot (price, crafting) from the bottom up, as far as it fits under the rest.
    for run in reversed(footers):
        lines = wrap(run.text, run.font, fact_size, text_width)
        if bottom + leading * len(lines) > top - leading:
            break
        canvas.setFillColor(run.color)
        for line in reversed(lines):
            draw_text(canvas, left, bottom + fact_size * 0.25, line, run.font, fact_size)
            bottom += leading
    top = _draw_runs(canvas, runs, left, top, text_width, fact_size, bottom)
    if has_dice and top - leading * 1.35 * dice_rows >= bottom - 1e-6:
        top = _usage_boxes(canvas, face, left, top, text_width, fact_size, form)
        top = _draw_runs(canvas, modes, left, top, text_width, fact_size, bottom)
    top = _draw_runs(canvas, tags, left, top, text_width, fact_size, bottom)
    # The notes take whatever is left, as large as the facts at most (on a card: note size).
    note_room = top - bottom - pad / 2
    if face.notes.strip() and note_room >= READABLE * LEADING:
        largest = look.note_size * s if details else fact_size
        notes = fit(
            face.notes, REGULAR, text_width, note_room, max(largest, READABLE), smallest=READABLE
        )
        canvas.setFillColor(MUTED)
        draw_fitted(canvas, notes, left, top - pad / 2)
    if face.damaged:
        canvas.setStrokeColor(HexColor(USED_UP_INK))
        canvas.setDash(3 * s, 2 * s)
        canvas.setLineWidth(1.2 * s)
        canvas.rect(frame / 2, frame / 2, width - frame, height - frame, stroke=1, fill=0)
        canvas.setDash()


def draw_continuation(canvas: Canvas, face: CardFace, width: float, height: float) -> None:
    """The rest of an item whose slots run on into the next row of the board: its colour and a
    small "↳ name", so it reads as the same card, not a second one."""
    look = print_layout().face
    frame = look.frame * mm * look.smallest_scale
    _background(canvas, HexColor(accent_colour(face)), width, height, 0.0)
    canvas.setFillColor(PANEL)
    canvas.setFillAlpha(0.35)
    canvas.rect(frame, frame, width - 2 * frame, height - 2 * frame, stroke=0, fill=1)
    canvas.setFillAlpha(1)
    canvas.setFillColor(white)
    draw_line(
        canvas,
        f"↳ {face.name}",
        BOLD,
        frame * 2,
        height - frame * 2 - READABLE,
        width - frame * 4,
        max(READABLE, look.fact_size * SLOT_FACT_SCALE),
        smallest=READABLE,
    )


def _badge_width(
    canvas: Canvas, face: CardFace, look: FaceProportions, s: float, pad: float, width: float
) -> float:
    """The room the count ("1/2") takes at the header's right, 0 without one."""
    if not face.count_text:
        return 0.0
    size = max(look.name_size * s * 0.85, READABLE)
    return min(width * 0.3, float(canvas.stringWidth(face.count_text, BOLD, size)) + pad)


@dataclass(frozen=True)
class _Run:
    """A fact to print: its text, font and colour (it wraps to as many lines as it needs)."""

    text: str
    font: str
    color: Color


def _draw_runs(
    canvas: Canvas,
    runs: list[_Run],
    left: float,
    top: float,
    width: float,
    size: float,
    bottom: float,
) -> float:
    """Each run wrapped, from ``top`` down; the line that would pass ``bottom`` is not drawn,
    and the last one drawn ends in an ellipsis. Returns the y under the last line."""
    leading = size * LEADING
    for run in runs:
        lines = wrap(run.text, run.font, size, width)
        fitted = cut_to(Fitted(lines, run.font, size), width, max(0.0, top - bottom))
        canvas.setFillColor(run.color)
        for line in fitted.lines:
            top -= leading
            draw_text(canvas, left, top + size * 0.25, line, run.font, size)
        if fitted.cut:
            break
    return top


def _box_rows(dice: int, width: float) -> int:
    """How many rows of tick boxes ``dice`` usage dice take on a face ``width`` points wide."""
    return -(-dice // _boxes_per_row(width))


def _boxes_per_row(width: float) -> int:
    return 6 if width >= CARD_WIDTH * 0.6 else 3


def _usage_boxes(
    canvas: Canvas,
    face: CardFace,
    left: float,
    top: float,
    width: float,
    size: float,
    form: SheetForm | None = None,
) -> float:
    """``UD`` and a tick box per die, the dice already lost crossed out (the modes are the
    caller's to draw under them)."""
    assert face.usage_max is not None and face.usage_current is not None
    label = "UD used up" if face.useless else "UD"
    label_width = canvas.stringWidth(label + " ", BOLD, size)
    per_row = _boxes_per_row(width + 2 * left)
    box = min(size * 1.05, (width - label_width) / per_row / 1.35)
    rows = _box_rows(face.usage_max, width + 2 * left)
    top -= size * LEADING * 1.35
    canvas.setFillColor(HexColor(USED_UP_INK) if face.useless else INK)
    draw_line(canvas, label, BOLD, left, top + size * 0.25, label_width, size)
    lost = face.usage_max - face.usage_current
    _tick_boxes(
        canvas,
        left + label_width,
        top + size * 0.1,
        box,
        face.usage_max,
        per_row,
        crossed=lost,
        from_end=True,
        form=form,
    )
    top -= (rows - 1) * size * LEADING * 1.35
    return top


def _tick_boxes(
    canvas: Canvas,
    x: float,
    y: float,
    box: float,
    count: int,
    per_row: int,
    *,
    crossed: int = 0,
    from_end: bool = False,
    filled: int = 0,
    form: SheetForm | None = None,
) -> None:
    """``count`` boxes from (x, y) (the first row's bottom-left), ``per_row`` to a row; the last
    ``crossed`` (or the first, without ``from_end``) carry an ×, the first ``filled`` are shaded."""
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(max(0.4, box / 14))
    for index in range(count):
        row, column = divmod(index, per_row)
        bx, by = x + column * box * 1.35, y - row * box * 1.35
        shaded = index < filled
        canvas.setFillColor(RULE if shaded else white)
        canvas.rect(bx, by, box, box, stroke=1, fill=1)
        is_crossed = index >= count - crossed if from_end else index < crossed
        if form is not None:  # a fillable sheet: a tick box over the printed one
            form.checkbox("usage_die", bx, by, box, checked=is_crossed)
            continue
        if is_crossed:
            canvas.line(bx + box * 0.15, by + box * 0.15, bx + box * 0.85, by + box * 0.85)
            canvas.line(bx + box * 0.15, by + box * 0.85, bx + box * 0.85, by + box * 0.15)


BLANK_SLOT_BOXES = 4
"""Slot boxes on a write-in card: enough for the largest item (heavy armour takes four)."""


def draw_blank_face(canvas: Canvas, width: float, height: float, *, bleed: float = 0.0) -> None:
    """A write-in card: a white box in the band for the name, then boxes for its slots and
    usage dice, and lines for AD, damage, count and notes."""
    look = print_layout().face
    s = _scale(width, look)
    frame, pad = look.frame * mm * s, look.padding * mm * s
    header = look.header * mm * s
    _background(canvas, HexColor(DEFAULT_KIND_COLOUR), width, height, bleed)
    _panel(canvas, width, height, frame, header)
    left, right = frame + pad, width - frame - pad
    size = max(look.fact_size * s, READABLE)
    label_size = max(size * 0.75, READABLE)
    # The name is written on white: a box filling the band, its label small in its corner.
    name_box_bottom = height - header + pad / 2
    name_box_top = height - frame - pad / 2
    canvas.setFillColor(PANEL)
    canvas.roundRect(
        left,
        name_box_bottom,
        right - left,
        name_box_top - name_box_bottom,
        1.5 * s,
        stroke=0,
        fill=1,
    )
    canvas.setFillColor(MUTED)
    canvas.setFont(REGULAR, label_size)
    canvas.drawString(left + pad / 2, name_box_top - label_size * 1.05, "Name")
    y = height - header - pad
    box = look.ud_box * mm * s
    label_width = canvas.stringWidth("Slots  ", BOLD, size)
    for label, boxes in (("Slots", BLANK_SLOT_BOXES), ("UD", 6)):
        y -= max(size * LEADING, box * 1.4)
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, size)
        canvas.drawString(left, y + size * 0.2, label)
        _tick_boxes(canvas, left + label_width, y, box, boxes, 6)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    for label in ("AD", "Damage", "Count", "Notes"):
        y -= size * LEADING * 1.5
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, size)
        canvas.drawString(left, y, label)
        canvas.line(left + canvas.stringWidth(label + " ", BOLD, size), y - 1, right, y - 1)
    while y - size * LEADING * 1.5 > frame + pad:
        y -= size * LEADING * 1.5
        canvas.line(left, y - 1, right, y - 1)


def draw_back(
    canvas: Canvas,
    width: float,
    height: float,
    *,
    colour: str,
    caption: str,
    bleed: float = 0.0,
) -> None:
    """The back of a card: the accent colour to the bleed edge, an inner frame, the word Refkit
    and a small caption (the item's name) so a sorted deck can be checked against its fronts."""
    look = print_layout().face
    s = _scale(width, look)
    frame = look.frame * mm * s
    _background(canvas, HexColor(colour), width, height, bleed)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(1.0 * s)
    canvas.roundRect(frame * 2, frame * 2, width - 4 * frame, height - 4 * frame, 4 * s)
    canvas.setFillColor(white)
    draw_line(
        canvas, "REFKIT", BOLD, frame * 3, height / 2, width - 6 * frame, 20 * s, align="centre"
    )
    draw_line(
        canvas,
        "Crows · Fortune or Death",
        REGULAR,
        frame * 3,
        height / 2 - 14 * s,
        width - 6 * frame,
        7 * s,
        align="centre",
    )
    if caption:  # readable: up to two lines, then an ellipsis, never below 6 pt
        size = max(6 * s, READABLE)
        lines = fit(
            caption, REGULAR, width - 6 * frame, 2 * size * LEADING, size, smallest=READABLE
        )
        y = frame * 3 + lines.height
        for line in lines.lines:
            y -= lines.leading
            draw_text(canvas, width / 2, y + size * 0.25, line, REGULAR, size, "centre")


SPELL_COLOUR = KIND_COLOURS["spellbook"]


def draw_spell_face(
    canvas: Canvas, spell: Spell, width: float, height: float, *, bleed: float = 0.0
) -> None:
    """A spell card: name, rank and discipline, casting, targets, range, area, duration, what it
    does, each tier's outcome and the book's usage-dice boxes at the foot."""
    look = print_layout().face
    s = _scale(width, look)
    frame, pad = look.frame * mm * s, look.padding * mm * s
    header = look.header * mm * s
    _background(canvas, HexColor(SPELL_COLOUR), width, height, bleed)
    _panel(canvas, width, height, frame, header)
    left, right = frame + pad, width - frame - pad
    name = fit(spell.name, BOLD, right - left, header - frame - pad / 2, look.name_size * s)
    canvas.setFillColor(white)
    draw_fitted(canvas, name, left, height - frame / 2 - (header - frame - name.height) / 2)

    size = look.fact_size * s * 0.92
    kind = "attack spell" if spell.attack else "spell"
    facts = [
        (f"Rank {spell.rank} {spell.discipline} {kind}", True),
        (f"Casting: {spell.casting_time.text}", False),
    ]
    if spell.casting_time.in_game_minutes:
        facts.append((f"Takes {spell.casting_time.in_game_minutes} in-game minutes", False))
    if spell.targets.text:
        facts.append((f"Targets: {spell.targets.text}", False))
    facts.append((f"Range: {spell.range.text}", False))
    if spell.area is not None:
        facts.append((f"Area: {spell.area.text}", False))
    facts.append((f"Duration: {spell.duration.text}", False))
    facts.append((f"Expertise: {spell.expertise}", False))
    top = height - header - pad
    for text, strong in facts:
        top -= size * LEADING
        canvas.setFillColor(INK)
        draw_line(
            canvas, text, BOLD if strong else REGULAR, left, top + size * 0.25, right - left, size
        )

    # The book's dice at the foot; the description and the tiers share what is between.
    box = look.ud_box * mm * s
    bottom = frame + pad
    book = f"{spell.book.name} · {spell.book.price} gc"
    canvas.setFillColor(MUTED)
    draw_line(canvas, book, REGULAR, left, bottom + size * 0.2, right - left, size * 0.85)
    bottom += size * LEADING
    label = "Book UD "
    canvas.setFillColor(INK)
    label_width = canvas.stringWidth(label, BOLD, size)
    draw_line(canvas, label, BOLD, left, bottom + size * 0.2, label_width, size)
    per_row = max(1, int((right - left - label_width) // (box * 1.35)))
    _tick_boxes(canvas, left + label_width, bottom, box, spell.book.usage_dice, per_row)
    bottom += box * 1.35 * -(-spell.book.usage_dice // per_row) + pad / 2
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    canvas.line(left, bottom, right, bottom)
    _spell_text(
        canvas,
        spell,
        left,
        top - pad / 2,
        right - left,
        top - pad / 2 - bottom - pad / 2,
        look.note_size * s,
    )


def _spell_text(
    canvas: Canvas, spell: Spell, x: float, top: float, width: float, height: float, largest: float
) -> None:
    """The description and the three tiers, one size for all, shrunk until they fit."""
    blocks: list[tuple[str, str]] = [("", spell.description)]
    for tier in (1, 2, 3):
        outcome = spell.outcome(tier)
        text = "a miss" if outcome is None else outcome.text
        if outcome is not None and outcome.damage:
            text += f" ({outcome.damage} damage)"
        blocks.append((f"{TIER_BANDS[tier]} ", text))
    size = largest
    while True:
        indent = max(_label_width(canvas, label, size) for label, _ in blocks)
        fitted = [
            fit(text, REGULAR, width - (indent if label else 0), 10_000, size)
            for label, text in blocks
        ]
        total = sum(f.height for f in fitted) + size * 0.4 * (len(blocks) - 1)
        if total <= height or size <= SMALLEST:
            break
        size *= 0.94
    y = top
    # Every tier's outcome starts at one indent, the widest band's ("12–16"), so they align.
    for (label, _), lines in zip(blocks, fitted, strict=True):
        if label:
            canvas.setFillColor(HexColor(SPELL_COLOUR))
            canvas.setFont(BOLD, size)
            canvas.drawString(x, y - size, label.strip())
        canvas.setFillColor(INK)
        y = draw_fitted(canvas, lines, x + (indent if label else 0), y) - size * 0.4


def _label_width(canvas: Canvas, label: str, size: float) -> float:
    return float(canvas.stringWidth(label, BOLD, size)) + (size * 0.3 if label else 0)
