"""The party in the dungeon, under the names the front ends and tests import.

The code lives in :mod:`refkit.app.party`, one concern per module: the party at the table, its
crows' conditions, wound prompts, End DT's magic overload and a finished rest's benefits.
"""

from __future__ import annotations

from refkit.app.party.bridge import PartyBridge, dungeon_service_with_party
from refkit.app.party.commands import SetTableParty
from refkit.app.party.conditions import PartyConditions
from refkit.app.party.crow_changes import CrowChanges
from refkit.app.party.overload import OverloadWound, OverloadWounds
from refkit.app.party.rest import CrowRest, PartyRest
from refkit.app.party.table_party import PARTY_KEY, PartyChoice
from refkit.app.party.wound_prompts import (
    PromptedEdit,
    PromptListener,
    WoundPrompt,
    WoundPrompts,
    answering_prompt,
)

__all__ = [
    "PARTY_KEY",
    "CrowChanges",
    "CrowRest",
    "OverloadWound",
    "OverloadWounds",
    "PartyBridge",
    "PartyChoice",
    "PartyConditions",
    "PartyRest",
    "PromptListener",
    "PromptedEdit",
    "SetTableParty",
    "WoundPrompt",
    "WoundPrompts",
    "answering_prompt",
    "dungeon_service_with_party",
]
