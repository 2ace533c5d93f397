"""What the rules lookup searches and shows: every reference entry, and Crows' item cards,
spells, creatures and rollable tables, each as one :class:`LookupDocument` with its ``kind``.

A document holds the text the index searches (title, section, tags, body) and what a viewer
shows: the body, ``fields`` (a card's labelled lines: slots, damage, casting time…) and
``rows`` (a table's roll ranges and results). The index (:mod:`refkit.store.lookup`) and the
lookup window read the same documents, so a card is found by the words it shows.

The item, spell, creature and table readers are imported only when the documents are built
(the index is cached in the data folder), so a search that finds its cache loads none of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from refkit.games.reference import EntryKey, ReferenceLibrary
from refkit.locate import resource_path

KINDS = ("rule", "item", "spell", "creature", "table")
"""The contract's ``kind`` of a lookup result."""

KIND_NAMES = {
    "rule": "Rule",
    "item": "Item card",
    "spell": "Spell",
    "creature": "Creature",
    "table": "Table",
}

CARD_GAME = "crows"
"""The item cards, spells, creatures and tables Refkit ships are all Crows'."""

_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class LookupDocument:
    """One searchable thing. ``id`` is unique within ``game`` (cards carry their kind in it:
    ``item-torch``), ``text`` is the plain body the index searches and a viewer shows."""

    kind: str
    game: str
    id: str
    title: str
    section: str
    tags: tuple[str, ...]
    text: str
    fields: tuple[tuple[str, str], ...] = ()
    rows: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> EntryKey:
        return EntryKey(self.game, self.id)


def searchable_text(document: LookupDocument) -> str:
    """The body the index searches (and cuts snippets from): the text, and a table's rows."""
    return "\n".join([document.text, *(f"{roll}: {result}" for roll, result in document.rows)])


def slug(name: str) -> str:
    """``Road bandit`` → ``road-bandit``: a card's name as part of an entry id."""
    return _SLUG.sub("-", name.casefold()).strip("-") or "unnamed"


def rule_documents(library: ReferenceLibrary) -> Iterator[LookupDocument]:
    for entry in library:
        yield LookupDocument(
            kind="rule",
            game=entry.game,
            id=entry.id,
            title=entry.title,
            section=entry.section,
            tags=entry.tags,
            text=library.plain_body(entry),
        )


def card_documents() -> tuple[tuple[LookupDocument, ...], tuple[str, ...]]:
    """Crows' shipped item cards, spells, creatures and tables as documents, and a problem line
    for each file that cannot be read (its cards are left out; the rest still search)."""
    documents: list[LookupDocument] = []
    problems: list[str] = []
    for reader in (_item_documents, _spell_documents, _creature_documents, _table_documents):
        try:
            documents.extend(reader())
        except (OSError, ValueError) as problem:
            problems.append(f"{reader.__name__.strip('_').replace('_', ' ')}: {problem}")
    return tuple(documents), tuple(problems)


def all_documents(library: ReferenceLibrary) -> tuple[tuple[LookupDocument, ...], tuple[str, ...]]:
    cards, problems = card_documents()
    return (*rule_documents(library), *cards), problems


# --- the cards ----------------------------------------------------------------------------------


def _item_documents() -> Iterator[LookupDocument]:
    from refkit.rules.inventory.catalogue import load_item_catalogue

    for item in load_item_catalogue():
        fields: list[tuple[str, str]] = [("Slots", str(item.slots))]
        if item.stack is not None:
            fields.append(("Stacks", f"{item.stack.limit} {item.stack.kind} to a slot"))
        if item.usage_dice_text:
            fields.append(("Usage dice", item.usage_dice_text))
        if item.ad is not None:
            fields.append(("Armour defense", str(item.ad)))
        if item.damage is not None:
            fields.append(("Damage (tier 2 / tier 3)", item.damage.card_text))
        if item.attack_range:
            fields.append(("Range", item.attack_range))
        if item.keywords:
            fields.append(("Keywords", ", ".join(item.keywords)))
        if item.price is not None:
            fields.append(("Price", item.price.text))
        if item.crafting is not None:
            fields.append(("Crafting", item.crafting.text))
        yield _card(
            "item",
            item.name,
            "Item cards",
            ("item", "card", *item.tags, *item.keywords),
            item.notes,
            fields,
        )


def _spell_documents() -> Iterator[LookupDocument]:
    from refkit.present.spell_text import TIER_BANDS
    from refkit.rules.magic.spellbooks import load_default_spells

    for spell in load_default_spells():
        fields: list[tuple[str, str]] = [
            ("Rank and discipline", f"rank {spell.rank} {spell.discipline}"),
            ("Casting time", "attack" if spell.attack else spell.casting_time.text),
        ]
        if spell.targets.text:
            fields.append(("Targets", spell.targets.text))
        fields.append(("Range", spell.range.text))
        if spell.area is not None:
            fields.append(("Area", spell.area.text))
        fields.append(("Duration", spell.duration.text))
        for tier in (1, 2, 3):
            outcome = spell.outcome(tier)
            if outcome is None:
                fields.append((f"Tier {tier} ({TIER_BANDS[tier]})", "a miss"))
                continue
            damage = f" ({outcome.damage} damage)" if outcome.damage else ""
            fields.append((f"Tier {tier} ({TIER_BANDS[tier]})", f"{outcome.text}{damage}"))
        fields.append(
            (
                "Spellbook",
                f"{spell.book.name}: {spell.book.usage_dice} usage "
                f"{'die' if spell.book.usage_dice == 1 else 'dice'}, {spell.book.price} gc",
            )
        )
        yield _card(
            "spell",
            spell.name,
            "Spells",
            ("spell", "magic", str(spell.discipline), spell.book.name),
            spell.description,
            fields,
        )


def _creature_documents() -> Iterator[LookupDocument]:
    from refkit.rules.combat.bestiary_file import read_bestiary_file

    for path in sorted(resource_path("bestiary").glob("*.toml")):
        for creature in read_bestiary_file(path):
            fields: list[tuple[str, str]] = [
                ("Size", creature.size),
                ("Stamina", str(creature.stamina)),
                ("Armour defense", str(creature.ad)),
                ("Speed and reach", f"speed {creature.speed}, reach {creature.reach}"),
                (
                    "Agility / Mind / Strength",
                    f"{creature.agility:+d} / {creature.mind:+d} / {creature.strength:+d}",
                ),
            ]
            for attack in creature.attacks:
                labels = ", ".join(keyword.label for keyword in attack.keywords)
                keywords = f"; {labels}" if labels else ""
                fields.append((attack.name, f"{attack.range_text}, {attack.damage_text}{keywords}"))
            if creature.conditions:
                fields.append(("Conditions", ", ".join(creature.conditions)))
            if creature.uses_wounds:
                fields.append(("Wounds", "takes wounds like a crow once its Stamina is gone"))
            yield _card(
                "creature",
                creature.name,
                f"Bestiary ({path.stem})",
                ("creature", "monster", "bestiary", creature.size),
                creature.notes,
                fields,
            )


def _table_documents() -> Iterator[LookupDocument]:
    from refkit.rules.tables.defaults import load_default_tables

    for table in load_default_tables():
        rows = tuple(
            (row.label, f"{row.text} ({row.duration})" if row.duration else row.text)
            for row in table.rows
        )
        modifier = (
            f" + {table.modifier_name} (up to {table.max_modifier})"
            if table.modifier_name and table.max_modifier
            else ""
        )
        fields = [("Roll", f"{table.dice}{modifier}")]
        yield _card(
            "table",
            table.name,
            "Rollable tables",
            ("table", "roll"),
            table.description,
            fields,
            rows=rows,
        )


def _card(
    kind: str,
    name: str,
    section: str,
    tags: Iterable[str],
    notes: str,
    fields: Iterable[tuple[str, str]],
    *,
    rows: tuple[tuple[str, str], ...] = (),
) -> LookupDocument:
    fields = tuple(fields)
    # The index searches the notes and every field's value: "reload" finds the crossbow.
    text = "\n".join([notes, *(f"{label}: {value}" for label, value in fields)]).strip()
    if rows:  # a table's roll line is its own; its rows are searched (see searchable_text)
        text = notes.strip()
    unique_tags = tuple(dict.fromkeys(tag for tag in tags if tag))
    return LookupDocument(
        kind=kind,
        game=CARD_GAME,
        id=f"{kind}-{slug(name)}",
        title=name,
        section=section,
        tags=unique_tags,
        text=text,
        fields=fields,
        rows=rows,
    )
