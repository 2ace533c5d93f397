"""The desktop app: PySide6 and qasync live only here."""
