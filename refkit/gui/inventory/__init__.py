"""The inventory board: a crow's slots, item cards, dragging, and the item dialogs."""
