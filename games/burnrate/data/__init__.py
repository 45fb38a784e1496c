"""Burn Rate component data (JSON), read by `games.burnrate.edition`."""
