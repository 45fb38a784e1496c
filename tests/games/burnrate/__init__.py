"""Unit tests of the Burn Rate rules (games/burnrate), one module per rule module."""
