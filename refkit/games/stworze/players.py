"""A Stworze player at the table: Vitality on its bar (and the icons its losses uncover), Fear and
Favor Influence tokens, Stworze tokens, and the Mission deck's progress. Pure and immutable."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from refkit.errors import DomainError
from refkit.games.stworze.resolver import Influence

NAME_LIMIT = 40
MAX_COUNT = 50
STWORZE_TOKENS = 4
"""Each Stworze starts with its four tokens (the box holds 4 for each of the 10 characters)."""
MISSIONS = 8
"""A normal game's Missions (6 in a first game; the optional rules change it)."""
LOCKS = ("lock1", "lock2", "lock3")


class StworzeTableError(DomainError, ValueError):
    """A change the Stworze tracker refuses; its message says what and why."""


def count(value: object, what: str, low: int = 0, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StworzeTableError(f"{what} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise StworzeTableError(f"{what} must be {low} to {high}, got {value}")
    return value


def clean_name(name: object, what: str = "a player's name") -> str:
    text = " ".join(str(name).split())
    if not text or len(text) > NAME_LIMIT:
        raise StworzeTableError(f"{what} is 1 to {NAME_LIMIT} characters")
    return text


@dataclass(frozen=True)
class Player:
    """``lair`` and ``lock1``–``lock3``: the Vitality at or under which that icon of the
    character's bar is uncovered (None: not on this bar). ``influence_bar``: how many tokens the
    Influence Bar holds (None: not entered). ``tokens``: whose Stworze tokens the player holds."""

    name: str
    vitality_max: int
    vitality: int
    fear: int = 0
    favor: int = 0
    influence_bar: int | None = None
    lair: int | None = None
    lock1: int | None = None
    lock2: int | None = None
    lock3: int | None = None
    tokens: tuple[str, ...] = ()
    missions: int = MISSIONS
    completed: int = 0
    completed_this_round: bool = False

    def __post_init__(self) -> None:
        name = clean_name(self.name)
        object.__setattr__(self, "name", name)
        count(self.vitality_max, f"{name}'s Vitality bar", 1)
        count(self.vitality, f"{name}'s Vitality", 0, self.vitality_max)
        count(self.fear, f"{name}'s Fear tokens")
        count(self.favor, f"{name}'s Favor tokens")
        if self.influence_bar is not None:
            count(self.influence_bar, f"{name}'s Influence Bar", 1)
            if self.fear + self.favor > self.influence_bar:
                raise StworzeTableError(
                    f"{name}'s Influence Bar holds {self.influence_bar} tokens, "
                    f"not {self.fear + self.favor}"
                )
        for icon in ("lair", *LOCKS):
            value = getattr(self, icon)
            if value is not None:
                count(value, f"{name}'s {icon} icon", 0, self.vitality_max)
        count(self.missions, f"{name}'s Missions", 1, 16)
        count(self.completed, f"{name}'s completed Missions", 0, self.missions)
        object.__setattr__(self, "tokens", tuple(clean_name(t) for t in self.tokens))

    @classmethod
    def new(cls, name: str, vitality: int, **values: Any) -> Player:
        """A player at the start: full Vitality and its own four Stworze tokens."""
        name = clean_name(name)
        return cls(name, vitality, vitality, tokens=(name,) * STWORZE_TOKENS, **values)

    # --- reading ---------------------------------------------------------------------------

    @property
    def influence(self) -> int:
        return self.fear + self.favor

    @property
    def locked(self) -> int:
        """How many Action positions from the right the uncovered icons shut (0 to 3)."""
        shut = [n for n, icon in enumerate(LOCKS, 1) if _uncovered(getattr(self, icon), self)]
        return max(shut, default=0)

    @property
    def in_lair(self) -> bool:
        """The Lair icon is uncovered: the Stworze goes to its Lair at once."""
        return _uncovered(self.lair, self)

    @property
    def foreign_tokens(self) -> int:
        return sum(1 for owner in self.tokens if owner != self.name)

    @property
    def finished(self) -> bool:
        return self.completed == self.missions

    def held(self, side: Influence) -> int:
        return self.fear if side is Influence.FEAR else self.favor

    # --- changes ---------------------------------------------------------------------------

    def with_influence(self, side: Influence, change: int) -> Player:
        key = "fear" if side is Influence.FEAR else "favor"
        value = getattr(self, key) + change
        if value < 0:
            raise StworzeTableError(
                f"{self.name} holds {getattr(self, key)} {side.label} token"
                f"{'' if getattr(self, key) == 1 else 's'}, so cannot give {-change}"
            )
        return replace(self, **{key: value})

    def drawing(self, fear: int, favor: int) -> tuple[Player, int]:
        """Tokens taken from the Pool; what the Influence Bar cannot hold goes back (the
        returned count)."""
        room = None if self.influence_bar is None else self.influence_bar - self.influence
        back = 0
        if room is not None and fear + favor > room:
            back = fear + favor - room
            fear_back = min(back, fear)
            fear, favor = fear - fear_back, favor - (back - fear_back)
        return replace(self, fear=self.fear + fear, favor=self.favor + favor), back

    def losing_vitality(self, amount: int) -> tuple[Player, str]:
        """Vitality lost; what is missing is paid in Influence tokens, 1 for 1 (the more
        numerous kind first). With nothing left, nothing happens."""
        count(amount, "Vitality lost")
        paid = min(amount, self.vitality)
        player = replace(self, vitality=self.vitality - paid)
        said = f"{self.name} loses {paid} Vitality"
        short = amount - paid
        if short:
            player, tokens = player._paying_influence(short, None)
            said += f" and, short of Vitality, {tokens}" if tokens else " (nothing more to lose)"
        if player.in_lair and not self.in_lair:
            said += f"; the Lair icon is uncovered: {self.name} goes to the Lair"
        return player, said

    def losing_influence(self, amount: int, side: Influence | None) -> tuple[Player, str]:
        """Influence tokens lost (``side`` first when given); what is missing is paid in
        Vitality, 1 for 1."""
        count(amount, "Influence lost")
        player, tokens = self._paying_influence(amount, side)
        said = f"{self.name} {tokens}" if tokens else f"{self.name} has no Influence token"
        short = amount - (self.influence - player.influence)
        if short:
            player, vitality = player.losing_vitality(min(short, player.vitality))
            said += "; short of Influence: " + vitality.removeprefix(f"{self.name} ")
        return player, said

    def _paying_influence(self, amount: int, side: Influence | None) -> tuple[Player, str]:
        first = side or (Influence.FEAR if self.fear >= self.favor else Influence.FAVOR)
        other = Influence.FAVOR if first is Influence.FEAR else Influence.FEAR
        player, parts = self, []
        for kind in (first, other):
            take = min(amount, player.held(kind))
            if take:
                player = player.with_influence(kind, -take)
                parts.append(f"{take} {kind.label}")
                amount -= take
        return player, ("discards " + " and ".join(parts) + " token(s)") if parts else ""

    def completing(self) -> Player:
        if self.finished:
            raise StworzeTableError(f"{self.name} has completed every Mission")
        if self.completed_this_round:
            raise StworzeTableError(f"{self.name} has already completed a Mission this round")
        return replace(self, completed=self.completed + 1, completed_this_round=True)

    # --- stored form ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {key: getattr(self, key) for key in _FIELDS}
        data["tokens"] = list(self.tokens)
        data.update(locked=self.locked, in_lair=self.in_lair)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        values = {key: data[key] for key in _FIELDS if key in data}
        values["tokens"] = tuple(values.get("tokens", ()))
        return cls(**values)


_FIELDS = (
    "name",
    "vitality_max",
    "vitality",
    "fear",
    "favor",
    "influence_bar",
    "lair",
    *LOCKS,
    "tokens",
    "missions",
    "completed",
    "completed_this_round",
)


def _uncovered(at: int | None, player: Player) -> bool:
    return at is not None and player.vitality <= at
