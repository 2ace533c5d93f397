"""The travel screens: the hex map (view and editor) and the travel-day panel."""
