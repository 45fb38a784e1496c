"""The phases of the game, one module each, in the order sequence.py gives: setup's two
(setup.py, reserve.py), then every turn's seven, from restructuring to cleanup."""
