"""The sane maxima of a game's numbers, checked when the data is read, before anything is allocated
from them: one extra zero in a value must be an error that names it, never minutes of work or
gigabytes of memory. Each limit is far beyond what a printed game needs."""

PLAYERS = 100
"""players.max in game.yaml."""
MINUTES = 100_000
"""duration in game.yaml."""
AGE = 120
CARDS_PER_DECK = 10_000
"""Physical cards in one deck, copies included (a deck of 10,000 poker cards is 1,100 A4 sheets)."""
COLUMNS = 1_000
"""Columns of a board side's grid."""
LANES = 100
"""Lanes of a board side's grid."""
SQUARE_MM = 500.0
BOARD_MM = 10_000.0
"""A board's width or height, and where an area may lie on it (10 m)."""
DATA_NUMBER = 100_000
"""The largest number (in magnitude) any data file may hold where no limit of its own applies: the
five built-in games never go above 660. Checked where the number is written."""
STEPS = 100
"""Steps of a printed track or dial (energy, form, weather, score), rows of a score sheet, squares of
a board section: a component that shows each one is unprintable beyond."""
DICE = 10
FACES = 100
