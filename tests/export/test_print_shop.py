"""Issue 27: what a print shop (or a duplex office printer) makes of the PDFs, read back from the
drawn pages — duplex parity, cards a page, text sizes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from refkit.export.card_pages import CardOptions
from refkit.export.documents import paper_named, party_document
from tests.export.crows import crow
from tests.export.pdf_reading import page_count, pdf_info, pdf_text


def saved(tmp_path: Path, data: bytes, name: str = "out.pdf") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("crows", [1, 2, 3])
def test_every_card_front_of_the_party_pack_shares_its_sheet_of_paper_with_its_back(
    tmp_path, crows
):
    party = [crow(f"Crow {n}", items=13, player=f"P{n}") for n in range(crows)]
    options = CardOptions(paper_named("a4"), backs=True)
    document = party_document(party, options)
    pdf = saved(tmp_path, document.data)
    pages = page_count(pdf)
    assert pages == document.pages
    # Duplex: pages 1-2 are one sheet, 3-4 the next... A front must sit on an odd page and its
    # back (the page with the REFKIT captions) on the even page after it.
    texts = {page: pdf_text(pdf, page) for page in range(1, pages + 1)}
    backs = [page for page, text in texts.items() if "REFKIT" in text]
    sheets = [page for page, text in texts.items() if "Stamina" in text]
    fronts = [
        page
        for page, text in texts.items()
        if page not in backs and page not in sheets and "left blank" not in text
    ]
    assert fronts, "no card fronts found"
    assert all(page % 2 == 1 for page in fronts), (fronts, backs)
    assert backs == [page + 1 for page in fronts]
    assert pages % 2 == 0


def test_a_lone_crow_is_not_titled_a_party_pack(tmp_path):
    options = CardOptions(paper_named("a4"))
    alone = saved(tmp_path, party_document([crow("Mara Vell")], options).data, "alone.pdf")
    assert pdf_info(alone)["Title"] == "Sheet and item cards: Mara Vell"
    pair = [crow("Mara Vell"), crow("Odo Quill")]
    both = saved(tmp_path, party_document(pair, options).data, "both.pdf")
    assert pdf_info(both)["Title"] == "Party pack: Mara Vell, Odo Quill"


def _sizes(pdf: Path, page: int) -> list[tuple[str, float]]:
    import pdfplumber

    with pdfplumber.open(pdf) as document:
        words = document.pages[page - 1].extract_words(extra_attrs=["size"])
    return [(word["text"], float(word["size"])) for word in words]


def knife_crow():
    """Sixteen things, a Knife and an axe among them, with notes on items."""
    from refkit.rules.character.file_format import character_from_json
    from tests.export.crows import crow_data

    data = crow_data(items=16)
    data["items"][0] = {
        "name": "Knife",
        "slots": 1,
        "area": "hand",
        "at": 1,
        "tags": ["weapon", "melee", "thrown", "stabbing"],
        "damage": {"tier2": 1, "tier3": 3, "characteristic": "A", "piercing": False},
        "notes": "Grandmother's, bone hilt",
    }
    return character_from_json(data)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_on_the_sheet_prints_under_6_pt_and_item_notes_are_kept(tmp_path, paper):
    """Issue 27 item 3: slot text wraps before it shrinks, never below 6 pt, and uses the room
    for the item's notes."""
    from refkit.export.documents import sheet_document

    pdf = saved(tmp_path, sheet_document([knife_crow()], paper_named(paper)).data)
    sizes = _sizes(pdf, 1)
    small = [(text, round(size, 2)) for text, size in sizes if size < 6 - 1e-6]
    assert small == []
    text = pdf_text(pdf, 1)
    assert "Knife" in text and "1+A" in text
    assert "Grandmother" in text  # the item's notes, in its slot


def test_slot_facts_use_the_room_not_the_smallest_size(tmp_path):
    from refkit.export.documents import sheet_document

    pdf = saved(tmp_path, sheet_document([knife_crow()], paper_named("a4")).data)
    damage = [size for text, size in _sizes(pdf, 1) if text in ("1+A", "Dmg")]
    assert damage and min(damage) >= 6.5


def rendered(pdf: Path, page: int, dpi: int = 100, mode: str = "L"):
    """The page drawn by PDFium (not ReportLab, not poppler) as a Pillow image."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[page - 1].render(scale=dpi / 72).to_pil().convert(mode)
    finally:
        document.close()


def test_a_held_condition_is_a_filled_box_and_the_others_are_empty(tmp_path):
    """The boxes read as drawn: the crow is weakened, and only Weakened's box is inked."""
    import pdfplumber

    from refkit.export.documents import sheet_document

    pdf = saved(tmp_path, sheet_document([crow()], paper_named("a4")).data)
    dpi = 100
    image = rendered(pdf, 1, dpi)
    with pdfplumber.open(pdf) as document:
        words = {w["text"]: w for w in document.pages[0].extract_words()}
    shade = {}
    for condition in ("Blessed", "Grabbed", "Prone", "Vulnerable", "Unconscious", "Weakened"):
        word = words[condition]
        # The box sits just left of its word: 1.2 mm gap, 3.4 mm square; sample its middle.
        x = (word["x0"] - (1.2 + 1.7) * 72 / 25.4) * dpi / 72
        y = (word["top"] + word["bottom"]) / 2 * dpi / 72
        shade[condition] = image.getpixel((round(x), round(y)))
    assert shade["Weakened"] < 80, shade
    assert all(value > 200 for name, value in shade.items() if name != "Weakened"), shade


def _layout_text(pdf: Path, page: int) -> str:
    """pdftotext's reading order (it puts right-to-left runs back in logical order), with
    Arabic presentation forms folded to their letters."""
    import shutil
    import subprocess
    import unicodedata

    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    done = subprocess.run(
        [tool, "-f", str(page), "-l", str(page), "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return unicodedata.normalize("NFKC", done.stdout)


ARABIC = "أحمد الكبير"
CJK = "李小龍"


def test_an_arabic_name_prints_joined_right_to_left_and_reads_back_in_order(tmp_path):
    """Issue 27 item 2: shaped (joining forms drawn), laid right to left, extracted in order."""
    pytest.importorskip("uharfbuzz")
    from refkit.export.documents import crow_cards_document, sheet_document

    arab = crow(ARABIC, player="Ana")
    sheet = saved(tmp_path, sheet_document([arab], paper_named("a4")).data, "sheet.pdf")
    assert ARABIC in _layout_text(sheet, 1)
    raw = pdf_text(sheet, 1)
    # Joined letters are drawn as their contextual forms (U+FE70–U+FEFF), not the bare letters.
    assert any(0xFE70 <= ord(char) <= 0xFEFF for char in raw), raw[:80]
    cards = saved(
        tmp_path, crow_cards_document(arab, CardOptions(paper_named("a4"))).data, "cards.pdf"
    )
    assert pdf_text(cards, 1).count("Torch") == 1


def test_a_chinese_name_prints_in_a_font_that_has_it(tmp_path):
    """Issue 27 item 2: each character falls back to an installed font that has the glyph."""
    from refkit.export.documents import sheet_document
    from refkit.export.scripts import fallback_font

    if fallback_font("李") is None:
        if os.environ.get("CI"):
            pytest.fail("CI has no CJK TrueType font (fonts-droid-fallback in the README)")
        pytest.skip("no TrueType font with CJK glyphs is installed")
    document = sheet_document([crow(CJK, player="Bruce")], paper_named("letter"))
    pdf = saved(tmp_path, document.data)
    assert CJK in _layout_text(pdf, 1)
    assert document.warnings == ()
    import pdfplumber

    with pdfplumber.open(pdf) as opened:
        chars = opened.pages[0].chars
        fonts = {char["fontname"].split("+")[-1] for char in chars if char["text"] in CJK}
    assert fonts and not any(font.startswith("DejaVu") for font in fonts), fonts


def test_a_character_no_font_has_is_said_not_silently_boxed(tmp_path, monkeypatch):
    from refkit.export import scripts
    from refkit.export.documents import sheet_document

    monkeypatch.setattr(scripts, "_fontconfig_files", lambda char: [])
    scripts.fallback_font.cache_clear()
    try:
        document = sheet_document([crow("Mara 𓀀 Vell")], paper_named("a4"))
    finally:
        scripts.fallback_font.cache_clear()
    assert len(document.warnings) == 1
    assert "U+13000" in document.warnings[0] and "install" in document.warnings[0]


def test_a_blank_card_has_a_white_name_box_and_room_for_four_slots(tmp_path):
    """Issue 27 item 5: the name is written on white, not on the dark band; heavy armour's
    four slots can be ticked."""
    import pdfplumber

    from refkit.export.documents import cards_document

    options = CardOptions(paper_named("a4"), blanks=1)
    pdf = saved(tmp_path, cards_document([], options, "Blank cards").data)
    dpi = 100
    image = rendered(pdf, 1, dpi)
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        name = next(w for w in page.extract_words() if w["text"] == "Name")
        slots = next(w for w in page.extract_words() if w["text"] == "Slots")
        boxes = [
            r
            for r in page.rects
            if abs(r["width"] - r["height"]) < 0.5
            and r["width"] < 15
            and abs((r["top"] + r["bottom"]) / 2 - (slots["top"] + slots["bottom"]) / 2) < 4
        ]
    trim = options.sheet().trims[0]
    # Well right of the label, on the name's line: white paper to write on.
    x = (name["x1"] + 20) * dpi / 72
    y = name["bottom"] * dpi / 72 + 2
    assert image.getpixel((round(x), round(y))) > 240
    assert trim.left * MM < name["x0"] < trim.right * MM
    assert len(boxes) == 4, boxes


MM = 72 / 25.4


def test_spell_tier_outcomes_start_at_one_indent(tmp_path):
    """Issue 27 item 7: the text after "≤11", "12–16" and "17+" lines up."""
    import pdfplumber

    from refkit.export.documents import spells_document
    from refkit.rules.magic.spellbooks import load_default_spells

    spell = load_default_spells()[0]
    pdf = saved(tmp_path, spells_document([spell], CardOptions(paper_named("a4"))).data)
    with pdfplumber.open(pdf) as document:
        words = document.pages[0].extract_words()
    starts = [
        round(words[index + 1]["x0"], 1)
        for index, word in enumerate(words)
        if word["text"] in ("≤11", "12–16", "17+")
    ]
    assert len(starts) == 3 and len(set(starts)) == 1, starts


def test_party_pack_fronts_name_their_owner(tmp_path):
    party = [crow("Mara Vell", items=2), crow("Odo Quill", items=2)]
    pdf = saved(tmp_path, party_document(party, CardOptions(paper_named("a4"))).data)
    fronts = squeezed_text(pdf_text(pdf, 3))
    assert fronts.count("CarriedbyMaraVell") == 2 and fronts.count("CarriedbyOdoQuill") == 2


def squeezed_text(text: str) -> str:
    return "".join(text.split())


def test_the_portrait_prints_in_the_sheet_header(tmp_path):
    import base64
    import io
    from dataclasses import replace

    from PIL import Image

    from refkit.export.documents import sheet_document

    buffer = io.BytesIO()
    Image.new("RGB", (32, 32), (200, 20, 20)).save(buffer, format="PNG")
    portrait = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    mara = replace(crow("Mara Vell"), portrait=portrait)
    pdf = saved(tmp_path, sheet_document([mara], paper_named("a4")).data)
    picture = rendered(pdf, 1, 50, mode="RGB")
    # Near the top-left corner, inside the margins: the red square.
    reds = [
        (x, y)
        for x in range(0, picture.width // 4)
        for y in range(0, picture.height // 8)
        if picture.getpixel((x, y))[0] > 150 and picture.getpixel((x, y))[1] < 80
    ]
    assert len(reds) > 100
    broken = replace(mara, portrait="data:image/png;base64,bm90IGFuIGltYWdl")
    assert sheet_document([broken], paper_named("a4")).pages == 1


def test_slot_numbers_under_cards_are_not_in_the_text(tmp_path):
    """Issue 27 item 7: a covered slot's number is not drawn ("Medium armor 2of …")."""
    from refkit.export.documents import sheet_document

    pdf = saved(tmp_path, sheet_document([crow(items=16)], paper_named("a4")).data)
    labels = [text for text, size in _sizes(pdf, 1) if text.isdigit() and abs(size - 6) < 0.01]
    # Hands, belt and backpack are full: no slot number shows; the magic slots are named.
    assert labels == []
    assert "Head" in pdf_text(pdf, 1) and "Finger" not in pdf_text(pdf, 1)


def _worst_sheet(tmp_path: Path, paper: str = "a4", **changes) -> Path:
    from refkit.export.documents import sheet_document
    from refkit.rules.character.file_format import character_from_json
    from tests.export.crows import worst_case_data

    data = worst_case_data()
    wrapping = ("Pack item 5", "Pack item 6", "Pack item 7")
    data["items"] = [item for item in data["items"] if item["name"] not in wrapping]
    data["items"].append(
        {
            "name": "Medium armor of the Everlasting",
            "slots": 3,
            "area": "backpack",
            "at": 5,
            "armor": {"ad": 4, "max_ad": 4, "worn": False},
        }
    )
    data.update(changes)
    document = sheet_document([character_from_json(data)], paper_named(paper))
    return saved(tmp_path, document.data, f"sheet-{paper}.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_is_designed_and_readable(tmp_path, paper):
    """Issue 27 item 6, read from the drawn page: title, a long name on two lines, a line for
    the player, a coins box, expertise names in one size with their boxes beside them, frames
    centred, writing lines dark enough to print, one card for a wrapped 3-slot item."""
    import pdfplumber

    pdf = _worst_sheet(tmp_path, paper, player="")
    text = pdf_text(pdf, 1)
    assert "CROWS · CHARACTER SHEET" in text and "COINS" in text
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        width = float(page.width)
        rects, lines = page.rects, page.lines
    # The long name: two lines, large, not one line shrunk to 6.6 pt.
    name = [w for w in words if w["text"] in ("Wilhelmina", "Marches")]
    assert len(name) == 2 and min(w["size"] for w in name) >= 12
    assert name[1]["top"] > name[0]["bottom"] - 1
    # "Player:" and a line to write on after it.
    player = next(w for w in words if w["text"] == "Player:")
    assert any(
        line["x0"] >= player["x1"]
        and abs(line["top"] - player["bottom"]) < 4
        and line["x1"] - line["x0"] > 100
        for line in lines
    )
    # The expertises: one size for every name.
    lore = [w for w in words if w["text"] == "lore"]
    assert len(lore) == 14 and len({round(w["size"], 2) for w in lore}) == 1
    # Each expertise's boxes (their last, nearest the name) are nearer the start of their own
    # name than the end of any other name.
    firsts = {
        "Stealth", "Herbs", "Tracking", "Climbing", "Swimming", "Haggling", "Riddles", "Old",
        "Beasts", "Weather", "Rope-work", "Cooking", "Lockpicking", "Dungeoneering",
    }  # fmt: skip
    starts = [w for w in words if w["text"] in firsts]
    ends = [w for w in words if w["text"] == "(general)"]
    boxes = [r for r in rects if abs(r["width"] - r["height"]) < 0.3 and 5 < r["width"] < 10]
    checked = 0
    for box in boxes:
        middle = (box["top"] + box["bottom"]) / 2
        followed = any(
            0 <= other["x0"] - box["x1"] < box["width"] and abs(other["top"] - box["top"]) < 1
            for other in boxes
        )
        if followed:  # not the last box of its group
            continue

        def on_row(word, middle=middle):
            return abs((word["top"] + word["bottom"]) / 2 - middle) < 3

        own = [w["x0"] - box["x1"] for w in starts if on_row(w) and w["x0"] >= box["x1"]]
        other = [box["x0"] - w["x1"] for w in ends if on_row(w) and w["x1"] <= box["x0"]]
        if not own:
            continue
        assert min(own) < min(other, default=1e9), (box["x0"], min(own), other)
        checked += 1
    assert checked >= 14
    # The board's frames sit centred between the margins.
    hands = next(w for w in words if w["text"] == "Hands")
    magic = next(w for w in words if w["text"] == "Magic")
    frames = [r for r in rects if r["height"] > 40]
    left_frame = min(
        (r for r in frames if r["x0"] < hands["x0"] and abs(r["top"] - hands["top"]) < 8),
        key=lambda r: hands["x0"] - r["x0"],
    )
    right_frame = min(
        (r for r in frames if r["x0"] < magic["x0"] and abs(r["top"] - magic["top"]) < 8),
        key=lambda r: magic["x0"] - r["x0"],
    )
    margin = 10 * MM
    assert abs((left_frame["x0"] - margin) - (width - margin - right_frame["x1"])) < 1.0
    # The notes' writing lines print: no lighter than mid-grey.
    note_lines = [line for line in lines if line["x1"] - line["x0"] > 400]
    assert note_lines
    for line in note_lines:
        colour = line["stroking_color"]
        assert colour is not None and max(colour) <= 0.6, colour
    # A 3-slot item wrapping the backpack's row is one card, its rest marked as such.
    assert text.count("AD 4/4") == 1 and "↳" in text


def test_a_small_item_with_no_notes_shows_its_tags_in_its_slot(tmp_path):
    from refkit.export.documents import sheet_document
    from refkit.rules.character.file_format import character_from_json
    from tests.export.crows import crow_data

    data = crow_data(items=6)
    data["items"][2] = {
        "name": "Coin purse", "slots": 1, "area": "belt", "at": 1, "tags": ["container", "coins"],
    }  # fmt: skip
    pdf = saved(tmp_path, sheet_document([character_from_json(data)], paper_named("a4")).data)
    assert "container,coins" in squeezed_text(pdf_text(pdf, 1))


def _fields(pdf: Path) -> dict[str, list[dict]]:
    """The form fields on each page, by kind (the middle part of their names)."""
    import pdfplumber
    from pdfminer.pdftypes import resolve1

    found: dict[str, list[dict]] = {}
    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            for annot in page.annots:
                data = {key: resolve1(value) for key, value in annot["data"].items()}
                name = data.get("T")
                if isinstance(name, bytes):
                    name = name.decode("latin-1")
                if name:
                    kind = name.split(".")[1]
                    found.setdefault(kind, []).append({**data, "page": page.page_number})
    return found


def _ticked(field: dict) -> bool:
    """A tick box's state: its appearance state (AS) is /Yes when ticked."""
    return "Yes" in str(field.get("AS"))


def test_a_fillable_sheet_has_fields_for_what_changes_in_play(tmp_path):
    """The sheet as a form: Stamina now, the ten wound boxes (the crow's two ticked), a box per
    usage die (the lost ones ticked), a box per expertise use (the spent ones ticked), room to
    add notes."""
    from refkit.export.documents import sheet_document

    mara = crow(items=16, notes="Owes Odo 5 gc")
    plain = saved(tmp_path, sheet_document([mara], paper_named("a4")).data, "plain.pdf")
    assert _fields(plain) == {}
    pdf = saved(tmp_path, sheet_document([mara], paper_named("a4"), fillable=True).data, "form.pdf")
    fields = _fields(pdf)
    assert set(fields) == {"stamina", "wound", "usage_die", "expertise_use", "notes"}
    (stamina,) = fields["stamina"]
    assert stamina["V"] in (b"5", "5")
    ticked = [f for f in fields["wound"] if _ticked(f)]
    assert len(fields["wound"]) == 10 and len(ticked) == 2
    assert len(fields["usage_die"]) == 2  # the torch's two dice, one lost
    assert sum(_ticked(f) for f in fields["usage_die"]) == 1
    assert len(fields["expertise_use"]) == 3  # Stealth: three uses, one spent
    assert sum(_ticked(f) for f in fields["expertise_use"]) == 1
    # One field for the room under the printed notes, to add to them.
    assert len(fields["notes"]) == 1 and "Owes Odo 5 gc" in pdf_text(pdf, 1)


def test_a_fillable_party_pack_keeps_each_crows_fields_apart(tmp_path):
    party = [crow("Mara Vell"), crow("Odo Quill")]
    options = CardOptions(paper_named("letter"), fillable=True)
    pdf = saved(tmp_path, party_document(party, options).data)
    names = []
    import pdfplumber

    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            names += [str(annot["data"].get("T")) for annot in page.annots]
    assert len(names) == len(set(names)) > 20


def test_a_line_mixing_arabic_and_latin_keeps_each_run_whole():
    from refkit.export.fonts import REGULAR, register_fonts
    from refkit.export.scripts import runs

    register_fonts()
    pieces = runs(f"{ARABIC} · page 2", REGULAR)
    # A right-to-left line: "page 2" stands left of the name, in one piece with its number; the
    # dot between them goes with the line's direction (it is set right to left with the name).
    assert [piece.text for piece in pieces] == ["page 2", f"{ARABIC} · "]
    assert [piece.rtl for piece in pieces] == [False, True]
    mixed = runs(f"Player: {ARABIC} 7", REGULAR)
    assert [piece.text for piece in mixed] == ["Player: ", ARABIC, " 7"]


def test_card_backs_name_their_card_readably(tmp_path):
    party = [crow("Wilhelmina Bartholomew-Featherstonehaugh of the Drowned Marches", items=2)]
    pdf = saved(tmp_path, party_document(party, CardOptions(paper_named("a4"), backs=True)).data)
    backs = [size for text, size in _sizes(pdf, 4) if text not in ("REFKIT",)]
    assert backs and min(backs) >= 6 - 1e-6
    assert "Torch" in pdf_text(pdf, 4)
