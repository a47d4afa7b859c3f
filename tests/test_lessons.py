"""Every lesson notebook executes without an error (jupytext → nbclient)."""

from __future__ import annotations

from pathlib import Path

import jupytext
import pytest
from nbclient import NotebookClient

LESSONS = sorted((Path(__file__).resolve().parents[1] / "lessons").glob("*.md"))


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_executes(path):
    notebook = jupytext.read(path)
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent.parent)}},
    )
    client.execute()
    errors = [
        out
        for cell in notebook.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors
