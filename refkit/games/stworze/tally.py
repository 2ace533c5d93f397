"""The village tally of phase 5: which side wins a full Village, its Impact token, and the bets.

A Village holding at least the limit of face-down Influence tokens reveals them: the side with
more sets the Area's Impact token; a tie changes nothing. Every counted token goes back to the
Pool. Here I Am bets on that Village are settled: a right bet completes the bettor's Mission,
a wrong one (a tie is wrong) costs 1 Vitality for a Fear bet or 1 Influence token for a Favor bet.
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.games.stworze.resolver import Influence

AREAS = (
    ("Ravenswood", "Dead Marshes"),
    ("The Outskirts", "The Wildwoods"),
    ("The Wharf", "Lake Raduń"),
    ("The Burgh", "Silent Hills"),
)
"""The four Areas: each Village with its Surroundings."""
VILLAGES = tuple(village for village, _ in AREAS)


@dataclass(frozen=True)
class Village:
    """A Village before the tally: its face-down tokens, its Area's Impact token (if any) and
    who holds a Fear bet and a Favor bet there."""

    name: str
    fear: int = 0
    favor: int = 0
    impact: Influence | None = None
    fear_bet: str | None = None
    favor_bet: str | None = None

    def __post_init__(self) -> None:
        for side, count in (("Fear", self.fear), ("Favor", self.favor)):
            if count < 0:
                raise ValueError(f"{self.name} cannot hold {count} {side} tokens")
        if self.fear_bet is not None and self.fear_bet == self.favor_bet:
            raise ValueError(
                f"{self.name}: the Fear bet and the Favor bet must be different players' "
                f"({self.fear_bet} holds both)"
            )

    @property
    def tokens(self) -> int:
        return self.fear + self.favor


@dataclass(frozen=True)
class Bet:
    """A settled bet: who made it, on which side, whether it was right, and what a wrong one
    costs."""

    bettor: str
    side: Influence
    right: bool

    @property
    def cost(self) -> str | None:
        if self.right:
            return None
        return "1 Vitality token" if self.side is Influence.FEAR else "1 Influence token"


@dataclass(frozen=True)
class Tally:
    """What phase 5 did to one Village. ``counted`` is False when it held too few tokens (then
    nothing changes); ``winner`` is None on a tie."""

    village: str
    counted: bool
    winner: Influence | None
    impact: Influence | None
    bets: tuple[Bet, ...]
    to_pool: int

    @property
    def after(self) -> Village:
        """The Village once the tally is done."""
        if not self.counted:
            raise ValueError(f"{self.village} was not counted")
        return Village(self.village, impact=self.impact)


def tally_village(village: Village, limit: int) -> Tally:
    """Phase 5 for one Village at the players' ``limit`` (see ``village_limit``)."""
    if limit < 1:
        raise ValueError(f"a Village limit is 1 or more, got {limit}")
    if village.tokens < limit:
        return Tally(village.name, False, None, village.impact, (), 0)
    winner: Influence | None = None
    if village.fear != village.favor:
        winner = Influence.FEAR if village.fear > village.favor else Influence.FAVOR
    impact = winner if winner is not None else village.impact
    placed = ((Influence.FEAR, village.fear_bet), (Influence.FAVOR, village.favor_bet))
    bets = tuple(
        Bet(bettor, side, right=winner is side) for side, bettor in placed if bettor is not None
    )
    return Tally(village.name, True, winner, impact, bets, village.tokens)
