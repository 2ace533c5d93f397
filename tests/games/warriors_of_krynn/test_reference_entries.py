"""Every topic and glossary term of the Warriors of Krynn inventory (rules/widowers_krynn.md §B4)
has a reference entry, and the battle dice entry says the faces are unverified."""

from __future__ import annotations

from refkit.games.reference import load_reference

TOPICS = {
    "wok.phase.event": "event-phase",
    "wok.phase.action": "action-phase",
    "wok.action.classpower": "class-power",
    "wok.action.conflict": "conflict",
    "wok.action.encounter": "encounter",
    "wok.action.move": "move-hero",
    "wok.action.fire": "put-out-a-fire",
    "wok.action.transfer": "transfer-equipment",
    "wok.phase.respite": "respite-phase",
    "wok.phase.battle": "battle-phase",
    "wok.end": "scenario-end",
    "wok.aftermath": "aftermath",
    "wok.setup": "setup",
}
GLOSSARY = {
    "Key moment / tracker": "key-moments",
    "Vile champion": "vile-champions",
    "Mastered ability": "mastered-ability",
    "Ability card": "ability-cards",
    "Difficulty": "difficulty",
    "Overkill": "overkill",
    "Woe": "woe",
    "Stress": "stress",
    "Ready / shaken": "ready-and-shaken",
    "Flank / active flank": "flanks",
    "Lines": "lines",
    "Combat strength": "combat-strength",
    "Tactic tokens": "tactic-tokens",
    "Barricade": "barricades",
    "Controlled tile": "controlled-tiles",
    "Stop token / tile": "stop-tokens",
    "Skirmish / All-out battle": "battle-modes",
}


def _entries() -> dict:
    return {e.id: e for e in load_reference() if e.game == "warriors-of-krynn"}


def test_every_topic_and_term_has_an_entry() -> None:
    wanted = set(TOPICS.values()) | set(GLOSSARY.values()) | {"battle-dice", "skirmish-die"}
    assert sorted(wanted - set(_entries())) == []


def test_the_battle_dice_entry_says_the_faces_are_unverified() -> None:
    assert "unverified" in _entries()["battle-dice"].body
    assert "external" in _entries()["setup"].tags
