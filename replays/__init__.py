"""Step-through, diffs, explanations, verification, export and import."""
