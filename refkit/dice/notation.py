"""Free dice notation: ``NdM``, ``d%``, keep/drop highest/lowest, ``+``, ``-`` and constants.

Grammar (case-insensitive; spaces may stand between tokens, not inside them)::

    expression := ["-"] term (("+" | "-") term)*
    term       := dice | integer
    dice       := [integer] "d" (integer | "%") [keep integer]
    keep       := "kh" | "k" | "kl" | "dh" | "dl"

``N`` defaults to 1. ``d%`` is a d100 (faces 1..100). ``kh K`` (or ``k K``) keeps the K highest
dice, ``kl K`` the K lowest; ``dh K`` / ``dl K`` drop the K highest / lowest. Ties keep the earlier
die. Limits: 1 to 1000 dice in a term and at most 1000 in the whole expression; 2 to 1000 sides
(a one-sided die is a constant, so ``d1`` is refused as a likely typo); a keep count from 1 to N,
a drop count from 1 to N - 1; constants up to 1,000,000. Anything else raises DiceNotationError
naming the problem and its 1-based position.

The parser is a hand-written tokenizer and recursive-descent reader (no dependency); exact odds
come from ``refkit.dice.exact`` and are handed out as Fractions or an ``icepool.Die``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cached_property

from refkit.dice.errors import DiceNotationError
from refkit.dice.limits import MAX_CONSTANT, MAX_DICE, MAX_SIDES, MIN_SIDES
from refkit.dice.rng import check_faces, roll_die
from refkit.slot_record import SlotRecord

# Frozen values are SlotRecords and typing is for the checker only: a ``refkit roll`` paid
# for dataclasses (with inspect, ast and dis) and typing on every call.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Final, Literal

    import icepool  # loaded on first use: it costs start-up time

    from refkit.dice.exact import DiceGroup, Tally

    KeepMode = Literal["kh", "kl", "dh", "dl"]
    """Keep highest, keep lowest, drop highest, drop lowest."""

_KEEP_MODES: dict[str, KeepMode] = {"k": "kh", "kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl"}

PERCENTILE_SIDES = 100


class DiceTerm(SlotRecord):
    """One dice term such as ``4d6kh3`` (``negative`` when it is subtracted)."""

    FIELDS = ("count", "sides", "negative", "keep", "amount", "percentile", "count_written")
    __slots__ = FIELDS
    count: int
    sides: int
    negative: bool
    keep: KeepMode | None
    amount: int
    percentile: bool
    count_written: bool

    def __init__(
        self,
        count: int,
        sides: int,
        negative: bool = False,
        keep: KeepMode | None = None,
        amount: int = 0,
        percentile: bool = False,
        count_written: bool = True,
    ) -> None:
        self._fill(count, sides, negative, keep, amount, percentile, count_written)
        self._check()

    def _check(self) -> None:
        if not 1 <= self.count <= MAX_DICE:
            raise ValueError(f"the number of dice must be 1 to {MAX_DICE}, got {self.count}")
        if not MIN_SIDES <= self.sides <= MAX_SIDES:
            raise ValueError(f"a die must have {MIN_SIDES} to {MAX_SIDES} sides, got {self.sides}")
        if self.percentile and self.sides != PERCENTILE_SIDES:
            raise ValueError("d% is a d100")
        if self.keep is not None and self.keep not in _KEEP_MODES:
            raise ValueError(f"unknown keep/drop mode {self.keep!r}")
        if self.keep is None:
            if self.amount:
                raise ValueError("a keep/drop amount needs a keep/drop mode")
        elif not 1 <= self.kept <= self.count or (self.kept == self.count and self.drops):
            raise ValueError(f"cannot {self.keep} {self.amount} of {self.count} dice")

    @property
    def drops(self) -> bool:
        return self.keep in ("dh", "dl")

    @property
    def kept(self) -> int:
        """How many dice count toward the total."""
        if self.keep is None:
            return self.count
        return self.count - self.amount if self.drops else self.amount

    @property
    def text(self) -> str:
        """Normalised text without the sign, e.g. ``4d6kh3`` or ``d%``."""
        count = str(self.count) if self.count_written else ""
        sides = "%" if self.percentile else str(self.sides)
        keep = f"{self.keep}{self.amount}" if self.keep else ""
        return f"{count}d{sides}{keep}"

    @property
    def sign(self) -> int:
        return -1 if self.negative else 1

    def group(self) -> DiceGroup:
        """The term as the exact-odds module sees it: how many kept, highest or lowest."""
        from refkit.dice.exact import DiceGroup  # the odds only: a roll needs none of it

        highest = self.keep in (None, "kh", "dl")
        return DiceGroup(self.count, self.sides, self.kept, highest, self.negative)

    def select(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The kept faces, in the order they were rolled (ties keep the earlier die)."""
        if self.keep is None:
            return tuple(faces)
        highest = self.keep in ("kh", "dl")
        order = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
        chosen = sorted(order[: self.kept])
        return tuple(faces[i] for i in chosen)


class ConstantTerm(SlotRecord):
    """A whole-number constant (``value`` is its size; ``negative`` when it is subtracted)."""

    FIELDS = ("value", "negative")
    __slots__ = FIELDS
    value: int
    negative: bool

    def __init__(self, value: int, negative: bool = False) -> None:
        self._fill(value, negative)
        if not 0 <= self.value <= MAX_CONSTANT:
            raise ValueError(f"a constant must be 0 to {MAX_CONSTANT}, got {self.value}")

    @property
    def text(self) -> str:
        return str(self.value)

    @property
    def sign(self) -> int:
        return -1 if self.negative else 1


Term = DiceTerm | ConstantTerm


class TermRoll(SlotRecord):
    """How one term came out: ``value`` is its signed contribution to the total."""

    FIELDS = ("text", "sign", "faces", "kept", "value")
    __slots__ = FIELDS
    text: str
    sign: int
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    value: int

    def __init__(
        self, text: str, sign: int, faces: tuple[int, ...], kept: tuple[int, ...], value: int
    ) -> None:
        self._fill(text, sign, faces, kept, value)


class NotationRoll(SlotRecord):
    """A rolled expression: every face in order, the kept ones, the total and each term."""

    FIELDS = ("expression", "total", "dice", "kept", "terms")
    __slots__ = FIELDS
    expression: str
    total: int
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    terms: tuple[TermRoll, ...]

    def __init__(
        self,
        expression: str,
        total: int,
        dice: tuple[int, ...],
        kept: tuple[int, ...],
        terms: tuple[TermRoll, ...],
    ) -> None:
        self._fill(expression, total, dice, kept, terms)


class DiceExpression(SlotRecord):
    """Parsed dice notation; ``text`` is its normalised form, e.g. ``4d6kh3+2``."""

    FIELDS = ("text", "terms")
    __slots__ = (*FIELDS, "__dict__")  # __dict__ holds the cached tally
    text: str
    terms: tuple[Term, ...]

    def __init__(self, text: str, terms: tuple[Term, ...]) -> None:
        self._fill(text, terms)

    def __str__(self) -> str:
        return self.text

    @property
    def dice_count(self) -> int:
        """How many dice one roll throws (kept or not)."""
        return sum(term.count for term in self.terms if isinstance(term, DiceTerm))

    @property
    def die_sides(self) -> tuple[int, ...]:
        """The size of every die thrown, in roll order (what ``roll_with`` expects)."""
        return tuple(
            term.sides
            for term in self.terms
            if isinstance(term, DiceTerm)
            for _ in range(term.count)
        )

    def roll(self, rng: random.Random) -> NotationRoll:
        """Roll every die with ``rng`` and add up the kept faces and constants."""
        return self._evaluate([roll_die(rng, sides) for sides in self.die_sides])

    def roll_with(self, faces: Sequence[int], *, label: str = "dice") -> NotationRoll:
        """Evaluate given faces (one per die, in roll order) instead of rolling.

        Raises DiceValueError when the count is wrong or a value is not a face of its die;
        ``label`` starts the message (e.g. ``"--dice"``).
        """
        return self._evaluate(check_faces(faces, self.die_sides, label=label))

    def min(self) -> int:
        return self._constant + sum(group.min for group in self._groups)

    def max(self) -> int:
        return self._constant + sum(group.max for group in self._groups)

    def mean(self) -> Fraction:
        """Exact mean (works even when the full distribution would be too costly)."""
        from fractions import Fraction

        return self._constant + sum((group.mean() for group in self._groups), Fraction(0))

    def odds(self) -> dict[int, Fraction]:
        """Exact probability of every reachable total, in increasing order of total.

        Raises DiceOddsError when the dice are too many or too large to work out quickly.
        """
        return self._tally.odds()

    def distribution(self) -> icepool.Die:
        """The exact distribution of the total as an icepool Die (raises DiceOddsError likewise)."""
        return self._tally.die()

    @property
    def _groups(self) -> list[DiceGroup]:
        return [term.group() for term in self.terms if isinstance(term, DiceTerm)]

    @property
    def _constant(self) -> int:
        return sum(term.sign * term.value for term in self.terms if isinstance(term, ConstantTerm))

    @cached_property
    def _tally(self) -> Tally:
        from refkit.dice.exact import expression_tally

        return expression_tally(self._groups, self._constant, label=repr(self.text))

    def _evaluate(self, faces: Sequence[int]) -> NotationRoll:
        rolls: list[TermRoll] = []
        start = 0
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                rolls.append(TermRoll(term.text, term.sign, (), (), term.sign * term.value))
                continue
            own = tuple(faces[start : start + term.count])
            start += term.count
            kept = term.select(own)
            rolls.append(TermRoll(term.text, term.sign, own, kept, term.sign * sum(kept)))
        return NotationRoll(
            expression=self.text,
            total=sum(roll.value for roll in rolls),
            dice=tuple(face for roll in rolls for face in roll.faces),
            kept=tuple(face for roll in rolls for face in roll.kept),
            terms=tuple(rolls),
        )


def parse_notation(text: str) -> DiceExpression:
    """Read dice notation such as ``"4d6kh3 + 2"``; raises DiceNotationError when malformed."""
    if not isinstance(text, str):
        raise TypeError(f"dice notation must be a string, got {type(text).__name__}")
    return _Parser(text).expression()


def join_terms(terms: Sequence[Term]) -> str:
    """Normalised text of a sequence of terms: ``4d6kh3+2``, ``-d6+1``."""
    parts = []
    for index, term in enumerate(terms):
        if term.negative:
            parts.append("-")
        elif index:
            parts.append("+")
        parts.append(term.text)
    return "".join(parts)


# --- tokenizer -------------------------------------------------------------------------------


class _Token(SlotRecord):
    FIELDS = ("kind", "text", "position")
    __slots__ = FIELDS
    kind: str  # "number", "d", "%", "keep", "+", "-" or "end"
    text: str
    position: int  # 1-based index of the token's first character

    def __init__(self, kind: str, text: str, position: int) -> None:
        self._fill(kind, text, position)

    @property
    def shown(self) -> str:
        return "the end" if self.kind == "end" else repr(self.text)


# Final keeps it a literal, so a type checker knows 10**_LONGEST_NUMBER is an int.
_LONGEST_NUMBER: Final = 18  # digits; anything longer is over every limit and is not converted


def _tokens(text: str) -> Iterator[_Token]:
    """Yield tokens lazily, so errors surface in reading order; ends with an ``end`` token."""
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        position = index + 1
        if char.isspace():
            index += 1
        elif "0" <= char <= "9":
            end = index
            while end < length and "0" <= text[end] <= "9":
                end += 1
            yield _Token("number", text[index:end], position)
            index = end
        elif char in "dDkK":
            follower = text[index + 1 : index + 2]
            if follower in ("h", "H", "l", "L"):
                yield _Token("keep", text[index : index + 2], position)
                index += 2
            elif char in "kK":
                yield _Token("keep", char, position)
                index += 1
            else:
                yield _Token("d", char, position)
                index += 1
        elif char in "%+-":
            yield _Token(char, char, position)
            index += 1
        else:
            raise DiceNotationError(text, f"unexpected {char!r}", position)
    yield _Token("end", "", length + 1)


# --- parser ----------------------------------------------------------------------------------


class _Parser:
    """Recursive-descent reader over the token stream, one token of lookahead."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._stream = _tokens(text)
        self._next = next(self._stream)
        self._dice_so_far = 0

    def _peek(self) -> _Token:
        return self._next

    def _take(self) -> _Token:
        token = self._next
        if token.kind != "end":
            self._next = next(self._stream)
        return token

    def _fail(self, problem: str, position: int | None) -> DiceNotationError:
        return DiceNotationError(self.text, problem, position)

    def expression(self) -> DiceExpression:
        if self._peek().kind == "end":
            raise self._fail("empty expression", None)
        terms: list[Term] = []
        operator = self._take() if self._peek().kind == "-" else None
        terms.append(self._term(operator))
        while self._peek().kind in ("+", "-"):
            terms.append(self._term(self._take()))
        token = self._peek()
        if token.kind != "end":
            raise self._fail(f"unexpected {token.shown}", token.position)
        return DiceExpression(join_terms(terms), tuple(terms))

    def _term(self, operator: _Token | None) -> Term:
        negative = operator is not None and operator.kind == "-"
        token = self._peek()
        if token.kind == "number":
            self._take()
            if self._peek().kind == "d":
                return self._dice(token, negative)
            value = self._number(token)
            if value > MAX_CONSTANT:
                raise self._fail(
                    f"number {_shown_number(token)} is too large (at most {MAX_CONSTANT})",
                    token.position,
                )
            return ConstantTerm(value, negative)
        if token.kind == "d":
            return self._dice(None, negative)
        if token.kind == "end" and operator is not None:
            raise self._fail(f"missing a number or dice after {operator.text!r}", token.position)
        raise self._fail(f"expected a number or dice, found {token.shown}", token.position)

    def _dice(self, count_token: _Token | None, negative: bool) -> DiceTerm:
        d_token = self._take()
        count = 1
        if count_token is not None:
            count = self._number(count_token)
            if count > MAX_DICE:
                raise self._fail(
                    f"too many dice: {_shown_number(count_token)} (at most {MAX_DICE})",
                    count_token.position,
                )
            if count < 1:
                raise self._fail(
                    f"the number of dice must be 1 to {MAX_DICE}, got {count}",
                    count_token.position,
                )
        self._dice_so_far += count
        if self._dice_so_far > MAX_DICE:
            raise self._fail(
                f"too many dice: {self._dice_so_far} in all (at most {MAX_DICE})",
                (count_token or d_token).position,
            )

        sides_token = self._peek()
        percentile = sides_token.kind == "%"
        if percentile:
            self._take()
            sides = PERCENTILE_SIDES
        elif sides_token.kind == "number":
            self._take()
            sides = self._number(sides_token)
            if not MIN_SIDES <= sides <= MAX_SIDES:
                raise self._fail(
                    f"a die must have {MIN_SIDES} to {MAX_SIDES} sides, "
                    f"got {_shown_number(sides_token)}",
                    sides_token.position,
                )
        else:
            raise self._fail(
                f"missing number of sides after {d_token.text!r}", sides_token.position
            )

        keep: KeepMode | None = None
        amount = 0
        if self._peek().kind == "keep":
            keep, amount = self._keep(count)
        return DiceTerm(
            count=count,
            sides=sides,
            negative=negative,
            keep=keep,
            amount=amount,
            percentile=percentile,
            count_written=count_token is not None,
        )

    def _keep(self, count: int) -> tuple[KeepMode, int]:
        keep_token = self._take()
        keep = _KEEP_MODES[keep_token.text.lower()]
        verb = "drop" if keep in ("dh", "dl") else "keep"
        amount_token = self._peek()
        if amount_token.kind != "number":
            raise self._fail(
                f"missing how many dice to {verb} after {keep_token.text!r}",
                amount_token.position,
            )
        self._take()
        amount = self._number(amount_token)
        shown = _shown_number(amount_token)
        if amount < 1:
            problem = f"must {verb} at least 1 die"
        elif verb == "keep" and amount > count:
            problem = f"cannot keep {shown} of {count} dice"
        elif verb == "drop" and amount >= count:
            problem = f"cannot drop {shown} of {count} dice (at least one must stay)"
        else:
            return keep, amount
        raise self._fail(problem, amount_token.position)

    @staticmethod
    def _number(token: _Token) -> int:
        """The token's value; longer digit strings count as larger than any limit."""
        if len(token.text) > _LONGEST_NUMBER:
            return 10**_LONGEST_NUMBER
        return int(token.text)


def _shown_number(token: _Token) -> str:
    if len(token.text) > _LONGEST_NUMBER:
        return token.text[:12] + "…"
    return str(int(token.text))
