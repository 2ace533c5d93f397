"""Small pieces the GUI features share: plain-text labels, typing keys, table-view helpers."""
