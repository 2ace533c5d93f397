"""The lookup window as a referee uses it: type, see results by game, arrow and Enter, follow a
link and come back; text from the entries is shown as typed, never as markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QLabel, QTextBrowser

from refkit.games.reference import BodyPart, EntryKey, load_reference, read_reference
from refkit.gui.lookup.dialog import TYPING_PAUSE_MS, LookupDialog
from refkit.gui.lookup.result_delegate import ResultDelegate
from refkit.gui.lookup.results_model import LookupResultsModel, ResultRole
from refkit.gui.lookup.rich_text import body_html, snippet_html
from refkit.store.lookup import HIT_END, HIT_START, LookupIndex


def _entry(entry_id: str, title: str, body: str, section: str = "Rules") -> str:
    return (
        f"[[entry]]\nid = '{entry_id}'\ntitle = '{title}'\nsection = '{section}'\n"
        f"tags = []\nbody = '''\n{body}\n'''\n"
    )


def _reference(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def small_reference(tmp_path: Path) -> Path:
    return _reference(
        tmp_path / "reference",
        {
            "crows/a.toml": _entry("torches", "Torches", "A torch lights 5/5. See [[light]].")
            + _entry("light", "Light", "Bright, dim and dark; a torch is one source.")
            + _entry("greed", "Greed bonus", "Treasure found early."),
            "warcrow/a.toml": _entry("dice", "Symbol dice", "Torch-orange dice.", "Dice"),
        },
    )


def _dialog(qtbot, root: Path | None = None, problems=()) -> LookupDialog:
    library = load_reference(root) if root is not None else read_reference()[0]
    index = LookupIndex.in_memory(library)
    dialog = LookupDialog(library, index, problems)
    qtbot.addWidget(dialog)
    dialog.open_for_search()
    return dialog


def _headings_and_titles(dialog: LookupDialog) -> list[str]:
    model = dialog.model
    rows = []
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        prefix = "# " if index.data(ResultRole.HEADING) else ""
        rows.append(prefix + str(index.data()))
    return rows


def test_typing_finds_entries_grouped_by_game_after_a_pause(qtbot, small_reference) -> None:
    dialog = _dialog(qtbot, small_reference)
    assert not dialog.isModal()
    dialog.search_box.setText("tor")
    assert dialog.model.rowCount() == 0  # no search until typing pauses
    qtbot.keyClicks(dialog.search_box, "c")
    qtbot.waitUntil(lambda: dialog.model.rowCount() > 0, timeout=TYPING_PAUSE_MS * 20)
    assert _headings_and_titles(dialog) == [
        "# Crows",
        "Torches",
        "Light",
        "# Warcrow Adventures",
        "Symbol dice",
    ]
    assert dialog.status.text() == "3 entries in 2 games"
    assert dialog.viewer.current() == EntryKey("crows", "torches")


def test_the_arrow_keys_skip_headings_and_enter_reads_the_entry(qtbot, small_reference) -> None:
    dialog = _dialog(qtbot, small_reference)
    dialog.search_box.setText("torch")
    dialog.search_now()
    qtbot.keyClick(dialog.search_box, Qt.Key.Key_Down)
    assert dialog.selected_key() == EntryKey("crows", "light")
    qtbot.keyClick(dialog.search_box, Qt.Key.Key_Down)
    assert dialog.selected_key() == EntryKey("warcrow", "dice")
    qtbot.keyClick(dialog.search_box, Qt.Key.Key_Down)  # the last stays selected
    assert dialog.selected_key() == EntryKey("warcrow", "dice")
    qtbot.keyClick(dialog.search_box, Qt.Key.Key_Up)
    qtbot.keyClick(dialog.search_box, Qt.Key.Key_Return)
    assert dialog.viewer.current() == EntryKey("crows", "light")
    assert dialog.viewer.title_label.text() == "Light"
    assert dialog.viewer.where_label.text() == "Crows · Rules"
    assert dialog.focusWidget() is dialog.viewer.body


def test_enter_straight_after_typing_reads_the_new_best_hit(qtbot, small_reference) -> None:
    dialog = _dialog(qtbot, small_reference)
    qtbot.keyClicks(dialog.search_box, "greed")
    qtbot.keyClick(dialog.search_box, Qt.Key.Key_Return)
    assert dialog.viewer.current() == EntryKey("crows", "greed")


def test_the_game_filter_narrows_the_results(qtbot, small_reference) -> None:
    dialog = _dialog(qtbot, small_reference)
    dialog.search_box.setText("torch")
    dialog.game_filter.setCurrentIndex(dialog.game_filter.findData("warcrow"))
    assert _headings_and_titles(dialog) == ["# Warcrow Adventures", "Symbol dice"]


def _click_link(qtbot, browser: QTextBrowser, href: str) -> None:
    """Click the middle of the link to ``href`` in ``browser``, as a mouse would."""
    block = browser.document().begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(browser.document())
                cursor.setPosition(fragment.position() + fragment.length() // 2)
                point = browser.cursorRect(cursor).center()
                qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
                return
            fragments += 1
        block = block.next()
    raise AssertionError(f"no link to {href} in {browser.toHtml()}")


def test_a_link_is_followed_and_back_returns(qtbot, small_reference) -> None:
    dialog = _dialog(qtbot, small_reference)
    viewer = dialog.viewer
    viewer.show_entry(EntryKey("crows", "torches"))
    assert "See Light." in viewer.body.toPlainText()
    assert 'href="refkit-entry:crows/light"' in viewer.body.toHtml()
    assert not viewer.back_button.isEnabled()
    _click_link(qtbot, viewer.body, "refkit-entry:crows/light")
    assert viewer.current() == EntryKey("crows", "light")
    assert viewer.back_button.isEnabled()
    qtbot.mouseClick(viewer.back_button, Qt.MouseButton.LeftButton)
    assert viewer.current() == EntryKey("crows", "torches")
    assert not viewer.back_button.isEnabled()


def test_nothing_to_search_and_no_match_are_said_in_the_window(qtbot, small_reference) -> None:
    dialog = _dialog(qtbot, small_reference)
    assert dialog.status.text() == "Type a word: the lookup finds entries as you type."
    dialog.search_box.setText('"*:-()')
    dialog.search_now()
    assert dialog.status.text() == "No words to look up in '\"*:-()': type letters or numbers."
    dialog.search_box.setText("zzzq")
    dialog.search_now()
    assert dialog.status.text() == "No entries match 'zzzq'."
    assert dialog.model.rowCount() == 0
    assert dialog.viewer.current() is None


def test_markup_in_an_entry_shows_as_typed(qtbot, tmp_path: Path) -> None:
    root = _reference(
        tmp_path / "reference",
        {"crows/a.toml": _entry("tag", "<b>Bold</b> & co", "Type <i>slanted</i> bold words.")},
    )
    dialog = _dialog(qtbot, root)
    dialog.search_box.setText("bold")
    dialog.search_now()
    viewer = dialog.viewer
    assert viewer.title_label.text() == "<b>Bold</b> & co"
    for label in dialog.findChildren(QLabel):
        assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
    assert "Type <i>slanted</i> bold words." in viewer.body.toPlainText()
    snippet = dialog.model.index(1, 0).data(ResultRole.SNIPPET_HTML)
    assert snippet == "Type &lt;i&gt;slanted&lt;/i&gt; <b>bold</b> words."


def test_snippet_and_body_html_escape_before_adding_their_own_tags() -> None:
    assert snippet_html(f"a <b> {HIT_START}x&y{HIT_END} <script>") == (
        "a &lt;b&gt; <b>x&amp;y</b> &lt;script&gt;"
    )
    html = body_html((BodyPart("<p>one\n\ntwo</p> "), BodyPart('"q"', EntryKey("crows", "a"))))
    assert html == (
        '<p>&lt;p&gt;one</p><p>two&lt;/p&gt; <a href="refkit-entry:crows/a">&quot;q&quot;</a></p>'
    )


def test_the_searched_words_are_bold_in_the_entry_and_still_escaped(qtbot, tmp_path) -> None:
    root = _reference(
        tmp_path / "reference",
        {"crows/a.toml": _entry("lamp", "Lamps", "A <b>torch</b> & torches; storch stays.")},
    )
    dialog = _dialog(qtbot, root)
    dialog.search_box.setText("torc")
    dialog.search_now()
    library = load_reference(root)
    lamp = library.get(EntryKey("crows", "lamp"))
    assert lamp is not None and dialog.viewer.current() == lamp.key
    html = body_html(library.body_parts(lamp), ["torc"])
    assert html == "<p>A &lt;b&gt;<b>torch</b>&lt;/b&gt; &amp; <b>torches</b>; storch stays.</p>"
    assert dialog.viewer.body.toPlainText() == "A <b>torch</b> & torches; storch stays."
    bold = [
        fragment.text()
        for fragment in _fragments(dialog.viewer.body)
        if fragment.charFormat().fontWeight() >= 600
    ]
    assert bold == ["torch", "torches"]


def _fragments(browser: QTextBrowser):
    block = browser.document().begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            yield fragments.fragment()
            fragments += 1
        block = block.next()


def test_mistakes_in_the_reference_are_said_in_the_window(qtbot, tmp_path: Path) -> None:
    root = _reference(
        tmp_path / "reference",
        {"crows/a.toml": _entry("edge", "Edge", "See [[nowhere]].")},
    )
    library, problems = read_reference(root)
    dialog = LookupDialog(library, LookupIndex.in_memory(library), problems)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.problems.isVisible()
    assert "crows/a.toml: entry 'edge': link [[crows:nowhere]] leads to no entry" in (
        dialog.problems.text()
    )


def test_the_results_model_passes_the_model_tester(qtmodeltester, small_reference) -> None:
    library = load_reference(small_reference)
    index = LookupIndex.in_memory(library)
    model = LookupResultsModel()
    model.set_hits(index.search("torch"))
    qtmodeltester.check(model)
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsSelectable


def test_the_shipped_reference_opens_and_finds_torches(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.search_box.setText("torc")
    dialog.search_now()
    assert dialog.selected_key() is not None
    assert isinstance(dialog.results.itemDelegate(), ResultDelegate)
    dialog.results.viewport().grab()  # paints every visible row through the delegate
