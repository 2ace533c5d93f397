"""The printed documents read back: page sizes and counts, the text a user typed (names, items,
notes) exactly as typed, long text shrunk rather than cut, and the same bytes for the same crow."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from refkit.export.card_pages import CardOptions
from refkit.export.documents import (
    NothingToPrint,
    crow_cards_document,
    paper_named,
    party_document,
    quick_sheet_document,
    sheet_document,
    spells_document,
)
from refkit.present.card_sheet import card_sizes, lay_out_cards
from refkit.rules.magic.spellbooks import load_default_spells
from tests.export.crows import HOSTILE_NAME, HOSTILE_NOTES, crow
from tests.export.pdf_reading import page_count, page_size_pt, pdf_text, squeezed, words_with_boxes

MM = 72 / 25.4


def saved(tmp_path: Path, data: bytes, name: str = "out.pdf") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(("paper", "size"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_a_sheet_is_one_page_of_the_paper_asked_for(tmp_path, paper, size):
    pdf = saved(tmp_path, sheet_document([crow()], paper_named(paper)).data)
    assert page_count(pdf) == 1
    width, height = page_size_pt(pdf)
    assert width == pytest.approx(size[0] * MM, abs=0.5)
    assert height == pytest.approx(size[1] * MM, abs=0.5)


def test_the_sheet_prints_the_crow_its_items_and_notes(tmp_path):
    mara = crow(notes="Hunts the pale heron.", items=16)
    text = pdf_text(saved(tmp_path, sheet_document([mara], paper_named("a4")).data))
    for expected in (
        "Mara Vell",
        "Player: Ana",
        "Stealth (general)",
        "Weakened",
        "Torch",
        "Leather armour",
        "Ring of embers",
        "Hunts the pale heron.",
        "Pack item 10",
        "WOUND",
        "Head",  # an empty magic slot's name (the ring's "Finger" lies under its card)
    ):
        assert squeezed(expected) in squeezed(text), expected


def test_unicode_and_markup_characters_print_as_typed(tmp_path):
    hostile = crow(HOSTILE_NAME, notes=HOSTILE_NOTES, player='Ana "Quill" <ana>')
    text = pdf_text(saved(tmp_path, sheet_document([hostile], paper_named("a4")).data))
    assert HOSTILE_NAME in text
    assert squeezed(HOSTILE_NOTES) in squeezed(text)
    assert squeezed('Ana "Quill" <ana>') in squeezed(text)


def test_long_notes_shrink_onto_a_second_page_and_lose_no_word(tmp_path):
    words = [f"word{n}" for n in range(2500)]
    pdf = saved(tmp_path, sheet_document([crow(notes=" ".join(words))], paper_named("a4")).data)
    assert page_count(pdf) == 2
    text = squeezed(pdf_text(pdf, page=2))
    assert all(word in text for word in words[::97]), "a word of the notes is missing"
    assert text.endswith("word2499") or "word2499" in text


def test_a_name_longer_than_the_card_shrinks_to_fit_and_is_whole(tmp_path):
    long_name = "Exceedingly-long-hyphenated-heirloom-blade-of-the-drowned-kings " * 2
    data = crow(items=1)
    torch = data.items.items[0]
    from dataclasses import replace

    from refkit.rules.inventory.model import Inventory

    crowd = replace(data, items=Inventory(items=(replace(torch, name=long_name.strip()),)))
    pdf = saved(tmp_path, crow_cards_document(crowd, CardOptions(paper_named("a4"))).data)
    assert squeezed(long_name) in squeezed(pdf_text(pdf))
    # Nothing leaves the card: every word of the card lies inside its trim box.
    sheet = lay_out_cards(paper_named("a4"), card_sizes()["poker"])
    trim = sheet.trims[0]
    for _, x, y in words_with_boxes(pdf, 1):
        assert trim.left * MM - 0.5 <= x <= trim.right * MM
        assert trim.top * MM - 0.5 <= y <= trim.bottom * MM


@pytest.mark.parametrize(("bleed", "per_page"), [(3.0, 9), (0.0, 9), (10.0, 6)])
def test_cards_per_page_follow_the_paper_and_the_bleed(tmp_path, bleed, per_page):
    mara = crow(items=16)
    options = CardOptions(paper_named("a4"), bleed=bleed)
    pdf = saved(tmp_path, crow_cards_document(mara, options).data)
    assert page_count(pdf) == math.ceil(16 / per_page)
    text = pdf_text(pdf)
    assert "Ring of embers" in text and "Leather armour" in text


def test_blank_cards_follow_the_items_and_backs_double_the_pages(tmp_path):
    options = CardOptions(paper_named("a4"), bleed=0.0, blanks=5, backs=True)
    pdf = saved(tmp_path, crow_cards_document(crow(items=6), options).data)
    # 6 items + 5 blanks = 11 cards: two fronts of nine, each with its back.
    assert page_count(pdf) == 4
    assert pdf_text(pdf, page=2).count("REFKIT") == 9
    assert pdf_text(pdf, page=4).count("REFKIT") == 2
    # The blanks come after the six items: three fill the first page, two start the next.
    assert [pdf_text(pdf, page=page).count("Name") for page in (1, 3)] == [3, 2]


def test_a_back_sits_behind_its_front_mirrored_for_long_edge_duplex(tmp_path):
    options = CardOptions(paper_named("a4"), bleed=0.0, backs=True)
    pdf = saved(tmp_path, crow_cards_document(crow(items=3), options).data)
    sheet = options.sheet()
    page_width = 210 * MM
    fronts = {w: x for w, x, _ in words_with_boxes(pdf, 1) if w in ("Torch", "Shield")}
    backs = {w: x for w, x, _ in words_with_boxes(pdf, 2) if w in ("Torch", "Shield")}
    first, second = sheet.trims[0], sheet.trims[1]
    assert first.left * MM <= fronts["Torch"] <= first.right * MM
    assert second.left * MM <= fronts["Shield"] <= second.right * MM
    # Turned over its vertical centre line, the first card's back is in the last column.
    assert page_width - first.right * MM <= backs["Torch"] <= page_width - first.left * MM
    assert page_width - second.right * MM <= backs["Shield"] <= page_width - second.left * MM


def test_the_party_pack_holds_every_sheet_then_every_card(tmp_path):
    party = [crow("Mara Vell", items=16), crow(HOSTILE_NAME, items=4)]
    document = party_document(party, CardOptions(paper_named("letter"), bleed=0.0))
    pdf = saved(tmp_path, document.data)
    # Letter without bleed takes nine poker cards a page: 20 cards → 3 pages, after 2 sheets.
    assert page_count(pdf) == document.pages == 5
    assert "Mara Vell" in pdf_text(pdf, page=1)
    assert HOSTILE_NAME in pdf_text(pdf, page=2)
    assert "Ring of embers" in pdf_text(pdf)


def test_spell_cards_carry_the_spell_and_its_books_dice(tmp_path):
    spells = load_default_spells()
    pdf = saved(tmp_path, spells_document(spells, CardOptions(paper_named("a4"))).data)
    assert page_count(pdf) == math.ceil(len(spells) / 9)
    text = squeezed(pdf_text(pdf))
    for spell in spells:
        assert squeezed(spell.name) in text
        assert squeezed(f"Rank {spell.rank}") in text
        assert squeezed(spell.book.name) in text
    assert text.count("BookUD") == len(spells)


def test_the_quick_sheet_is_one_page_with_every_section(tmp_path):
    for paper in ("a4", "letter"):
        pdf = saved(tmp_path, quick_sheet_document(paper_named(paper)).data, f"{paper}.pdf")
        assert page_count(pdf) == 1
        text = pdf_text(pdf)
        for heading in (
            "TESTS",
            "EDGES, BANES",
            "ENCOUNTER NUMBER",
            "TRAVEL PACE",
            "CONDITIONS",
            "END OF A DT",
            "RESTS",
            "Tend Wounds",
            "Unconscious",
        ):
            assert heading in text, (paper, heading)


def test_the_same_crow_prints_the_same_bytes(tmp_path):
    mara = crow(notes=HOSTILE_NOTES, items=16)
    options = CardOptions(paper_named("a4"), backs=True, blanks=2)
    assert party_document([mara], options).data == party_document([mara], options).data
    assert (
        sheet_document([mara], paper_named("a4")).data
        == sheet_document([mara], paper_named("a4")).data
    )


def test_nothing_to_print_is_refused():
    with pytest.raises(NothingToPrint, match="no items"):
        crow_cards_document(crow(items=0), CardOptions(paper_named("a4")))
    with pytest.raises(ValueError, match="unknown paper 'a5'"):
        paper_named("a5")


def _run(pixels, xs, ys) -> int:
    """How many of the pixels along xs × ys are inked (not white)."""
    return sum(1 for x in xs for y in ys if sum(pixels[x, y]) < 600)


def test_a_printed_card_measures_63_by_88_mm_and_its_cut_marks_meet_its_edges(tmp_path):
    from tests.export.pdf_reading import page_image

    dpi = 100
    options = CardOptions(paper_named("a4"), bleed=0.0)
    pdf = saved(tmp_path, crow_cards_document(crow(items=1), options).data)
    image = page_image(pdf, 1, dpi, tmp_path)
    pixels = image.load()
    trim = options.sheet().trims[0]

    def px(mm: float) -> int:
        return round(mm * dpi / 25.4)

    header_row = px(trim.top + 3)
    across = [x for x in range(image.width) if sum(pixels[x, header_row]) < 600]
    frame_column = px(trim.left + 1)
    down = [y for y in range(image.height) if sum(pixels[frame_column, y]) < 600]
    assert (max(across) - min(across) + 1) * 25.4 / dpi == pytest.approx(63, abs=0.6)
    assert (max(down) - min(down) + 1) * 25.4 / dpi == pytest.approx(88, abs=0.6)
    # The marks above the grid stand in line with the card's left and right edges.
    mark_rows = range(px(trim.top - 4.5), px(trim.top - 1.5))
    for edge in (trim.left, trim.right):
        assert _run(pixels, [px(edge)], mark_rows) > 0, edge
    assert _run(pixels, [px(trim.left + 10)], mark_rows) == 0


def _crow_with(**changes) -> object:
    from refkit.rules.character.file_format import character_from_json
    from tests.export.crows import crow_data

    data = crow_data(items=16)
    data.update(changes)
    return character_from_json(data)


def test_a_hundred_expertises_leave_the_sheet_one_page_with_its_board(tmp_path):
    expertises = [
        {"name": f"Craft number {n}", "category": "general", "uses": 3, "spent": 1}
        for n in range(100)
    ]
    pdf = saved(
        tmp_path, sheet_document([_crow_with(expertises=expertises)], paper_named("a4")).data
    )
    assert page_count(pdf) == 1
    text = squeezed(pdf_text(pdf))
    assert all(squeezed(f"Craft number {n} (general)") in text for n in range(100))
    assert "Packitem10" in text and "Ringofembers" in text
    # The board still sits on the page, under the expertises: its last backpack slot's wound box.
    words = words_with_boxes(pdf, 1)
    assert any(word == "Wound" and y < 297 * MM for word, _, y in words)


def test_a_crowded_ground_goes_to_page_two_and_every_thing_is_listed(tmp_path):
    ground = [{"name": f"Pebble {n}", "slots": 1} for n in range(300)]
    pdf = saved(tmp_path, sheet_document([_crow_with(ground=ground)], paper_named("a4")).data)
    assert page_count(pdf) == 2
    assert "300 things lie here: see page 2" in pdf_text(pdf, page=1)
    second = squeezed(pdf_text(pdf, page=2))
    assert all(f"Pebble{n}·ontheground" in second for n in range(300))


def test_an_item_outside_the_slots_is_listed_not_lost(tmp_path):
    from tests.export.crows import crow_data

    items = crow_data(items=3)["items"]
    items.append({"name": "Stray lantern", "slots": 1, "area": "backpack", "at": 12})
    pdf = saved(tmp_path, sheet_document([_crow_with(items=items)], paper_named("a4")).data)
    assert page_count(pdf) == 2
    assert "Stray lantern" in pdf_text(pdf, page=2)


def test_the_sheet_prints_background_xp_traits_and_connection(tmp_path):
    from dataclasses import replace

    from refkit.rules.character.progress import Connection, Experience

    grown = replace(
        crow(),
        background="Thief",
        xp=Experience(total=1650, spendable=650),
        traits=("Thievery: Stealthy", "Thievery: Above It All", "Camping: Hearty Meals"),
        coins=37,
        pets=("Dog",),
        connection=Connection("Old Maud", "aunt", "Foodie"),
    )
    pdf = saved(tmp_path, sheet_document([grown], paper_named("a4")).data)
    assert page_count(pdf) == 1
    text = squeezed(pdf_text(pdf))
    for expected in (
        "Background: Thief",
        "XP: 1,650 total, 650 to spend",
        "Purse: 37 gc",
        "Pets: Dog",
        "Connection: Old Maud (aunt, Foodie)",
        "Thievery: Stealthy, Above It All; Camping: Hearty Meals",
    ):
        assert squeezed(expected) in text, expected
    plain = pdf_text(saved(tmp_path, sheet_document([crow()], paper_named("a4")).data, "v1.pdf"))
    assert "Background" not in plain and "Traits" not in plain


def test_the_sheet_prints_a_traits_extra_belt_slot_with_its_item(tmp_path: Path) -> None:
    from dataclasses import replace as changed

    from refkit.rules.inventory.model import BELT, Inventory, Item

    spear = Item("Spear", area=BELT, at=5, keywords=("stabbing", "brutal"), id="spear")
    holstered = changed(
        crow(), traits=("Stabbing: Stabbing Holster",), items=Inventory((spear,), ())
    )
    text = pdf_text(saved(tmp_path, sheet_document([holstered], paper_named("a4")).data), page=1)
    assert "Belt +1" in text and "Spear" in text
    plain = pdf_text(saved(tmp_path, sheet_document([crow()], paper_named("a4")).data), page=1)
    assert "Belt +1" not in plain


def test_the_sheet_prints_second_skin_armour_one_slot_shorter_and_says_the_slot_traits(
    tmp_path: Path,
) -> None:
    from dataclasses import replace as changed

    from refkit.export.character_sheet import _covered_places
    from refkit.present.sheet_layout import Place
    from refkit.rules.inventory.model import BACKPACK, Armor, Inventory, Item

    suit = Item("Light armor", area=BACKPACK, at=1, slots=2, armor=Armor(5, 5, True), id="a")
    rope = Item("Rope", area=BACKPACK, at=2, id="rope")
    skin = changed(
        crow(),
        traits=("Armor: Second Skin", "Thievery: Bursting Purse"),
        items=Inventory((suit, rope), ()),
    )
    assert Place(BACKPACK, 2) in _covered_places(skin)
    plain = changed(skin, traits=(), items=Inventory((suit,), ()))
    assert _covered_places(plain) == {Place(BACKPACK, 1), Place(BACKPACK, 2)}
    assert _covered_places(skin.with_items(Inventory((suit,), ()))) == {Place(BACKPACK, 1)}
    text = pdf_text(saved(tmp_path, sheet_document([skin], paper_named("a4")).data), page=1)
    assert "Rope" in text and "Bursting Purse" in text and "500 gc more" in text
