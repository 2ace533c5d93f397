"""``python -m refkit`` does what the ``refkit`` command does."""

from refkit.main import main

raise SystemExit(main())
