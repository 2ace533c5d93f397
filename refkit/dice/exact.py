"""Exact odds arithmetic: how many equally likely rolls give each total.

A ``Tally`` holds whole-number counts of rolls for consecutive totals; probabilities are those
counts over their sum, so everything stays exact. ``icepool`` is the public face of the result
(``Tally.die()``) and the reference the tests compare against, but the counting is done here:
icepool 2.1 works ``N @ die`` and pool keep-operations out recursively (a RecursionError for
1000d6, or for 2d1000 keep-highest) and with one Python step per pair of outcomes. Here:

- a plain sum of N dice of one size uses J. C. P. Miller's power recurrence, a few big-number
  operations per total (1000d6 in milliseconds);
- keep-highest walks the faces from the top down, tracking how many dice already show a higher
  face and the sum of the kept ones; once enough dice are placed the rest only need to be lower,
  which has a closed-form count; its inner loops run in C (``map`` over lists);
- parts are combined by convolution, shortest first.

``odds_work`` estimates the cost before anything is computed, so a huge request fails fast with
DiceOddsError instead of freezing the program. ``DiceGroup.mean`` is exact without any of this.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import repeat
from math import comb, log2
from operator import add, mul

from refkit.dice.errors import DiceOddsError
from refkit.dice.limits import check_count, check_sides
from refkit.slot_record import SlotRecord

# Frozen records (SlotRecord), not dataclasses, and typing for the checker only: a table's range
# (``refkit cast`` checks its backlash table's) is read through this module, and dataclasses (with
# inspect, ast and dis) and typing cost more than a bare Python start.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    import icepool  # loaded on first use: it costs start-up time


MAX_ODDS_WORK = 16_000_000
"""Budget for one exact distribution, in the units of ``odds_work`` (about a second at most)."""


class DiceGroup(SlotRecord):
    """``count`` dice with ``sides`` faces, of which the ``kept`` highest (or lowest) are summed."""

    FIELDS = ("count", "sides", "kept", "highest", "negative")
    __slots__ = FIELDS
    count: int
    sides: int
    kept: int
    highest: bool
    negative: bool

    def __init__(
        self, count: int, sides: int, kept: int, highest: bool = True, negative: bool = False
    ) -> None:
        check_count(count)
        check_sides(sides)
        if not 1 <= kept <= count:
            raise ValueError(f"cannot keep {kept} of {count} dice")
        self._fill(count, sides, kept, highest, negative)

    @property
    def plain(self) -> bool:
        """True when every die counts (no keep or drop)."""
        return self.kept == self.count

    @property
    def min(self) -> int:
        return -self.kept * self.sides if self.negative else self.kept

    @property
    def max(self) -> int:
        return -self.kept if self.negative else self.kept * self.sides

    def mean(self) -> Fraction:
        """Exact mean of the group's contribution, without building its distribution."""
        if self.plain:
            value = Fraction(self.count * (self.sides + 1), 2)
        elif self.highest:
            value = _mean_keep_highest(self.count, self.sides, self.kept)
        else:
            value = self.kept * (self.sides + 1) - _mean_keep_highest(
                self.count, self.sides, self.kept
            )
        return -value if self.negative else value


class Tally(SlotRecord):
    """Counts of equally likely rolls: ``counts[i]`` rolls give the total ``low + i``."""

    FIELDS = ("low", "counts")
    __slots__ = FIELDS
    low: int
    counts: tuple[int, ...]

    def __init__(self, low: int, counts: tuple[int, ...]) -> None:
        self._fill(low, counts)

    @property
    def high(self) -> int:
        return self.low + len(self.counts) - 1

    @property
    def denominator(self) -> int:
        """The number of equally likely rolls in all."""
        return sum(self.counts)

    def odds(self) -> dict[int, Fraction]:
        """Exact probability of every reachable total, in increasing order of total."""
        whole = self.denominator
        return {
            self.low + i: Fraction(count, whole) for i, count in enumerate(self.counts) if count
        }

    def die(self) -> icepool.Die:
        """The same distribution as an icepool Die (outcome -> quantity)."""
        import icepool

        return icepool.Die({self.low + i: c for i, c in enumerate(self.counts) if c})

    def mean(self) -> Fraction:
        weighted = sum(count * (self.low + i) for i, count in enumerate(self.counts))
        return Fraction(weighted, self.denominator)


def group_tally(group: DiceGroup) -> Tally:
    """Exact tally of one group's contribution (sign included)."""
    if group.plain:
        tally = Tally(group.count, tuple(_uniform_sum_counts(group.count, group.sides)))
    else:
        counts = _keep_highest_counts(group.count, group.sides, group.kept)
        if not group.highest:
            counts.reverse()  # a face f mirrors to sides + 1 - f
        tally = Tally(group.kept, tuple(counts))
    return _negate(tally) if group.negative else tally


def expression_tally(
    groups: Sequence[DiceGroup], constant: int = 0, *, label: str = "these dice"
) -> Tally:
    """Exact tally of ``constant`` plus every group, within the MAX_ODDS_WORK budget.

    Raises DiceOddsError, naming ``label``, when the estimated work is over budget.

    Plain dice of one size are summed together whatever their sign: a subtracted die has the
    same (uniform) shape as an added one, only shifted. The parts are then convolved, shortest
    first.
    """
    work = odds_work(groups)
    if work > MAX_ODDS_WORK:
        raise DiceOddsError(
            f"exact odds for {label} would take too long to work out: the dice are too many "
            f"or too large (about {work:,} steps, at most {MAX_ODDS_WORK:,})"
        )
    parts = [
        Tally(low, tuple(_uniform_sum_counts(count, sides)))
        for sides, (count, low) in _plain_dice_by_size(groups).items()
    ]
    parts.extend(group_tally(group) for group in groups if not group.plain)
    parts.sort(key=lambda part: len(part.counts))
    low = constant
    counts: list[int] = [1]
    for part in parts:
        counts = _convolve(counts, list(part.counts))
        low += part.low
    return Tally(low, tuple(counts))


def odds_work(groups: Iterable[DiceGroup]) -> int:
    """Estimated cost of ``expression_tally`` and of turning its counts into Fractions.

    The unit is roughly one big-number addition in a C loop (about 60 ns on a desktop); the
    constants were fitted to timings of each step, big-number sizes included.
    """
    groups = list(groups)
    work = 0.0
    parts: list[tuple[int, float]] = []  # (number of totals, bits of the largest count)
    for sides, (count, _low) in _plain_dice_by_size(groups).items():
        bits = count * log2(sides)
        steps = count * (sides - 1) // 2 + 1  # half the totals, the rest by symmetry
        work += steps * (16 + bits / 100)
        parts.append((count * (sides - 1) + 1, bits))
    for group in groups:
        if not group.plain:
            bits = group.count * log2(group.sides)
            work += _keep_highest_work(group.count, group.sides, group.kept) * (1 + bits / 1000)
            parts.append((group.kept * (group.sides - 1) + 1, bits))
    length, bits = 1, 0.0
    for part_length, part_bits in sorted(parts):
        per_step = 2 + bits * part_bits / 80_000 + max(bits, part_bits) / 1000
        work += length * part_length * per_step
        length, bits = length + part_length - 1, bits + part_bits
    work += length * (40 + bits**2 / 15_000)  # one reduced Fraction per total
    return int(work)


def _plain_dice_by_size(groups: Iterable[DiceGroup]) -> dict[int, tuple[int, int]]:
    """Plain dice by size: how many, and their lowest total.

    Each added die lowers nothing below 1 and each subtracted die reaches down to -sides.
    """
    by_size: dict[int, tuple[int, int]] = {}
    for group in groups:
        if group.plain:
            count, low = by_size.get(group.sides, (0, 0))
            shift = -group.sides if group.negative else 1
            by_size[group.sides] = (count + group.count, low + shift * group.count)
    return by_size


def _negate(tally: Tally) -> Tally:
    return Tally(-tally.high, tally.counts[::-1])


def _uniform_sum_counts(count: int, sides: int) -> list[int]:
    """Counts of the sums of ``count`` d``sides``: the coefficients of (1 + x + ... + x^w)^count.

    J. C. P. Miller's recurrence for a power of a polynomial gives coefficient k from the ``w``
    before it: a_k = sum_{i=1..w} ((count + 1) * i - k) * a_{k-i} / k. Both inner sums slide along
    with O(1) updates, so each coefficient costs a few big-number operations; the second half of
    the (symmetric) list is the first half reversed.
    """
    width = sides - 1
    length = count * width + 1
    half = length // 2 + 1
    coefficients = [1]
    window = 0  # sum of a_{k-i} for i = 1..width
    weighted = 0  # sum of i * a_{k-i} for i = 1..width
    for k in range(1, half):
        newest = coefficients[k - 1]
        leaving = coefficients[k - 1 - width] if k - 1 - width >= 0 else 0
        weighted += window + newest - sides * leaving
        window += newest - leaving
        coefficients.append(((count + 1) * weighted - k * window) // k)
    return coefficients + coefficients[: length - half][::-1]


def _add_scaled(target: list[int], source: list[int], factor: int, offset: int) -> None:
    """target[offset + i] += factor * source[i], with the loop in C."""
    end = offset + len(source)
    window = target[offset:end]
    if factor == 1:
        target[offset:end] = map(add, window, source)
    else:
        target[offset:end] = map(add, window, map(mul, source, repeat(factor)))


def _convolve(first: list[int], second: list[int]) -> list[int]:
    """Counts of the sum of two independent tallies (both starting at total 0)."""
    if len(second) > len(first):
        first, second = second, first
    result = [0] * (len(first) + len(second) - 1)
    for offset, factor in enumerate(second):
        if factor:
            _add_scaled(result, first, factor, offset)
    return result


def _keep_highest_counts(count: int, sides: int, kept: int) -> list[int]:
    """Counts of rolls of ``count`` d``sides`` by the sum of the ``kept`` highest faces.

    Index i of the result is the kept sum ``kept + i``. Faces are visited from ``sides`` down to 1.
    ``placed[t]`` (t < kept) maps the sum of the t dice placed so far (all showing a face above
    the current one) to the number of ways; the other dice must show the current face or lower.
    When the current face brings the placed dice to ``kept`` or more, the kept sum is settled and
    the other dice only need faces at or below it: the tail of a binomial expansion counts those.
    """
    result = [0] * (kept * sides + 1)
    placed: list[list[int] | None] = [None] * kept
    placed[0] = [1]
    for face in range(sides, 0, -1):
        following: list[list[int] | None] = [None] * kept
        for already, sums in enumerate(placed):
            if sums is None:
                continue
            free = count - already
            needed = kept - already
            lower_ways = [comb(free, j) * (face - 1) ** (free - j) for j in range(needed)]
            for shown in range(needed):  # dice showing this face, not yet reaching `kept`
                target = following[already + shown]
                if target is None:
                    target = following[already + shown] = [0] * ((already + shown) * sides + 1)
                _add_scaled(target, sums, comb(free, shown), shown * face)
            settled = face**free - sum(lower_ways)  # at least `needed` of the free dice show `face`
            if settled:
                _add_scaled(result, sums, settled, needed * face)
        placed = following
    return result[kept:]


def _keep_highest_work(count: int, sides: int, kept: int) -> int:
    """Elementary steps of ``_keep_highest_counts`` (sum lengths times transitions, per face)."""
    per_face = sum((kept - already) * (already * sides + 1) for already in range(kept))
    return sides * (per_face + kept * kept)


def _mean_keep_highest(count: int, sides: int, kept: int) -> Fraction:
    """Mean of the sum of the ``kept`` highest of ``count`` d``sides``, by linearity.

    The kept sum equals, over thresholds x = 1..sides, min(kept, number of dice showing >= x).
    When more than half are kept, the complement (the dropped lowest dice) is shorter to compute.
    """
    if kept == count:
        return Fraction(count * (sides + 1), 2)
    if 2 * kept > count:
        dropped = count - kept
        lowest_mean = dropped * (sides + 1) - _mean_keep_highest(count, sides, dropped)
        return Fraction(count * (sides + 1), 2) - lowest_mean
    whole = sides**count
    shortfall = 0  # sum over x of E[(kept - N_x) if N_x < kept] * whole
    for threshold in range(2, sides + 1):
        at_least = sides - threshold + 1  # faces >= threshold
        below = threshold - 1  # faces < threshold
        ways = below**count  # rolls with exactly j dice at or above the threshold, j = 0
        for j in range(kept):
            shortfall += ways * (kept - j)
            # next j: times C(n, j+1)/C(n, j) = (n-j)/(j+1) and at_least/below; exact division
            ways = ways * (count - j) * at_least // ((j + 1) * below)
    return kept * sides - Fraction(shortfall, whole)
