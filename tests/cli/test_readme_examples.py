"""Every ``refkit …`` line in the fenced blocks of the README and the docs it links, run as
written, in order, against one fresh database (each ``a | b`` alternative as a command of its own).

What a line needs that the README does not show is said here, line by line, never skipped:
``NEEDS`` — the commands run just before it (state an earlier example left out, or the file it
reads); ``PLACEHOLDERS`` — the stand-in words (NAME, FILE) replaced with real ones. A line
listed in ``FAILS`` must fail with that message (a deliberately failing example).
"""

from __future__ import annotations

import glob
import json
import re
import shlex
from pathlib import Path

import pytest

from refkit.rules.character.file_format import dump_character_json
from refkit.rules.character.model import Character, Characteristics, Expertise, Stamina
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import BACKPACK, Inventory

REPO = Path(__file__).resolve().parents[2]
TOP_LEVEL_WORDS = {"test", "odds", "d100", "ud", "roll", "encounter", "travel", "greed", "craft",
                   "dt", "effect", "table", "spell", "cast", "backlash", "creature", "fight",
                   "attack", "map", "export", "character", "hazard", "lookup", "warcrow",
                   "widowers", "dice", "background", "trait"}  # fmt: skip

CATALOGUE = load_item_catalogue()

NEEDS: dict[str, list[str]] = {
    'dt adjust --minutes -5 --reason "we forgot to pause"': [
        'dt start --dungeon "Flooded crypt"'  # the line before stopped the clock
    ],
    "effect refuel Lantern": ["effect add Lantern --ud 3 --modes DT,Refuel --kind light"],
    "effect use Quiver --dice 4,2": ["effect add Quiver --ud 2 --modes Activate"],
    "effect relight Torch": [
        "effect add Torch --ud 2 --modes DT,Useless --kind light",
        # Dousing rolls its usage dice: faces of 1 or 2 on both spend it for good now and then.
        "effect douse Torch --dice 6,6",
    ],
    "dt resolve": ["dt noise --die 10"],  # an encounter to resolve
    'table import my-backlashes.txt --name "Backlashes" --dice d100 --max-modifier 5': [
        "@write my-backlashes.txt"
    ],
    "dt rest finish --activity Hesper=seclude-camp --activity Wren=prepare:agility "
    '--activity "Brannoc=tend-wounds:Hesper Quill"': [
        "fight crows",  # Tend Wounds needs a patient with two wounds
        'fight damage "Hesper Quill" 12',
        "character wound place Hesper --slot 1",
        "character wound place Hesper --slot 2",
        'fight remove "Brannoc Tull"',  # the fight examples below bring the party in
        'fight remove "Hesper Quill"',
        'fight remove "Wren Ashdown"',
    ],
    "travel journey step undo": [  # the day before was finished: another one under way
        "travel journey step begin --pace normal --slowest-speed 5 "
        '--role "Wren Ashdown=scout-danger"',
        "travel journey step role",
    ],
    "travel journey step rest --activity Wren=tend-wounds:Hesper": [
        'fight damage "Hesper Quill" 8',  # Brannoc tended her wounds at the dungeon's rest
        "@place-wounds Hesper Quill",
    ],
    "spell import my-spell.toml": ["@write my-spell.toml"],
    'craft project start --item "Healing potion" --crafter "Mara Vell"': [
        "@write mara.crow.json",
        "character import mara.crow.json",
    ],
    "creature import my-bestiary.toml": ["@write my-bestiary.toml"],
    "map import marches.map.json": [
        'map export "The Ashen Marches" --out marches.map.json',
        "@rename-map marches.map.json",
    ],
    "export sheet wren.crow.json --out wren.pdf --paper a4": [
        'character export "Wren Ashdown" --out wren.crow.json'
    ],
    # Each bonus is claimed once its XP is there (the lines before spent the ones at 600 TXP).
    'character advance "Mara Vell" --stamina': ['character xp "Mara Vell" --add 700'],
    # Bury the Point is a starting trait: Hesper buys it before her stiletto can bury its point.
    'character useless "Hesper Quill" Stiletto': [
        'character xp "Hesper Quill" --add 500',
        'character advance "Hesper Quill" --trait "Bury the Point"',
    ],
    'character advance "Mara Vell" --characteristic mind': ['character xp "Mara Vell" --add 4000'],
    # Mara Vell is stored already (the crafting examples needed her), and no crow is imported
    # over another without --replace: the file this line reads holds her sister, Mara Vane.
    "character import mara.crow.json": ["@write mara-vane.crow.json"],
}

PLACEHOLDERS: dict[str, dict[str, str]] = {
    "table show NAME": {"NAME": "Refkit default backlashes"},
    "table delete NAME": {"NAME": "Encounters: forest road"},
    "spell export NAME FILE": {"NAME": "Fire Lance", "FILE": "fire-lance.toml"},
    "spell delete NAME": {"NAME": "Ember Ward"},
    "craft project show NAME": {"NAME": "Healing potion"},
    "craft project complete NAME": {"NAME": "Healing potion"},
    "map show NAME": {"NAME": "The Marches"},
    "map export NAME --out FILE": {"NAME": "The Marches", "FILE": "marches-copy.map.json"},
}

ON_A_SERVER: dict[str, str] = {
    # A campaign moved to and from a server: the example's server is the reader's own, and a test
    # reaches only 127.0.0.1 (tests/cli/test_db_copy_cli.py copies both ways on the test server).
    "db copy ~/.local/share/refkit/refkit.sqlite3 postgresql://referee@db.example/crows": "server",
    "db copy postgresql://referee@db.example/crows crows-tonight.sqlite3 --json": "server",
}

# A roll that a later line depends on gets a fixed seed: with a fresh one, a roll of 19 or 20 would
# finish the potion now and then, and the refusal the README shows below would not come.
SEEDED: dict[str, int] = {
    'craft project roll "Healing potion" --crafter "Mara Vell" --rest "town, day 3"': 7,
}

FAILS: dict[str, str] = {
    # One roll does not finish a 20-point potion: the line shows the command, refused until the
    # project has all its points.
    "craft project complete NAME": "of its 20 crafting points",
}


DOCUMENTS = ("README.md", "docs/command-line.md", "docs/user-guide.md", "docs/development.md")
"""Where the examples are, in the order a reader meets them (the README links the others)."""


def readme_commands() -> list[tuple[str, str]]:
    """("file line N", command without ``refkit``) for each example, alternatives split."""
    commands = []
    for document in DOCUMENTS:
        inside = False
        lines = (REPO / document).read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            if line.startswith("```"):
                inside = not inside
                continue
            if not inside or not line.startswith("refkit "):
                continue
            place = f"{document} line {number}"
            text = re.split(r"\s+#\s", line, maxsplit=1)[0].strip()[len("refkit ") :]
            first, *others = [part.strip() for part in text.split(" | ")]
            commands.append((place, first))
            words = first.split()
            for other in others:
                head = other.split()[0]
                if head not in TOP_LEVEL_WORDS and head in words:  # "step role | step encounter"
                    other = " ".join([*words[: words.index(head)], other])
                commands.append((place, other))
    return commands


def _write(name: str, cli) -> None:
    path = Path(name)
    if name == "my-backlashes.txt":
        path.write_text("1-50 A sting of static\n51-105 The spell bites back\n", encoding="utf-8")
    elif name == "my-spell.toml":
        cli("spell", "export", "Fire Lance", "fire.toml")
        text = Path("fire.toml").read_text(encoding="utf-8")
        path.write_text(re.sub("fire lance", "Ember Ward", text, flags=re.I), encoding="utf-8")
    elif name in ("mara.crow.json", "mara-vane.crow.json"):
        crow = Character(
            "Mara Vell" if name == "mara.crow.json" else "Mara Vane",
            Characteristics(0, 2, 0),
            Stamina(5, 5),
            expertises=(Expertise("Alchemy", "general", 2),),
            background="Alchemist",  # The Nest's save needs one (the export example)
            items=Inventory((find_catalogue_item(CATALOGUE, "Alchemist's tools").to_item()
                             .moved_to(BACKPACK, 1),)),
        )  # fmt: skip
        Path("mara.crow.json").write_text(dump_character_json(crow), encoding="utf-8")
    elif name == "my-bestiary.toml":
        path.write_text(
            'format = "refkit-bestiary"\nversion = 1\n\n[[creature]]\nname = "Bog rat"\n'
            'size = "small"\nstamina = 3\n\n[[creature.attack]]\nname = "Bite"\n'
            'kind = "melee"\nreach = 1\ndamage = "1 / 2"\n',
            encoding="utf-8",
        )
    else:
        raise AssertionError(f"no file {name} to write")


def _run(cli, command: str):
    if command.startswith("@write "):
        _write(command.split(" ", 1)[1], cli)
        return None
    if command.startswith("@place-wounds "):
        crow = command.split(" ", 1)[1]
        listed = cli("character", "list", "--json").json["characters"]
        (waiting,) = [c["wounds_to_place"] for c in listed if c["name"] == crow]
        for slot in range(1, waiting + 1):
            assert cli("character", "wound", "place", crow, "--slot", str(slot)).code == 0
        return None
    if command.startswith("@rename-map "):
        path = Path(command.split(" ", 1)[1])
        data = json.loads(path.read_text(encoding="utf-8"))
        data["name"] = "The Marches"
        path.write_text(json.dumps(data), encoding="utf-8")
        return None
    args = []
    for word in shlex.split(command):
        args.extend(sorted(glob.glob(word)) if "*" in word else [word])
    return cli(*args)


@pytest.mark.slow
def test_every_readme_example_runs_as_written(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    commands = readme_commands()
    written = {command for _, command in commands}
    for marks in (NEEDS, PLACEHOLDERS, SEEDED, FAILS, ON_A_SERVER):
        assert set(marks) <= written, (
            f"marks for lines no longer in the README or docs: {set(marks) - written}"
        )
    failures = []
    for number, command in commands:
        if command in ON_A_SERVER:
            continue
        for before in NEEDS.get(command, []):
            done = _run(cli, before)
            assert done is None or done.code == 0, (number, before, done.err)
        shown = command
        for word, value in PLACEHOLDERS.get(command, {}).items():
            shown = re.sub(rf"\b{word}\b", shlex.quote(value), shown)
        if command in SEEDED:
            shown = f"{shown} --seed {SEEDED[command]}"
        run = _run(cli, shown)
        expected = FAILS.get(command)
        if expected is None and run.code != 0:
            failures.append(f"{number}: refkit {shown} -> {run.err.strip()}")
        elif expected is not None and (run.code == 0 or expected not in run.err):
            failures.append(f"{number}: refkit {shown} should fail with {expected!r}")
    assert not failures, "\n".join(failures)
