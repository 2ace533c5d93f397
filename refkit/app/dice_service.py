"""Rolling dice for a front end: every roll is seeded, recorded and written to the roll log.

Each roll draws a fresh seed from the RNG factory, so the record it leaves (kind, expression, faces,
seed, time) is enough to repeat it exactly. Faces given outright (the referee's own dice, the
command line's ``--dice``) are logged too, with no seed. Listeners hear about every roll logged
and about the log being replaced (cleared, or restored by an undo), so a view can stay in step
without re-reading.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial

from refkit.dice.records import LoggedRoll, RollRecord, notation_record, utc_now
from refkit.dice.rng import make_rng
from refkit.rules.checks.crows_test import (
    CRIT_MIN,
    Forced,
    Order,
    TestResult,
    resolve_test,
    roll_test,
)
from refkit.rules.common.slot_record import SlotRecord

# typing is for the checker only (a refkit roll or test imports none of it): the protocols are
# declared for it alone, and at run time LoggedResult's Generic is a stand-in that subscripts
# to the class itself.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    from typing import Any, Generic, Protocol, TypeVar

    from refkit.dice.notation import NotationRoll
    from refkit.rules.checks.d100 import D100Roll
    from refkit.rules.checks.odds import TestOdds
    from refkit.rules.usage_dice import UsageDiceRoll

KIND_TEST = "test"
KIND_D100 = "d100"
KIND_USAGE_DICE = "usage_dice"
KIND_NOTATION = "notation"
ROLL_KINDS: tuple[str, ...] = (KIND_TEST, KIND_D100, KIND_USAGE_DICE, KIND_NOTATION)

USAGE_DICE_MAX = 20
"""The largest usage-dice pool the quick roller accepts."""

RngFactory = Callable[[int | None], tuple[random.Random, int]]
Clock = Callable[[], datetime]
CLEARS_KEPT_FOR = timedelta(days=1)
"""How long the rolls an undoable clear took are kept for its undo (a window's evening, and
more): a window opening the database then forgets older ones."""

if TYPE_CHECKING:
    ResultT = TypeVar("ResultT")
else:
    ResultT = "ResultT"

    class Generic:
        """``typing.Generic``'s stand-in at run time: ``LoggedResult[X]`` is LoggedResult."""

        __slots__ = ()

        def __class_getitem__(cls, item):
            return cls


if TYPE_CHECKING:

    class RollLog(Protocol):
        """What the service needs from the roll log (``refkit.store.RollLogRepository`` fits)."""

        def add(self, record: RollRecord, source: str = "app") -> int: ...

        def recent(
            self,
            limit: int | None = 500,
            kind: str | None = None,
            text: str | None = None,
            *,
            after_id: int | None = None,
        ) -> list[LoggedRoll]: ...

        def count(self, kind: str | None = None) -> int: ...

        def clear_keeping(self, batch: str) -> int: ...

        def restore_kept(self, batch: str) -> int: ...

        def forget_kept_before(self, batch: str) -> int: ...

    class RollLogListener(Protocol):
        def roll_logged(self, roll: LoggedRoll) -> None:
            """A roll was made and stored."""

        def roll_log_replaced(self) -> None:
            """The log changed wholesale (cleared or restored); read it again."""


class LoggedResult(SlotRecord, Generic[ResultT]):
    """The game result of a roll together with the log entry it left."""

    FIELDS = ("result", "logged")
    __slots__ = FIELDS
    result: ResultT
    logged: LoggedRoll

    def __init__(self, result: ResultT, logged: LoggedRoll) -> None:
        self._fill(result, logged)

    @property
    def record(self) -> RollRecord:
        return self.logged.record


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _here(function: Callable[..., Any], *args: Any) -> Any:
    return function(*args)


class DiceService:
    """Rolls Crows tests, d100s, usage dice and free notation, and logs every roll."""

    def __init__(
        self,
        roll_log: RollLog,
        rng_factory: RngFactory = make_rng,
        clock: Clock = utc_now,
        *,
        source: str = "app",
    ) -> None:
        self._log = roll_log
        self._rng_factory = rng_factory
        self._clock = clock
        self._source = source
        self._listeners: list[RollLogListener] = []
        self._write: Callable[..., Any] = _here

    # listeners ------------------------------------------------------------------------------

    def add_listener(self, listener: RollLogListener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: RollLogListener) -> None:
        self._listeners.remove(listener)

    # rolls ----------------------------------------------------------------------------------

    def crows_test(
        self,
        characteristic: int,
        *,
        edges: int = 0,
        banes: int = 0,
        bonuses: Sequence[int] = (),
        expertise: bool = False,
        crit_min: int = CRIT_MIN,
        order: Order = "sequential",
        seed: int | None = None,
        faces: tuple[int, int] | None = None,
        crow: str | None = None,
        conditions: Sequence[str] = (),
        tested: str | None = None,
    ) -> LoggedResult[TestResult]:
        """Roll a Crows test (2d10 + characteristic), or resolve it from ``faces`` rolled at the
        table (logged without a seed). Raises ValueError for bad modifiers or faces.

        For a crow, ``conditions`` are its conditions and ``tested`` the characteristic's name:
        their edges, banes and forced doom are added to those given (the log names the crow)."""
        # Imported here, as each roll's own rules below: ``refkit roll`` loads none of a test's.
        from refkit.present.test_text import describe_test, summary_line
        from refkit.rules.checks.conditions import NO_EFFECT, conditions_on_test

        bonuses = tuple(bonuses)
        used_seed: int | None = None
        effect = NO_EFFECT
        if tested is not None:
            effect = conditions_on_test(conditions, tested)
        edges += effect.edges
        banes += effect.banes
        forced = effect.forced
        if faces is None:
            rng, used_seed = self._rng_factory(seed)
            result = roll_test(
                rng,
                characteristic,
                edges=edges,
                banes=banes,
                bonuses=bonuses,
                expertise=expertise,
                crit_min=crit_min,
                order=order,
                forced=forced,
            )
        else:
            result = resolve_test(
                faces[0],
                faces[1],
                characteristic,
                edges=edges,
                banes=banes,
                bonuses=bonuses,
                expertise=expertise,
                crit_min=crit_min,
                order=order,
                forced=forced,
            )
        detail: dict[str, object] = {
            "characteristic": characteristic,
            "edges": edges,
            "banes": banes,
            "bonuses": list(bonuses),
            "expertise": expertise,
            "crit_min": crit_min,
            "order": order,
            "natural": result.natural,
            "base_tier": result.base_tier,
            "tier": result.tier,
            "crit": result.crit,
            "doom": result.doom,
            "net": result.net,
            "expertise_applied": result.expertise_applied,
        }
        if crow is not None:
            detail["crow"] = crow
        if tested is not None:
            detail["tested"] = tested
            detail["conditions"] = list(effect.reasons)
        if forced is not None:
            detail["forced"] = forced
        record = self._record(
            kind=KIND_TEST,
            expression=describe_test(
                characteristic,
                edges=edges,
                banes=banes,
                bonuses=bonuses,
                expertise=expertise,
                crit_min=crit_min,
                order=order,
            ),
            faces=result.dice,
            total=result.total,
            seed=used_seed,
            summary=summary_line(result),
            detail=detail,
        )
        return LoggedResult(result, self._log_record(record))

    def odds(
        self,
        characteristic: int,
        *,
        edges: int = 0,
        banes: int = 0,
        bonuses: Sequence[int] = (),
        expertise: bool = False,
        crit_min: int = CRIT_MIN,
        order: Order = "sequential",
        forced: Forced | None = None,
    ) -> TestOdds:
        """Exact odds of that test, before rolling it (nothing is logged)."""
        from refkit.rules.checks.odds import test_odds  # icepool: only when odds are asked for

        return test_odds(
            characteristic,
            edges=edges,
            banes=banes,
            bonuses=tuple(bonuses),
            expertise=expertise,
            crit_min=crit_min,
            order=order,
            forced=forced,
        )

    def d100(
        self, *, seed: int | None = None, faces: tuple[int, int] | None = None
    ) -> LoggedResult[D100Roll]:
        """Roll a d100 (tens die, then ones die), or read it from ``faces`` (tens, ones)."""
        from refkit.rules.checks.d100 import d100_from_faces, roll_d100

        used_seed: int | None = None
        if faces is None:
            rng, used_seed = self._rng_factory(seed)
            roll = roll_d100(rng)
        else:
            roll = d100_from_faces(*faces)
        record = self._record(
            kind=KIND_D100,
            expression="d100",
            faces=(roll.tens, roll.ones),
            total=roll.value,
            seed=used_seed,
            summary=f"{roll.value} (tens {roll.tens % 10}, ones {roll.ones % 10})",
            detail={"tens": roll.tens, "ones": roll.ones},
        )
        return LoggedResult(roll, self._log_record(record))

    def usage_dice(
        self,
        count: int,
        *,
        seed: int | None = None,
        faces: Sequence[int] | None = None,
        least: int = 1,
        most: int = USAGE_DICE_MAX,
    ) -> LoggedResult[UsageDiceRoll]:
        """Roll a pool of ``count`` usage dice, or read it from ``faces`` (one d6 each).

        Raises ValueError outside ``least``..``most`` (the quick roller's 1..USAGE_DICE_MAX
        unless told otherwise: the command line takes 0..100)."""
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"usage dice must be a whole number, got {count!r}")
        if not least <= count <= most:
            raise ValueError(f"usage dice must be from {least} to {most}, got {count}")
        # Imported here, as the notation parser below: a command line roll loads its own rules only.
        from refkit.rules.usage_dice import roll_usage_dice, usage_dice_from_faces

        used_seed: int | None = None
        if faces is None:
            rng, used_seed = self._rng_factory(seed)
            roll = roll_usage_dice(count, rng)
        else:
            roll = usage_dice_from_faces(count, faces)
        summary = f"{roll.before} → {roll.after} left"
        if roll.after == 0:
            summary += " (used up)"
        record = self._record(
            kind=KIND_USAGE_DICE,
            expression=f"{count} usage {'die' if count == 1 else 'dice'}",
            faces=roll.rolled,
            total=roll.after,
            seed=used_seed,
            summary=summary,
            detail={"before": roll.before, "after": roll.after},
        )
        return LoggedResult(roll, self._log_record(record))

    def notation(self, text: str, *, seed: int | None = None) -> LoggedResult[NotationRoll]:
        """Roll free dice notation such as ``4d6kh3+2``.

        Raises DiceNotationError (a ValueError) for text that is not dice notation; nothing is
        logged then.
        """
        from refkit.dice.notation import parse_notation

        expression = parse_notation(text)
        rng, used_seed = self._rng_factory(seed)
        roll = expression.roll(rng)
        record = notation_record(roll, used_seed, self._clock)
        return LoggedResult(roll, self._log_record(record))

    # the log --------------------------------------------------------------------------------

    def log_roll(self, record: RollRecord) -> LoggedRoll:
        """Log a roll made elsewhere (another game's dice, say), telling the listeners."""
        return self._log_record(record)

    def catch_up(self, after_id: int, limit: int = 500) -> list[LoggedRoll]:
        """Tell the listeners of the rolls stored after ``after_id`` by other steps (End DT's
        checks, a table roll, the command line), oldest first; returns them."""
        newer: list[LoggedRoll] = self._write(partial(self.rolls_after, after_id, limit))
        for roll in newer:
            for listener in list(self._listeners):
                listener.roll_logged(roll)
        return newer

    def rolls_after(self, after_id: int, limit: int = 500) -> list[LoggedRoll]:
        """The rolls stored after ``after_id``, oldest first, read where this is called (the
        window reads them in its worker); the listeners are not told."""
        # Only the rolls after it are read: this runs after every step (most log none), and
        # reading the newest 500 to find none took ~20 ms each time on a filled log.
        newer = self._log.recent(limit, after_id=after_id)
        newer.reverse()
        return newer

    def recent(self, limit: int | None = 500, kind: str | None = None) -> list[LoggedRoll]:
        """Logged rolls, newest first."""
        return self._log.recent(limit=limit, kind=kind)

    def count(self) -> int:
        return self._log.count()

    def clear_log_command(self) -> ClearRollLog:
        """An undoable command that empties the roll log."""
        return ClearRollLog(self)

    def clear_log_kept(self) -> tuple[str, int]:
        """Empty the log, keeping its rolls in the database for :meth:`restore_cleared`: the
        clear's key and how many rolls it took."""
        batch = f"{_batch_time(self._clock())}-{os.urandom(4).hex()}"
        count = self._log.clear_keeping(batch)
        self._notify_replaced()
        return batch, count

    def restore_cleared(self, batch: str) -> int:
        """Put back the rolls the clear ``batch`` kept (new ids, same times and seeds); how many
        came back (0 when that clear was forgotten: :meth:`forget_old_clears`)."""
        restored = self._log.restore_kept(batch)
        self._notify_replaced()
        return restored

    def forget_old_clears(self) -> int:
        """Forget the rolls kept by clears over a day old (:data:`CLEARS_KEPT_FOR`): no window
        open now made them, so none can undo them. Run when a window opens the database."""
        return self._log.forget_kept_before(_batch_time(self._clock() - CLEARS_KEPT_FOR))

    def _record(
        self,
        *,
        kind: str,
        expression: str,
        faces: Sequence[int],
        total: int,
        seed: int | None,
        summary: str,
        detail: dict[str, object],
    ) -> RollRecord:
        return RollRecord(
            kind=kind,
            expression=expression,
            faces=tuple(faces),
            total=total,
            seed=seed,
            rolled_at=self._clock(),
            summary=summary,
            detail=detail,
        )

    def write_with(self, run: Callable[..., Any]) -> None:
        """Write logged rolls through ``run(function, *args)`` (the window's worker), which
        returns what the function returns; by default they are written on the calling thread."""
        self._write = run

    def _log_record(self, record: RollRecord) -> LoggedRoll:
        roll_id = self._write(self._log.add, record, self._source)
        logged = LoggedRoll(id=roll_id, record=record, source=self._source)
        for listener in list(self._listeners):
            listener.roll_logged(logged)
        return logged

    def _notify_replaced(self) -> None:
        for listener in list(self._listeners):
            listener.roll_log_replaced()


def _batch_time(moment: datetime) -> str:
    """How a kept clear's batch key begins: its UTC time, as text that sorts as time does."""
    return f"{moment.astimezone(UTC):%Y-%m-%dT%H:%M:%S.%f}Z"


class ClearRollLog:
    """Empties the roll log; undo puts every roll back (with new ids, same times and seeds).
    The rolls wait in the database meanwhile (:meth:`DiceService.clear_log_kept`), not in this
    step: a campaign's million rolls held here took 1.2 GB, and putting them back seven minutes."""

    def __init__(self, service: DiceService) -> None:
        self._service = service
        self._batch: str | None = None
        self._count = service.count()

    @property
    def text(self) -> str:
        return f"Clear roll log ({_plural(self._count, 'roll')})"

    def do(self) -> None:
        self._batch, self._count = self._service.clear_log_kept()

    def undo(self) -> None:
        if self._batch is not None:
            self._service.restore_cleared(self._batch)
            self._batch = None
