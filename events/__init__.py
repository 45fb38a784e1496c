"""The event log: envelope, hash chain, event-type registry and the Redis store."""
