"""The window on a PostgreSQL campaign: the open dialog takes a server URL, the password is never
shown (status bar, title, dialog) nor kept in the settings, and a server opened by choice is
remembered without it for the next start."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel

from refkit.gui.app_opening import SERVER_URL_KEY
from refkit.gui.main import RefkitApp
from tests.gui.app_readiness import open_or_asking

SECRET = "Hush-Hush-9"


def _everything_shown(app: RefkitApp, settings: QSettings) -> str:
    label = app.window.statusBar().findChild(QLabel, "database_label")
    settings.sync()
    file = Path(settings.fileName())
    kept = file.read_text(encoding="utf-8") if file.is_file() else ""
    parts = [app.window.windowTitle(), label.text(), label.toolTip(), kept]
    parts.append(app.window.statusBar().currentMessage())
    if app.open_dialog is not None:
        parts += [app.open_dialog.reason.text(), app.open_dialog.windowTitle()]
    return "\n".join(parts)


def test_the_dialog_connects_to_a_server_url_and_never_shows_or_keeps_its_password(
    qtbot, start_app, settings: QSettings, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "table.sqlite3"
    broken.write_bytes(b"not a database at all" * 50)
    app = start_app(str(broken), ready=open_or_asking)
    first = app.open_dialog
    assert first is not None
    assert first.server_url.text() == ""  # nothing remembered yet
    assert not first.connect_button.isEnabled()
    first.server_url.setText(f"postgresql://referee:{SECRET}@127.0.0.1:1/crows")
    assert first.connect_button.isEnabled()
    first.connect_button.click()
    qtbot.waitUntil(lambda: app.open_dialog is not first, timeout=20_000)
    second = app.open_dialog
    assert second is not None
    reason = second.reason.text()
    assert "postgresql://referee:***@127.0.0.1:1/crows" in reason
    assert "is PostgreSQL running" in reason
    assert app.database is None
    assert SECRET not in _everything_shown(app, settings) + caplog.text
    assert "referee:***@" in caplog.text  # the failure was logged, masked
    assert settings.value(SERVER_URL_KEY) is None  # only a campaign that opened is remembered


@pytest.mark.on_server
def test_a_server_campaign_opens_shows_no_password_and_is_remembered_without_it(
    start_app,
    settings: QSettings,
    test_server,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    from sqlalchemy.engine import make_url

    monkeypatch.delenv("REFKIT_DATABASE_URL", raising=False)
    url = test_server.fresh()
    password = make_url(url).password
    assert password, "give --postgresql a login with a password to test that it is masked"
    app = start_app(url)
    assert app.database is not None and app.database.server
    label = app.window.statusBar().findChild(QLabel, "database_label")
    assert "***@" in label.text()
    assert password not in _everything_shown(app, settings) + caplog.text
    remembered = settings.value(SERVER_URL_KEY)
    assert isinstance(remembered, str) and remembered.startswith("postgresql://")
    assert make_url(remembered).database == make_url(url).database
    assert make_url(remembered).password is None
    again = RefkitApp(settings)
    try:
        assert again.db_url == remembered
    finally:
        again.window.close()
        again.shutdown()
