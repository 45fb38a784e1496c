"""What a chain's cards do in working, after recruiting (turn/working.py), in the fixed order
of actions: train, marketing, food and drinks, houses and gardens, restaurants."""
