"""The guided builder: it explains, refuses what a new crow may not have, builds a valid crow."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLabel, QWizard

from refkit.gui.characters.builder import STARTING_KIT, CharacterBuilder
from refkit.gui.characters.portrait import DATA_PREFIX, portrait_pixmap
from refkit.locate import read_resource_text
from refkit.rules.character.file_format import check_character, load_character_json
from refkit.rules.character.model import Character, Characteristics, Stamina, load_expertise_names
from refkit.rules.inventory.catalogue import load_item_catalogue

TAKEN = {"brannoc tull"}


@pytest.fixture
def builder(qtbot) -> CharacterBuilder:
    wizard = CharacterBuilder(
        name_taken=lambda name: name.casefold() in TAKEN,
        expertise_names=load_expertise_names(),
        catalogue=load_item_catalogue(),
    )
    qtbot.addWidget(wizard)
    return wizard


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


def test_out_of_range_characteristics_are_refused_with_the_reason(
    builder: CharacterBuilder,
) -> None:
    page = builder.characteristics
    page.set_values(2, 1, 0)
    assert page.isComplete()
    page.spins["strength"].setValue(3)
    assert not page.isComplete()
    errors, _advice = page.problems()
    assert errors == [
        "Strength is 3; a new crow starts each characteristic between -1 and 2. Lower it, or "
        "switch on “Advanced” for a crow past creation"
    ]
    assert "Strength is 3" in page.message.text()
    page.spins["strength"].setValue(-2)
    assert not page.isComplete()
    assert "Strength is -2" in page.problems()[0][0]


def test_the_advanced_switch_allows_up_to_four_and_magic_beyond(builder: CharacterBuilder) -> None:
    page = builder.characteristics
    page.set_values(3, 4, 0)
    assert not page.isComplete()
    page.advanced.setChecked(True)
    assert page.isComplete()
    page.spins["agility"].setValue(5)
    assert not page.isComplete()
    assert "without magic a crow's maximum is 4" in page.problems()[0][0]
    assert not page.magic.isChecked()
    page.magic.setChecked(True)
    assert page.isComplete()
    page.advanced.setChecked(False)
    assert not page.magic.isChecked() and not page.magic.isEnabled()
    assert not page.isComplete()


def test_an_illegal_spread_is_refused_outside_advanced(qtbot, builder: CharacterBuilder) -> None:
    builder.show()
    qtbot.waitExposed(builder)
    builder.identity.name.setText("Mara Vell")
    builder.next()
    page = builder.characteristics
    assert builder.currentPage() is page
    page.set_values(0, 0, 0)
    assert not page.isComplete()
    assert not builder.button(QWizard.WizardButton.NextButton).isEnabled()
    errors, _advice = page.problems()
    assert errors and "A background sets one characteristic to 2" in errors[0]
    assert "Advanced" in errors[0]
    assert "these are 0, 0, 0" in page.message.text()
    builder.accept()  # Finish cannot slip it through either
    assert builder.isVisible()
    page.advanced.setChecked(True)
    assert page.isComplete()
    assert builder.button(QWizard.WizardButton.NextButton).isEnabled()


def test_stamina_outside_5_7_9_needs_advanced(builder: CharacterBuilder) -> None:
    page = builder.stamina
    page.stamina.setValue(6)
    assert not page.isComplete()
    assert "gives 5, 7 or 9 Stamina, not 6" in page.problems()[0][0]
    page.stamina.setValue(9)
    assert page.isComplete()
    assert page.stamina_buttons[9].isChecked()


def test_expertises_from_the_list_and_of_ones_own(builder: CharacterBuilder) -> None:
    page = builder.expertise
    page.name.setEditText("Stealth")
    assert page.category.currentData() == "general"
    assert not page.category.isEnabled()
    page.uses.setValue(2)
    assert page.add_current()
    page.name.setEditText("stealth")
    assert not page.add_current()
    assert "stealth is already on the list" in page.message.text()
    page.name.setEditText("Beekeeping")
    page.uses.setValue(1)
    assert page.category.isEnabled()
    assert page.add_current()
    names = [(e.name, e.category, e.uses) for e in page.expertises()]
    assert names == [("Stealth", "general", 2), ("Beekeeping", "general", 1)]
    assert page.table.item(1, 0).text() == "Beekeeping (your own)"


def test_a_finished_crow_is_valid_and_carries_the_starting_kit(
    qtbot, builder: CharacterBuilder
) -> None:
    builder.identity.name.setText("Mara Vell")
    builder.identity.player.setText("Sam")
    builder.characteristics.set_values(1, 0, 2)
    builder.stamina.stamina.setValue(7)
    builder.expertise.name.setEditText("Lift")
    builder.expertise.add_current()
    builder.gear.notes.setPlainText("Owes the ferryman.")
    with qtbot.waitSignal(builder.character_built) as built:
        builder.accept()
    crow: Character = built.args[0]
    assert crow.name == "Mara Vell" and crow.player == "Sam"
    assert crow.characteristics == Characteristics(agility=1, mind=0, strength=2)
    assert crow.stamina == Stamina(max=7, current=7)
    assert crow.speed == 5 and not crow.advanced
    assert [e.name for e in crow.expertises] == ["Lift"]
    assert crow.notes == "Owes the ferryman."
    counts: dict[str, int] = {}
    for item in crow.items:
        counts[item.name] = counts.get(item.name, 0) + item.count
    assert counts == dict(STARTING_KIT)
    assert check_character(crow).valid


def test_editing_keeps_the_inventory_and_allows_the_same_name(qtbot) -> None:
    brannoc = load_character_json(read_resource_text("sample_party", "brannoc-tull.crow.json"))
    wizard = CharacterBuilder(
        name_taken=lambda name: name.casefold() in TAKEN,
        expertise_names=load_expertise_names(),
        existing=brannoc,
    )
    qtbot.addWidget(wizard)
    assert wizard.identity.isComplete()  # its own name is not "taken"
    wizard.characteristics.spins["mind"].setValue(1)
    assert not wizard.characteristics.isComplete()  # 1, 1, 2 is no new crow's spread
    wizard.characteristics.spins["agility"].setValue(0)
    with qtbot.waitSignal(wizard.character_built) as built:
        wizard.accept()
    edited: Character = built.args[0]
    assert edited.characteristics.mind == 1
    assert edited.items == brannoc.items
    assert not wizard.gear.starting_kit.isVisible()


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
    assert abs(pixmap.height() - 256 * 600 / 900) < 1
    builder.identity.name.setText("Mara Vell")
    assert builder.result().portrait == portrait
    builder.identity.load_portrait_file(str(tmp_path / "missing.png"))
    assert "not an image Refkit can read" in builder.identity.message.text()


def test_no_step_cuts_its_subtitle_short(qtbot, builder: CharacterBuilder) -> None:
    """The wizard gives its subtitle a fixed height: each step's subtitle must fit it whole."""
    builder.show()
    qtbot.waitExposed(builder)
    builder.identity.name.setText("Mara Vell")
    builder.characteristics.set_values(2, 1, 0)
    cut: list[str] = []
    while True:
        page = builder.currentPage()
        subtitles = [
            label
            for label in builder.findChildren(QLabel)
            if label.isVisible() and page.subTitle() and label.text() == page.subTitle()
        ]
        cut += [page.title() for s in subtitles if s.height() < s.heightForWidth(s.width())]
        if builder.nextId() == -1:
            break
        builder.next()
    assert cut == []
    assert "raises the result one tier" in builder.expertise.explanation.text()


def test_escape_with_nothing_typed_closes_at_once(qtbot, builder: CharacterBuilder) -> None:
    builder.show()
    builder.reject()
    assert builder.discard_box is None
    assert not builder.isVisible()


def test_escape_after_typing_asks_before_throwing_the_crow_away(
    qtbot, builder: CharacterBuilder
) -> None:
    """Issue 24 item 8: Escape in the builder no longer discards everything without asking."""
    builder.show()
    builder.identity.name.setText("Mara Vell")
    qtbot.keyClick(builder, Qt.Key.Key_Escape)
    box = builder.discard_box
    assert box is not None and box.isVisible()
    assert builder.isVisible()  # still building
    keep = next(b for b in box.buttons() if b.text() == "Keep building")
    keep.click()
    assert builder.isVisible() and builder.identity.name.text() == "Mara Vell"
    builder.reject()
    throw = next(b for b in builder.discard_box.buttons() if b.text() == "Throw it away")
    throw.click()
    assert not builder.isVisible()


def test_the_expertise_page_says_how_many_uses_a_new_crow_gets(builder: CharacterBuilder) -> None:
    builder.stamina.stamina.setValue(7)
    builder.expertise.initializePage()
    assert "Stamina 7 starts with 6 expertise uses" in builder.expertise.count_label.text()
    builder.expertise.name.setEditText("Lift")
    builder.expertise.uses.setValue(2)
    builder.expertise.add_current()
    assert builder.expertise.count_label.text().endswith("2 uses so far.")
