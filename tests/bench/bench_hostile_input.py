"""Hostile input, before and after: each file of the corpus through the command line, side by side.

    .venv/bin/python tests/bench/bench_hostile_input.py [--before DIR] [--timeout 30]

``--before DIR`` is another checkout (e.g. ``git worktree add --detach /tmp/before <commit>``); it
runs with DIR first on PYTHONPATH, so both columns use this venv. Each run is capped at
``--timeout`` seconds and 2 GB of memory (``/dev/zero`` was read without limit), and says its
exit code, its time and the first words of its last stderr line (or TIMEOUT, or the exception).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "hostile_input"
MEMORY_CAP = 2 * 1024**3


def _made(folder: Path) -> dict[str, Path]:
    made = {
        "nested.crow.json": "[" * 100_000 + "]" * 100_000,
        "rows-100000.txt": "".join(f"{n} row {n}\n" for n in range(1, 100_001)),
        "deep.toml": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
        "wrapped.txt": "1 rats\n" + "  and more rats\n" * 200_000 + "2 bats\n",
    }
    paths = {}
    for name, text in made.items():
        paths[name] = folder / name
        paths[name].write_text(text, encoding="utf-8")
    fifo = folder / "pipe.crow.json"
    os.mkfifo(fifo)
    paths["pipe.crow.json (FIFO)"] = fifo
    return paths


def _cases(folder: Path) -> list[tuple[str, list[str]]]:
    cases = [
        (f"check {path.name}", ["character", "check", str(path)])
        for path in sorted((CORPUS / "crows").glob("*.crow.json"))
    ]
    made = _made(folder)
    cases += [
        ("check nested.crow.json", ["character", "check", str(made["nested.crow.json"])]),
        ("check /dev/zero", ["character", "check", "/dev/zero"]),
        ("check a FIFO", ["character", "check", str(made["pipe.crow.json (FIFO)"])]),
        ("table import /dev/zero", ["table", "import", "/dev/zero", "--name", "Z"]),
        ("table import 100,000 rows", ["table", "import", str(made["rows-100000.txt"])]),
        (
            "table import a row wrapped over 200,000 lines",
            ["table", "import", str(made["wrapped.txt"]), "--dice", "1d2"],
        ),
        ("table import deep.toml", ["table", "import", str(made["deep.toml"])]),
        ("dt log --limit 10**23", ["dt", "log", "--limit", "99999999999999999999999"]),
        ("travel lost --from -2,0", ["travel", "lost", "--from", "-2,0", "--die", "1"]),
    ]
    cases += [
        (f"table import {path.name}", ["table", "import", str(path), "--dice", "1d6"])
        for path in sorted((CORPUS / "tables").iterdir())
    ]
    return cases


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run(args: list[str], tree: Path | None, data: Path, timeout: float) -> str:
    env = dict(os.environ, REFKIT_DATA_DIR=str(data), QT_QPA_PLATFORM="offscreen")
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "refkit", *args],
            capture_output=True,
            text=True,
            errors="replace",
            env=env,
            timeout=timeout,
            check=False,
            preexec_fn=_cap_memory,
            cwd=data,  # python -m puts the working folder first on sys.path
        )
    except subprocess.TimeoutExpired:
        return f"TIMEOUT after {timeout:.0f} s"
    seconds = time.perf_counter() - started
    lines = done.stderr.strip().splitlines() or done.stdout.strip().splitlines() or [""]
    last = lines[-1].encode("unicode_escape").decode("ascii")
    if "Traceback" in done.stderr:
        last = "traceback: " + last
    return f"rc={done.returncode} {seconds:5.2f} s  {last[:150]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout to compare with")
    parser.add_argument("--timeout", type=float, default=30.0)
    options = parser.parse_args()
    trees: list[tuple[str, Path | None]] = [("after", None)]
    if options.before is not None:
        trees.insert(0, ("before", options.before.resolve()))
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        cases = _cases(folder)
        for number, (label, args) in enumerate(cases):
            print(label)
            for column, (name, tree) in enumerate(trees):
                data = folder / f"data-{number}-{column}"
                data.mkdir()
                said = run(args, tree, data, options.timeout)
                for long_path in (f"{CORPUS}/crows/", f"{CORPUS}/tables/", f"{folder}/"):
                    said = said.replace(long_path, "")
                print(f"    {name:<24} {said}", flush=True)


if __name__ == "__main__":
    main()
