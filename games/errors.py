"""The one error a rule raises when it refuses an action."""


class RuleViolation(Exception):
    """An action the rules do not allow.

    `rule` is a checklist id (`BR-PLAY-2`, `FCM-SETUP-8`); `message` says what was wrong and,
    where it helps, what would have been legal; `details` is optional JSON-able data for the
    client (the squares at fault, the legal targets).
    """

    def __init__(self, rule: str, message: str, details: dict | None = None):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.details = details or {}
