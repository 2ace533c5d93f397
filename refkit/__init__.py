"""Refkit: a referee toolkit and character manager for Crows: Fortune or Death."""

__version__ = "0.1.0"
