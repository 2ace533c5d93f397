"""The contract's character-file example (``shared/CONTRACT.md``, beside the checkout) still
parses and validates with Refkit; in CI a contract that cannot be found fails, never skips.

The file is looked for beside the git top-level, beside every parent of this file (as given and
with symlinks resolved) and beside the shell's working folder, so it is found however the
checkout was cloned or linked.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest

from refkit.rules.character.file_format import check_character, load_character_json
from tests.rules.test_character_file import EXAMPLE

HERE = Path(__file__)


def git_toplevel(start: Path) -> Path | None:
    """The git top-level of the checkout holding ``start``; None without git or a checkout."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"],
            cwd=start,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    top = done.stdout.strip()
    return Path(top) if done.returncode == 0 and top else None


def contract_candidates(
    here: Path, toplevel: Path | None, logical_cwd: str = "", ceiling: Path | None = None
) -> list[Path]:
    """Where ``shared/CONTRACT.md`` may be, nearest first, each place once (none above
    ``ceiling``, when given: the tests of the search keep to their own folder).

    ``logical_cwd`` is the shell's ``$PWD``: reached through a symlink, the checkout's parent
    there is the one ``shared/`` sits in, while git and pytest only report the resolved path.
    """
    bases: list[Path] = []
    if toplevel is not None:
        bases += [toplevel.parent, toplevel.resolve().parent]
    for start in (here.absolute(), here.resolve()):
        bases += list(start.parents)
    if logical_cwd:
        bases += [Path(logical_cwd), *Path(logical_cwd).parents]
    if ceiling is not None:
        bases = [base for base in bases if base == ceiling or ceiling in base.parents]
    return list(dict.fromkeys(base / "shared" / "CONTRACT.md" for base in bases))


def in_ci(environ: Mapping[str, str]) -> bool:
    return environ.get("CI", "").strip().casefold() not in ("", "0", "false", "no")


def contract_path(
    here: Path,
    toplevel: Path | None,
    environ: Mapping[str, str],
    ceiling: Path | None = None,
) -> Path:
    """The contract; in CI a failure when it is nowhere to be found, elsewhere a skip."""
    candidates = contract_candidates(here, toplevel, environ.get("PWD", ""), ceiling)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    looked = ", ".join(str(candidate) for candidate in candidates)
    if in_ci(environ):
        pytest.fail(
            "CI: shared/CONTRACT.md is not beside the checkout, so the contract's examples "
            f"cannot be checked; looked in {looked}"
        )
    pytest.skip(f"shared/CONTRACT.md is not beside this checkout (looked in {looked})")


def character_example(contract_text: str) -> str:
    """The JSON block of the contract's "Characters" section."""
    start = contract_text.find("## Characters")
    assert start >= 0, "CONTRACT.md has no '## Characters' section"
    block = re.search(r"```json\n(.*?)```", contract_text[start:], re.S)
    assert block is not None, "CONTRACT.md's Characters section has no ```json example"
    return block.group(1)


def test_the_contracts_character_example_parses_and_validates() -> None:
    path = contract_path(HERE, git_toplevel(HERE.parent), os.environ)
    example = character_example(path.read_text(encoding="utf-8"))
    character = load_character_json(example, "contract.crow.json")
    report = check_character(character)
    assert report.valid, [problem.message for problem in report.errors]
    assert report.errors == () and report.warnings == ()
    assert character.name == json.loads(example)["name"]
    # the copy the character-file tests work from is still the contract's, key for key
    assert json.loads(example) == json.loads(EXAMPLE)


# -- the search itself ---------------------------------------------------------------------------


def test_the_contract_is_found_beside_the_git_top_level(tmp_path: Path) -> None:
    checkout = tmp_path / "ci" / "refkit"
    (checkout / "tests").mkdir(parents=True)
    contract = tmp_path / "ci" / "shared" / "CONTRACT.md"
    contract.parent.mkdir()
    contract.write_text("## Characters\n", encoding="utf-8")
    here = checkout / "tests" / "test_shared_contract.py"
    assert contract_path(here, checkout, {"CI": "true"}, tmp_path) == contract


def test_the_contract_is_found_beside_a_parent_without_git(tmp_path: Path) -> None:
    contract = tmp_path / "shared" / "CONTRACT.md"
    contract.parent.mkdir()
    contract.write_text("## Characters\n", encoding="utf-8")
    here = tmp_path / "deep" / "copy" / "tests" / "test_shared_contract.py"
    assert contract_path(here, None, {}, tmp_path) == contract


def test_in_ci_a_missing_contract_fails_instead_of_skipping(tmp_path: Path) -> None:
    here = tmp_path / "refkit" / "tests" / "test_shared_contract.py"
    with pytest.raises(pytest.fail.Exception, match=r"CI: shared/CONTRACT\.md is not beside"):
        contract_path(here, tmp_path / "refkit", {"CI": "true"}, tmp_path)


def test_outside_ci_a_missing_contract_skips(tmp_path: Path) -> None:
    here = tmp_path / "refkit" / "tests" / "test_shared_contract.py"
    for environ in ({}, {"CI": ""}, {"CI": "false"}):
        with pytest.raises(pytest.skip.Exception):
            contract_path(here, None, environ, tmp_path)


def test_the_contract_is_found_beside_a_checkout_reached_through_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real" / "refkit"
    (real / "tests").mkdir(parents=True)
    linked = tmp_path / "ci" / "refkit"
    linked.parent.mkdir()
    linked.symlink_to(real, target_is_directory=True)
    contract = tmp_path / "ci" / "shared" / "CONTRACT.md"
    contract.parent.mkdir()
    contract.write_text("## Characters\n", encoding="utf-8")
    here = real / "tests" / "test_shared_contract.py"  # what pytest and git report
    found = contract_path(here, real, {"CI": "true", "PWD": str(linked)}, tmp_path)
    assert found == contract
