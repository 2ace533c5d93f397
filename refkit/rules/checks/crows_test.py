"""A Crows test: 2d10 + one characteristic, read as tier 1, 2 or 3.

The resolution follows the rules fact sheet (§1.2-1.5) and the readings fixed by the CLI contract:

- Edges and banes are capped at "double" (two or more) and then cancel as states, never by
  arithmetic: edge + bane and double + double cancel, double edge + bane leaves one edge, double
  bane + edge leaves one bane.
- A single edge or bane is +2 / -2 on the total. A double adds nothing to the total and moves the
  tier one step (clamped to 1..3).
- Bonuses and penalties are plain numbers; they never count as edges or banes.
- Expertise raises the tier one step after that (clamped). In the "net" order (§15 A3) the double
  shift and the expertise are added first and clamped once.
- A natural of ``crit_min`` or more is a crit: tier 3 whatever else applies.
- A natural of ``doom_max`` or less is a doom: tier 1, and no expertise is spent. If a widened crit
  range and the doom range overlap, the doom wins.
- ``forced="doom"`` (an unconscious creature's Agility or Strength test) makes the result a doom.
  ``forced="tier3"`` (an attack on an unconscious target) makes it tier 3 and overrides a natural
  doom (the specific rule wins, §15 A5); a natural crit is still reported as a crit.
"""

from __future__ import annotations

from refkit.rules.common.slot_record import SlotRecord

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    import random
    from collections.abc import Sequence
    from typing import Literal, TypeAlias

    Net: TypeAlias = Literal["double_edge", "edge", "none", "bane", "double_bane"]
    Order: TypeAlias = Literal["sequential", "net"]
    Forced: TypeAlias = Literal["doom", "tier3"]
else:  # run time: the names stay importable for other modules' annotations
    Net = Order = Forced = str

ORDERS: tuple[str, ...] = ("sequential", "net")
FORCED: tuple[str, ...] = ("doom", "tier3")
CHARACTERISTIC_MIN = -5
CHARACTERISTIC_MAX = 5
TIER2_MIN_TOTAL = 12
TIER3_MIN_TOTAL = 17
CRIT_MIN = 19
"""A natural of this or more is a crit (the default; a rule may widen the range)."""
DOOM_MAX = 3
"""A natural of this or less is a doom (the default)."""
MAX_BONUS = 100
"""The largest flat bonus or penalty a test takes: Crows bonuses are single figures."""


class TestResult(SlotRecord):
    """The outcome of one test. ``tier`` is the final tier every tier-1 trigger should read.

    A frozen record (:class:`SlotRecord`), not a dataclass: ``refkit test`` and ``refkit odds``
    leave ``dataclasses`` unimported."""

    __test__ = False  # not a pytest test class
    FIELDS = (
        "dice",
        "natural",
        "total",
        "base_tier",
        "tier",
        "crit",
        "doom",
        "net",
        "expertise_applied",
    )
    __slots__ = FIELDS

    dice: tuple[int, int]
    natural: int
    total: int
    base_tier: int
    tier: int
    crit: bool
    doom: bool
    net: Net
    expertise_applied: bool
    # Its words (summary, detailed line, the dice panel's headline) are refkit.present.test_text's.

    def __init__(
        self,
        dice: tuple[int, int],
        natural: int,
        total: int,
        base_tier: int,
        tier: int,
        crit: bool,
        doom: bool,
        net: Net,
        expertise_applied: bool,
    ) -> None:
        self._fill(dice, natural, total, base_tier, tier, crit, doom, net, expertise_applied)


def check_die(name: str, face: int, sides: int) -> None:
    """Raise ValueError unless ``face`` is a legal face (1..sides) of a d``sides``."""
    if isinstance(face, bool) or not isinstance(face, int):
        raise ValueError(f"{name} must be a whole number from 1 to {sides}, got {face!r}")
    if not 1 <= face <= sides:
        raise ValueError(f"{name} shows {face}, but a d{sides} only has faces 1 to {sides}")


def check_characteristic(name: str, value: int) -> None:
    """Raise ValueError unless ``value`` is a characteristic in the absolute range -5..5."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number from -5 to 5, got {value!r}")
    if not CHARACTERISTIC_MIN <= value <= CHARACTERISTIC_MAX:
        raise ValueError(f"{name} {value} is outside the characteristic range -5 to 5")


def _check_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, got {value}")


def check_modifiers(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    crit_min: int = CRIT_MIN,
    doom_max: int = DOOM_MAX,
    order: str = "sequential",
    forced: str | None = None,
) -> None:
    """Validate everything but the dice; raise ValueError naming the bad value."""
    check_characteristic("characteristic", characteristic)
    _check_count("edges", edges)
    _check_count("banes", banes)
    for bonus in bonuses:
        if isinstance(bonus, bool) or not isinstance(bonus, int):
            raise ValueError(f"bonus must be a whole number, got {bonus!r}")
        if not -MAX_BONUS <= bonus <= MAX_BONUS:
            raise ValueError(f"a bonus must be between -{MAX_BONUS} and {MAX_BONUS}, got {bonus}")
    if isinstance(crit_min, bool) or not isinstance(crit_min, int) or not 2 <= crit_min <= 20:
        raise ValueError(f"crit_min must be a natural from 2 to 20, got {crit_min!r}")
    if isinstance(doom_max, bool) or not isinstance(doom_max, int) or not 1 <= doom_max <= 20:
        raise ValueError(f"doom_max must be from 1 (no doom) to 20, got {doom_max!r}")
    if order not in ORDERS:
        raise ValueError(f"order must be 'sequential' or 'net', got {order!r}")
    if forced is not None and forced not in FORCED:
        raise ValueError(f"forced must be None, 'doom' or 'tier3', got {forced!r}")


def cancel_edges_banes(edges: int, banes: int) -> tuple[int, int]:
    """Cap each side at 2 (a double) and cancel the capped states; return (edge, bane) levels.

    At most one of the two is non-zero: 0 = none, 1 = single, 2 = double.
    """
    _check_count("edges", edges)
    _check_count("banes", banes)
    edge, bane = min(edges, 2), min(banes, 2)
    if edge and bane:
        if edge == bane:
            return 0, 0
        return (1, 0) if edge == 2 else (0, 1)
    return edge, bane


def net_state(edges: int, banes: int) -> Net:
    """The capped state left after cancellation, as the contract names it."""
    edge, bane = cancel_edges_banes(edges, banes)
    if edge == 2:
        return "double_edge"
    if edge == 1:
        return "edge"
    if bane == 2:
        return "double_bane"
    if bane == 1:
        return "bane"
    return "none"


def tier_for_total(total: int) -> int:
    """Tier by total: 11 or less is tier 1, 12-16 tier 2, 17 or more tier 3."""
    if total < TIER2_MIN_TOTAL:
        return 1
    if total < TIER3_MIN_TOTAL:
        return 2
    return 3


def _clamp_tier(tier: int) -> int:
    return max(1, min(3, tier))


def resolve_test(
    d1: int,
    d2: int,
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    forced: Forced | None = None,
    crit_min: int = CRIT_MIN,
    doom_max: int = DOOM_MAX,
    order: Order = "sequential",
) -> TestResult:
    """Resolve a test from the two d10 faces already rolled. Raises ValueError on bad input."""
    check_die("first die", d1, 10)
    check_die("second die", d2, 10)
    check_modifiers(
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        crit_min=crit_min,
        doom_max=doom_max,
        order=order,
        forced=forced,
    )
    natural = d1 + d2
    doom = natural <= doom_max or forced == "doom"
    if forced == "tier3" and natural <= doom_max:
        doom = False
    crit = natural >= crit_min and not doom

    edge, bane = cancel_edges_banes(edges, banes)
    flat = (2 if edge == 1 else 0) - (2 if bane == 1 else 0)
    shift = (1 if edge == 2 else 0) - (1 if bane == 2 else 0)
    total = natural + characteristic + sum(bonuses) + flat
    base = tier_for_total(total)

    before_expertise = _clamp_tier(base + shift)
    if forced == "tier3" or crit:
        before_expertise = 3
    expertise_applied = expertise and not doom and before_expertise < 3

    if doom:
        tier = 1
    elif not expertise_applied:
        tier = before_expertise
    elif order == "sequential":
        tier = min(3, before_expertise + 1)
    else:
        tier = _clamp_tier(base + shift + 1)

    return TestResult(
        dice=(d1, d2),
        natural=natural,
        total=total,
        base_tier=base,
        tier=tier,
        crit=crit,
        doom=doom,
        net=net_state(edges, banes),
        expertise_applied=expertise_applied,
    )


def roll_test(
    rng: random.Random,
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    forced: Forced | None = None,
    crit_min: int = CRIT_MIN,
    doom_max: int = DOOM_MAX,
    order: Order = "sequential",
) -> TestResult:
    """Roll 2d10 with ``rng`` and resolve the test (same keywords as :func:`resolve_test`)."""
    check_modifiers(
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        crit_min=crit_min,
        doom_max=doom_max,
        order=order,
        forced=forced,
    )
    d1 = rng.randint(1, 10)
    d2 = rng.randint(1, 10)
    return resolve_test(
        d1,
        d2,
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        expertise=expertise,
        forced=forced,
        crit_min=crit_min,
        doom_max=doom_max,
        order=order,
    )
