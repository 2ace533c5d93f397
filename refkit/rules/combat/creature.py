"""A creature the referee runs: size, Stamina, AD, speed, reach, characteristics, attacks,
conditions and notes, each checked with a reason that names the field.

A creature is a template: the fight (:mod:`refkit.rules.combat.fight`) keeps each copy's Stamina,
AD and conditions as they change. Ref-controlled creatures die at 0 Stamina; humans and animals
the referee runs may take wounds instead (``uses_wounds``, fact sheet §15 B2).
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.errors import DomainError
from refkit.rules.character.model import CONDITIONS
from refkit.rules.checks.crows_test import CHARACTERISTIC_MAX, CHARACTERISTIC_MIN
from refkit.rules.combat.keywords import Keyword
from refkit.rules.combat.sizes import DEFAULT_REACH, normal_size
from refkit.rules.common.name_text import require_plain_name

MELEE = "melee"
RANGED = "ranged"
ATTACK_KINDS: tuple[str, ...] = (MELEE, RANGED)

ATTACK_CHARACTERISTICS: dict[str, tuple[str, ...]] = {
    "A": ("agility",),
    "S": ("strength",),
    "M": ("mind",),
    "A/S": ("agility", "strength"),
}
"""How a card names the characteristic an attack tests and adds to its damage (the tester picks
when it offers two, §1.1)."""

STAMINA_MAX = 999
AD_MAX = 99
SPEED_MAX = 99
SQUARES_MAX = 999
DAMAGE_MAX = 999
NAME_MAX = 60
NOTES_MAX = 4000
ATTACKS_MAX = 20


class CreatureProblem(DomainError, ValueError):
    """A creature's value breaks a rule; ``field`` names it (``attacks[1].range``)."""

    def __init__(self, field_name: str, reason: str) -> None:
        super().__init__(f"{field_name}: {reason}")
        self.field = field_name
        self.reason = reason


def _whole(field_name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CreatureProblem(field_name, f"must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise CreatureProblem(field_name, f"must be from {low} to {high}, got {value}")
    return value


def _name(field_name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CreatureProblem(field_name, "needs a name")
    text = " ".join(value.split())
    if len(text) > NAME_MAX:
        raise CreatureProblem(field_name, f"is {len(text)} characters; at most {NAME_MAX}")
    try:
        require_plain_name("the name", text)
    except ValueError as error:
        raise CreatureProblem(field_name, str(error)) from None
    return text


@dataclass(frozen=True)
class Attack:
    """One attack: melee (``reach`` squares) or ranged (``range`` squares), damage at tier 2 and
    tier 3 with the characteristic added (``3+S / 6+S``), piercing or not, and keywords.

    ``characteristic`` is ``A``, ``S``, ``M``, ``A/S``, or empty for damage that adds none.
    ``thrown`` marks a ranged attack of a thrown weapon (recovered, not spent); other ranged
    attacks use up ammunition when ``ammunition`` is set.
    """

    name: str
    kind: str
    squares: int
    tier2: int
    tier3: int
    characteristic: str = "S"
    piercing: bool = False
    keywords: tuple[Keyword, ...] = ()
    thrown: bool = False
    ammunition: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name("name", self.name))
        if self.kind not in ATTACK_KINDS:
            raise CreatureProblem("kind", f"must be melee or ranged, got {self.kind!r}")
        what = "reach" if self.kind == MELEE else "range"
        _whole(what, self.squares, 1, SQUARES_MAX)
        _whole("damage (tier 2)", self.tier2, 0, DAMAGE_MAX)
        _whole("damage (tier 3)", self.tier3, 0, DAMAGE_MAX)
        if self.tier3 < self.tier2:
            raise CreatureProblem(
                "damage",
                f"tier 3 ({self.tier3}) is less than tier 2 ({self.tier2}); a better hit "
                "never deals less",
            )
        if self.characteristic and self.characteristic not in ATTACK_CHARACTERISTICS:
            raise CreatureProblem(
                "characteristic",
                f"must be A, S, M, A/S or empty, got {self.characteristic!r}",
            )
        if self.thrown and self.kind != RANGED:
            raise CreatureProblem("thrown", "only a ranged attack is thrown")
        if self.thrown and self.ammunition:
            raise CreatureProblem("ammunition", "a thrown weapon is recovered, it uses none")

    @property
    def reach(self) -> int:
        return self.squares if self.kind == MELEE else 0

    @property
    def range(self) -> int:
        return self.squares if self.kind == RANGED else 0

    @property
    def damage_text(self) -> str:
        """``3+S / 6+S P`` as a card prints it."""
        mark = f"+{self.characteristic}" if self.characteristic else ""
        suffix = " P" if self.piercing else ""
        return f"{self.tier2}{mark} / {self.tier3}{mark}{suffix}"

    @property
    def range_text(self) -> str:
        if self.kind == MELEE:
            return f"melee {self.squares}"
        return f"{'thrown' if self.thrown else 'ranged'} {self.squares}"

    def tested_characteristics(self) -> tuple[str, ...]:
        """The characteristics the attacker may test (none for flat damage)."""
        return ATTACK_CHARACTERISTICS.get(self.characteristic, ())


@dataclass(frozen=True)
class Creature:
    """A bestiary entry. ``reach`` defaults to the size's (Large 2, Huge 2, Holy Shit! 3)."""

    name: str
    size: str
    stamina: int
    ad: int = 0
    speed: int = 5
    reach: int | None = None
    agility: int = 0
    mind: int = 0
    strength: int = 0
    attacks: tuple[Attack, ...] = ()
    conditions: tuple[str, ...] = ()
    notes: str = ""
    uses_wounds: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name("name", self.name))
        try:
            object.__setattr__(self, "size", normal_size(self.size))
        except (ValueError, AttributeError):
            raise CreatureProblem(
                "size",
                f"must be one of tiny, small, medium, large, huge, holy shit!; got {self.size!r}",
            ) from None
        _whole("stamina", self.stamina, 1, STAMINA_MAX)
        _whole("ad", self.ad, 0, AD_MAX)
        _whole("speed", self.speed, 0, SPEED_MAX)
        if self.reach is None:
            object.__setattr__(self, "reach", DEFAULT_REACH[self.size])
        _whole("reach", self.reach, 1, SQUARES_MAX)
        for name in ("agility", "mind", "strength"):
            _whole(name, getattr(self, name), CHARACTERISTIC_MIN, CHARACTERISTIC_MAX)
        if not self.attacks:
            raise CreatureProblem("attacks", "a creature needs at least one attack")
        if len(self.attacks) > ATTACKS_MAX:
            raise CreatureProblem("attacks", f"{len(self.attacks)} attacks; at most {ATTACKS_MAX}")
        seen: set[str] = set()
        for index, attack in enumerate(self.attacks):
            if not isinstance(attack, Attack):
                raise CreatureProblem(f"attacks[{index}]", f"is not an attack: {attack!r}")
            if attack.name.lower() in seen:
                raise CreatureProblem(f"attacks[{index}].name", f"{attack.name!r} twice")
            seen.add(attack.name.lower())
        conditions = tuple(dict.fromkeys(self.conditions))  # never two of one (L361)
        for condition in conditions:
            if condition not in CONDITIONS:
                raise CreatureProblem(
                    "conditions", f"{condition!r} is not one of {', '.join(CONDITIONS)}"
                )
        object.__setattr__(self, "conditions", conditions)
        if not isinstance(self.notes, str) or len(self.notes) > NOTES_MAX:
            raise CreatureProblem("notes", f"must be text of at most {NOTES_MAX} characters")

    def characteristic(self, name: str) -> int:
        """The value of ``agility``, ``mind`` or ``strength``."""
        if name not in ("agility", "mind", "strength"):
            raise ValueError(f"a characteristic is agility, mind or strength, not {name!r}")
        value: int = getattr(self, name)
        return value

    def attack(self, name: str) -> Attack:
        """The attack called ``name`` (any case); ValueError naming the ones it has."""
        for attack in self.attacks:
            if attack.name.lower() == " ".join(name.split()).lower():
                return attack
        have = ", ".join(attack.name for attack in self.attacks)
        raise ValueError(f"{self.name} has no attack called {name!r}; it has {have}")
