"""The Crows test (2d10 against a characteristic: tiers, edge and bane), its exact odds, and
d100 rolls."""
