"""The rules reference of all five games: the entry model, the loader of
``resources/reference/<game-id>/*.toml`` and the checks that make a bad entry say where it is.

An entry's body is plain text; ``[[other-id]]`` links to an entry of the same game and
``[[game-id:other-id]]`` to another game's. Front ends show a link as the target's title.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refkit.errors import DomainError
from refkit.locate import resource_path

GAME_FILE = "game.toml"
"""Each game's folder names the game in this file (``title``, ``order``); the rest are entries."""


def read_game_titles(root: Path | None = None) -> dict[str, str]:
    """The games with a reference folder under ``root``, by contract id, with the name a front
    end shows, in their ``order``. A game is added by adding its folder: nothing else lists it.

    Raises ReferenceDataError naming the file for a ``game.toml`` that is not right.
    """
    folder = resource_path("reference") if root is None else root
    found: list[tuple[int, str, str]] = []
    problems: list[str] = []
    for path in sorted(folder.glob(f"*/{GAME_FILE}")):
        source = path.relative_to(folder).as_posix()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            problems.append(f"{source}: not readable TOML ({error})")
            continue
        title, order = data.get("title"), data.get("order", 0)
        if not isinstance(title, str) or not title.strip():
            problems.append(f"{source}: 'title' must be the game's name")
        elif isinstance(order, bool) or not isinstance(order, int):
            problems.append(f"{source}: 'order' must be a whole number")
        else:
            found.append((order, game_of_folder(path.parent.name), title.strip()))
    if problems:
        raise ReferenceDataError(problems)
    return {game: title for _, game, title in sorted(found)}


ENTRY_KEYS = ("id", "title", "section", "tags", "body")
"""The keys an ``[[entry]]`` table may hold; all are required but ``tags``."""

ENTRY_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""Entry ids are lowercase-kebab: ``edge-and-bane``."""

LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
"""``[[id]]`` or ``[[game-id:id]]`` inside a body."""

TITLE_LIMIT = 120
TAG_LIMIT = 40
BODY_LIMIT = 20_000
"""Bounds that keep one entry readable in a popup (and a bad file from bloating the index)."""

# Control characters other than newline and tab have no place in reference text, and the
# lookup's snippets use two of them as hit markers.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class ReferenceDataError(DomainError, ValueError):
    """The reference files hold mistakes; ``problems`` lists each one with its file and entry."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = "; ".join(self.problems[:5])
        more = f" (and {len(self.problems) - 5} more)" if len(self.problems) > 5 else ""
        super().__init__(f"the rules reference has mistakes: {shown}{more}")


@dataclass(frozen=True, order=True)
class EntryKey:
    """Which entry: its game and its id within that game."""

    game: str
    id: str

    def __str__(self) -> str:
        return f"{self.game}:{self.id}"


@dataclass(frozen=True)
class BodyPart:
    """A run of a body as a front end shows it: plain text, or a link shown as ``text``."""

    text: str
    link: EntryKey | None = None


@dataclass(frozen=True)
class ReferenceEntry:
    """One topic of one game's rules, in Refkit's own words."""

    game: str
    id: str
    title: str
    section: str
    tags: tuple[str, ...]
    body: str
    links: tuple[EntryKey, ...]
    source: str
    """Where it was read from, for messages: ``crows/tests.toml``."""

    @property
    def key(self) -> EntryKey:
        return EntryKey(self.game, self.id)

    @property
    def game_title(self) -> str:
        return GAME_TITLES.get(self.game, self.game)


def parse_links(body: str, game: str) -> tuple[EntryKey, ...]:
    """The entries ``body`` links to, in order, each once; ``[[id]]`` means ``game``'s own."""
    seen: dict[EntryKey, None] = {}
    for match in LINK.finditer(body):
        seen.setdefault(_link_key(match.group(1), game), None)
    return tuple(seen)


def _link_key(target: str, game: str) -> EntryKey:
    target = target.strip()
    if ":" in target:
        other, _, entry_id = target.partition(":")
        return EntryKey(other.strip(), entry_id.strip())
    return EntryKey(game, target)


class ReferenceLibrary:
    """Every loaded entry, looked up by key, with its body split for display."""

    def __init__(self, entries: Iterable[ReferenceEntry]) -> None:
        self.entries: tuple[ReferenceEntry, ...] = tuple(
            sorted(entries, key=lambda entry: (_game_order(entry.game), entry.title.casefold()))
        )
        self._by_key = {entry.key: entry for entry in self.entries}

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[ReferenceEntry]:
        return iter(self.entries)

    def get(self, key: EntryKey) -> ReferenceEntry | None:
        return self._by_key.get(key)

    def games(self) -> tuple[str, ...]:
        """The games that have entries, in the contract's order."""
        present = {entry.game for entry in self.entries}
        return tuple(game for game in GAME_IDS if game in present)

    def body_parts(self, entry: ReferenceEntry) -> tuple[BodyPart, ...]:
        """``entry``'s body as text runs and links, each link worded as its target's title."""
        parts: list[BodyPart] = []
        position = 0
        for match in LINK.finditer(entry.body):
            if match.start() > position:
                parts.append(BodyPart(entry.body[position : match.start()]))
            key = _link_key(match.group(1), entry.game)
            target = self._by_key.get(key)
            # A link to no entry (only a file with mistakes has one) reads as its bare id.
            parts.append(BodyPart(target.title, key) if target else BodyPart(key.id))
            position = match.end()
        if position < len(entry.body):
            parts.append(BodyPart(entry.body[position:]))
        return tuple(parts)

    def plain_body(self, entry: ReferenceEntry) -> str:
        """``entry``'s body with every link replaced by its target's title."""
        return "".join(part.text for part in self.body_parts(entry))


def _game_order(game: str) -> int:
    return GAME_IDS.index(game) if game in GAME_IDS else len(GAME_IDS)


# --- loading ----------------------------------------------------------------------------------


def reference_root() -> Path:
    """The shipped ``resources/reference`` folder."""
    return resource_path("reference")


def reference_files(root: Path | None = None) -> tuple[Path, ...]:
    """Every ``<game-id>/*.toml`` under ``root`` (the shipped folder by default), sorted."""
    folder = reference_root() if root is None else root
    return tuple(
        sorted(
            path for path in folder.glob("*/*.toml") if path.is_file() and path.name != GAME_FILE
        )
    )


def reference_fingerprint(root: Path | None = None) -> str:
    """A hash of every reference file's name and bytes: it changes when any entry changes."""
    import hashlib  # loaded only here: a lookup that finds its cache needs no OpenSSL

    folder = reference_root() if root is None else root
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*/*.toml")):  # the entries and each game's game.toml
        digest.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def game_of_folder(name: str) -> str:
    """The game id a folder holds: its name, with ``_`` read as ``-`` (``widowers_wood``)."""
    return name.replace("_", "-")


def load_reference(root: Path | None = None) -> ReferenceLibrary:
    """Read and check every reference file; raises ReferenceDataError listing every mistake."""
    library, problems = read_reference(root)
    if problems:
        raise ReferenceDataError(problems)
    return library


def read_reference(root: Path | None = None) -> tuple[ReferenceLibrary, tuple[str, ...]]:
    """Every entry that reads clean, and the mistakes found (each naming its file and entry).

    The app looks things up with what is readable rather than nothing at all: an entry with a
    mistake of its own is left out, the second of two entries with one id is left out, and a
    link that leads nowhere shows as plain text. The tests hold the shipped files to
    :func:`load_reference`, which accepts no mistake.
    """
    folder = reference_root() if root is None else root
    entries: list[ReferenceEntry] = []
    problems: list[str] = []
    try:
        # another folder may hold entries for the shipped games without naming them again
        titles = GAME_TITLES if root is None else {**GAME_TITLES, **read_game_titles(folder)}
    except ReferenceDataError as error:
        titles, problems = {}, list(error.problems)
    for path in reference_files(folder):
        source = path.relative_to(folder).as_posix()
        game = game_of_folder(path.parent.name)
        if game not in titles:
            known = ", ".join(titles)
            problems.append(
                f"{source}: folder {path.parent.name!r} has no {GAME_FILE} naming its game "
                f"(games: {known})"
            )
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            problems.append(f"{source}: not UTF-8 text")
            continue
        except tomllib.TOMLDecodeError as exc:
            problems.append(f"{source}: not valid TOML ({exc})")
            continue
        read, found = read_entries(data, game, source)
        entries.extend(read)
        problems.extend(found)
    problems.extend(library_problems(entries))
    unique = {entry.key: entry for entry in reversed(entries)}
    return ReferenceLibrary(unique.values()), tuple(problems)


def read_entries(
    data: Mapping[str, Any], game: str, source: str
) -> tuple[list[ReferenceEntry], list[str]]:
    """The entries of one parsed file, and the mistakes found in it (each naming the entry)."""
    problems: list[str] = []
    extra = sorted(set(data) - {"entry"})
    if extra:
        problems.append(f"{source}: unknown top-level key(s) {', '.join(extra)} (only [[entry]])")
    tables = data.get("entry", [])
    if not isinstance(tables, list) or not tables:
        problems.append(f"{source}: no [[entry]] tables")
        return [], problems
    entries: list[ReferenceEntry] = []
    for number, table in enumerate(tables, start=1):
        where = f"{source}: entry {number}"
        if not isinstance(table, dict):
            problems.append(f"{where}: is not a table")
            continue
        if isinstance(table.get("id"), str):
            where = f"{where} ({table['id']!r})"
        entry, found = _read_entry(table, game, source, where)
        problems.extend(found)
        if entry is not None:
            entries.append(entry)
    return entries, problems


def _read_entry(
    table: Mapping[str, Any], game: str, source: str, where: str
) -> tuple[ReferenceEntry | None, list[str]]:
    problems: list[str] = []
    unknown = sorted(set(table) - set(ENTRY_KEYS))
    if unknown:
        problems.append(
            f"{where}: unknown key(s) {', '.join(unknown)} (keys: {', '.join(ENTRY_KEYS)})"
        )
    texts: dict[str, str] = {}
    for name, limit in (("id", 60), ("title", TITLE_LIMIT), ("section", 60), ("body", BODY_LIMIT)):
        value = table.get(name)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{where}: {name} is missing or empty")
            continue
        value = value.strip()
        if len(value) > limit:
            problems.append(f"{where}: {name} is longer than {limit} characters")
        if _CONTROL.search(value):
            problems.append(f"{where}: {name} holds a control character")
        texts[name] = value
    entry_id = texts.get("id", "")
    if entry_id and not ENTRY_ID.match(entry_id):
        problems.append(f"{where}: id {entry_id!r} is not lowercase-kebab (like 'edge-and-bane')")
    tags = table.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) and tag.strip() for tag in tags):
        problems.append(f"{where}: tags must be a list of words")
        tags = []
    elif any(len(tag) > TAG_LIMIT for tag in tags):
        problems.append(f"{where}: a tag is longer than {TAG_LIMIT} characters")
    if problems:
        return None, problems
    body = texts["body"]
    entry = ReferenceEntry(
        game=game,
        id=entry_id,
        title=texts["title"],
        section=texts["section"],
        tags=tuple(tag.strip() for tag in tags),
        body=body,
        links=parse_links(body, game),
        source=source,
    )
    return entry, []


def library_problems(entries: Sequence[ReferenceEntry]) -> list[str]:
    """Mistakes between entries: an id used twice in a game, a link to no entry."""
    problems: list[str] = []
    first_seen: dict[EntryKey, ReferenceEntry] = {}
    for entry in entries:
        earlier = first_seen.setdefault(entry.key, entry)
        if earlier is not entry:
            problems.append(
                f"{entry.source}: entry {entry.id!r}: id already used in {earlier.source}"
            )
    for entry in entries:
        for link in entry.links:
            if link.game not in GAME_TITLES:
                problems.append(
                    f"{entry.source}: entry {entry.id!r}: link [[{link}]] names unknown game "
                    f"{link.game!r}"
                )
            elif link not in first_seen:
                problems.append(
                    f"{entry.source}: entry {entry.id!r}: link [[{link}]] leads to no entry"
                )
    return problems


GAME_TITLES: Mapping[str, str] = read_game_titles()
"""The shipped games with a reference, by contract id, with the name a front end shows."""

GAME_IDS: tuple[str, ...] = tuple(GAME_TITLES)
