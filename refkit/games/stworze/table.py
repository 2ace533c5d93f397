"""The Stworze table tracker: the players (see :mod:`.players`), whose round it is, the Event row
with its countdown dice and the Action pairs under them, and the four Villages with the face-down
tokens the players put there and the Here I Am bets. Pure and immutable: each change returns a new
tracker with ``said`` telling what happened, or raises :class:`StworzeTableError`, nothing
changed. Tokens reach a Village only through a player's move or test entry, so the phase 5 tally
counts what was played rather than what was typed."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from refkit.games.stworze.countdown import (
    EVENT_SLOTS,
    KNOWN_EVENTS,
    ActionPair,
    EventRow,
    countdown_start,
    village_limit,
)
from refkit.games.stworze.players import (
    Player,
    StworzeTableError,
    clean_name,
    count,
)
from refkit.games.stworze.resolver import Influence
from refkit.games.stworze.tally import AREAS, VILLAGES, Village, tally_village

ACTIONS = (
    "Here I Am",
    "Duel",
    "Lost Children/Hunter",
    "Warrior/Mage",
    "Quest",
    "Influence",
    "Track",
)
"""The carded Actions (Rest needs no card and is always open)."""
DEFAULT_PAIRS = (
    ("Here I Am", "Track"),
    ("Duel", "Influence"),
    ("Lost Children/Hunter", "Track"),
    ("Warrior/Mage", "Influence"),
    ("Quest", "Influence"),
)
"""The rulebook's example row, left to right (positions 5 to 1), its Quest pair hiding Influence;
the other hidden cards are a guess: set the pairs as they were dealt."""
DEFAULT_EVENTS = (*KNOWN_EVENTS, "Event 5")
TABLE_PLAYERS = 4
"""The player count the dice and the Village limit follow while fewer than 1 player is seated."""


def village_of(name: str) -> str:
    """The Village a Location's tokens go to: a Village itself, or the Village of the Area whose
    Surroundings is named (tokens never lie in a Surroundings)."""
    wanted = " ".join(name.split()).casefold()
    for village, surroundings in AREAS:
        if wanted in (village.casefold(), surroundings.casefold()):
            return village
    places = ", ".join(f"{v} / {s}" for v, s in AREAS)
    raise StworzeTableError(f"no Location called {name!r} (the Areas: {places})")


def _empty_villages() -> tuple[Village, ...]:
    return tuple(Village(name) for name in VILLAGES)


@dataclass(frozen=True)
class StworzeTable:
    players: tuple[Player, ...] = ()
    active: str | None = None
    events: tuple[str, ...] = DEFAULT_EVENTS
    dice: tuple[int, ...] = (5,) * EVENT_SLOTS
    pairs: tuple[tuple[str, str], ...] = DEFAULT_PAIRS
    villages: tuple[Village, ...] = ()
    round: int = 0
    said: str = ""

    def __post_init__(self) -> None:
        if not self.villages:
            object.__setattr__(self, "villages", _empty_villages())
        if len(self.events) != EVENT_SLOTS or len(self.pairs) != EVENT_SLOTS:
            raise StworzeTableError(f"the Event row holds {EVENT_SLOTS} Events and pairs")
        if len(self.dice) != EVENT_SLOTS:
            raise StworzeTableError(f"the Event row has {EVENT_SLOTS} dice")
        for value in self.dice:
            count(value, "a countdown die", 0, 6)

    # --- reading ---------------------------------------------------------------------------

    @property
    def seated(self) -> int:
        return len(self.players) if 1 <= len(self.players) <= 5 else TABLE_PLAYERS

    @property
    def start(self) -> int:
        return countdown_start(self.seated)

    @property
    def limit(self) -> int:
        return village_limit(self.seated)

    def player(self, name: str) -> Player:
        wanted = " ".join(name.split()).casefold()
        for player in self.players:
            if player.name.casefold() == wanted:
                return player
        names = ", ".join(p.name for p in self.players) or "none yet"
        raise StworzeTableError(f"no player called {name!r} at the table (players: {names})")

    def village(self, name: str) -> Village:
        wanted = village_of(name)
        return next(v for v in self.villages if v.name == wanted)

    @property
    def winner(self) -> str | None:
        """Who has finished every Mission; when several have, the active player, else the first
        to the active player's left."""
        done = [p.name for p in self.players if p.finished]
        if not done:
            return None
        names = [p.name for p in self.players]
        first = names.index(self.active) if self.active in names else 0
        for offset in range(len(names)):
            name = names[(first + offset) % len(names)]
            if name in done:
                return name
        return done[0]

    def row(self) -> EventRow:
        row = EventRow(list(self.events), self.start, [ActionPair(*p) for p in self.pairs])
        row.dice = list(self.dice)
        return row

    # --- changing players -------------------------------------------------------------------

    def with_player(self, player: Player, said: str = "") -> StworzeTable:
        old = self.player(player.name)
        players = tuple(player if p is old else p for p in self.players)
        return replace(self, players=players, said=said)

    def added(self, player: Player) -> StworzeTable:
        if any(p.name.casefold() == player.name.casefold() for p in self.players):
            raise StworzeTableError(f"{player.name} is already at the table")
        if len(self.players) == 5:
            raise StworzeTableError("Stworze is for 1 to 5 players: the table is full")
        table = replace(self, players=(*self.players, player), said=f"{player.name} joins")
        return table._dice_follow_players()

    def _dice_follow_players(self) -> StworzeTable:
        """Before the first round, the dice follow the number of players seated."""
        if self.round:
            return self
        return replace(self, dice=(self.start,) * EVENT_SLOTS)

    def removed(self, name: str) -> StworzeTable:
        gone = self.player(name)
        players = tuple(p for p in self.players if p is not gone)
        active = None if self.active == gone.name else self.active
        table = replace(self, players=players, active=active, said=f"{gone.name} leaves")
        return table._dice_follow_players()

    def changed(self, name: str, **values: Any) -> StworzeTable:
        """Set a player's values as they are on the table (a card's effect, a correction)."""
        player = self.player(name)
        data = player.to_dict()
        unknown = sorted(set(values) - (set(data) - {"name", "locked", "in_lair"}))
        if unknown or "name" in values:
            raise StworzeTableError(f"a player has no value {(unknown or ['name'])[0]!r} to set")
        data.update(values)
        return self.with_player(Player.from_dict(data), f"{player.name}'s values set")

    def vitality_lost(self, name: str, amount: int) -> StworzeTable:
        player, said = self.player(name).losing_vitality(amount)
        return self.with_player(player, said)

    def vitality_gained(self, name: str, amount: int) -> StworzeTable:
        player = self.player(name)
        count(amount, "Vitality gained")
        gained = min(amount, player.vitality_max - player.vitality)
        player = replace(player, vitality=player.vitality + gained)
        return self.with_player(player, f"{player.name} regains {gained} Vitality")

    def influence_lost(self, name: str, amount: int, side: Influence | None) -> StworzeTable:
        player, said = self.player(name).losing_influence(amount, side)
        return self.with_player(player, said)

    def drawn(self, name: str, fear: int, favor: int) -> StworzeTable:
        """Tokens from the Pool (the Influence Action, a card); the Bar's overflow goes back."""
        count(fear, "Fear tokens drawn")
        count(favor, "Favor tokens drawn")
        player, back = self.player(name).drawing(fear, favor)
        said = f"{player.name} takes {fear} Fear and {favor} Favor"
        if back:
            said += f"; the Influence Bar is full, {back} go back to the Pool"
        return self.with_player(player, said)

    def spent(self, name: str, side: Influence, place: str | None) -> StworzeTable:
        """A token played: onto the Village of ``place`` face down (a move or a test's entry),
        or to the Pool (``place`` None: a test modifier)."""
        player = self.player(name).with_influence(side, -1)
        table = self.with_player(player)
        if place is None:
            return replace(table, said=f"{player.name} discards a {side.label} token to the Pool")
        village = self.village(place)
        more = replace(
            village,
            fear=village.fear + (side is Influence.FEAR),
            favor=village.favor + (side is Influence.FAVOR),
        )
        return replace(
            table,
            villages=tuple(more if v is village else v for v in self.villages),
            said=f"{player.name} puts a token face down in {village.name}",
        )

    def completed(self, name: str, how: str = "") -> StworzeTable:
        player = self.player(name).completing()
        said = f"{player.name} completes Mission {player.completed} of {player.missions}"
        table = self.with_player(player, said + (f" ({how})" if how else ""))
        if table.winner is not None:
            table = replace(table, said=table.said + f"; {table.winner} is Guardian of the Realm")
        return table

    def duel_won(self, winner: str, loser: str) -> StworzeTable:
        """The Duel's winner takes one Stworze token from the loser (never the loser's last);
        a token of someone other than the winner first."""
        won, lost = self.player(winner), self.player(loser)
        if won is lost:
            raise StworzeTableError(f"{won.name} cannot duel themself")
        if len(lost.tokens) <= 1:
            return self.with_player(
                won, f"{lost.name} has one Stworze token left: {won.name} cannot take it"
            )
        others = [i for i, owner in enumerate(lost.tokens) if owner != won.name]
        index = others[0] if others else 0
        owner = lost.tokens[index]
        lost = replace(lost, tokens=lost.tokens[:index] + lost.tokens[index + 1 :])
        won = replace(won, tokens=(*won.tokens, owner))
        table = self.with_player(lost).with_player(won)
        return replace(table, said=f"{won.name} takes {owner}'s Stworze token from {lost.name}")

    # --- the round ---------------------------------------------------------------------------

    def next_round(self) -> StworzeTable:
        """The round ends: whoever holds 3 tokens of other Stworze completes a Mission and
        gives them back; the next player (to the left) is active and may complete one again."""
        if not self.players:
            raise StworzeTableError("no player is seated yet")
        table, notes = self, []
        for player in self.players:
            current = table.player(player.name)
            if current.foreign_tokens >= 3:
                if not current.completed_this_round and not current.finished:
                    table = table.completed(current.name, "3 Stworze tokens")
                    notes.append(table.said)
                table = table._tokens_home(current.name)
        players = tuple(replace(p, completed_this_round=False) for p in table.players)
        names = [p.name for p in players]
        at = names.index(self.active) + 1 if self.active in names else 0
        active = names[at % len(names)]
        notes.append(f"{active}'s round")
        return replace(
            table, players=players, active=active, round=self.round + 1, said="; ".join(notes)
        )

    def _tokens_home(self, name: str) -> StworzeTable:
        holder = self.player(name)
        table = self.with_player(
            replace(holder, tokens=tuple(t for t in holder.tokens if t == name))
        )
        for owner in holder.tokens:
            if owner == name:
                continue
            names = {p.name for p in table.players}
            if owner in names:
                back = table.player(owner)
                table = table.with_player(replace(back, tokens=(*back.tokens, owner)))
        return table

    def _active(self) -> Player:
        if self.active is None:
            raise StworzeTableError("no player's round has begun: start the next round first")
        return self.player(self.active)

    def chosen(self, position: int) -> StworzeTable:
        """Phase 2: the active player takes the top Action of the pair at ``position`` (1 =
        rightmost): the die above it counts down, the pair moves to the right end turned over;
        positions its Vitality locks cannot be chosen."""
        player = self._active()
        row = self.row()
        event = self.events[EVENT_SLOTS - position] if 1 <= position <= EVENT_SLOTS else ""
        try:
            action = row.choose(position, player.locked)
        except ValueError as problem:
            raise StworzeTableError(str(problem)) from None
        assert row.pairs is not None
        fires = " fires in phase 4" if row.dice[EVENT_SLOTS - position] == 0 else ""
        return replace(
            self,
            dice=tuple(row.dice),
            pairs=tuple((p.top, p.bottom) for p in row.pairs),
            said=f"{player.name} chooses {action}; {event} counts down{fires}",
        )

    def events_resolved(self) -> StworzeTable:
        """Phase 4: the Events whose die is off take effect, left to right; dice back on."""
        row = self.row()
        fired = row.resolve()
        said = f"resolve: {', '.join(fired)}" if fired else "no Event fires"
        return replace(self, dice=tuple(row.dice), said=said)

    def set_up(
        self,
        events: tuple[str, ...] | None = None,
        pairs: tuple[tuple[str, str], ...] | None = None,
    ) -> StworzeTable:
        """The Event row as dealt: five Events, five pairs (top, bottom), every die at the start."""
        events = tuple(clean_name(e, "an Event's name") for e in (events or self.events))
        pairs = pairs or self.pairs
        for top, bottom in pairs:
            for action in (top, bottom):
                if action not in ACTIONS:
                    raise StworzeTableError(
                        f"no Action card called {action!r} (the cards: {', '.join(ACTIONS)})"
                    )
        table = replace(self, events=events, pairs=tuple(pairs), dice=(self.start,) * EVENT_SLOTS)
        return replace(table, said=f"the Event row is set up, dice at {self.start}")

    def die_set(self, slot: int, value: int) -> StworzeTable:
        count(slot, "an Event slot", 1, EVENT_SLOTS)
        count(value, "a countdown die", 0, 6)
        dice = list(self.dice)
        dice[slot - 1] = value
        return replace(self, dice=tuple(dice), said=f"{self.events[slot - 1]}'s die at {value}")

    def event_renamed(self, slot: int, name: str) -> StworzeTable:
        """The Event card at ``slot`` (1 = leftmost) is another one; its die stays as it is."""
        count(slot, "an Event slot", 1, EVENT_SLOTS)
        new = clean_name(name, "an Event's name")
        events = list(self.events)
        old, events[slot - 1] = events[slot - 1], new
        return replace(self, events=tuple(events), said=f"{old} is now {new}")

    # --- Villages -----------------------------------------------------------------------------

    def bet(self, name: str, side: Influence, place: str) -> StworzeTable:
        """Here I Am: a bet token on ``side`` in a Village (one per side, different players)."""
        player = self.player(name)
        village = self.village(place)
        key = "fear_bet" if side is Influence.FEAR else "favor_bet"
        if getattr(village, key) is not None:
            raise StworzeTableError(
                f"{village.name} already holds {getattr(village, key)}'s {side.label} bet"
            )
        try:
            if side is Influence.FEAR:
                betted = replace(village, fear_bet=player.name)
            else:
                betted = replace(village, favor_bet=player.name)
        except ValueError as problem:
            raise StworzeTableError(str(problem)) from None
        villages = tuple(betted if v is village else v for v in self.villages)
        said = f"{player.name} bets on {side.label} in {village.name}"
        return replace(self, villages=villages, said=said)

    def tallied(self) -> StworzeTable:
        """Phase 5: every Village at the limit is revealed; the majority sets its Impact token
        (a tie changes nothing); the tokens go to the Pool; the bets there are settled."""
        table, notes, villages = self, [], []
        for village in self.villages:
            tally = tally_village(village, self.limit)
            if not tally.counted:
                villages.append(village)
                continue
            villages.append(tally.after)
            result = tally.winner.label + " wins" if tally.winner else "a tie"
            notes.append(f"{village.name}: {village.fear} Fear, {village.favor} Favor, {result}")
            for bet in tally.bets:
                if bet.bettor not in {p.name for p in table.players}:
                    continue
                if bet.right:
                    if table.player(bet.bettor).completed_this_round:
                        notes.append(f"{bet.bettor}'s bet is right (a Mission is done already)")
                    else:
                        table = table.completed(bet.bettor, "Here I Am")
                        notes.append(table.said)
                elif bet.side is Influence.FEAR:
                    table = table.vitality_lost(bet.bettor, 1)
                    notes.append(f"{bet.bettor}'s Fear bet is wrong: {table.said}")
                else:
                    table = table.influence_lost(bet.bettor, 1, Influence.FAVOR)
                    notes.append(f"{bet.bettor}'s Favor bet is wrong: {table.said}")
        said = "; ".join(notes) or f"no Village holds {self.limit} tokens"
        return replace(table, villages=tuple(villages), said=said)

    # --- stored form ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "active": self.active,
            "round": self.round,
            "events": [
                {"event": e, "die": d, "top": p[0], "bottom": p[1], "position": EVENT_SLOTS - i}
                for i, (e, d, p) in enumerate(zip(self.events, self.dice, self.pairs, strict=True))
            ],
            "villages": [
                {
                    "village": v.name,
                    "fear": v.fear,
                    "favor": v.favor,
                    "impact": v.impact.value if v.impact else None,
                    "fear_bet": v.fear_bet,
                    "favor_bet": v.favor_bet,
                }
                for v in self.villages
            ],
            "start": self.start,
            "limit": self.limit,
            "winner": self.winner,
            "said": self.said,
        }

    @classmethod
    def from_dict(cls, data: object) -> StworzeTable:
        if not isinstance(data, dict):
            raise StworzeTableError("the stored Stworze tracker is not a JSON object")
        try:
            events = data.get("events") or [
                {"event": e, "die": 5, "top": t, "bottom": b}
                for e, (t, b) in zip(DEFAULT_EVENTS, DEFAULT_PAIRS, strict=True)
            ]
            villages = tuple(
                Village(
                    v["village"],
                    v["fear"],
                    v["favor"],
                    Influence(v["impact"]) if v.get("impact") else None,
                    v.get("fear_bet"),
                    v.get("favor_bet"),
                )
                for v in data.get("villages", [])
            )
            table = cls(
                tuple(Player.from_dict(p) for p in data.get("players", [])),
                data.get("active"),
                tuple(e["event"] for e in events),
                tuple(e["die"] for e in events),
                tuple((e["top"], e["bottom"]) for e in events),
                villages,
                count(data.get("round", 0), "the round", 0, 100_000),
                str(data.get("said", "")),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise StworzeTableError(f"the stored Stworze tracker is damaged ({error})") from None
        except StworzeTableError:
            raise
        except ValueError as error:
            raise StworzeTableError(f"the stored Stworze tracker is damaged ({error})") from None
        if table.active is not None:
            table.player(table.active)
        return table
