"""The inventory: items, slots and stacks, moves between slots, and the item catalogue."""
