"""Undoable commands on the roster: parties (:mod:`.party_commands`), whole crows
(:mod:`.crow_commands`) and the players' own catalogue items (:mod:`.item_commands`).

Like :class:`~refkit.app.character_commands.CharacterEdit`, each saves at once, and its undo and
redo refuse with :class:`~refkit.app.undo.UndoConflictError`, changing nothing, when what they
would overwrite was changed since (another window, the command line). A command that writes more
than one thing (a crow and its party places) does it in one unit of work: all or nothing.
"""
