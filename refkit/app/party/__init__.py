"""The party at the table and what the dungeon turn does to its crows, one concern per module.

- :mod:`.table_party`: which party is at the table, and resting in the Miasma (one versioned value);
- :mod:`.conditions`: the crows' conditions for the dungeon-turn service;
- :mod:`.wound_prompts`: wounds the players still have to place or heal (versioned rows);
- :mod:`.crow_changes`: crows saved, prompts raised and a log entry, undone as one step;
- :mod:`.overload`: End DT's wounds from doubled magic slots;
- :mod:`.rest`: a finished rest's benefits;
- :mod:`.bridge`: :class:`~refkit.app.party.bridge.PartyBridge`, which ties them to the DT service;
- :mod:`.commands`: the party at the table chosen as an undoable command.
"""
