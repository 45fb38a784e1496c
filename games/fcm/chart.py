"""What a chart of a Food Chain Magnate game shows: each chain's cash, and the bank's, turn by
turn (replays/chart.py samples it at each turn's end and draws it).

Cash is the score: the most cash wins, a tie to the earlier in turn order (FCM-BANK-4), so
the chart has one measure. The bank is drawn beside the chains because its breaks are what
end the game (FCM-BANK-1 to FCM-BANK-3): a reader sees it run down and refill.
"""

CHART = {
    "title": "Cash over the turns",
    "measures": [{"key": "cash", "label": "Cash ($)"}],
}


def points(state: dict) -> dict:
    """The turn `state` is in, and each chain's cash (in seating order, which never changes,
    unlike the turn order) and then the bank's; a bankrupt chain is out (bankruptcy.py), its
    line ending with a cross at the turn it went."""
    chains = [
        {"name": name, "role": "chain", "values": {"cash": state["chains"][name]["cash"]},
         "out": bool(state["chains"][name].get("bankrupt"))}
        for name in state["players"]
    ]  # fmt: skip
    bank = {"name": "Bank", "role": "bank", "values": {"cash": state["bank"]["cash"]}, "out": False}
    return {"turn": state["turn"], "series": [*chains, bank]}
