"""A Burn Rate table recorded through the HTTP API, with a real worker ending the turns.

It is the generic `RecordingTable` (tests/scenarios/recording.py) with the interface of the
pure `Table` of the rules tests, so the same scenarios drive both: `record` posts an action,
`refused` expects a 422 with the rule id, `settle` waits for the worker to resolve the turn's
end and returns the derived events it appended.
"""

from tests.games.burnrate.table import Table
from tests.scenarios.recording import RecordingTable


class RecordedTable(RecordingTable, Table):
    client = None  # set by the fixture that makes these tables

    def __init__(self, players, labor_pool, dealer=None, **options):
        super().__init__(type(self).client, "burnrate", players, dealer=dealer,
                         labor_pool=labor_pool, **options)  # fmt: skip
        self.derived = []

    def settle(self):
        derived = super().settle()
        self.derived.extend(derived)
        return derived
