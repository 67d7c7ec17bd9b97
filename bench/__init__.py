"""Benchmarks of the card pipeline (layout, imposition, PDF painting). Run ``python -m bench.run``."""
