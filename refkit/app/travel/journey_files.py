"""Journeys kept as files in the data folder (``journeys/<name>.journey.json``), written atomically.

A file is either the old journey or the whole new one, never half of each. The name of the
journey last started or used is kept beside them, so a command need not repeat it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from refkit.app.atomic_files import write_text_atomic
from refkit.app.travel.journey import Journey, journey_from_dict, journey_to_dict

SUFFIX = ".journey.json"
CURRENT_FILE = "current.txt"
_UNSAFE = re.compile(r"[^a-z0-9]+")


class JourneyFiles:
    """The journeys in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_for(self, name: str) -> Path:
        slug = _UNSAFE.sub("-", name.casefold()).strip("-")
        if not slug:
            raise ValueError(f"a journey's name needs a letter or a digit, got {name!r}")
        return self.folder / f"{slug}{SUFFIX}"

    def exists(self, name: str) -> bool:
        return self.path_for(name).is_file()

    def names(self) -> list[str]:
        """Every journey's name, in file order."""
        if not self.folder.is_dir():
            return []
        return [self._read(path).name for path in sorted(self.folder.glob(f"*{SUFFIX}"))]

    def load(self, name: str | None = None) -> Journey:
        """The journey called ``name`` (None: the one last used); ValueError when there is none."""
        if name is None:
            name = self.current()
        path = self.path_for(name)
        if not path.is_file():
            known = ", ".join(self.names()) or "none yet"
            raise ValueError(f"no journey called {name!r} (journeys: {known})")
        return self._read(path)

    def save(self, journey: Journey) -> Path:
        """Write the journey and make it the current one."""
        self.folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(journey_to_dict(journey), ensure_ascii=False, indent=1) + "\n"
        path = write_text_atomic(self.path_for(journey.name), text)
        write_text_atomic(self.folder / CURRENT_FILE, journey.name + "\n")
        return path

    def current(self) -> str:
        marker = self.folder / CURRENT_FILE
        if not marker.is_file():
            raise ValueError("no journey started yet: start one with 'refkit travel journey start'")
        return marker.read_text(encoding="utf-8").strip()

    def _read(self, path: Path) -> Journey:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as problem:
            raise ValueError(f"{path} is damaged: line {problem.lineno}: {problem.msg}") from None
        if not isinstance(data, dict):
            raise ValueError(f"{path} is not a Refkit journey")
        return journey_from_dict(data, str(path))
