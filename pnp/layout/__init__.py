"""Lay-out stage: components -> scenes (shapes in millimetres), sheets and tiles."""
