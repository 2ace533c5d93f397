"""The locator finds the shipped data folders from a checkout and names a missing file."""

from __future__ import annotations

import tomllib

import pytest

from refkit.locate import ResourceMissingError, read_resource_text, resource_path, sheet_path


def test_resources_and_sheets_are_found():
    assert resource_path("items.toml").is_file()
    paper = tomllib.loads(sheet_path("paper.toml").read_text(encoding="utf-8"))
    assert paper["a4"]["width"] == 210.0 and paper["letter"]["height"] == 279.4
    cards = tomllib.loads(sheet_path("cards.toml").read_text(encoding="utf-8"))
    assert (cards["poker"]["width"], cards["poker"]["height"]) == (63.0, 88.0)
    assert read_resource_text("items.toml").startswith("# Refkit")


def test_missing_resource_names_the_file():
    with pytest.raises(ResourceMissingError, match=r"resources/no-such-file\.toml"):
        resource_path("no-such-file.toml")
    with pytest.raises(ResourceMissingError, match=r"sheets/nothing\.toml"):
        sheet_path("nothing.toml")
