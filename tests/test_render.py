"""Every PDF of every built-in kit, in every language on A4 and Letter, renders without a word from
pdfium, poppler or Ghostscript (a PDF is right when renderers agree, not when a checker does)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from renderers import RENDERERS, available, messages


@pytest.mark.parametrize("renderer", RENDERERS)
def test_every_pdf_renders_without_a_message(every_kit: list[Path], renderer: str) -> None:
    if renderer not in available():
        if os.environ.get("CI"):
            pytest.fail(f"{renderer} is not installed: .ci/run installs poppler-utils and ghostscript")
        pytest.skip(f"{renderer} is not installed")
    pdfs = sorted(p for folder in every_kit for p in folder.rglob("*.pdf"))
    assert len(pdfs) >= 100
    said = {}
    for pdf in pdfs:
        lines = messages(pdf, renderer)
        if lines:
            said[str(pdf.relative_to(pdf.parents[3]))] = f"{len(lines)} messages, first: {lines[0]}"
    assert not said, f"{renderer} complained about {len(said)} files: {said}"


def test_a_broken_form_is_reported(tmp_path: Path) -> None:
    """The render check sees the defect it guards against: a drawing that uses a graphics state its
    resources do not declare."""
    if "poppler" not in available():
        pytest.skip("poppler is not installed")
    import pikepdf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(100, 100))
    pdf.pages[0].Contents = pdf.make_stream(b"/GS0 gs 0 0 10 10 re f")
    path = tmp_path / "broken.pdf"
    pdf.save(path)
    assert any("GS0" in line for line in messages(path, "poppler"))
