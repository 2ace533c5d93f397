"""What a thing looks like, without Qt or ReportLab: item card faces, the inventory sheet's slot
geometry and the card sheet's arithmetic, read from ``sheets/*.toml`` — painted by ``refkit.gui``,
printed by ``refkit.export`` — and the words every front end shows: the DT clock's text and a
Crows test result's.

The names below are loaded on first use (PEP 562), so a command that needs only the clock text or
a test result's words does not import the card faces and sheet layouts (and the rules they read).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS: dict[str, str] = {
    "AreaFrame": "refkit.present.sheet_layout",
    "BoardMetrics": "refkit.present.sheet_layout",
    "CardFace": "refkit.present.card_face",
    "CardFact": "refkit.present.card_face",
    "CardSheet": "refkit.present.card_sheet",
    "CardSize": "refkit.present.card_sheet",
    "CutMark": "refkit.present.card_sheet",
    "DEFAULT_KIND_COLOUR": "refkit.present.card_face",
    "GROUND_PLACE": "refkit.present.sheet_layout",
    "InventorySheet": "refkit.present.sheet_layout",
    "KIND_COLOURS": "refkit.present.card_face",
    "KIND_ORDER": "refkit.present.card_face",
    "NET_TEXT": "refkit.present.test_text",
    "Paper": "refkit.present.card_sheet",
    "Place": "refkit.present.sheet_layout",
    "Rect": "refkit.present.geometry",
    "ResultWording": "refkit.present.test_text",
    "SheetLayout": "refkit.present.sheet_layout",
    "SheetLayoutError": "refkit.present.sheet_toml",
    "USED_UP_COLOUR": "refkit.present.card_face",
    "USED_UP_INK": "refkit.present.card_face",
    "accent_colour": "refkit.present.card_face",
    "all_slot_places": "refkit.present.sheet_layout",
    "card_facts": "refkit.present.card_face",
    "card_sizes": "refkit.present.card_sheet",
    "clock_text": "refkit.present.clock_text",
    "countdown_text": "refkit.present.clock_text",
    "describe_test": "refkit.present.test_text",
    "detail_line": "refkit.present.test_text",
    "headline": "refkit.present.test_text",
    "inventory_sheet": "refkit.present.sheet_layout",
    "kind_colour": "refkit.present.card_face",
    "lay_out_cards": "refkit.present.card_sheet",
    "lay_out_sheet": "refkit.present.sheet_layout",
    "meaning": "refkit.present.test_text",
    "minimum_width": "refkit.present.sheet_layout",
    "outcome_key": "refkit.present.test_text",
    "overdue_text": "refkit.present.clock_text",
    "panel_clock_text": "refkit.present.clock_text",
    "papers": "refkit.present.card_sheet",
    "players_clock_text": "refkit.present.clock_text",
    "read_card_sizes": "refkit.present.card_sheet",
    "read_inventory_sheet": "refkit.present.sheet_layout",
    "read_papers": "refkit.present.card_sheet",
    "result_note": "refkit.present.test_text",
    "short_clock_text": "refkit.present.clock_text",
    "shown_signed": "refkit.present.test_text",
    "summary_line": "refkit.present.test_text",
    "time_left_text": "refkit.present.clock_text",
    "total_terms": "refkit.present.test_text",
    "whole_seconds_left": "refkit.present.clock_text",
    "word_result": "refkit.present.test_text",
}

__all__ = [
    "DEFAULT_KIND_COLOUR",
    "GROUND_PLACE",
    "KIND_COLOURS",
    "KIND_ORDER",
    "NET_TEXT",
    "USED_UP_COLOUR",
    "USED_UP_INK",
    "AreaFrame",
    "BoardMetrics",
    "CardFace",
    "CardFact",
    "CardSheet",
    "CardSize",
    "CutMark",
    "InventorySheet",
    "Paper",
    "Place",
    "Rect",
    "ResultWording",
    "SheetLayout",
    "SheetLayoutError",
    "accent_colour",
    "all_slot_places",
    "card_facts",
    "card_sizes",
    "clock_text",
    "countdown_text",
    "describe_test",
    "detail_line",
    "headline",
    "inventory_sheet",
    "kind_colour",
    "lay_out_cards",
    "lay_out_sheet",
    "meaning",
    "minimum_width",
    "outcome_key",
    "overdue_text",
    "panel_clock_text",
    "papers",
    "players_clock_text",
    "read_card_sizes",
    "read_inventory_sheet",
    "read_papers",
    "result_note",
    "short_clock_text",
    "shown_signed",
    "summary_line",
    "time_left_text",
    "total_terms",
    "whole_seconds_left",
    "word_result",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from refkit.present.card_face import (
        DEFAULT_KIND_COLOUR,
        KIND_COLOURS,
        KIND_ORDER,
        USED_UP_COLOUR,
        USED_UP_INK,
        CardFace,
        CardFact,
        accent_colour,
        card_facts,
        kind_colour,
    )
    from refkit.present.card_sheet import (
        CardSheet,
        CardSize,
        CutMark,
        Paper,
        card_sizes,
        lay_out_cards,
        papers,
        read_card_sizes,
        read_papers,
    )
    from refkit.present.clock_text import (
        clock_text,
        countdown_text,
        overdue_text,
        panel_clock_text,
        players_clock_text,
        short_clock_text,
        time_left_text,
        whole_seconds_left,
    )
    from refkit.present.geometry import Rect
    from refkit.present.sheet_layout import (
        GROUND_PLACE,
        AreaFrame,
        BoardMetrics,
        InventorySheet,
        Place,
        SheetLayout,
        all_slot_places,
        inventory_sheet,
        lay_out_sheet,
        minimum_width,
        read_inventory_sheet,
    )
    from refkit.present.sheet_toml import SheetLayoutError
    from refkit.present.test_text import (
        NET_TEXT,
        ResultWording,
        describe_test,
        detail_line,
        headline,
        meaning,
        outcome_key,
        result_note,
        shown_signed,
        summary_line,
        total_terms,
        word_result,
    )
