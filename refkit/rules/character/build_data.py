"""What a crow is built and grown from: backgrounds, expertises, trait trees and the advancement
tables (``resources/characters/*.toml``), read and checked like the item catalogue.

- ``backgrounds.toml``: the 36 backgrounds by their 2d6 roll ("a-b"), the characteristic(s) each
  may set to 2, Stamina, the free starting trait ("Tree: Name"), expertises with starting uses,
  the kit beyond the standard one, a pet and extra gold;
- ``expertises.toml``: each expertise's Foundry key and what it covers (names and categories must
  be those of ``resources/expertises.toml``);
- ``traits.toml``: 23 trees of 4 rows × 3 columns; each trait's tier, column, cost, the traits of
  the row above joined to it by a printed line (``requires``: any one of them opens it), a summary
  and tags;
- ``advancement.toml``: trait costs by row, the Expertise & Stamina and characteristic bonus
  thresholds, and the most uses one expertise may have.

:func:`load_build_data` raises :class:`BuildDataError` naming the file, entry and key at fault.
Trait names are unique only within a tree (Telepathic Connection is in two), so a trait is named
``"Tree: Name"`` where a bare name would be ambiguous; names match ignoring case and the kind of
apostrophe, and "Seize the Advantage" finds the printed "Sieze the Advantage".
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from refkit.errors import DomainError
from refkit.locate import read_resource_text
from refkit.rules.character.model import (
    CHARACTERISTIC_NAMES,
    CREATION_STAMINA,
    EXPERTISE_CATEGORIES,
    load_expertise_names,
)

RESOURCE_FOLDER = "characters"
TREE_ROWS = 4
TREE_COLUMNS = 3
TRAIT_TAGS = ("RA", "RA+", "T", "C", "S", "UD", "M")
"""RA rest activity · RA+ changes a rest activity or the rest · T changes a test · C crafting ·
S slots or stacks · UD usage dice · M scales with a characteristic."""
_SPELLING = {"seize the advantage": "sieze the advantage"}
"""Other spellings the peers use, folded to the printed name."""


class BuildDataError(DomainError, ValueError):
    """The build data cannot be read; the message names the file, entry and key."""


class UnknownNameError(DomainError, KeyError):
    """No background or trait of that name (or a bare trait name found in two trees)."""

    def __str__(self) -> str:
        return str(self.args[0])


def fold(name: str) -> str:
    """A name as compared: case, spacing and the kind of apostrophe do not matter."""
    folded = " ".join(name.replace("\u2019", "'").replace("\u2018", "'").split()).casefold()
    return _SPELLING.get(folded, folded)


@dataclass(frozen=True)
class StartingExpertise:
    name: str
    uses: int


@dataclass(frozen=True)
class Background:
    roll: tuple[int, int]
    name: str
    two_in: tuple[str, ...]
    """The characteristics this background may set to 2 (one: fixed)."""
    stamina: int
    starting_trait: str
    """``"Tree: Name"``."""
    expertises: tuple[StartingExpertise, ...]
    kit: tuple[str, ...]
    spellbooks: tuple[str, ...] = ()
    pet: str = ""
    extra_gc: int = 0

    @property
    def roll_text(self) -> str:
        return f"{self.roll[0]}-{self.roll[1]}"

    @property
    def index(self) -> int:
        """The Nest's background index, 0–35, in table order."""
        return 6 * (self.roll[0] - 1) + (self.roll[1] - 1)

    @property
    def total_uses(self) -> int:
        return sum(e.uses for e in self.expertises)


@dataclass(frozen=True)
class ExpertiseInfo:
    name: str
    category: str
    key: str
    covers: str


@dataclass(frozen=True)
class Trait:
    tree: str
    name: str
    tier: int
    column: int
    cost: int
    requires: tuple[str, ...]
    """Traits of the row above (same tree) joined to this one by a line; empty: a starting trait."""
    summary: str
    tags: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.tree}: {self.name}"

    @property
    def starting(self) -> bool:
        return self.tier == 1


@dataclass(frozen=True)
class TraitTree:
    name: str
    focus: str
    traits: tuple[Trait, ...]


@dataclass(frozen=True)
class Advancement:
    trait_costs: tuple[int, ...]
    es_thresholds: tuple[int, ...]
    es_repeat: int
    es_uses: int
    es_stamina: int
    mix_uses: int
    mix_stamina: int
    max_uses_from: tuple[tuple[int, int], ...]
    """(TXP, most uses of one expertise from then on), ascending."""
    char_thresholds: tuple[int, ...]
    char_repeat: int
    char_maximum: int
    stamina_when_all_max: int

    def expertise_stamina_bonuses(self, txp: int) -> int:
        """Expertise & Stamina bonuses earned at ``txp`` total XP."""
        return _earned(txp, self.es_thresholds, self.es_repeat)

    def characteristic_bonuses(self, txp: int) -> int:
        """Characteristic bonuses earned at ``txp`` total XP."""
        return _earned(txp, self.char_thresholds, self.char_repeat)

    def max_uses(self, txp: int) -> int:
        """The most uses any one expertise may have at ``txp`` total XP."""
        most = self.max_uses_from[0][1]
        for start, uses in self.max_uses_from:
            if txp >= start:
                most = uses
        return most


def _earned(txp: int, thresholds: tuple[int, ...], repeat: int) -> int:
    count = sum(1 for t in thresholds if txp >= t)
    last = thresholds[-1]
    return count + max(0, (txp - last) // repeat) if txp >= last else count


@dataclass(frozen=True)
class BuildData:
    backgrounds: tuple[Background, ...]
    expertises: tuple[ExpertiseInfo, ...]
    trees: tuple[TraitTree, ...]
    advancement: Advancement
    standard_kit: tuple[str, ...]

    @property
    def traits(self) -> tuple[Trait, ...]:
        return tuple(t for tree in self.trees for t in tree.traits)

    def background(self, name: str) -> Background:
        wanted = fold(name)
        for background in self.backgrounds:
            if fold(background.name) == wanted:
                return background
        raise UnknownNameError(f"no background called {name!r} (see 'refkit background list')")

    def background_rolled(self, first: int, second: int) -> Background:
        for background in self.backgrounds:
            if background.roll == (first, second):
                return background
        raise UnknownNameError(f"no background has the roll {first}-{second}; each die is 1-6")

    def tree(self, name: str) -> TraitTree:
        wanted = fold(name)
        for tree in self.trees:
            if fold(tree.name) == wanted:
                return tree
        known = ", ".join(t.name for t in self.trees)
        raise UnknownNameError(f"no trait tree called {name!r} (trees: {known})")

    def trait(self, name: str) -> Trait:
        """The trait named ``"Tree: Name"`` or, where only one tree has it, ``"Name"``."""
        return find_trait(self.trees, name)

    def expertise_by_key(self, key: str) -> ExpertiseInfo | None:
        for info in self.expertises:
            if info.key.casefold() == key.casefold():
                return info
        return None


def find_trait(trees: tuple[TraitTree, ...], name: str) -> Trait:
    """The trait named ``"Tree: Name"`` in ``trees`` or, where only one tree has it, ``"Name"``;
    UnknownNameError saying what is wrong."""
    tree_name, _, bare = name.rpartition(":")
    if tree_name.strip():
        wanted = fold(tree_name)
        tree = next((t for t in trees if fold(t.name) == wanted), None)
        if tree is None:
            known = ", ".join(t.name for t in trees)
            raise UnknownNameError(f"no trait tree called {tree_name.strip()!r} (trees: {known})")
        for trait in tree.traits:
            if fold(trait.name) == fold(bare):
                return trait
        raise UnknownNameError(f"the {tree.name} tree has no trait called {bare.strip()!r}")
    found = [t for tree in trees for t in tree.traits if fold(t.name) == fold(bare)]
    if not found:
        raise UnknownNameError(f"no trait called {name.strip()!r} (see 'refkit trait list')")
    if len(found) > 1:
        keys = " or ".join(repr(t.key) for t in found)
        raise UnknownNameError(f"{name.strip()!r} is in {len(found)} trees: say {keys}")
    return found[0]


# -- reading ------------------------------------------------------------------------------------


def load_build_data(texts: dict[str, str] | None = None) -> BuildData:
    """The build data from ``texts`` (file name → TOML text, for the four files), or Refkit's
    own ``resources/characters/`` when None."""
    if texts is None:
        return _shipped()
    return _read_all(texts)


FILES = ("backgrounds.toml", "expertises.toml", "traits.toml", "advancement.toml")


@functools.lru_cache(maxsize=1)
def _shipped() -> BuildData:
    return _read_all({name: read_resource_text(RESOURCE_FOLDER, name) for name in FILES})


def _read_all(texts: dict[str, str]) -> BuildData:
    data: dict[str, dict[str, Any]] = {}
    for name in FILES:
        if name not in texts:
            raise BuildDataError(f"resources/characters/{name}: missing")
        try:
            data[name] = tomllib.loads(texts[name])
        except tomllib.TOMLDecodeError as error:
            raise BuildDataError(f"resources/characters/{name}: not valid TOML ({error})") from None
    advancement = _guarded(
        "advancement.toml", "", lambda: _read_advancement(data["advancement.toml"])
    )
    expertises = _read_expertises(data["expertises.toml"])
    trees = _read_trees(data["traits.toml"], advancement)
    backgrounds = _read_backgrounds(data["backgrounds.toml"], expertises, trees)
    kit = _guarded(
        "backgrounds.toml",
        "standard_kit",
        lambda: _texts(
            _table(data["backgrounds.toml"].get("standard_kit"), "standard_kit")["items"], "items"
        ),
    )
    return BuildData(backgrounds, expertises, trees, advancement, kit)


def _guarded(file: str, where: str, read: Callable[[], Any]) -> Any:
    try:
        return read()
    except (ValueError, KeyError, TypeError) as error:
        problem = error.args[0] if error.args else error
        where = f": {where}" if where else ""
        raise BuildDataError(f"resources/characters/{file}{where}: {problem}") from None


def _table(value: Any, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{key} must be a table of keys")
    return value


def _entries(data: dict[str, Any], key: str) -> list[Any]:
    entries = data.get(key)
    if not isinstance(entries, list) or not entries:
        raise ValueError(f"no [[{key}]] entries")
    return entries


def _keys(
    entry: Any,
    required: frozenset[str] | set[str],
    optional: frozenset[str] | set[str] = frozenset(),
) -> dict[str, Any]:
    table = _table(entry, "an entry")
    missing = sorted(required - set(table))
    if missing:
        raise ValueError(f"{missing[0]} is missing")
    unknown = sorted(set(table) - required - optional)
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r}")
    return table


def _whole(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{key} must be a whole number {low}-{high}, not {value!r}")
    return value


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{key} must be non-empty text")
    return " ".join(value.split())


def _texts(value: Any, key: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{key} must be a list of texts")
    return tuple(_text(v, key) for v in value)


def _ascending(value: Any, key: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise ValueError(f"{key} must be a non-empty list of numbers")
    numbers = tuple(_whole(v, key, 0, 10_000_000) for v in value)
    if list(numbers) != sorted(set(numbers)):
        raise ValueError(f"{key} must rise from one number to the next")
    return numbers


def _read_advancement(data: dict[str, Any]) -> Advancement:
    costs = _ascending(
        _table(data.get("trait_costs"), "trait_costs").get("tier"), "trait_costs.tier"
    )
    if len(costs) != TREE_ROWS:
        raise ValueError(f"trait_costs.tier must give {TREE_ROWS} costs, one per row")
    es = _table(data.get("expertise_stamina"), "expertise_stamina")
    most = _table(es.get("max_uses"), "expertise_stamina.max_uses")
    starts = _ascending(most.get("from_txp"), "expertise_stamina.max_uses.from_txp")
    uses = _ascending(most.get("uses"), "expertise_stamina.max_uses.uses")
    if len(starts) != len(uses) or starts[0] != 0:
        raise ValueError("expertise_stamina.max_uses: from_txp must start at 0 and pair with uses")
    char = _table(data.get("characteristic"), "characteristic")
    return Advancement(
        trait_costs=costs,
        es_thresholds=_ascending(es.get("thresholds"), "expertise_stamina.thresholds"),
        es_repeat=_whole(es.get("repeat_every"), "expertise_stamina.repeat_every", 1, 10**7),
        es_uses=_whole(es.get("uses"), "expertise_stamina.uses", 1, 9),
        es_stamina=_whole(es.get("stamina"), "expertise_stamina.stamina", 1, 9),
        mix_uses=_whole(es.get("mix_uses"), "expertise_stamina.mix_uses", 1, 9),
        mix_stamina=_whole(es.get("mix_stamina"), "expertise_stamina.mix_stamina", 1, 9),
        max_uses_from=tuple(zip(starts, uses, strict=True)),
        char_thresholds=_ascending(char.get("thresholds"), "characteristic.thresholds"),
        char_repeat=_whole(char.get("repeat_every"), "characteristic.repeat_every", 1, 10**7),
        char_maximum=_whole(char.get("maximum"), "characteristic.maximum", 1, 5),
        stamina_when_all_max=_whole(
            char.get("stamina_when_all_max"), "characteristic.stamina_when_all_max", 1, 9
        ),
    )


def _read_expertises(data: dict[str, Any]) -> tuple[ExpertiseInfo, ...]:
    listed = load_expertise_names()
    category_of = {fold(n): c for c, names in listed.items() for n in names}
    found: list[ExpertiseInfo] = []
    entries = _guarded("expertises.toml", "", lambda: _entries(data, "expertise"))
    for number, entry in enumerate(entries, start=1):

        def read(entry: Any = entry) -> ExpertiseInfo:
            table = _keys(entry, {"name", "category", "key", "covers"})
            info = ExpertiseInfo(
                name=_text(table["name"], "name"),
                category=_text(table["category"], "category"),
                key=_text(table["key"], "key"),
                covers=_text(table["covers"], "covers"),
            )
            if info.category not in EXPERTISE_CATEGORIES:
                raise ValueError(f"category must be one of {', '.join(EXPERTISE_CATEGORIES)}")
            if category_of.get(fold(info.name)) != info.category:
                raise ValueError(
                    f"{info.name!r} is not a {info.category} expertise of resources/expertises.toml"
                )
            if any(fold(f.name) == fold(info.name) or f.key == info.key for f in found):
                raise ValueError(f"{info.name!r} or its key {info.key!r} is listed twice")
            return info

        found.append(_guarded("expertises.toml", f"expertise {number}", read))
    missing = sorted(set(category_of) - {fold(f.name) for f in found})
    if missing:
        raise BuildDataError(f"resources/characters/expertises.toml: {missing[0]!r} is missing")
    return tuple(found)


def _read_trees(data: dict[str, Any], advancement: Advancement) -> tuple[TraitTree, ...]:
    trees: list[TraitTree] = []
    entries = _guarded("traits.toml", "", lambda: _entries(data, "tree"))
    for number, entry in enumerate(entries, start=1):
        label = entry.get("name", number) if isinstance(entry, dict) else number
        tree: TraitTree = _guarded(
            "traits.toml", f"tree {label}", functools.partial(_read_tree, entry, advancement)
        )
        if any(fold(t.name) == fold(tree.name) for t in trees):
            raise BuildDataError(f"resources/characters/traits.toml: tree {tree.name} twice")
        trees.append(tree)
    return tuple(trees)


def _read_tree(entry: Any, advancement: Advancement) -> TraitTree:
    table = _keys(entry, {"name", "focus", "trait"})
    name = _text(table["name"], "name")
    raw = table["trait"]
    if not isinstance(raw, list) or len(raw) != TREE_ROWS * TREE_COLUMNS:
        raise ValueError(f"a tree has {TREE_ROWS * TREE_COLUMNS} [[tree.trait]] entries")
    traits: list[Trait] = []
    for trait_entry in raw:
        t = _keys(trait_entry, {"name", "tier", "column", "cost", "requires", "summary", "tags"})
        trait = Trait(
            tree=name,
            name=_text(t["name"], "name"),
            tier=_whole(t["tier"], "tier", 1, TREE_ROWS),
            column=_whole(t["column"], "column", 1, TREE_COLUMNS),
            cost=_whole(t["cost"], "cost", 1, 10**6),
            requires=_texts(t["requires"], "requires"),
            summary=_text(t["summary"], "summary"),
            tags=_texts(t["tags"], "tags"),
        )
        where = f"trait {trait.name}"
        if trait.cost != advancement.trait_costs[trait.tier - 1]:
            raise ValueError(
                f"{where}: a tier {trait.tier} trait costs "
                f"{advancement.trait_costs[trait.tier - 1]}, not {trait.cost}"
            )
        bad = [tag for tag in trait.tags if tag not in TRAIT_TAGS]
        if bad:
            raise ValueError(f"{where}: unknown tag {bad[0]!r} (tags: {', '.join(TRAIT_TAGS)})")
        if any(fold(o.name) == fold(trait.name) for o in traits):
            raise ValueError(f"{where} is listed twice")
        if any((o.tier, o.column) == (trait.tier, trait.column) for o in traits):
            raise ValueError(f"{where}: row {trait.tier} column {trait.column} is taken")
        traits.append(trait)
    for trait in traits:
        above = {fold(o.name) for o in traits if o.tier == trait.tier - 1}
        if trait.tier == 1 and trait.requires:
            raise ValueError(f"trait {trait.name}: a starting trait requires nothing")
        if trait.tier > 1 and not trait.requires:
            raise ValueError(f"trait {trait.name}: needs a line from the row above")
        for needed in trait.requires:
            if fold(needed) not in above:
                raise ValueError(
                    f"trait {trait.name}: requires {needed!r}, which is not in row "
                    f"{trait.tier - 1} of the {name} tree"
                )
    traits.sort(key=lambda t: (t.tier, t.column))
    return TraitTree(name=name, focus=_text(table["focus"], "focus"), traits=tuple(traits))


def _read_backgrounds(
    data: dict[str, Any], expertises: tuple[ExpertiseInfo, ...], trees: tuple[TraitTree, ...]
) -> tuple[Background, ...]:
    names = {fold(e.name): e.name for e in expertises}
    found: list[Background] = []
    entries = _guarded("backgrounds.toml", "", lambda: _entries(data, "background"))
    for number, entry in enumerate(entries, start=1):
        label = entry.get("name", number) if isinstance(entry, dict) else number

        def read(entry: Any = entry) -> Background:
            t = _keys(
                entry,
                {"roll", "name", "two_in", "stamina", "starting_trait", "expertises", "kit"},
                {"spellbooks", "pet", "extra_gc"},
            )
            roll = _text(t["roll"], "roll")
            dice = roll.split("-")
            if len(dice) != 2 or not all(d in "123456" and len(d) == 1 for d in dice):
                raise ValueError(f'roll must read "a-b" with dice 1-6, not {roll!r}')
            two_in = _texts(t["two_in"], "two_in")
            if not two_in or any(c not in CHARACTERISTIC_NAMES for c in two_in):
                raise ValueError(f"two_in must list some of {', '.join(CHARACTERISTIC_NAMES)}")
            stamina = _whole(t["stamina"], "stamina", 1, 99)
            if stamina not in CREATION_STAMINA:
                raise ValueError(f"stamina must be one of {CREATION_STAMINA}, not {stamina}")
            raw = t["expertises"]
            if not isinstance(raw, list) or not raw:
                raise ValueError("expertises must be a list of {name, uses}")
            starting = []
            for item in raw:
                e = _keys(item, {"name", "uses"})
                name = names.get(fold(_text(e["name"], "expertises.name")))
                if name is None:
                    raise ValueError(f"expertise {e['name']!r} is not one of the 30")
                starting.append(StartingExpertise(name, _whole(e["uses"], "expertises.uses", 1, 2)))
            trait_name = _text(t["starting_trait"], "starting_trait")
            if ":" not in trait_name:
                raise ValueError('starting_trait must read "Tree: Name"')
            try:
                trait = find_trait(trees, trait_name)
            except UnknownNameError as error:
                raise ValueError(f"starting_trait: {error}") from None
            if not trait.starting:
                raise ValueError(f"starting_trait {trait.key} is not in a tree's first row")
            return Background(
                roll=(int(dice[0]), int(dice[1])),
                name=_text(t["name"], "name"),
                two_in=two_in,
                stamina=stamina,
                starting_trait=trait.key,
                expertises=tuple(starting),
                kit=_texts(t["kit"], "kit"),
                spellbooks=_texts(t.get("spellbooks", []), "spellbooks"),
                pet=_text(t["pet"], "pet") if "pet" in t else "",
                extra_gc=_whole(t.get("extra_gc", 0), "extra_gc", 0, 10_000),
            )

        background = _guarded("backgrounds.toml", f"background {label}", read)
        if any(b.roll == background.roll or fold(b.name) == fold(background.name) for b in found):
            raise BuildDataError(
                f"resources/characters/backgrounds.toml: background {background.name}: its name "
                f"or roll {background.roll_text} is used twice"
            )
        found.append(background)
    if len(found) != 36:
        raise BuildDataError(
            f"resources/characters/backgrounds.toml: {len(found)} backgrounds; the 2d6 table has 36"
        )
    return tuple(sorted(found, key=lambda b: b.roll))
