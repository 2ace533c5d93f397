"""The README's app command, run for real by the shell against stand-in programs: root and sudo.

A fresh root container has no ``sudo`` and a stale package list; a desktop user has ``sudo``. The
same line must work for both, and CI must install the same packages (``.ci/run`` reads them).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="the command is for bash")


def readme_block(marker: str) -> str:
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"<!-- {marker} -->")
    assert lines[start + 1] == "```"
    end = lines.index("```", start + 2)
    return "\n".join(lines[start + 2 : end])


# Each stand-in writes its name and arguments to the log, and does the little the next step
# needs: the venv step makes .venv/bin/pip and .venv/bin/refkit stand-ins.
LOGGING_STUB = '#!/bin/bash\nprintf "%s\\n" "${0##*/} $*" >> "$STUB_LOG"\n'
STUBS = {
    "id": '#!/bin/bash\n[ "$1" = -u ] && echo "$FAKE_UID"\n',
    "sudo": LOGGING_STUB + 'exec "$@"\n',
    "apt-get": LOGGING_STUB,
    "python3": LOGGING_STUB
    + "/bin/mkdir -p .venv/bin\n"
    + 'for name in pip refkit; do printf "%s" "$STUB" > .venv/bin/$name; done\n'
    + "/bin/chmod +x .venv/bin/pip .venv/bin/refkit\n",
}


def run_app_command(tmp_path: Path, *, uid: int, with_sudo: bool) -> list[str]:
    stubs = tmp_path / "bin"
    stubs.mkdir()
    for name, text in STUBS.items():
        if name == "sudo" and not with_sudo:
            continue
        (stubs / name).write_text(text)
        (stubs / name).chmod(0o755)
    log = tmp_path / "calls.log"
    work = tmp_path / "clone"
    work.mkdir()
    done = subprocess.run(
        ["/bin/bash", "-c", readme_block("app-command")],
        cwd=work,
        env={"PATH": str(stubs), "STUB_LOG": str(log), "FAKE_UID": str(uid), "STUB": LOGGING_STUB},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return log.read_text().splitlines()


def test_the_app_command_is_one_line() -> None:
    assert "\n" not in readme_block("app-command")


def test_as_root_without_sudo_it_updates_the_package_list_then_installs(tmp_path: Path) -> None:
    calls = run_app_command(tmp_path, uid=0, with_sudo=False)
    names = [call.split()[0] for call in calls]
    assert names == ["apt-get", "apt-get", "python3", "pip", "refkit"]
    assert calls[0] == "apt-get update"
    assert calls[1].startswith("apt-get install -y ")
    assert calls[3] == "pip install -e ."


def test_a_desktop_user_gets_sudo_for_both_apt_get_steps(tmp_path: Path) -> None:
    calls = run_app_command(tmp_path, uid=1000, with_sudo=True)
    names = [call.split()[0] for call in calls]
    assert names == ["sudo", "apt-get", "sudo", "apt-get", "python3", "pip", "refkit"]
    assert calls[0] == "sudo apt-get update"
    assert calls[2].startswith("sudo apt-get install -y ")


def test_root_with_sudo_installed_does_not_need_it(tmp_path: Path) -> None:
    calls = run_app_command(tmp_path, uid=0, with_sudo=True)
    assert [call.split()[0] for call in calls][:2] == ["apt-get", "apt-get"]


def test_ci_installs_what_the_app_command_installs() -> None:
    """.ci/run takes its package list from the app command: it must find one there."""
    install = re.search(r"apt-get install -y ([^&]+)", readme_block("app-command"))
    assert install is not None
    packages = install.group(1).split()
    # libpulse0 (through pulseaudio-utils) must be on CI as on a user's machine: the sound tests
    # have to pass with it and with no sound server.
    assert "pulseaudio-utils" in packages and "python3-venv" in packages
    assert "readme_block app-command" in (REPO / ".ci" / "run").read_text()
