"""A real X display for the geometry and first-evening checks: Xvfb with the openbox window
manager on it, and xdotool to move the real pointer and press real keys.

The checks need the ``xcb`` platform, and the test process already runs Qt offscreen, so they
run in a child pytest on a display of their own (``run_on_real_screen``). Without the programs a
developer's run skips them; with ``CI`` set they must run, so a missing program fails there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

PROGRAMS = ("Xvfb", "openbox", "xdotool")
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Screen:
    """One laptop screen: its size in device pixels and Qt's scale factor on it."""

    width: int
    height: int
    scale: int

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}@{self.scale}x"


LAPTOP = Screen(1366, 768, 1)
LAPTOP_2X = Screen(2732, 1536, 2)


def require_programs() -> None:
    """Skip when a program is missing, unless in CI, where that is a failure."""
    missing = [name for name in PROGRAMS if shutil.which(name) is None]
    if not missing:
        return
    message = f"needs {', '.join(missing)} (Debian: apt-get install xvfb openbox xdotool)"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the real-screen checks but {message}", pytrace=False)
    pytest.skip(message)


@contextmanager
def x_display(screen: Screen, timeout: float = 20.0) -> Iterator[str]:
    """Xvfb with one screen of ``screen``'s size and openbox managing it; yields ``DISPLAY``."""
    with tempfile.TemporaryDirectory(prefix="refkit-xvfb-") as folder:
        ready = Path(folder) / "openbox-ready"
        read_end, write_end = os.pipe()
        server = subprocess.Popen(
            [
                "Xvfb",
                "-displayfd",
                str(write_end),
                "-nolisten",
                "tcp",
                "-screen",
                "0",
                f"{screen.width}x{screen.height}x24",
            ],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_end)
        manager: subprocess.Popen[bytes] | None = None
        try:
            with os.fdopen(read_end) as numbers:
                number = numbers.readline().strip()
            if not number:
                raise RuntimeError(f"Xvfb did not start (exit code {server.poll()})")
            display = f":{number}"
            env = dict(os.environ, DISPLAY=display)
            # openbox runs its start-up command once it manages the screen.
            manager = subprocess.Popen(
                ["openbox", "--sm-disable", "--startup", f"touch {ready}"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            deadline = time.monotonic() + timeout
            while not ready.exists():
                if manager.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"openbox did not start on {display}")
                time.sleep(0.05)
            yield display
        finally:
            for process in (manager, server):
                if process is not None and process.poll() is None:
                    process.terminate()
                    try:
                        process.wait(5)
                    except subprocess.TimeoutExpired:
                        process.kill()
                        process.wait()


def run_on_real_screen(
    screen: Screen, *test_paths: str, extra_env: dict[str, str] | None = None, timeout: float = 240
) -> subprocess.CompletedProcess[str]:
    """Run ``test_paths`` in a child pytest on a fresh Xvfb + openbox display of ``screen``."""
    require_programs()
    with x_display(screen) as display:
        env = dict(os.environ)
        env.update(
            DISPLAY=display,
            QT_QPA_PLATFORM="xcb",
            QT_SCALE_FACTOR=str(screen.scale),
            REFKIT_REAL_SCREEN=screen.name,
        )
        env.update(extra_env or {})
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *test_paths],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
