"""The dungeon turn's use-cases, one module per concern, on the generic step runner.

``clock`` (start, pause, adjust, length, warnings), ``turn_end`` (End DT, auto-end, encounters),
``rests``, ``effects`` (tracked effects and lights), ``settings`` (settings and EN toggles);
``runner`` puts the dungeon turn on :mod:`refkit.app.steps`, ``conditions`` merges characters'
conditions for undo, ``log_text`` words every log entry, ``state`` holds what calls return.
:class:`refkit.app.dungeon_turn_service.DungeonTurnService` is the façade front ends call.
"""
