"""The log and table panels before and after issue 7 §6, side by side in one run.

    .venv/bin/python tests/bench/bench_log_panels.py [--before REV] [--quick]
        [--only session|rolls|previews]

"Before" is the panels' code at git revision REV (default: the commit before the rewrite),
loaded from ``git show`` into private modules; "after" is the working tree. Both run on the
offscreen platform, shown, with the same data:

- the session log: one step that writes an entry, and one that writes none (a crow's
  condition toggled), with 219 / 1,000 / 20,000 entries in the log;
- the roll log filter: typing six characters (``tier 3``) with 2,000 / 100,000 rolls — the
  whole typing, and the longest single event (a key before; the one debounced pass after);
- the table previews: a parsed table shown in the already-visible import preview, and a table
  opened in the editor, with 1,000 / 3,000 rows.

Each figure is the GUI thread's time for the action with its layout and paint (events
processed), in milliseconds. Slow "before" cases run once; the rest take the median of seven
(the machine's other load shows in single runs). ``--quick`` leaves out the biggest "before"
cases (minutes each); ``--only`` runs one of the three parts.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from types import ModuleType

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QCoreApplication  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

DEFAULT_BEFORE = "02db693"
"""The last commit before the panels moved to models."""
SLOW_S = 5.0
"""A "before" action slower than this is measured once, and bigger sizes are skipped."""


def load_before(rev: str) -> dict[str, ModuleType]:
    """The panels' modules as they were at ``rev``, importing each other, not today's."""
    # Today's module, and its name in the flat ``refkit/gui`` of the revisions measured against.
    flat = {
        "refkit.gui.dungeon.session_log_panel": "refkit.gui.session_log_panel",
        "refkit.gui.dice.roll_log_model": "refkit.gui.roll_log_model",
        "refkit.gui.dice.roll_log_panel": "refkit.gui.roll_log_panel",
        "refkit.gui.tables.import_dialog": "refkit.gui.table_import_dialog",
        "refkit.gui.tables.editor": "refkit.gui.table_editor",
    }
    names = {dotted: "_before_" + old.rsplit(".", 1)[1] for dotted, old in flat.items()}
    # What the old panels import that has since moved into a feature package.
    moved = {
        "refkit.gui.dice_widgets": "refkit.gui.dice.widgets",
        "refkit.gui.dungeon_keys": "refkit.gui.common.typing_keys",
        "refkit.gui.event_loop": "refkit.gui.shell.event_loop",
        "refkit.gui.row_table_model": "refkit.gui.common.row_table_model",
        "refkit.gui.table_model_helpers": "refkit.gui.common.table_model_helpers",
        "refkit.gui.table_style": "refkit.gui.common.table_style",
        "refkit.gui.undo_adapter": "refkit.gui.shell.undo_adapter",
        "refkit.gui.plain_text": "refkit.gui.common.plain_text",
    }
    folder = Path(tempfile.mkdtemp(prefix="refkit-before-"))
    modules: dict[str, ModuleType] = {}
    for dotted, private in names.items():
        text = ""
        for path in (dotted.replace(".", "/") + ".py", flat[dotted].replace(".", "/") + ".py"):
            shown = subprocess.run(
                ["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                capture_output=True,
                text=True,
            )
            if shown.returncode == 0:
                text = shown.stdout
                break
        else:
            raise SystemExit(f"{dotted} is not in revision {rev}")
        for other, other_private in names.items():
            for name in (other, flat[other]):
                text = text.replace(f"from {name} import", f"from {other_private} import")
        for old, today in moved.items():
            text = text.replace(f"from {old} import", f"from {today} import")
        file = folder / f"{private}.py"
        file.write_text(text, encoding="utf-8")
        modules[dotted] = file  # type: ignore[assignment]
    for dotted, private in names.items():  # in order: the later ones import the earlier ones
        spec = importlib.util.spec_from_file_location(private, modules[dotted])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[private] = module
        spec.loader.exec_module(module)
        modules[dotted] = module
    return modules


def settle() -> None:
    for _ in range(3):
        QCoreApplication.processEvents()


def timed(action: Callable[[], object]) -> float:
    """Milliseconds for ``action`` and the events it posts (layout, paint)."""
    start = time.perf_counter()
    action()
    settle()
    return (time.perf_counter() - start) * 1000


def median_of(action: Callable[[], object], *, times: int = 7) -> float:
    first = timed(action)
    if first > SLOW_S * 1000:
        return first
    return statistics.median([first, *(timed(action) for _ in range(times - 1))])


def fmt(ms: float | None) -> str:
    if ms is None:
        return "skipped"
    return f"{ms / 1000:.1f} s" if ms >= 10_000 else f"{ms:.1f} ms"


def row(label: str, before: float | None, after: float) -> None:
    ratio = f"{before / after:,.0f}×" if before and after > 0 else ""
    print(f"  {label:<44} {fmt(before):>12} {fmt(after):>12} {ratio:>9}")


# the session log ---------------------------------------------------------------------------

T0 = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)


def session_log(entries: int):
    from refkit.store.database import Database
    from refkit.store.session_log import SessionLogEntry, SessionLogRepository

    database = Database.open("sqlite://")
    repository = SessionLogRepository(database)
    kinds = ("dt_end", "usage_dice", "encounter", "adjust", "effect", "note")
    repository.add_all(
        [
            SessionLogEntry(
                kind=kinds[number % len(kinds)],
                dt=1 + number // 8,
                text=f"DT {1 + number // 8}: entry {number}, torch 2 UD → 1, EN 9 "
                f"rolled {number % 10}",
                at=T0 + timedelta(seconds=20 * number),
            )
            for number in range(entries)
        ]
    )
    return database, repository


def bench_session_log(before: ModuleType, after: ModuleType, sizes: list[int], quick: bool) -> None:
    from refkit.store.session_log import SessionLogEntry

    print("Session log panel, per action (shown):")
    print(f"  {'':<44} {'before':>12} {'after':>12}")
    skip_before = False
    for size in sizes:
        results: dict[str, dict[str, float | None]] = {}
        for name, module in (("before", before), ("after", after)):
            database, repository = session_log(size)
            panel = module.SessionLogPanel(repository)
            panel.resize(900, 600)
            panel.show()
            settle()
            notice = getattr(panel, "notice_log_changed", panel.refresh)
            moment = [T0 + timedelta(days=1)]

            def step(repository=repository, notice=notice, moment=moment) -> None:
                moment[0] += timedelta(seconds=30)
                repository.add(SessionLogEntry("adjust", 9, "DT 9: +1 min, 20:00 left", moment[0]))
                notice()

            if name == "before" and (skip_before or (quick and size > 1000)):
                results[name] = {"step": None, "toggle": None}
            else:
                results[name] = {"step": median_of(step), "toggle": median_of(notice)}
                if name == "before" and results[name]["step"] > SLOW_S * 1000:  # type: ignore[operator]
                    skip_before = True
            panel.close()
            panel.deleteLater()
            settle()
            database.close()
        row(
            f"{size:,} entries: a step writes an entry",
            results["before"]["step"],
            results["after"]["step"],
        )  # type: ignore[arg-type]
        row(
            f"{size:,} entries: a condition toggle",
            results["before"]["toggle"],
            results["after"]["toggle"],
        )  # type: ignore[arg-type]


# the roll log filter --------------------------------------------------------------------------


def rolls(count: int) -> list:
    from refkit.dice.records import RollRecord
    from refkit.store.roll_log import LoggedRoll

    start = T0
    out = []
    for number in range(count, 0, -1):
        kind = "test" if number % 3 == 0 else "d100"
        record = RollRecord(
            kind=kind,
            expression="2d10+1, 1 edge" if kind == "test" else "d100",
            faces=(3, 4),
            total=7,
            seed=number,
            rolled_at=start + timedelta(seconds=number),
            summary=f"Tier {number % 4} — total {number}" if kind == "test" else f"{number % 100}",
            detail={},
        )
        out.append(LoggedRoll(id=number, record=record, source="app"))
    return out


def bench_roll_filter(
    before: dict[str, ModuleType], after: dict[str, ModuleType], sizes: list[int], quick: bool
) -> None:
    print("Roll log filter, typing 'tier 3' (shown):")
    print(f"  {'':<44} {'before':>12} {'after':>12}")
    for size in sizes:
        data = rolls(size)
        results: dict[str, tuple[float, float] | None] = {}
        for name, modules in (("before", before), ("after", after)):
            if name == "before" and quick and size > 10_000:
                results[name] = None
                continue
            model = modules["refkit.gui.dice.roll_log_model"].RollLogModel()
            model.replace_all(data)
            panel = modules["refkit.gui.dice.roll_log_panel"].RollLogPanel(model)
            panel.set_loading(False)
            panel.resize(900, 600)
            panel.show()
            settle()
            longest = 0.0
            start = time.perf_counter()
            for key in "tier 3":
                longest = max(
                    longest,
                    timed(lambda key=key, edit=panel.filter_edit: QTest.keyClicks(edit, key)),
                )
            timer = getattr(panel, "_filter_timer", None)
            if timer is not None:  # the debounced pass, as the timer would run it
                timer.stop()
                longest = max(longest, timed(panel._apply_text))
            total = (time.perf_counter() - start) * 1000
            results[name] = (total, longest)
            assert panel.proxy.rowCount() == sum(
                1 for number in range(1, size + 1) if number % 3 == 0 and number % 4 == 3
            ), name
            panel.close()
            panel.deleteLater()
            settle()
        before_result, after_result = results["before"], results["after"]
        assert after_result is not None
        row(
            f"{size:,} rolls: the whole typing", before_result and before_result[0], after_result[0]
        )
        row(
            f"{size:,} rolls: the longest single event",
            before_result and before_result[1],
            after_result[1],
        )


# the table previews -----------------------------------------------------------------------------


def big_table(count: int, extra: str = ""):
    from refkit.rules.tables.model import RollableTable, TableRow

    rows = tuple(
        TableRow(
            number,
            number,
            f"A long corridor, room {number}{extra}",
            "1d6 turns" if number % 7 == 0 else "",
        )
        for number in range(1, count + 1)
    )
    return RollableTable("Endless halls", f"1d{count}", rows)


def bench_previews(
    before: dict[str, ModuleType], after: dict[str, ModuleType], sizes: list[int], quick: bool
) -> None:
    print("Table previews (shown):")
    print(f"  {'':<44} {'before':>12} {'after':>12}")
    for size in sizes:
        results: dict[str, dict[str, float | None]] = {}
        for name, modules in (("before", before), ("after", after)):
            if name == "before" and quick and size > 1000:
                results[name] = {"import": None, "editor": None}
                continue
            dialog_module = modules["refkit.gui.tables.import_dialog"]
            dialog = dialog_module.TableImportDialog(lambda table: None)
            dialog.show()
            dialog._show_preview(big_table(size), dialog_module.ImportFormat.TEXT)
            settle()
            again = big_table(size, ", damp")
            show_again = partial(dialog._show_preview, again, dialog_module.ImportFormat.TEXT)
            import_ms = timed(show_again)
            dialog.close()
            dialog.deleteLater()
            editor = modules["refkit.gui.tables.editor"].TableEditor()
            editor.resize(900, 600)
            editor.show()
            settle()
            table = big_table(size)
            editor_ms = timed(partial(editor._show_table, table))
            editor.close()
            editor.deleteLater()
            settle()
            results[name] = {"import": import_ms, "editor": editor_ms}
        row(
            f"{size:,} rows: import preview, already shown",
            results["before"]["import"],
            results["after"]["import"],
        )  # type: ignore[arg-type]
        row(
            f"{size:,} rows: the editor opens the table",
            results["before"]["editor"],
            results["after"]["editor"],
        )  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default=DEFAULT_BEFORE, help="git revision of 'before'")
    parser.add_argument("--quick", action="store_true", help="skip the biggest 'before' cases")
    parser.add_argument("--only", choices=("session", "rolls", "previews"), help="one part only")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    before = load_before(args.before)
    import refkit.gui.dice.roll_log_model as roll_log_model
    import refkit.gui.dice.roll_log_panel as roll_log_panel
    import refkit.gui.dungeon.session_log_panel as session_log_panel
    import refkit.gui.tables.editor as table_editor
    import refkit.gui.tables.import_dialog as table_import_dialog

    after = {
        "refkit.gui.dungeon.session_log_panel": session_log_panel,
        "refkit.gui.dice.roll_log_model": roll_log_model,
        "refkit.gui.dice.roll_log_panel": roll_log_panel,
        "refkit.gui.tables.import_dialog": table_import_dialog,
        "refkit.gui.tables.editor": table_editor,
    }
    print(f"before: {args.before}   after: the working tree   ({QApplication.platformName()})")
    if args.only in (None, "session"):
        bench_session_log(
            before["refkit.gui.dungeon.session_log_panel"],
            session_log_panel,
            [219, 1000, 20_000],
            args.quick,
        )
    if args.only in (None, "rolls"):
        bench_roll_filter(before, after, [2000, 100_000], args.quick)
    if args.only in (None, "previews"):
        bench_previews(before, after, [1000, 3000], args.quick)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
