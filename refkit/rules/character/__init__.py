"""A crow: characteristics, Stamina, wounds and conditions; the character file format; damage."""
