"""Characters for a front end: keep them, check them, and move them in and out as files.

:class:`CharacterService` wraps the repository with what the app and the command line need:

- ``import_file`` reads a ``*.crow.json`` file, checks it, and stores it only if it passes; a file
  that fails writes nothing, and the error lists every broken rule, one per row.
- ``export_file`` writes exactly what ``import_file`` reads, atomically (see
  :mod:`refkit.app.atomic_files`), so an interrupted export never leaves half a file.
- ``export_all`` / ``import_all`` make and restore backups: one file per crow plus a parties file;
  a bulk import checks every file first and then stores everything in one transaction, or nothing.

Listeners hear about every change, so views stay in step with edits made by undoable commands.
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from refkit.app.atomic_files import check_target, write_text_atomic
from refkit.app.character_files import (
    read_character_file,
    read_character_text,
    read_importable_file,
)
from refkit.app.ports import CharacterRows
from refkit.app.sample_content import seed_sample_content
from refkit.errors import DomainError
from refkit.rules.character.file_format import (
    FILE_SUFFIX,
    CharacterFileError,
    CheckReport,
    check_character,
    dump_character_json,
)
from refkit.rules.character.model import Character
from refkit.rules.common.name_text import name_problem, require_plain_name
from refkit.rules.common.nesting import TooDeepError, UnreadableValueError, read_nested
from refkit.rules.inventory.catalogue import CatalogueItem, load_item_catalogue
from refkit.rules.inventory.model import InventoryRules
from refkit.store.errors import CharacterNotFoundError, CharacterStoreError, NameTakenError
from refkit.store.records import CharacterSummary, Party
from refkit.store.row_forms import name_key

READS_REMEMBERED = 256
"""How many crows' last reads :meth:`CharacterService.get` keeps with their revision (the most
recent ones; an edit of a crow read longer ago checks the crow itself instead)."""

PARTIES_FILE = "refkit-parties.json"
PARTIES_FORMAT = "refkit-parties"
PARTIES_VERSION = 1

ChangeListener = Callable[["CharacterChange"], None]


class InvalidCharacterError(DomainError, ValueError):
    """A readable character file that breaks rules; ``report`` holds every error and warning."""

    def __init__(self, source: str, character: Character, report: CheckReport) -> None:
        self.source = source
        self.character = character
        self.report = report
        rows = "\n".join(f"  {p.code}: {p.message}" for p in report.errors)
        count = len(report.errors)
        super().__init__(
            f"{source}: not imported; {character.name} breaks {count} "
            f"rule{'s' if count != 1 else ''}:\n{rows}"
        )

    def rows(self) -> list[str]:
        """Each broken rule as ``code: message``."""
        return [f"{p.code}: {p.message}" for p in self.report.errors]


class BulkImportError(DomainError, ValueError):
    """A bulk import refused as a whole; ``problems`` says what is wrong with which file."""

    def __init__(self, problems: Sequence[tuple[str, str]], total: int) -> None:
        self.problems = tuple(problems)
        rows = "\n".join(f"  {source}: {why}" for source, why in self.problems)
        super().__init__(
            f"nothing imported: {len(self.problems)} problem"
            f"{'s' if len(self.problems) != 1 else ''} among {total} file"
            f"{'s' if total != 1 else ''}:\n{rows}"
        )


@dataclass(frozen=True)
class CharacterChange:
    """What changed: ``kind`` is saved, deleted, renamed, imported, parties or items."""

    kind: str
    name: str | None = None
    old_name: str | None = None


@dataclass(frozen=True)
class ImportResult:
    """A character stored from a file: the crow, its check report, and whether it replaced one."""

    character: Character
    report: CheckReport
    replaced: bool
    source: str


@dataclass(frozen=True)
class BackupResult:
    """What a bulk export wrote: one file per character, and the parties file."""

    folder: Path
    files: tuple[Path, ...]
    parties_file: Path
    left_out: tuple[str, ...] = ()
    """Crows deleted while the backup was being written (:meth:`CharacterService.export_all_steps`
    between two of its steps): planned, not written."""


T = TypeVar("T")


def run_to_the_end(steps: Generator[object, None, T]) -> T:
    """Run ``steps`` (a job in steps, such as :meth:`CharacterService.export_all_steps`) at once,
    to the end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


@dataclass(frozen=True)
class BulkImportResult:
    """What a bulk import stored."""

    characters: tuple[Character, ...]
    parties: tuple[Party, ...]
    replaced: tuple[str, ...] = field(default=())


def file_stem_for(name: str) -> str:
    """A file name (without suffix) for a character name, safe on every common file system."""
    text = unicodedata.normalize("NFKC", name)
    text = re.sub(r"[^\w\-]+", "-", text, flags=re.UNICODE).strip("-_.")
    return text[:80] or "character"


class CharacterService:
    """Characters, parties and custom items of one database, for the app and the command line."""

    def __init__(
        self,
        repo: CharacterRows,
        *,
        seed_samples: bool = True,
        rules: InventoryRules | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        """Use ``repo``; on a fresh database, first put the sample party in (see
        :func:`refkit.app.sample_content.seed_sample_content`) unless ``seed_samples`` is off.
        ``on_close``: what :meth:`close` closes (the database, when the service owns it)."""
        self._repo = repo
        self._rules = rules or InventoryRules()
        self._on_close = on_close
        self._listeners: list[ChangeListener] = []
        self._reads: OrderedDict[str, tuple[Character, int]] = OrderedDict()
        self._reads_lock = threading.Lock()
        if seed_samples:
            seed_sample_content(repo)

    def close(self) -> None:
        if self._on_close is not None:
            self._on_close()

    def __enter__(self) -> CharacterService:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def repository(self) -> CharacterRows:
        return self._repo

    @property
    def rules(self) -> InventoryRules:
        return self._rules

    # -- listeners ---------------------------------------------------------------------------

    def add_listener(self, listener: ChangeListener) -> None:
        """Call ``listener`` with a :class:`CharacterChange` after every change."""
        self._listeners.append(listener)

    def remove_listener(self, listener: ChangeListener) -> None:
        self._listeners.remove(listener)

    def _tell(self, change: CharacterChange) -> None:
        """Tell the listeners now, or, inside a unit of work, once it has committed: a step that
        is rolled back as a whole must not show as if it had happened."""
        unit = self._repo.database.current_unit_of_work
        if unit is not None:
            unit.after_commit(lambda: self._tell_now(change))
        else:
            self._tell_now(change)

    def _tell_now(self, change: CharacterChange) -> None:
        for listener in list(self._listeners):
            listener(change)

    # -- characters --------------------------------------------------------------------------

    def list_characters(self) -> list[CharacterSummary]:
        return self._repo.list_summaries()

    def summary(self, name: str) -> CharacterSummary | None:
        """The list's row of the crow called ``name`` alone (None: there is none)."""
        return self._repo.summary(name)

    def names(self) -> list[str]:
        return self._repo.names()

    def exists(self, name: str) -> bool:
        return self._repo.exists(name)

    def get(self, name: str) -> Character:
        """The stored character; CharacterNotFoundError if there is none by that name.

        The revision it was read at is remembered with it (see :meth:`revision_read`), so an
        edit worked out from this very object saves only if nobody saved the crow since."""
        character, revision = self._repo.read(name)
        key = name_key(character.name)
        with self._reads_lock:
            self._reads[key] = (character, revision)
            self._reads.move_to_end(key)
            if len(self._reads) > READS_REMEMBERED:  # an edit of one forgotten compares crows
                self._reads.popitem(last=False)
        return character

    def revision_read(self, character: Character) -> int | None:
        """The revision ``character`` was read at, if it is the object :meth:`get` last
        returned for its name (an edit's ``before``); None for any other object."""
        with self._reads_lock:
            read = self._reads.get(name_key(character.name))
        if read is None or read[0] is not character:
            return None
        return read[1]

    def save(self, character: Character) -> int:
        """Store the character (new, or replacing the one of that name); returns its revision."""
        revision = self._repo.save(character)
        self._tell(CharacterChange("saved", character.name))
        return revision

    def create(self, character: Character) -> int:
        """Store a new character; NameTakenError if the name is in use."""
        revision = self._repo.create(character)
        self._tell(CharacterChange("saved", character.name))
        return revision

    def revision(self, name: str) -> int:
        """How many times the crow has been saved; CharacterNotFoundError if there is none."""
        return self._repo.revision(name)

    def put(
        self, stored_name: str, character: Character, *, expected_revision: int | None = None
    ) -> int:
        """Store ``character`` in place of the crow now called ``stored_name``, renaming it when
        the names differ (one transaction); returns the new revision. With ``expected_revision``
        the crow must still be at that revision (CharacterChangedError, nothing saved, if not)."""
        revision = self._repo.save(
            character, stored_name=stored_name, expected_revision=expected_revision
        )
        if name_key(stored_name) != name_key(character.name):
            self._tell(CharacterChange("renamed", character.name, stored_name))
        else:
            self._tell(CharacterChange("saved", character.name))
        return revision

    def rename(self, old: str, new: str) -> Character:
        renamed = self._repo.rename(old, new)
        self._tell(CharacterChange("renamed", new, old))
        return renamed

    def delete(self, name: str) -> None:
        self._repo.delete(name)
        self._tell(CharacterChange("deleted", name))

    def check(self, character: Character) -> CheckReport:
        """The rule errors and warnings, speed and death of a character."""
        return check_character(character, self._rules)

    def check_file(self, path: str | Path) -> tuple[Character, CheckReport]:
        """Read and check a file; CharacterFileError if it is not a readable character file."""
        character = read_character_file(path)
        return character, self.check(character)

    # -- files -------------------------------------------------------------------------------

    def import_file(self, path: str | Path, *, replace: bool = False) -> ImportResult:
        """Store the character in a file (a ``*.crow.json`` file, The Nest's save or a Foundry
        actor of DimitroffVodka's or pirsqed's system), if it passes the check.

        Raises CharacterFileError (unreadable file), InvalidCharacterError (rule errors, listed
        row by row) or NameTakenError (the name is in use and ``replace`` is off); in each case
        nothing is written.
        """
        character = read_importable_file(path)[0]
        return self.import_character(character, str(path), replace=replace)

    def import_character(
        self, character: Character, source: str, *, replace: bool = False
    ) -> ImportResult:
        """Store a character read from ``source``, if it passes the check (as import_file)."""
        report = self.check(character)
        if not report.valid:
            raise InvalidCharacterError(source, character, report)
        existed = self._repo.exists(character.name)
        if existed and not replace:
            raise NameTakenError(
                f"{source}: there is already a character called {character.name!r}; "
                "delete or rename it first, or replace it"
            )
        if replace:
            self._repo.save(character)
        else:
            self._repo.create(character)  # refuses a crow stored by someone else meanwhile
        self._tell(CharacterChange("imported", character.name))
        return ImportResult(character=character, report=report, replaced=existed, source=source)

    def export_file(self, name: str, path: str | Path, *, follow_links: bool = True) -> Path:
        """Write the character to ``path`` in the ``*.crow.json`` format, atomically.

        Raises CharacterNotFoundError, or AtomicWriteError (an OSError) when ``path`` is a folder
        or cannot be written (or is a symbolic link, without ``follow_links``); an existing file
        there is then left as it was.
        """
        return write_text_atomic(
            path, dump_character_json(self._repo.get(name)), follow_links=follow_links
        )

    def export_all(self, folder: str | Path) -> BackupResult:
        """Write every character (``<name>.crow.json``) and the parties file into ``folder``.

        The folder is created if needed. Two names that make the same file name get ``-2``,
        ``-3``… Each file is written atomically, into the folder itself: a symbolic link (or a
        folder, device or FIFO) at any of the names is refused before anything is written, so a
        link planted there cannot send a crow's file elsewhere.
        """
        return run_to_the_end(self.export_all_steps(folder))

    def export_all_steps(
        self, folder: str | Path
    ) -> Generator[tuple[int, int], None, BackupResult]:
        """:meth:`export_all` a crow at a time: yields ``(written, planned)`` after each crow's
        file, so a window can run it in its worker a step per job (an edit made meanwhile
        waits for one crow, not the whole backup) and say how far it is. Every name is planned
        and checked before the first file is written; a crow deleted between two steps is left
        out (:attr:`BackupResult.left_out`); the parties file is written last, as they are
        then."""
        target = Path(folder)
        if target.exists() and not target.is_dir():
            raise CharacterStoreError(f"{target} is a file; give a folder for the backup")
        target.mkdir(parents=True, exist_ok=True)
        used: set[str] = {PARTIES_FILE.casefold()}
        planned: list[tuple[str, Path]] = []
        for name in self._repo.names():
            stem = file_stem_for(name)
            file_name = f"{stem}{FILE_SUFFIX}"
            number = 2
            while file_name.casefold() in used:
                file_name = f"{stem}-{number}{FILE_SUFFIX}"
                number += 1
            used.add(file_name.casefold())
            planned.append((name, target / file_name))
        for path in [path for _name, path in planned] + [target / PARTIES_FILE]:
            check_target(path, follow_links=False)
        files: list[Path] = []
        left_out: list[str] = []
        for written, (name, path) in enumerate(planned, start=1):
            try:
                files.append(self.export_file(name, path, follow_links=False))
            except CharacterNotFoundError:
                left_out.append(name)
            yield written, len(planned)
        parties = {
            "format": PARTIES_FORMAT,
            "version": PARTIES_VERSION,
            "parties": [
                {"name": party.name, "members": list(party.members)}
                for party in self._repo.list_parties()
            ],
        }
        parties_file = write_text_atomic(
            target / PARTIES_FILE,
            json.dumps(parties, indent=2, ensure_ascii=False) + "\n",
            follow_links=False,
        )
        return BackupResult(
            folder=target, files=tuple(files), parties_file=parties_file, left_out=tuple(left_out)
        )

    def import_all(
        self, source: str | Path | Iterable[str | Path], *, replace: bool = False
    ) -> BulkImportResult:
        """Restore a backup: a folder (its ``*.crow.json`` files and parties file) or a list of
        character files.

        Every file is read and checked first. Any unreadable file, broken rule, name given twice,
        name already stored (without ``replace``) or party naming an unknown crow refuses the
        whole import with BulkImportError, listing every problem; nothing is written.
        """
        paths, parties_path = _backup_files(source)
        problems: list[tuple[str, str]] = []
        characters: list[Character] = []
        seen: dict[str, str] = {}
        for path in paths:
            try:
                character, report = self.check_file(path)
            except CharacterFileError as error:
                problems.append((str(path), _without_prefix(str(error), str(path))))
                continue
            if not report.valid:
                rows = "; ".join(f"{p.code}: {p.message}" for p in report.errors)
                problems.append((str(path), f"breaks rules: {rows}"))
                continue
            key = name_key(character.name)
            if key in seen:
                problems.append((str(path), f"{character.name!r} is also the crow in {seen[key]}"))
                continue
            seen[key] = str(path)
            characters.append(character)
        stored = {name_key(name): name for name in self._repo.names()}
        replaced = tuple(stored[name_key(c.name)] for c in characters if name_key(c.name) in stored)
        if replaced and not replace:
            for character in characters:
                if name_key(character.name) in stored:
                    problems.append(
                        (
                            seen[name_key(character.name)],
                            f"there is already a character called {character.name!r}",
                        )
                    )
        parties = self._read_parties(parties_path, problems, seen, stored, replace=replace)
        if not paths:
            problems.append((str(source), "holds no character files"))
        if problems:
            raise BulkImportError(problems, len(paths))
        self._repo.save_all(characters, replace_existing=replace, parties=parties)
        self._tell(CharacterChange("imported"))
        return BulkImportResult(
            characters=tuple(characters), parties=tuple(parties), replaced=replaced
        )

    def _read_parties(
        self,
        path: Path | None,
        problems: list[tuple[str, str]],
        incoming: dict[str, str],
        stored: dict[str, str],
        *,
        replace: bool,
    ) -> list[Party]:
        if path is None:
            return []
        try:
            parties = read_parties_file(path)
        except ValueError as error:
            problems.append((str(path), str(error)))
            return []
        known = {name_key(p.name) for p in self._repo.list_parties()}
        for party in parties:
            if name_key(party.name) in known and not replace:
                problems.append((str(path), f"there is already a party called {party.name!r}"))
            for member in party.members:
                if name_key(member) not in incoming and name_key(member) not in stored:
                    problems.append(
                        (str(path), f"the party {party.name!r} names an unknown crow {member!r}")
                    )
        return parties

    # -- parties -----------------------------------------------------------------------------

    def list_parties(self) -> list[Party]:
        return self._repo.list_parties()

    def get_party(self, name: str) -> Party:
        return self._repo.get_party(name)

    def create_party(self, name: str, members: Iterable[str] = ()) -> Party:
        require_plain_name("a party's name", name)
        party = self._repo.create_party(name, members)
        self._tell(CharacterChange("parties", name))
        return party

    def rename_party(self, old: str, new: str) -> Party:
        require_plain_name("a party's name", new)
        party = self._repo.rename_party(old, new)
        self._tell(CharacterChange("parties", new, old))
        return party

    def delete_party(self, name: str) -> None:
        self._repo.delete_party(name)
        self._tell(CharacterChange("parties", name))

    def add_member(self, party: str, character: str, position: int | None = None) -> Party:
        result = self._repo.add_member(party, character, position)
        self._tell(CharacterChange("parties", party))
        return result

    def remove_member(self, party: str, character: str) -> Party:
        result = self._repo.remove_member(party, character)
        self._tell(CharacterChange("parties", party))
        return result

    def set_members(self, party: str, characters: Sequence[str]) -> Party:
        result = self._repo.set_members(party, characters)
        self._tell(CharacterChange("parties", party))
        return result

    def parties_of(self, character: str) -> list[str]:
        return self._repo.parties_of(character)

    # -- items -------------------------------------------------------------------------------

    def catalogue(self) -> list[CatalogueItem]:
        """Refkit's item catalogue followed by the players' own items."""
        return [*load_item_catalogue(), *self._repo.list_custom_items()]

    def list_custom_items(self) -> list[CatalogueItem]:
        return self._repo.list_custom_items()

    def get_custom_item(self, name: str) -> CatalogueItem:
        """The player's own item called ``name``; CharacterNotFoundError if there is none."""
        return self._repo.get_custom_item(name)

    def add_custom_item(self, item: CatalogueItem) -> None:
        """Store a player's own item; NameTakenError if a built-in or custom item has the name."""
        builtin = {entry.name.casefold() for entry in load_item_catalogue()}
        if item.name.strip().casefold() in builtin:
            raise NameTakenError(
                f"{item.name!r} is an item of Refkit's catalogue; give the copy another name"
            )
        self._repo.add_custom_item(item)
        self._tell(CharacterChange("items", item.name))

    def edit_custom_item(self, name: str, item: CatalogueItem) -> None:
        self._repo.edit_custom_item(name, item)
        self._tell(CharacterChange("items", item.name, name))

    def delete_custom_item(self, name: str) -> None:
        self._repo.delete_custom_item(name)
        self._tell(CharacterChange("items", name))


# -- backup files ------------------------------------------------------------------------------


def read_parties_file(path: Path) -> list[Party]:
    """The parties in a backup's parties file; ValueError saying what is wrong with it."""
    try:
        data: Any = read_nested(json.loads, read_character_text(path))
    except CharacterFileError as error:
        raise ValueError(_without_prefix(str(error), str(path))) from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg} at line {error.lineno})") from None
    except (TooDeepError, UnreadableValueError) as error:
        raise ValueError(error.reason) from None
    if (
        not isinstance(data, dict)
        or data.get("format") != PARTIES_FORMAT
        or data.get("version") != PARTIES_VERSION
    ):
        raise ValueError(f"not a {PARTIES_FORMAT} file, version {PARTIES_VERSION}")
    entries = data.get("parties")
    if not isinstance(entries, list):
        raise ValueError("parties must be a list")
    parties = []
    for index, entry in enumerate(entries):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("name"), str)
            or not entry["name"].strip()
            or not isinstance(entry.get("members"), list)
            or not all(isinstance(m, str) for m in entry["members"])
        ):
            raise ValueError(f"parties[{index}] needs a name and a list of member names")
        hidden = name_problem(entry["name"])
        if hidden is not None:
            raise ValueError(f"parties[{index}].name {hidden}")
        parties.append(Party(name=entry["name"], members=tuple(entry["members"])))
    return parties


def _backup_files(source: str | Path | Iterable[str | Path]) -> tuple[list[Path], Path | None]:
    if isinstance(source, (str, Path)):
        folder = Path(source)
        if not folder.is_dir():
            if not folder.exists():
                raise CharacterFileError(f"{folder}: no such folder")
            return [folder], None
        parties = folder / PARTIES_FILE
        return sorted(folder.glob(f"*{FILE_SUFFIX}")), parties if parties.is_file() else None
    paths = [Path(path) for path in source]
    parties_files = [p for p in paths if p.name == PARTIES_FILE]
    return [p for p in paths if p.name != PARTIES_FILE], parties_files[0] if parties_files else None


def _without_prefix(message: str, source: str) -> str:
    prefix = f"{source}: "
    return message[len(prefix) :] if message.startswith(prefix) else message
