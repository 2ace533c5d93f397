"""The referee's one-page quick sheet: tiers, edges and banes, EN by situation, the pace table,
conditions, the end-of-DT order and rests — Refkit's own summary of the Crows rules.

The text flows down two columns at the largest size that fits the page, every size together, so
the sheet is always one page and fills it.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from refkit.export.card_faces import INK, MUTED, RULE
from refkit.export.fonts import BOLD, REGULAR
from refkit.export.pages import Page
from refkit.export.print_layout import print_layout
from refkit.export.text_fit import LEADING, draw_line, wrap
from refkit.export.units import mm
from refkit.present.card_sheet import Paper

ACCENT = HexColor("#8c3b2a")


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[str, ...], ...]
    """The first row is the header."""
    widths: tuple[float, ...]
    """Each column's share of the width."""


Block = Heading | Para | Table

SHEET: tuple[Block, ...] = (
    Heading("Tests"),
    Para("Roll 2d10 + the characteristic the task needs."),
    Table(
        (
            ("Total", "Tier", "Reads as"),
            ("11 or less", "1", "fails; a setback may follow"),
            ("12–16", "2", "partly works, or works at a cost"),
            ("17 or more", "3", "works fully"),
            ("natural 19–20", "crit", "tier 3 whatever the banes, and a bonus"),
            ("natural 2–3", "doom", "tier 1 whatever the edges; no expertise"),
        ),
        (0.3, 0.14, 0.56),
    ),
    Heading("Edges, banes and expertise"),
    Para(
        "One edge: +2. One bane: −2. Two or more make a double: no change to the total, the "
        "tier moves one step (never past 1 or 3)."
    ),
    Para(
        "They cancel as states, not by counting: edge and bane → neither; double and double → "
        "neither; a double edge and a bane → one edge; a double bane and an edge → one bane."
    ),
    Para(
        "Bonuses and penalties (gear, assists, Prepare for Task, range) are never edges or banes."
    ),
    Para(
        "Expertise: spend a use after the roll for one tier up (up to 3); one per test; "
        "never on a doom. A finished rest gives the uses back."
    ),
    Heading("Encounter number (EN)"),
    Para(
        "Roll 1d10: an encounter on EN or more. A 10 comes at once; otherwise show a sign now "
        "and bring it during the next DT."
    ),
    Table(
        (
            ("Situation", "EN"),
            ("Dungeon", "9"),
            ("crowded level, or a trail of chaos", "8"),
            ("crowded and chaos", "7"),
            ("Travelling slow / normal / fast", "8 / 7 / 6"),
            ("on a road all day", "−1"),
            ("Rest: the place's EN; Seclude Camp", "+1"),
            ("Never above", "10"),
        ),
        (0.76, 0.24),
    ),
    Heading("Travel pace"),
    Table(
        (
            ("Pace", "Hexes a day", "EN", "Role tests"),
            ("Slow", "1", "8", "edge"),
            ("Normal", "2", "7", "—"),
            ("Fast", "3", "6", "bane"),
        ),
        (0.25, 0.3, 0.17, 0.28),
    ),
    Para(
        "Slowest speed 3 or less: −1 hex; 7–9: +1; 10 or more: +2. Road all day +1 hex; "
        "crossing a river or going upstream −1; downstream +1. A hex is 5 miles."
    ),
    Para(
        "Day order: pace, travel roles (supporters, guide, scouts, trackers), encounter check, "
        "explore or rest, then each human's Mind test against the Miasma."
    ),
    Heading("Conditions (never two of one kind)"),
    Table(
        (
            ("Condition", "Effect", "Ends"),
            ("Blessed", "edge on every test; attacks add the characteristic to damage", "DT end"),
            (
                "Grabbed",
                "speed 0; no flanking; attacks on you have an edge",
                "grabber lets go or is out of reach",
            ),
            (
                "Prone",
                "speed halved; bane on your melee; melee on you edge, ranged bane",
                "Stand Up (speed 1+)",
            ),
            ("Vulnerable", "+1d6 damage each time you take damage", "DT end"),
            (
                "Unconscious",
                "prone, speed 0, no actions; A and S tests doom; attacks on you are tier 3",
                "any damage, a loud noise",
            ),
            ("Weakened", "bane on every test", "DT end"),
        ),
        (0.26, 0.5, 0.24),
    ),
    Heading("End of a DT, in order"),
    Para("1. Roll the usage dice of every DT item and effect: lit lights, spells, backlashes."),
    Para(
        "2. End what lasts to the DT's end: blessed, vulnerable, weakened, DT spells; "
        "knocked-out creatures wake."
    ),
    Para("3. A crow with a doubled magic slot takes 1d6 wounds."),
    Para("4. Encounter check against the EN."),
    Para("5. Start the next DT. Treasure in DT 1 / 2 / 3 of a first visit: +30 / +20 / +10 %."),
    Para("Usage dice: roll them all; every 1 or 2 is lost; at none left the effect ends."),
    Heading("Rests"),
    Para(
        "Needs 6 hours in one place, 4 of them asleep, and a ration; never with a doubled magic "
        "slot. Starting ends the DT with no encounter check; at halfway the DT-long effects end; "
        "one encounter check per rest; a new DT starts when it ends."
    ),
    Para(
        "Finished: all Stamina back, one wound healed (the player picks), expertise uses back "
        "(not in the Miasma), spellbooks and Rest items refilled."
    ),
    Table(
        (
            ("Activity (one each)", "What it gives"),
            ("Craft Equipment", "one crafting roll"),
            ("Harvest", "a corpse's parts: 1d6, Large 2d6, Huge 3d6, Holy Shit 4d6"),
            ("Identify Item", "one magic item's properties, at the end"),
            ("Prepare for Task", "+2 on one known task until the next rest ends"),
            ("Repair Armor", "one armour or shield back to full AD"),
            ("Seclude Camp", "EN +1 for this rest; one per group; counts even if cut short"),
            ("Tend Wounds", "another crow with 2+ wounds heals 2, not 1"),
        ),
        (0.34, 0.66),
    ),
)
TITLE = "Crows · referee's quick sheet"


def draw_quick_sheet(canvas: Canvas, paper: Paper) -> int:
    """The sheet on one page; returns 1."""
    look = print_layout().quick
    page = Page(canvas, paper)
    left, right = paper.margin, paper.width - paper.margin
    top, bottom = paper.margin, paper.height - paper.margin
    canvas.setFillColor(INK)
    draw_line(
        canvas, TITLE, BOLD, page.x(left), page.y(top + 6), (right - left) * mm, look.title_size
    )
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(1.2)
    page.line(left, top + 8.5, right, top + 8.5)
    column_width = (right - left - look.column_gap) / 2
    # The largest scale (up to 1.4 × the sizes in sheets/print.toml) at which everything fits,
    # so the sheet fills its page on A4 and on Letter alike.
    low, high = 0.3, 1.4
    for _ in range(12):
        middle = (low + high) / 2
        if _flow(page, left, top + 12, column_width, look.column_gap, bottom, middle, draw=False):
            low = middle
        else:
            high = middle
    scale = low
    _flow(page, left, top + 12, column_width, look.column_gap, bottom, scale, draw=True)
    canvas.setFillColor(MUTED)
    draw_line(
        canvas,
        "Refkit's own summary; the rulebook decides.",
        REGULAR,
        page.x(left),
        page.y(bottom + 4),
        (right - left) * mm,
        6.5,
        align="right",
    )
    canvas.showPage()
    return 1


def _flow(
    page: Page,
    left: float,
    top: float,
    width: float,
    gap: float,
    bottom: float,
    scale: float,
    *,
    draw: bool,
) -> bool:
    """Lay the blocks down two columns (drawing them when ``draw``); False if they overflow."""
    look = print_layout().quick
    body, heading = look.body_size * scale, look.heading_size * scale
    column, y = 0, top
    for index, block in enumerate(SHEET):
        height = _height(block, width, body, heading)
        # A heading moves with the block under it, never left alone at a column's foot.
        needed = height
        if isinstance(block, Heading) and index + 1 < len(SHEET):
            needed += _height(SHEET[index + 1], width, body, heading)
        if y + needed > bottom:
            if column == 1:
                return False
            column, y = 1, top
        x = left + column * (width + gap)
        if draw:
            _draw(page, block, x, y, width, body, heading)
        y += height
    return True


def _pt(mm_value: float) -> float:
    return mm_value * mm


def _mm(points: float) -> float:
    return points / mm


def _height(block: Block, width: float, body: float, heading: float) -> float:
    if isinstance(block, Heading):
        return _mm(heading * LEADING) + 2.2
    if isinstance(block, Para):
        return _mm(len(wrap(block.text, REGULAR, body, _pt(width))) * body * LEADING) + 0.8
    return (
        sum(
            _row_height(row, block.widths, width, body, index == 0)
            for index, row in enumerate(block.rows)
        )
        + 1.2
    )


def _row_height(
    row: tuple[str, ...], widths: tuple[float, ...], width: float, body: float, header: bool
) -> float:
    font = BOLD if header else REGULAR
    lines = max(
        len(wrap(cell, font, body, _pt(width * share) - 4))
        for cell, share in zip(row, widths, strict=True)
    )
    return _mm(lines * body * LEADING) + 0.6


def _draw(
    page: Page, block: Block, x: float, y: float, width: float, body: float, heading: float
) -> None:
    canvas = page.canvas
    if isinstance(block, Heading):
        canvas.setFillColor(ACCENT)
        baseline = y + 1.4 + _mm(heading)
        draw_line(
            canvas, block.text.upper(), BOLD, page.x(x), page.y(baseline), _pt(width), heading
        )
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        page.line(x, baseline + 0.9, x + width, baseline + 0.9)
        return
    if isinstance(block, Para):
        _lines(page, wrap(block.text, REGULAR, body, _pt(width)), REGULAR, x, y, body)
        return
    for index, row in enumerate(block.rows):
        height = _row_height(row, block.widths, width, body, index == 0)
        if index % 2 == 1:
            canvas.setFillColor(HexColor("#f3efe9"))
            canvas.rect(page.x(x), page.y(y + height), _pt(width), _pt(height), stroke=0, fill=1)
        font = BOLD if index == 0 else REGULAR
        cx = x
        for cell, share in zip(row, block.widths, strict=True):
            _lines(
                page, wrap(cell, font, body, _pt(width * share) - 4), font, cx + 0.7, y + 0.3, body
            )
            cx += width * share
        y += height


def _lines(page: Page, lines: tuple[str, ...], font: str, x: float, y: float, size: float) -> None:
    canvas = page.canvas
    canvas.setFillColor(INK)
    canvas.setFont(font, size)
    top = page.y(y)
    for index, line in enumerate(lines):
        canvas.drawString(page.x(x), top - (index + 1) * size * LEADING + size * 0.3, line)
