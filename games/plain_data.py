"""Copying a game's state: plain JSON data (dicts, lists, strings, numbers, booleans, None).

Every `evolve` works on a copy so that the state it was given is never changed. `copy.deepcopy`
is general and slow (a memo of every object, a dispatch per value); a state that is JSON data
needs neither, since a state is stored and read back as JSON and so never relies on two places
sharing one list.
"""

import copy

ATOMS = frozenset((str, int, float, bool, type(None)))


def copied(value):
    """A deep copy of plain JSON data, as `copy.deepcopy` makes it; a value of any other type
    inside it is handed to `copy.deepcopy`."""
    kind = type(value)
    if kind is dict:
        return {key: copied(item) for key, item in value.items()}
    if kind is list:
        return [copied(item) for item in value]
    if kind in ATOMS:
        return value
    return copy.deepcopy(value)
