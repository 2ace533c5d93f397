"""The dice panel, the roll log and ``refkit test`` word the same Crows test result alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from refkit.app.dice_service import DiceService
from refkit.cli import run_cli
from refkit.gui.dice.panel import DicePanel
from refkit.present.test_text import detail_line, summary_line
from refkit.rules.checks.crows_test import resolve_test
from refkit.store.database import Database
from refkit.store.roll_log import RollLogRepository
from tests.gui.helpers import SeededRngs, seed_giving


@pytest.fixture
def repository() -> Iterator[RollLogRepository]:
    db = Database.open("sqlite://")
    yield RollLogRepository(db)
    db.close()


@pytest.fixture
def rngs() -> SeededRngs:
    return SeededRngs()


@pytest.fixture
def panel(qtbot, repository, rngs, fake_clock) -> DicePanel:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_service(DiceService(repository, rngs, fake_clock))
    return panel


# (dice, characteristic, edges, banes, bonus, expertise)
SETUPS = [
    ((6, 6), 0, 0, 0, 0, False),  # tier 2
    ((6, 6), 1, 0, 0, 0, True),  # tier 2, expertise makes it 3
    ((3, 4), -1, 1, 0, 2, False),  # tier 1 with an edge and a bonus
    ((9, 8), 1, 0, 0, 0, False),  # tier 3
    ((10, 9), -5, 0, 2, 0, True),  # crit despite a double bane
    ((1, 2), 3, 3, 0, 0, True),  # doom whatever the edges
]


@pytest.mark.parametrize(("dice", "char", "edges", "banes", "bonus", "expertise"), SETUPS)
def test_one_result_in_the_same_words_everywhere(
    panel, rngs, repository, capsys, dice, char, edges, banes, bonus, expertise
) -> None:
    rngs.queue(seed_giving(*dice))
    panel.characteristic.setValue(char)
    panel.edges.setValue(edges)
    panel.banes.setValue(banes)
    panel.bonus.setValue(bonus)
    panel.expertise.setChecked(expertise)
    panel.roll_test()
    (logged,) = repository.recent()

    args = ["test", "--char", str(char), "--dice", f"{dice[0]},{dice[1]}"]
    args += ["--edges", str(edges), "--banes", str(banes), "--bonus", str(bonus)]
    args += ["--expertise"] if expertise else []
    assert run_cli(args) == 0
    cli_text = capsys.readouterr().out.strip()

    result = resolve_test(
        *dice, char, edges=edges, banes=banes, bonuses=(bonus,), expertise=expertise
    )
    assert logged.record.summary == summary_line(result)
    assert cli_text == detail_line(result)
    # the CLI says what the panel says the tier means, and spends expertise in the log's words
    assert f"({panel.result.meaning().lower()})" in cli_text
    assert cli_text.endswith(", expertise spent") == result.expertise_applied
    assert logged.record.summary.endswith(", expertise spent") == result.expertise_applied
    if result.crit or result.doom:
        tag = panel.result.headline().split(" · ")[0]  # CRIT or DOOM
        assert f" — {tag}" in cli_text
