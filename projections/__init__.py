"""Folding logs into state: the head, any seq, snapshots, the catalog, and the write side."""
