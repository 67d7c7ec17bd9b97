"""Paint stage: scenes -> PDF (ReportLab) or SVG (svgwrite). Painters know nothing about games."""
