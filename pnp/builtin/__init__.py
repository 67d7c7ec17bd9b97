"""The built-in games and the shared templates, carried as package data.

In a checkout, ``data`` and ``templates`` here are links to the repository's top-level folders; a
wheel holds copies of them, so an installed pnp finds its games and templates wherever it runs.
"""
