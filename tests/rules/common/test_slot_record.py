"""A SlotRecord behaves as the frozen dataclass it replaces on the quick commands' path."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction

import pytest

from refkit.cli.launch import Launch
from refkit.rules.checks.crows_test import TestResult
from refkit.rules.checks.odds import TestOdds


def _result(**changes: object) -> TestResult:
    fields: dict[str, object] = dict(
        dice=(3, 4), natural=7, total=8, base_tier=1, tier=1, crit=False, doom=False,
        net="none", expertise_applied=False,
    )  # fmt: skip
    fields.update(changes)
    return TestResult(**fields)  # type: ignore[arg-type]


def test_equal_by_every_field_in_order() -> None:
    assert _result() == _result()
    assert hash(_result()) == hash(_result())
    assert _result() != _result(tier=2)
    assert _result() != _result(dice=(4, 3))
    assert len({_result(), _result(), _result(crit=True)}) == 2


def test_never_equal_to_another_kind_with_the_same_values() -> None:
    odds = TestOdds(*(Fraction(1, n) for n in (2, 3, 4, 5, 6)))
    assert odds != (Fraction(1, 2), Fraction(1, 3), Fraction(1, 4), Fraction(1, 5), Fraction(1, 6))
    assert Launch(True) != (True, None, False)


def test_repr_names_every_field() -> None:
    assert repr(TestOdds(*(Fraction(n, 10) for n in range(5)))) == (
        "TestOdds(tier1=Fraction(0, 1), tier2=Fraction(1, 10), tier3=Fraction(1, 5), "
        "crit=Fraction(3, 10), doom=Fraction(2, 5))"
    )
    assert repr(_result()).startswith("TestResult(dice=(3, 4), natural=7, total=8, base_tier=1,")


def test_launch_repr_leaves_the_database_url_out() -> None:
    assert "secret" not in repr(Launch(True, db_url="postgresql://me:secret@host/db"))


def test_frozen() -> None:
    result = _result()
    with pytest.raises(AttributeError):
        result.tier = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del result.tier  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.extra = 1  # type: ignore[attr-defined]
    assert result.tier == 1


def test_copies_and_pickles_to_an_equal_value() -> None:
    for value in (
        _result(net="edge"),
        TestOdds(*(Fraction(n, 7) for n in range(5))),
        Launch(False),
    ):
        assert copy.copy(value) == value
        assert copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value


def test_every_field_is_set_once() -> None:
    with pytest.raises(TypeError):
        TestOdds(Fraction(1), Fraction(1), Fraction(1), Fraction(1))  # type: ignore[call-arg]
