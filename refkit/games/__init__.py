"""The other games that ride along: one sub-package each, pure."""
