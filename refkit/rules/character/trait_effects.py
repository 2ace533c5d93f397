"""Traits that change a test, through the test engine (``resources/characters/trait_effects.toml``).

A test for a crow is its kind ("attack:chopping", "rr:mind", "pick-lock") and the conditions that
hold while it is made ("armor", "hidden", "lockpicks"). :func:`changes_for` collects what the
crow's traits do to it: the lowest crit range, the bonuses added up, and whether it is rolled
twice with the better result kept. :func:`odds_with_changes` gives the exact odds with all of
that, so the odds shown before a roll include the traits; :func:`resolve_with_changes` resolves
the dice (two pairs when the test is rolled twice).

A better result is a higher tier; at the same tier a crit beats none and a doom is worst.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from refkit.locate import read_resource_text
from refkit.rules.character.build_data import BuildData, BuildDataError, UnknownNameError, fold
from refkit.rules.character.model import Character
from refkit.rules.checks.crows_test import CRIT_MIN, TestResult, check_modifiers, resolve_test
from refkit.rules.checks.odds import TestOdds, test_odds

RESOURCE = ("characters", "trait_effects.toml")
CONTRADICTIONS = (("armor", "unarmored"),)


@dataclass(frozen=True)
class TraitEffect:
    trait: str
    tests: tuple[str, ...]
    needs_all: tuple[str, ...] = ()
    needs_any: tuple[str, ...] = ()
    crit_min: int | None = None
    bonus: int = 0
    roll_twice: bool = False

    def applies(self, test: str, conditions: frozenset[str]) -> bool:
        return (
            test in self.tests
            and all(c in conditions for c in self.needs_all)
            and (not self.needs_any or any(c in conditions for c in self.needs_any))
        )


@dataclass(frozen=True)
class TestChanges:
    """What a crow's traits do to one test."""

    __test__ = False  # not a pytest test class

    crit_min: int = CRIT_MIN
    bonus: int = 0
    roll_twice: bool = False
    traits: tuple[str, ...] = ()
    """The traits that changed it, ``"Tree: Name"``."""


def load_trait_effects(build: BuildData, text: str | None = None) -> tuple[TraitEffect, ...]:
    """The effects in ``text`` (TOML), or Refkit's own when None; BuildDataError naming the
    entry when a trait is unknown, is not tagged as changing tests, or an effect is unclear."""
    if text is None:
        return _shipped(build)
    return _read(text, build)


@functools.lru_cache(maxsize=2)
def _shipped(build: BuildData) -> tuple[TraitEffect, ...]:
    return _read(read_resource_text(*RESOURCE), build)


def _read(text: str, build: BuildData) -> tuple[TraitEffect, ...]:
    where = "resources/characters/trait_effects.toml"
    try:
        entries = tomllib.loads(text).get("effect")
    except tomllib.TOMLDecodeError as error:
        raise BuildDataError(f"{where}: not valid TOML ({error})") from None
    if not isinstance(entries, list) or not entries:
        raise BuildDataError(f"{where}: no [[effect]] entries")
    effects = []
    for number, entry in enumerate(entries, start=1):
        try:
            effects.append(_effect(entry, build))
        except (ValueError, UnknownNameError) as error:
            raise BuildDataError(f"{where}: effect {number}: {error}") from None
    return tuple(effects)


def _words(value: Any, key: str, *, empty: bool = True) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{key} must be a list of words")
    if not empty and not value:
        raise ValueError(f"{key} must name at least one test")
    return tuple(v.strip() for v in value)


def _effect(entry: Any, build: BuildData) -> TraitEffect:
    keys = {"trait", "tests", "needs_all", "needs_any", "crit_min", "bonus", "roll_twice"}
    if not isinstance(entry, dict) or set(entry) - keys or "trait" not in entry:
        raise ValueError(f"an [[effect]] has trait, tests and one effect (keys: {sorted(keys)})")
    trait = build.trait(str(entry["trait"]))
    if "T" not in trait.tags:
        raise ValueError(f"{trait.key} is not tagged as changing tests (T)")
    chosen = [k for k in ("crit_min", "bonus", "roll_twice") if k in entry]
    if len(chosen) != 1:
        raise ValueError(f"{trait.key}: give exactly one of crit_min, bonus, roll_twice")
    crit = entry.get("crit_min")
    if crit is not None and (
        isinstance(crit, bool) or not isinstance(crit, int) or not 2 <= crit <= 20
    ):
        raise ValueError(f"{trait.key}: crit_min must be a natural 2-20")
    bonus = entry.get("bonus", 0)
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not -10 <= bonus <= 10:
        raise ValueError(f"{trait.key}: bonus must be a whole number -10..10")
    if entry.get("roll_twice", True) is not True:
        raise ValueError(f"{trait.key}: roll_twice is true or left out")
    return TraitEffect(
        trait=trait.key,
        tests=_words(entry.get("tests"), "tests", empty=False),
        needs_all=_words(entry.get("needs_all", []), "needs_all"),
        needs_any=_words(entry.get("needs_any", []), "needs_any"),
        crit_min=crit,
        bonus=bonus,
        roll_twice="roll_twice" in entry,
    )


def known_words(effects: Sequence[TraitEffect]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(test kinds, conditions) the effects name, sorted."""
    tests = sorted({t for e in effects for t in e.tests})
    conditions = sorted({c for e in effects for c in (*e.needs_all, *e.needs_any)})
    return tuple(tests), tuple(conditions)


def changes_for(
    character: Character,
    test: str,
    conditions: Sequence[str],
    effects: Sequence[TraitEffect],
) -> TestChanges:
    """What ``character``'s traits do to a ``test`` made while ``conditions`` hold. ValueError
    for a test kind or condition no trait names, or conditions that cannot both hold."""
    tests, words = known_words(effects)
    if test not in tests:
        raise ValueError(f"no trait changes a test called {test!r} (tests: {', '.join(tests)})")
    held = frozenset(conditions)
    unknown = sorted(held - set(words))
    if unknown:
        raise ValueError(
            f"no trait names the condition {unknown[0]!r} (conditions: {', '.join(words)})"
        )
    for one, other in CONTRADICTIONS:
        if one in held and other in held:
            raise ValueError(f"{one!r} and {other!r} cannot both hold")
    owned = {fold(t) for t in character.traits}
    applying = [e for e in effects if fold(e.trait) in owned and e.applies(test, held)]
    crits = [e.crit_min for e in applying if e.crit_min is not None]
    return TestChanges(
        crit_min=min([CRIT_MIN, *crits]),
        bonus=sum(e.bonus for e in applying),
        roll_twice=any(e.roll_twice for e in applying),
        traits=tuple(dict.fromkeys(e.trait for e in applying)),
    )


def _rank(result: TestResult) -> tuple[int, int, int]:
    return (result.tier, 1 if result.crit else 0, 0 if result.doom else 1)


def resolve_with_changes(
    dice: Sequence[int],
    characteristic: int,
    changes: TestChanges,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
) -> tuple[TestResult, TestResult | None]:
    """The kept result and, for a test rolled twice, the other one. ``dice`` holds two d10
    faces, or four (two pairs) when ``changes.roll_twice``."""
    wanted = 4 if changes.roll_twice else 2
    if len(dice) != wanted:
        raise ValueError(
            f"this test takes {wanted} d10 faces"
            + (" (it is rolled twice)" if changes.roll_twice else "")
            + f", got {len(dice)}"
        )
    every = (*bonuses, changes.bonus)

    def one(d1: int, d2: int) -> TestResult:
        return resolve_test(
            d1,
            d2,
            characteristic,
            edges=edges,
            banes=banes,
            bonuses=every,
            expertise=expertise,
            crit_min=changes.crit_min,
        )

    first = one(dice[0], dice[1])
    if not changes.roll_twice:
        return first, None
    second = one(dice[2], dice[3])
    return (first, second) if _rank(first) >= _rank(second) else (second, first)


def odds_with_changes(
    characteristic: int,
    changes: TestChanges,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
) -> TestOdds:
    """Exact odds of the test with the traits' changes (the better of two rolls when it is
    rolled twice)."""
    every = (*bonuses, changes.bonus)
    if not changes.roll_twice:
        return test_odds(
            characteristic,
            edges=edges,
            banes=banes,
            bonuses=every,
            expertise=expertise,
            crit_min=changes.crit_min,
        )
    check_modifiers(
        characteristic, edges=edges, banes=banes, bonuses=every, crit_min=changes.crit_min
    )
    single: dict[tuple[int, int, int], Fraction] = {}
    for natural in range(2, 21):
        d1 = min(10, natural - 1)
        result = resolve_test(
            d1,
            natural - d1,
            characteristic,
            edges=edges,
            banes=banes,
            bonuses=every,
            expertise=expertise,
            crit_min=changes.crit_min,
        )
        ways = natural - 1 if natural <= 11 else 21 - natural
        key = _rank(result)
        single[key] = single.get(key, Fraction(0)) + Fraction(ways, 100)
    best: dict[tuple[int, int, int], Fraction] = {}
    for one, p in single.items():
        for other, q in single.items():
            key = max(one, other)
            best[key] = best.get(key, Fraction(0)) + p * q
    tiers = {
        tier: sum((p for k, p in best.items() if k[0] == tier), Fraction(0)) for tier in (1, 2, 3)
    }
    return TestOdds(
        tier1=tiers[1],
        tier2=tiers[2],
        tier3=tiers[3],
        crit=sum((p for k, p in best.items() if k[1]), Fraction(0)),
        doom=sum((p for k, p in best.items() if k[2] == 0), Fraction(0)),
    )
