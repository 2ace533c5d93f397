"""The dungeon turn as the referee drives it: a fake clock, scripted dice, a real database."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_commands import (
    AdjustTimeCommand,
    DouseEffectCommand,
    EndTurnCommand,
    FinishRestCommand,
    RemoveEffectCommand,
    RestHalfwayCommand,
    StartRestCommand,
)
from refkit.app.dungeon_turn_service import SAVE_ATTEMPTS, DungeonTurnService, UndoConflictError
from refkit.app.session_log_export import export_session_log, session_log_markdown
from refkit.app.undo import Command
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store import (
    ConcurrentChangeError,
    Database,
    DungeonTurnSnapshot,
    DungeonTurnStore,
    SessionLogEntry,
)
from tests.app.scripted_dice import ScriptedDice

START = 1_900_000_000.0
LENGTH = 30 * 60


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Party:
    """Characters' conditions, as the characters feature will keep them."""

    def __init__(self, **conditions: Sequence[str]) -> None:
        self.conditions = {name: tuple(held) for name, held in conditions.items()}

    def conditions_by_character(self) -> Mapping[str, Sequence[str]]:
        return dict(self.conditions)

    def set_conditions(self, conditions: Mapping[str, Sequence[str]]) -> None:
        self.conditions = {name: tuple(held) for name, held in conditions.items()}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "dt.sqlite3"


@pytest.fixture
def db(path: Path):
    database = Database.open(str(path))
    yield database
    database.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice()


@pytest.fixture
def party() -> Party:
    return Party(Mara=("weakened", "prone"), Oswin=("Blessed",))


@pytest.fixture
def service(db: Database, clock: FakeClock, dice: ScriptedDice, party: Party):
    return DungeonTurnService(
        DungeonTurnStore(db), clock=clock, rng_factory=dice.factory, conditions=party
    )


@pytest.fixture
def other(path: Path, clock: FakeClock):
    """A second process on the same database file (say, the command line)."""
    database = Database.open(str(path))
    yield DungeonTurnService(DungeonTurnStore(database), clock=clock)
    database.close()


def log_kinds(service: DungeonTurnService) -> list[str]:
    return [entry.kind for entry in service.store.session_log.entries()]


def in_dungeon(service: DungeonTurnService) -> None:
    service.start(dungeon="The Drowned Crypt")


# -- the clock -----------------------------------------------------------------------------------


class TestClock:
    def test_a_started_dt_runs_in_the_database_for_every_process(
        self, service: DungeonTurnService, other: DungeonTurnService, clock: FakeClock
    ) -> None:
        outcome = service.start(dungeon="The Drowned Crypt")
        assert outcome.value == 1
        assert outcome.status == {
            "state": "running",
            "dt": 1,
            "length_s": LENGTH,
            "remaining_s": LENGTH,
            "greed_percent": 30,
            "pending_encounter": False,
            "pending_encounter_due_dt": None,
            "encounter_overdue": False,
        }
        clock.advance(600)
        assert service.status()["remaining_s"] == LENGTH - 600
        assert other.status()["remaining_s"] == LENGTH - 600
        assert log_kinds(service) == ["dt_start"]
        assert service.store.session_log.entries()[0].dt == 1

    def test_pause_holds_the_time_and_resume_runs_it_again(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        clock.advance(100)
        assert service.pause().value == LENGTH - 100
        clock.advance(1000)
        assert service.status() | {"state": "paused"} == service.status()
        assert service.status()["remaining_s"] == LENGTH - 100
        service.resume()
        clock.advance(50)
        assert service.status()["remaining_s"] == LENGTH - 150
        assert log_kinds(service) == ["dt_start", "pause", "resume"]

    def test_the_log_says_the_time_left_as_the_status_does(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        """Rounded up to the next whole second, like the clock and `dt status`: never less."""
        in_dungeon(service)
        clock.advance(LENGTH - 754.3)  # 754.3 s left: the clock and `dt status` say 12:35
        service.pause()
        assert service.store.session_log.entries()[-1].text.endswith(", 12:35 left")
        service.resume()
        assert service.store.session_log.entries()[-1].text.endswith(", 12:35 left")

    def test_adjustments_change_the_time_left_and_are_audited(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        service.adjust(5, "long rules question")
        service.adjust(-3)
        assert service.status()["remaining_s"] == LENGTH + 120
        audit = service.snapshot().clock.audit
        assert [(entry.minutes, entry.reason) for entry in audit] == [
            (5, "long rules question"),
            (-3, ""),
        ]
        texts = [entry.text for entry in service.store.session_log.entries(kinds=["adjust"])]
        assert "+5 min (long rules question)" in texts[0]
        assert "-3 min" in texts[1]

    def test_forgot_to_pause_gives_the_time_back(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        clock.advance(600)
        outcome = service.pause_retroactively(START + 300, "pizza arrived")
        assert outcome.status["state"] == "paused"
        assert outcome.value == LENGTH - 300
        clock.advance(999)
        assert service.status()["remaining_s"] == LENGTH - 300

    def test_the_next_dt_starts_with_the_new_length(
        self, service: DungeonTurnService, clock: FakeClock, dice: ScriptedDice
    ) -> None:
        in_dungeon(service)
        clock.advance(60)
        service.set_length(20)
        assert service.status()["remaining_s"] == LENGTH - 60
        assert service.settings().dt_minutes == 20
        service.end_turn(die=1)
        assert service.status()["length_s"] == 20 * 60
        assert service.status()["remaining_s"] == 20 * 60

    def test_warnings_fire_once_each_per_dt(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        clock.advance(LENGTH - 290)
        assert service.warnings_due() == (300,)
        service.mark_warnings_fired((300,))
        assert service.warnings_due() == ()
        clock.advance(240)
        assert service.warnings_due() == (60,)

    @pytest.mark.parametrize(
        ("action", "message"),
        [
            (lambda s: s.pause(), "cannot pause"),
            (lambda s: s.resume(), "cannot resume"),
            (lambda s: s.adjust(5), "no DT is under way"),
            (lambda s: s.end_turn(die=3), "no DT is under way"),
            (lambda s: s.start(minutes=-5), "DT length"),
            (lambda s: s.start(minutes=0), "DT length"),
            (lambda s: s.start_rest(), "cannot start a rest"),
            (lambda s: s.resolve_encounter(0), "no pending encounter"),
        ],
    )
    def test_impossible_steps_change_nothing(
        self, service: DungeonTurnService, action: Callable, message: str
    ) -> None:
        with pytest.raises(ValueError, match=message):
            action(service)
        assert service.store.version() == 0
        assert service.store.session_log.entries(include_undone=True) == []

    def test_a_second_start_without_a_dungeon_is_refused(self, service: DungeonTurnService) -> None:
        in_dungeon(service)
        version = service.store.version()
        with pytest.raises(ValueError, match="already running"):
            service.start()
        with pytest.raises(ValueError, match="0 minutes changes nothing"):
            service.adjust(0)
        assert service.store.version() == version


# -- end of a DT ---------------------------------------------------------------------------------


def equip(service: DungeonTurnService) -> None:
    service.add_preset("torch")  # e1: 1 UD, DT + Useless, lit
    service.add_preset("lantern")  # e2: 2 UD, DT + Refuel, lit
    service.add_effect("Bless", 1, kind="spell")  # e3: 1 UD, rolled at each DT end
    service.add_effect("Ward", 0, kind="spell", ends_at_dt_end=True)  # e4: ends with the DT


class TestEndTurn:
    def test_the_whole_procedure_in_order(
        self,
        service: DungeonTurnService,
        clock: FakeClock,
        dice: ScriptedDice,
        party: Party,
    ) -> None:
        in_dungeon(service)
        equip(service)
        clock.advance(LENGTH)
        dice.script = [2, 3, 6, 2]  # torch 2 -> out; lantern 3,6 -> 2; Bless 2 -> out
        outcome = service.end_turn(die=9)
        assert dice.script == []
        data = outcome.value.to_dict(outcome.now)
        assert data["dt_ended"] == 1
        assert data["usage_dice"] == [
            {"effect": "Torch", "before": 1, "rolled": [2], "after": 0},
            {"effect": "Lantern", "before": 2, "rolled": [3, 6], "after": 2},
            {"effect": "Bless", "before": 1, "rolled": [2], "after": 0},
        ]
        assert data["conditions_ended"] == [
            {"character": "Mara", "condition": "weakened"},
            {"character": "Oswin", "condition": "blessed"},
        ]
        assert data["encounter"] == {"en": 9, "roll": 9, "encounter": True, "immediate": False}
        assert data["status"]["dt"] == 2
        assert data["status"]["remaining_s"] == LENGTH
        assert data["status"]["greed_percent"] == 20
        assert data["status"]["pending_encounter"] is True

        effects = {effect.name: effect for effect in service.effects()}
        assert set(effects) == {"Torch", "Lantern"}
        assert effects["Torch"].spent and not effects["Torch"].lit
        assert effects["Lantern"].usage_dice == 2 and effects["Lantern"].lit
        assert party.conditions == {"Mara": ("prone",), "Oswin": ()}
        assert log_kinds(service)[-5:] == [
            "usage_dice",
            "usage_dice",
            "usage_dice",
            "dt_end",
            "encounter",
        ]
        ended = service.store.session_log.entries(kinds=["dt_end"])[0]
        assert "ran out: Torch, Bless" in ended.text
        assert "spent for good: Torch" in ended.text
        assert ended.dt == 1

    def test_a_bad_die_rolls_nothing_and_changes_nothing(
        self, service: DungeonTurnService, dice: ScriptedDice
    ) -> None:
        in_dungeon(service)
        equip(service)
        version = service.store.version()
        dice.script = [6, 6, 6, 6, 6]
        with pytest.raises(ValueError, match="d10"):
            service.end_turn(die=11)
        assert dice.script == [6, 6, 6, 6, 6]
        assert service.store.version() == version

    def test_auto_end_ends_at_the_moment_the_dt_ran_out(
        self, service: DungeonTurnService, clock: FakeClock, dice: ScriptedDice
    ) -> None:
        in_dungeon(service)
        clock.advance(LENGTH + 50)
        assert service.auto_end_if_due() is None  # auto-end is off
        service.update_settings(auto_end=True)
        dice.script = [4]
        outcome = service.auto_end_if_due()
        assert outcome is not None
        assert outcome.value.dt_ended == 1
        assert service.status()["remaining_s"] == LENGTH - 50
        assert service.auto_end_if_due() is None

    def test_encounter_toggles_set_the_en(
        self, service: DungeonTurnService, dice: ScriptedDice
    ) -> None:
        in_dungeon(service)
        assert service.encounter_number() == 9
        assert service.set_encounter_toggles(crowded=True, chaos=True) == 7
        outcome = service.end_turn(die=7)
        assert outcome.value.encounter.encounter
        assert service.set_encounter_toggles(modifiers=[5]) == 10
        assert service.set_encounter_toggles(crowded=False, chaos=False, modifiers=[-9]) == 1
        assert "settings" in log_kinds(service)

    def test_loud_noise_and_resolving_the_encounter(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        clock.advance(100)
        outcome = service.loud_noise(die=10)
        assert outcome.value.encounter.immediate
        assert outcome.status["pending_encounter"] is True
        assert outcome.status["remaining_s"] == LENGTH - 100  # the DT goes on
        resolved = service.resolve_encounter(0)
        assert resolved.value.roll == 10
        assert service.status()["pending_encounter"] is False
        assert log_kinds(service) == ["dt_start", "encounter", "encounter"]


# -- undo ----------------------------------------------------------------------------------------


class TestUndoEndTurn:
    def test_one_undo_puts_everything_back_and_redo_replays_the_same_rolls(
        self,
        service: DungeonTurnService,
        clock: FakeClock,
        dice: ScriptedDice,
        party: Party,
    ) -> None:
        in_dungeon(service)
        equip(service)
        clock.advance(600)
        before = service.snapshot()
        conditions_before = dict(party.conditions)
        log_before = service.store.session_log.entries()
        dice.script = [1, 2, 3, 6, 2]

        command = EndTurnCommand(service, die=10)
        assert isinstance(command, Command)
        command.do()
        assert command.text == "End DT 1"
        after = service.snapshot()
        log_after = service.store.session_log.entries()
        clock.advance(120)

        command.undo()
        restored = service.snapshot()
        assert restored.clock == before.clock
        assert restored.effects == before.effects
        assert party.conditions == conditions_before
        status = service.status()
        assert (status["dt"], status["pending_encounter"]) == (1, False)
        assert status["remaining_s"] == LENGTH - 720  # the old DT, with the real time passed
        assert service.store.session_log.entries() == log_before
        undone = [e for e in service.store.session_log.entries(include_undone=True) if e.undone]
        assert [e.kind for e in undone] == [
            "usage_dice",
            "usage_dice",
            "usage_dice",
            "dt_end",
            "encounter",
        ]

        command.do()  # redo: no die is rolled again (the script is empty)
        redone = service.snapshot()
        assert redone.clock == after.clock
        assert redone.effects == after.effects
        assert party.conditions == {"Mara": ("prone",), "Oswin": ()}
        assert service.store.session_log.entries() == log_after

    def test_undo_is_refused_when_another_process_changed_the_dt(
        self, service: DungeonTurnService, other: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        command = EndTurnCommand(service, die=1)
        command.do()
        other.pause()
        paused = service.snapshot()
        with pytest.raises(UndoConflictError, match="changed since"):
            command.undo()
        assert service.snapshot() == paused
        assert "dt_end" in log_kinds(service)

    def test_undo_still_works_after_warnings_were_shown(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        command = EndTurnCommand(service, die=1)
        command.do()
        clock.advance(LENGTH - 30)
        service.mark_warnings_fired(service.warnings_due())
        command.undo()
        assert service.status()["dt"] == 1

    def test_undo_and_redo_of_an_adjustment(
        self, service: DungeonTurnService, clock: FakeClock
    ) -> None:
        in_dungeon(service)
        command = AdjustTimeCommand(service, -10, "skipped the boring bit")
        command.do()
        assert service.status()["remaining_s"] == LENGTH - 600
        command.undo()
        assert service.status()["remaining_s"] == LENGTH
        assert service.snapshot().clock.audit == ()
        command.do()
        assert service.status()["remaining_s"] == LENGTH - 600


# -- concurrency ---------------------------------------------------------------------------------


class InterferingStore(DungeonTurnStore):
    """Lets another process write right after each of the first ``times`` reads."""

    def __init__(self, db: Database, interfere: Callable[[], object], times: int) -> None:
        super().__init__(db)
        self._interfere = interfere
        self.times = times

    def load(self) -> DungeonTurnSnapshot:
        snapshot = super().load()
        if self.times > 0:
            self.times -= 1
            self._interfere()
        return snapshot


def test_a_step_is_worked_out_again_on_the_fresh_state(
    db: Database, other: DungeonTurnService, clock: FakeClock
) -> None:
    other.start(dungeon="Crypt")
    store = InterferingStore(db, lambda: other.adjust(1, "from the CLI"), times=1)
    service = DungeonTurnService(store, clock=clock)
    service.adjust(5, "from the app")
    reasons = [entry.reason for entry in service.snapshot().clock.audit]
    assert reasons == ["from the CLI", "from the app"]
    assert service.status()["remaining_s"] == LENGTH + 360


def test_endless_interference_is_refused_without_writing(
    db: Database, other: DungeonTurnService, clock: FakeClock
) -> None:
    other.start(dungeon="Crypt")
    store = InterferingStore(db, lambda: other.adjust(1), times=SAVE_ATTEMPTS)
    service = DungeonTurnService(store, clock=clock)
    with pytest.raises(ConcurrentChangeError, match="changed elsewhere"):
        service.adjust(5, "from the app")
    audit = service.snapshot().clock.audit
    assert [entry.minutes for entry in audit] == [1] * SAVE_ATTEMPTS


# -- rests ---------------------------------------------------------------------------------------


class RestoredStamina:
    def __init__(self, record: list[str]) -> None:
        self.record = record

    def undo(self) -> None:
        self.record.append("stamina taken back")

    def do(self) -> None:
        self.record.append("stamina given again")


class TestRest:
    def test_a_rest_from_start_to_finish(
        self,
        service: DungeonTurnService,
        clock: FakeClock,
        dice: ScriptedDice,
        party: Party,
    ) -> None:
        in_dungeon(service)
        service.add_preset("torch")  # e1
        service.add_effect("Ring", 1, "Rest, Activate")  # e2
        service.add_effect("Haste", 2, kind="spell")  # e3
        service.activate("e2", [2])  # the ring is used up until a rest
        record: list[str] = []

        def hook(given: DungeonTurnService) -> RestoredStamina:
            assert given is service
            record.append("stamina restored")
            return RestoredStamina(record)

        service.on_rest_finished.append(hook)

        rest = service.start_rest()
        assert rest.status["state"] == "resting"
        assert [light.name for light in rest.value.lights_to_douse] == ["Torch"]
        douse = service.douse("e1", [4])
        assert douse.value.roll is not None and douse.value.effect.usage_dice == 1

        halfway = service.rest_halfway()
        assert [effect.name for effect in halfway.value.effects_ended] == ["Haste"]
        assert party.conditions["Oswin"] == ()

        check = service.rest_encounter_check(seclude=True, die=9)
        assert (check.value.en, check.value.encounter.encounter) == (10, False)
        with pytest.raises(ValueError, match="one per rest"):
            service.rest_encounter_check(die=10)

        clock.advance(60)
        finished = service.finish_rest()
        assert finished.status["state"] == "running"
        assert finished.status["dt"] == 2
        assert [effect.name for effect in finished.value.finish.restored] == ["Ring"]
        assert record == ["stamina restored"]
        assert service.last_rest is finished.value
        assert [effect.name for effect in service.effects()] == ["Torch", "Ring"]
        assert {entry.kind for entry in service.store.session_log.entries()} >= {
            "rest",
            "encounter",
            "usage_dice",
        }

    def test_an_interrupted_rest_gives_no_benefits(
        self, service: DungeonTurnService, dice: ScriptedDice
    ) -> None:
        in_dungeon(service)
        service.add_effect("Ring", 1, "Rest, Activate")
        service.activate("e1", [1])
        calls: list[DungeonTurnService] = []
        service.on_rest_finished.append(calls.append)
        service.start_rest()
        finished = service.finish_rest(interrupted=True)
        assert finished.value.finish.restored == ()
        assert calls == []
        assert service.effects()[0].usage_dice == 0
        assert finished.status["dt"] == 2

    def test_rest_steps_undo_one_by_one_including_the_hooks(
        self, service: DungeonTurnService, party: Party
    ) -> None:
        in_dungeon(service)
        service.add_effect("Haste", 2, kind="spell")
        record: list[str] = []
        service.on_rest_finished.append(lambda s: RestoredStamina(record))
        start, halfway, finish = (
            StartRestCommand(service),
            RestHalfwayCommand(service),
            FinishRestCommand(service),
        )
        for command in (start, halfway, finish):
            command.do()
        assert service.status()["dt"] == 2
        finish.undo()
        assert record == ["stamina taken back"]
        assert service.status()["state"] == "resting"
        halfway.undo()
        assert [effect.name for effect in service.effects()] == ["Haste"]
        assert party.conditions["Oswin"] == ("Blessed",)
        start.undo()
        assert service.status() | {"state": "running"} == service.status()
        finish_again = FinishRestCommand(service)
        with pytest.raises(ValueError, match="not resting"):
            finish_again.do()


# -- tracked effects ------------------------------------------------------------------------------


class TestEffects:
    @pytest.mark.parametrize(
        ("arguments", "message"),
        [
            (("Torch", -1), "cannot be negative"),
            (("Torch", 0), "at least 1 usage die"),
            (("Torch", 21), "between 0 and 20"),
            (("Torch", 2, "DT, Sparkly"), "unknown usage-dice mode 'Sparkly'"),
            (("Torch", 2, (), "glitter"), "unknown effect kind"),
            (("  ", 2), "needs a name"),
        ],
    )
    def test_impossible_effects_are_refused_and_nothing_is_added(
        self, service: DungeonTurnService, arguments: tuple, message: str
    ) -> None:
        with pytest.raises(ValueError, match=message):
            service.add_effect(*arguments)
        assert service.effects() == ()
        assert service.store.version() == 0

    def test_presets_and_custom_effects(self, service: DungeonTurnService) -> None:
        service.add_preset("Lantern", owner="Mara")
        outcome = service.add_effect("Poison", 3, "DT", owner="Oswin")
        assert outcome.value.id == "e2"
        lantern, poison = service.effects()
        assert (lantern.name, lantern.usage_dice, lantern.lit, lantern.owner) == (
            "Lantern",
            2,
            True,
            "Mara",
        )
        assert poison.modes == {UsageDiceMode.DT}
        with pytest.raises(ValueError, match="unknown light 'glowstick'"):
            service.add_preset("glowstick")

    def test_douse_relight_refuel_and_restore(
        self, service: DungeonTurnService, dice: ScriptedDice
    ) -> None:
        service.add_preset("lantern")
        douse = service.douse("e1", [1, 4])
        assert douse.value.effect.usage_dice == 1 and not douse.value.effect.lit
        assert service.store.session_log.entries()[-1].kind == "usage_dice"
        with pytest.raises(ValueError, match="not lit"):
            service.douse("e1", [3])
        assert service.refuel("e1").value.usage_dice == 2
        assert service.relight("e1").value.lit
        with pytest.raises(ValueError, match="no Rest mode"):
            service.restore_on_rest("e1")
        with pytest.raises(ValueError, match="no tracked effect with id 'e9'"):
            service.douse("e9")
        dice.script = [6, 6]
        assert service.douse("e1").value.roll.rolled == (6, 6)

    def test_wrong_faces_for_a_douse_change_nothing(self, service: DungeonTurnService) -> None:
        service.add_preset("lantern")
        version = service.store.version()
        with pytest.raises(ValueError, match="2 usage dice need exactly 2 faces"):
            service.douse("e1", [3])
        with pytest.raises(ValueError, match="d6"):
            service.douse("e1", [3, 7])
        assert service.store.version() == version

    def test_a_spent_useless_item_stays_spent(self, service: DungeonTurnService) -> None:
        service.add_effect("Quiver", 1, "Activate, Useless")
        used = service.activate("e1", [2])
        assert used.value.ran_out
        quiver = service.effects()[0]
        assert quiver.spent and quiver.usage_dice == 0
        with pytest.raises(ValueError, match="spent"):
            service.activate("e1", [5])

    def test_remove_and_douse_undo_as_one_step_each(
        self, service: DungeonTurnService, dice: ScriptedDice
    ) -> None:
        service.add_preset("torch")
        service.add_preset("candle")
        service.add_preset("lantern")
        before = service.effects()
        remove = RemoveEffectCommand(service, "e2")
        remove.do()
        assert [effect.id for effect in service.effects()] == ["e1", "e3"]
        remove.undo()
        assert service.effects() == before  # back in its place

        dice.script = [5]
        douse = DouseEffectCommand(service, "e1")
        douse.do()
        doused = service.effects()
        douse.undo()
        assert service.effects() == before
        douse.do()  # redo: the same faces, none rolled again
        assert service.effects() == doused


# -- the session log as Markdown -------------------------------------------------------------------


def test_markdown_export_keeps_markup_in_names_harmless(tmp_path: Path) -> None:
    at = datetime(2031, 3, 4, 12, 0, 5, tzinfo=UTC)
    entries = [
        SessionLogEntry(kind="effect", dt=1, text="Torch | *lit* added", at=at),
        SessionLogEntry(kind="note", dt=2, text="line one\nline two <script>&", at=at),
        SessionLogEntry(kind="table_roll", dt=0, text="[link](x) _under_ `code` #1", at=at),
    ]
    markdown = session_log_markdown(entries, title="Night | *one*")
    lines = markdown.splitlines()
    assert lines[0] == "# Night \\| \\*one\\*"
    assert "3 entries" in lines
    table = [line for line in lines if line.startswith("|")]
    assert len(table) == 2 + len(entries)
    for row in table:
        assert len(re.findall(r"(?<!\\)\|", row)) == 5  # four cells, no stray separators
    assert "Torch \\| \\*lit\\* added" in table[2]
    assert "line one<br>line two &lt;script&gt;&amp;" in table[3]
    assert "\\[link\\](x) \\_under\\_ \\`code\\` \\#1" in table[4]
    assert table[2].startswith("| 2031-03-04 12:00:05 | 1 | Effect |")


def test_export_writes_the_filtered_log_without_undone_steps(
    service: DungeonTurnService, tmp_path: Path
) -> None:
    in_dungeon(service)
    command = AdjustTimeCommand(service, 2, "undone later")
    command.do()
    command.undo()
    service.adjust(-1, "kept")
    target = tmp_path / "session.md"
    assert export_session_log(service.store.session_log, target, kinds=["adjust"]) == 1
    text = target.read_text(encoding="utf-8")
    assert "kept" in text and "undone later" not in text
