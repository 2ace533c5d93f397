"""The guided builder (issue 26 item 2): a background rolled on 2d6 or picked, the characteristic
shape it allows, what it gives as printed, the kit, the purse, the pet and the connection; every
choice checked with its reason next to the field; a crow that checks clean."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLabel

from refkit.gui.characters.builder import CharacterBuilder
from refkit.gui.characters.portrait import DATA_PREFIX, portrait_pixmap
from refkit.rules.character.build_data import load_build_data
from refkit.rules.character.file_format import check_character

TAKEN = {"brannoc tull"}
DATA = load_build_data()


@pytest.fixture
def builder(qtbot) -> CharacterBuilder:
    wizard = CharacterBuilder(
        name_taken=lambda name: name.casefold() in TAKEN,
        parties=["Lanternfolk"],
        rng=random.Random(7),
    )
    qtbot.addWidget(wizard)
    return wizard


def fill(builder: CharacterBuilder, background: str, two: str = "", high: str = "mind") -> None:
    builder.identity.name.setText("Mara Vell")
    builder.background_page.choose(background)
    builder.characteristics.initializePage()
    builder.characteristics.set_choice(two, "10", high)


def test_a_name_is_needed_and_must_be_free(builder: CharacterBuilder) -> None:
    page = builder.identity
    assert not page.isComplete()
    assert "Give the crow a name" in page.problems()[0]
    page.name.setText("Brannoc Tull")
    assert not page.isComplete()
    assert "There is already a crow called 'Brannoc Tull'" in page.message.text()
    page.name.setText("Mara Vell")
    assert page.isComplete()
    assert page.message.text() == ""


def test_the_background_table_shows_the_36_and_the_odds_of_each(
    builder: CharacterBuilder,
) -> None:
    page = builder.background_page
    assert page.table.rowCount() == 36
    assert not page.isComplete()  # Next waits for a background
    assert "Nothing chosen yet" in page.rolled.text()
    rows = [[page.table.item(r, c).text() for c in range(3)] for r in range(36)]
    assert rows[0] == ["1-1", "Acolyte of the Gardner", "1 in 36 (2.8%)"]
    assert {row[2] for row in rows} == {"1 in 36 (2.8%)"}  # each cell of the 6×6 table once


def test_a_2d6_roll_chooses_the_row_and_column_it_names(builder: CharacterBuilder) -> None:
    page = builder.background_page
    expected = random.Random(7)
    first, second = expected.randint(1, 6), expected.randint(1, 6)
    assert page.roll() == (first, second)
    rolled = DATA.background_rolled(first, second).name
    assert page.chosen() == rolled
    assert page.rolled.text().startswith(f"Rolled {first} (row) and {second} (column): {rolled}")
    assert page.isComplete()
    assert rolled in page.details.text()
    page.choose("Noble")
    assert page.rolled.text() == "Picked: Noble (on 2d6, 1 in 36 (2.8%))"
    assert "Reputation" in page.details.text()  # the Noble's starting tree


def test_a_fixed_two_is_set_and_the_other_two_take_a_shape(builder: CharacterBuilder) -> None:
    builder.background_page.choose("Archer")  # Agility fixed at 2
    page = builder.characteristics
    page.initializePage()
    assert not page.two.isEnabled() and page.two_value() == "agility"
    assert not page.isComplete()
    assert "choose which of Mind or Strength gets the higher value" in page.high_message.text()
    page.set_choice("", "m12", "strength")
    assert page.isComplete()
    assert page.high_message.text() == ""
    assert page.preview.text() == "Agility +2, Mind -1, Strength +2"


def test_a_background_with_a_choice_of_two_asks_for_it(builder: CharacterBuilder) -> None:
    builder.background_page.choose("Noble")  # Agility or Mind
    page = builder.characteristics
    page.initializePage()
    assert page.two.isEnabled()
    assert "Noble sets one of Agility or Mind to 2: choose" in page.two_message.text()
    assert not page.high.isEnabled()
    page.set_choice("mind", "10", "strength")
    assert page.isComplete() and page.two_message.text() == ""
    assert page.preview.text() == "Agility +0, Mind +2, Strength +1"
    assert [page.two.itemText(i) for i in range(page.two.count())] == [
        "Choose…",
        "Agility",
        "Mind",
    ]


def test_the_gives_page_shows_the_stamina_uses_trade_as_printed(
    builder: CharacterBuilder,
) -> None:
    builder.background_page.choose("Keraunomancer")
    page = builder.gives
    page.initializePage()
    assert "Stamina 9 comes with 3 uses, Stamina 7 comes with 6 uses" in page.trade.text()
    assert "Keraunomancer gives Stamina 7 and 7 expertise uses — printed so" in page.trade.text()
    lines = [page.expertises.item(i).text() for i in range(page.expertises.count())]
    assert len(lines) == len(DATA.background("Keraunomancer").expertises)
    assert any(line.startswith("Bashing — ") for line in lines)
    assert page.trait.text().startswith("Starting trait: Elemental: ")


def test_the_kit_page_packs_the_kit_rolls_the_purse_and_checks_the_connection(
    builder: CharacterBuilder,
) -> None:
    fill(builder, "Merchant")
    page = builder.kit
    page.initializePage()
    kit = [page.kit.item(i).text() for i in range(page.kit.count())]
    assert kit[:4] == ["Coin purse", "Knife", "Rope", "6 × Ration"]
    dice = page.roll_coins()
    assert page.coin_dice() == dice
    total = sum(dice) + 50
    assert page.coins.text().endswith(f"plus 50 gc from the Merchant: {total} gc in the purse")
    assert page.isComplete()  # a connection may wait
    page.relationship.setText("aunt")  # a relationship without a name
    assert not page.isComplete()
    assert "an NPC connection needs a name" in page.connection_message.text()
    page.npc_name.setText("Old Maud")
    page.benefit.setCurrentIndex(page.benefit.findData("Foodie"))
    assert page.isComplete() and page.connection_message.text() == ""
    assert "rations" in page.benefit_text.text()


def test_finish_makes_the_crow_the_choices_describe(qtbot, builder: CharacterBuilder) -> None:
    fill(builder, "Farmer")
    builder.kit.initializePage()
    builder.kit.npc_name.setText("Old Maud")
    builder.kit.benefit.setCurrentIndex(builder.kit.benefit.findData("Animal Lover"))
    for spin, value in zip(builder.kit.dice, (3, 4, 5), strict=True):
        spin.setValue(value)
    builder.ready.notes.setPlainText("Smells of hay.")
    builder.ready.initializePage()
    assert builder.ready.isComplete()
    assert "Pet: goat" in builder.ready.summary.text()
    with qtbot.waitSignal(builder.character_built) as built:
        builder.accept()
    crow = built.args[0]
    farmer = DATA.background("Farmer")
    assert crow.background == "Farmer"
    assert crow.traits == (farmer.starting_trait,)
    assert crow.stamina.max == farmer.stamina
    assert crow.coins == 12 and crow.pets == ("Goat",)
    assert crow.connection is not None and crow.connection.benefit == "Animal Lover"
    assert crow.notes.startswith("Smells of hay.")
    assert check_character(crow).valid
    assert builder.chosen_party() == "Lanternfolk"


def test_finish_is_refused_with_the_reasons_while_a_choice_is_missing(
    builder: CharacterBuilder,
) -> None:
    builder.background_page.choose("Beggar")  # any characteristic: the player chooses
    builder.ready.initializePage()
    assert not builder.ready.isComplete()
    builder.accept()
    said = builder.ready.message.text()
    assert "Give the crow a name" in said and "Beggar sets one of" in said


def test_every_background_makes_a_crow_that_checks_clean(builder: CharacterBuilder) -> None:
    """Done means: the builder makes each of the 36 backgrounds' crows."""
    made = set()
    for background in DATA.backgrounds:
        two = background.two_in[-1]
        high = next(c for c in ("agility", "mind", "strength") if c != two)
        fill(builder, background.name, two if len(background.two_in) > 1 else "", high)
        assert builder.characteristics.isComplete(), background.name
        assert builder.problems() == [], background.name
        crow = builder.result()
        assert crow.background == background.name
        assert crow.characteristics.as_dict()[two] == 2
        assert check_character(crow).valid, background.name
        made.add(crow.background)
    assert len(made) == 36


def test_a_portrait_is_scaled_and_kept_inside_the_crow(
    builder: CharacterBuilder, tmp_path: Path
) -> None:
    image = QImage(900, 600, QImage.Format.Format_RGB32)
    image.fill(QColor("#884422"))
    path = tmp_path / "face.png"
    assert image.save(str(path))
    builder.identity.load_portrait_file(str(path))
    portrait = builder.identity.portrait()
    assert portrait is not None and portrait.startswith(DATA_PREFIX)
    pixmap = portrait_pixmap(portrait)
    assert pixmap is not None and pixmap.width() == 256  # the longest side, scaled down
    fill(builder, "Archer")
    assert builder.result().portrait == portrait
    builder.identity.load_portrait_file(str(tmp_path / "missing.png"))
    assert "not an image Refkit can read" in builder.identity.message.text()


def test_no_step_cuts_its_subtitle_short(qtbot, builder: CharacterBuilder) -> None:
    """The wizard gives its subtitle a fixed height: each step's subtitle must fit it whole."""
    builder.show()
    qtbot.waitExposed(builder)
    builder.identity.name.setText("Mara Vell")
    builder.next()
    builder.background_page.choose("Archer")
    cut: list[str] = []
    titles = []
    while True:
        page = builder.currentPage()
        titles.append(page.title())
        subtitles = [
            label
            for label in builder.findChildren(QLabel)
            if label.isVisible() and page.subTitle() and label.text() == page.subTitle()
        ]
        cut += [page.title() for s in subtitles if s.height() < s.heightForWidth(s.width())]
        if page is builder.characteristics:
            page.set_choice("", "10", "mind")
        if builder.nextId() == -1:
            break
        builder.next()
    assert cut == []
    assert titles[-1] == "Ready" and len(titles) == 5


def test_escape_with_nothing_chosen_closes_at_once(qtbot, builder: CharacterBuilder) -> None:
    builder.show()
    builder.reject()
    assert builder.discard_box is None
    assert not builder.isVisible()


def test_escape_after_choosing_asks_before_throwing_the_crow_away(
    qtbot, builder: CharacterBuilder
) -> None:
    builder.show()
    builder.background_page.choose("Cook")
    qtbot.keyClick(builder, Qt.Key.Key_Escape)
    box = builder.discard_box
    assert box is not None and box.isVisible()
    keep = next(b for b in box.buttons() if b.text() == "Keep building")
    keep.click()
    assert builder.isVisible() and builder.background_page.chosen() == "Cook"
    builder.reject()
    throw = next(b for b in builder.discard_box.buttons() if b.text() == "Throw it away")
    throw.click()
    assert not builder.isVisible()
