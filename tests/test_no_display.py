"""``refkit`` with no desktop session: one plain line and exit 2, before Qt is ever imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from refkit.main import no_display_reason

DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


def headless_env(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in DISPLAY_VARIABLES}
    env["REFKIT_DATA_DIR"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return env


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux desktops")
def test_the_app_without_a_display_says_so_in_one_line_and_exits_2(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "from refkit.main import main\n"
        "code = main([])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6'))\n"
        "raise SystemExit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env=headless_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout.strip() == "[]"  # Qt was never imported
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: no display: ")
    assert "DISPLAY is not set" in done.stderr
    assert "refkit --help" in done.stderr
    assert "xcb" not in done.stderr
    assert not (tmp_path / "data").exists()  # nothing was created


@pytest.mark.slow
def test_the_command_line_needs_no_display(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "refkit", "d100", "--seed", "3"],
        env=headless_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


@pytest.mark.parametrize(
    ("platform", "environ", "needs_display"),
    [
        ("linux", {}, True),
        ("linux", {"DISPLAY": ""}, True),  # set but empty is no display either
        ("linux", {"DISPLAY": ":0"}, False),
        ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, False),
        ("linux", {"QT_QPA_PLATFORM": "offscreen"}, False),  # the user chose a platform
        ("freebsd14", {}, True),
        ("win32", {}, False),
        ("darwin", {}, False),
    ],
)
def test_only_a_unix_desktop_without_a_session_is_refused(
    platform: str, environ: dict[str, str], needs_display: bool
) -> None:
    reason = no_display_reason(environ, platform)
    assert (reason is not None) == needs_display
    if reason is not None:
        assert "\n" not in reason
