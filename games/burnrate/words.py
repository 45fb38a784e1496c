"""Words for the messages a refusal answers: counted nouns in the singular or the plural."""


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 card`, `2 cards`, `0 cards`; `nouns` where adding an s is wrong (`copy`, `copies`)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
