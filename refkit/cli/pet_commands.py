"""``refkit character show NAME`` and ``refkit character pack put|take``: a crow with what its
pets carry, and things put on a pet or taken off it, each one undo step.

``pack put NAME ITEM --pet PET [--slot N]`` puts an item the crow carries (or has on the
ground, or another pet carries) in the pet's pack; ``pack take NAME ITEM [--to AREA] [--slot S]``
takes it back to the crow's hand, belt, backpack, a magic slot or the ground. ITEM is the item's
id or its name. A move the slot rules refuse: one ``error:`` line, exit 2, nothing written.
"""

from __future__ import annotations

import argparse
from typing import Any

from refkit.cli.errors import CliError
from refkit.cli.parsing import Subcommands, whole_number
from refkit.cli.services import command_services

Result = tuple[dict[str, Any], str]
TAKE_AREAS = ("hand", "belt", "backpack", "magic", "ground")


def register_pets(actions: Subcommands, add_common: Any) -> None:
    """The ``show`` and ``pack`` actions of ``refkit character``."""
    show = actions.add_parser("show", help="a stored crow, with what its pets carry")
    show.add_argument("name", metavar="NAME")
    add_common(show)
    show.set_defaults(handler=_run_show)

    pack = actions.add_parser("pack", help="put an item on a pet or take it off")
    steps = pack.add_subparsers(dest="pack_action", metavar="STEP", required=True)
    put = steps.add_parser("put", help="put an item in a pet's pack")
    put.add_argument("name", metavar="NAME")
    put.add_argument("item", metavar="ITEM", help="the item's id or its name")
    put.add_argument("--pet", required=True, metavar="PET", help="the pet that carries it")
    put.add_argument(
        "--slot", type=whole_number, metavar="N", help="the pack slot (default: first free)"
    )
    add_common(put)
    put.set_defaults(handler=_run_put)
    take = steps.add_parser("take", help="take an item off a pet")
    take.add_argument("name", metavar="NAME")
    take.add_argument("item", metavar="ITEM", help="the item's id or its name")
    take.add_argument(
        "--to",
        choices=TAKE_AREAS,
        default="backpack",
        metavar="AREA",
        help="hand, belt, backpack (default), magic or ground",
    )
    take.add_argument(
        "--slot", metavar="S", help="the slot number (a magic slot's name with --to magic)"
    )
    add_common(take)
    take.set_defaults(handler=_run_take)


def _crow_name(services: Any, name: str) -> str:
    from refkit.cli.crow_names import full_crow_name
    from refkit.store.character_store import CharacterNotFoundError

    try:
        return str(services.characters.get(full_crow_name(services, name)).name)
    except CharacterNotFoundError:
        raise CliError(f"no crow called {name!r}") from None


def _pets_lines(character: Any) -> list[str]:
    from refkit.rules.character.pet_moves import pack_summary

    return [f"  pet: {pack_summary(character, pet)}" for pet in character.pets]


def _run_show(args: argparse.Namespace) -> Result:
    from refkit.app.pet_commands import pets_view
    from refkit.rules.character.file_format import character_to_json

    with command_services(args) as services:
        crow = services.characters.get(_crow_name(services, args.name))
    lines = [
        f"{crow.name}: Stamina {crow.stamina.current}/{crow.stamina.max}, speed {crow.speed}",
        *(f"  {item.label}" for item in crow.items),
        *_pets_lines(crow),
    ]
    return {"character": character_to_json(crow), "pets": pets_view(crow)}, "\n".join(lines)


def _slot(text: str | None, area: str) -> int | str | None:
    if text is None or area in ("magic", "ground"):
        return text if area == "magic" else None
    try:
        return whole_number(text)
    except (argparse.ArgumentTypeError, ValueError):
        raise CliError(f"--slot {text!r}: the {area} slot is a whole number") from None


def _step(args: argparse.Namespace, make: Any) -> Result:
    from refkit.app.pet_commands import item_id_named, pets_view
    from refkit.errors import DomainError

    with command_services(args) as services:
        name = _crow_name(services, args.name)
        try:
            item_id = item_id_named(services.characters.get(name), args.item)
            command = make(services.characters, name, item_id)
            services.do(command)
        except DomainError as error:
            raise CliError(str(error)) from None
        crow = services.characters.get(name)
    payload = {"name": name, "item": item_id, "step": command.text, "pets": pets_view(crow)}
    return payload, "\n".join([f"{command.text}", *_pets_lines(crow)])


def _run_put(args: argparse.Namespace) -> Result:
    from refkit.app.pet_commands import pack_item

    return _step(args, lambda s, name, item: pack_item(s, name, item, args.pet, args.slot))


def _run_take(args: argparse.Namespace) -> Result:
    from refkit.app.pet_commands import unpack_item

    at = _slot(args.slot, args.to)
    return _step(args, lambda s, name, item: unpack_item(s, name, item, args.to, at))
