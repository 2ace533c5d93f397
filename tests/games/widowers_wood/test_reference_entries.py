"""Every topic of the Widower's Wood inventory (rules/widowers_krynn.md §A4) has a reference
entry, and the keyword list says it stops at C."""

from __future__ import annotations

from refkit.games.reference import load_reference

INVENTORY = {
    "ww.lore.immoren": "wild-lands-of-immoren",
    "ww.lore.wood": "wood-of-widows",
    "ww.components": "components",
    "ww.components.counts": "component-counts",
    "ww.setup": "preparation",
    "ww.board.distance": "spaces-and-distance",
    "ww.terrain": "terrain",
    "ww.cards.herosheet": "hero-sheet",
    "ww.cards.villainstat": "villain-stat-card",
    "ww.stats": "stats",
    "ww.abilities": "abilities-and-second-wind",
    "ww.sizes": "base-sizes",
    "ww.dice.rolls": "rolls-and-modifiers",
    "ww.dice.boost": "boost",
    "ww.dice.additional": "additional-and-discarded-dice",
    "ww.dice.reroll": "rerolls",
    "ww.dice.hazard": "hazard-rolls",
    "ww.dice.colors": "dice-colours",
    "ww.round": "round-structure",
    "ww.event": "event-cards",
    "ww.event.parts": "event-card-parts",
    "ww.turn": "player-turns",
    "ww.spawn": "spawning",
    "ww.rules.priority": "rules-priority",
    "ww.generate_vs_place": "generate-or-place",
    "ww.villain.vitality": "villain-vitality",
    "ww.space_capacity": "space-capacity",
    "ww.multihero": "several-heroes-one-sheet",
    "ww.activation": "activation-and-movement",
    "ww.rough": "rough-terrain",
    "ww.friends": "friends-and-enemies",
    "ww.freestrike": "free-strikes",
    "ww.actions": "basic-actions",
    "ww.attack": "attack-action",
    "ww.weaponstats": "weapon-stats",
    "ww.knockdown": "knockdown",
    "ww.health": "health-and-incapacitation",
    "ww.tohit": "roll-to-hit",
    "ww.continuous": "continuous-effects",
    "ww.damage": "damage-roll",
    "ww.xp": "gaining-xp",
    "ww.stacking": "cumulative-effects",
    "ww.feats": "feat-cards",
    "ww.revive": "revive",
    "ww.challenge": "stat-challenge",
    "ww.featdraw": "drawing-feat-cards",
    "ww.villainphase": "villain-phase",
    "ww.tactics": "villain-tactics",
    "ww.vac.parts": "villain-action-card",
    "ww.tactics.examples": "tactic-examples",
    "ww.icons": "tactical-icons",
    "ww.significant": "significant-characters",
    "ww.hostile": "hostile-villains",
    "ww.priority": "activation-priority",
    "ww.winlose": "winning-and-losing",
    "ww.examples.villain": "villain-activation-examples",
}
KEYWORDS = (
    "active-player",
    "aiming",
    "ally",
    "amphibious",
    "aura",
    "battle-ready",
    "beast-master",
    "bite",
    "boosting",
    "boss",
    "camouflage",
)


def test_every_inventory_topic_and_keyword_has_an_entry() -> None:
    ids = {entry.id for entry in load_reference() if entry.game == "widowers-wood"}
    wanted = set(INVENTORY.values()) | {f"keyword-{word}" for word in KEYWORDS}
    assert sorted(wanted - ids) == []


def test_the_keyword_list_is_flagged_incomplete() -> None:
    library = load_reference()
    (first,) = [e for e in library if e.game == "widowers-wood" and e.id == "keyword-active-player"]
    assert "stops after C" in first.body
