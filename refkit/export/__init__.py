"""Printable output: ReportLab lives only here."""
