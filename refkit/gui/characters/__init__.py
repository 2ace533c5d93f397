"""The character screens: crow list, sheet, builder, damage and rest dialogs, item catalogue."""
