"""Parts of the ``warcrow`` command kept apart (a package, so the game-module finder skips it):
the roll's options (fixed dice, rerolls, automatic symbols, Switches, States) and the tracker."""
