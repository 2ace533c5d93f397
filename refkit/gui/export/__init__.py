"""Printing to PDF from the window: the export dialog and its menu entries."""
