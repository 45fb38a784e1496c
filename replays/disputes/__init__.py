"""Disputes: threads anchored to a seq of a game's log, hash-chained in a stream of their own
beside it. A dispute is not a game event: nothing in it is folded into the game's state."""
