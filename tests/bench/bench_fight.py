"""The fight at the table: what End DT pays for the fight's hook, and what the attack window pays
for its live odds.

1. End DT with no fight ever started: the hook builds the whole fight session (bestiary files,
   the stored fight) or only reads whether a fight is stored — both measured interleaved in one
   run on fresh services each time (as ``refkit dt end`` has them).
2. The attack window's odds for one change (exact, icepool; the test-odds cache emptied first),
   and the tracker showing a fight of 30 combatants.

Prints medians in milliseconds.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time

from PySide6.QtWidgets import QApplication

from refkit.app.combat.dt_end import FightAtDtEnd
from refkit.compose import Services
from refkit.rules.checks import odds as test_odds_module
from refkit.rules.combat.attack_odds import attack_odds

RUNS = 25


def hook_costs(url: str) -> tuple[float, float]:
    always: list[float] = []
    checked: list[float] = []
    for _ in range(RUNS):
        for out, check in ((always, False), (checked, True)):
            with Services(db_url=url) as services:
                _ = services.dungeon  # built, as End DT has it
                stored = services._fight_may_be_stored if check else (lambda: True)
                hook = FightAtDtEnd(lambda s=services: s.fight, fight_stored=stored)
                start = time.perf_counter()
                hook(None, None, random.Random(1))
                out.append(time.perf_counter() - start)
    return statistics.median(always) * 1000, statistics.median(checked) * 1000


def window_costs(url: str) -> tuple[float, float]:
    from refkit.gui.combat.tracker import FightPanel

    QApplication.instance() or QApplication(sys.argv[:1])
    with Services(db_url=url) as services:
        fight = services.fight
        fight.add_creatures("Tunnel ghoul", 27).do()
        fight.add_crows(services.party.members()).do()
        odds: list[float] = []
        for _ in range(RUNS):
            prepared = fight.prepare_attack("Brannoc Tull", "Axe", "Tunnel ghoul 1")
            request = prepared.request
            test_odds_module._odds.cache_clear()
            start = time.perf_counter()
            attack_odds(request)
            odds.append(time.perf_counter() - start)
        panel = FightPanel(fight, services.characters, lambda command: command.do())
        shown: list[float] = []
        for _ in range(RUNS):
            start = time.perf_counter()
            panel.show_fight(fight.state)
            shown.append(time.perf_counter() - start)
        panel.deleteLater()
    return statistics.median(odds) * 1000, statistics.median(shown) * 1000


def main() -> None:
    folder = tempfile.mkdtemp()
    url = f"{folder}/refkit.sqlite3"
    with Services(db_url=url) as services:
        _ = services.characters  # the sample party, once
    before, after = hook_costs(url)
    print(f"End DT's fight hook, no fight stored: session built {before:.2f} ms, "
          f"stored fight checked first {after:.2f} ms")  # fmt: skip
    odds, shown = window_costs(f"{folder}/fight.sqlite3")
    print(f"attack odds for one change {odds:.2f} ms; tracker shows 30 combatants {shown:.2f} ms")


if __name__ == "__main__":
    main()
