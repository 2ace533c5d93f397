"""What the window says when the desktop cannot open an exported file (Qt-free).

A computer without a PDF viewer (or a file manager) opens nothing when asked; the dialog says so
and where the file is, so the referee can copy the path or open it another way.
"""

from __future__ import annotations

from pathlib import PurePath


def no_viewer_text(path: PurePath) -> str:
    """Said when no program opened the PDF at ``path``."""
    return (
        f"No program to open PDFs was found on this computer. The PDF is saved at {path}: "
        "copy its path, or open it from its folder with a PDF viewer."
    )


def no_file_manager_text(path: PurePath) -> str:
    """Said when no file manager showed the folder of ``path``."""
    return (
        f"No file manager could show the folder. The PDF is saved at {path}: copy its path to "
        "find it."
    )
