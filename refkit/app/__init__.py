"""Use-cases and undoable commands: plain Python, synchronous, no Qt."""
