"""The Crows rules, pure: injected RNG and clock, no Qt, SQL or ReportLab."""
