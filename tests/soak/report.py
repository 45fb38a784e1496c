"""The soak's figures, as a short table, and whether the run is clean."""

from collections import Counter
from statistics import mean

from tests.soak.checks import COUNTS, Checked
from tests.soak.delivered import line as delivered_lines
from tests.soak.faults import OUTAGES
from tests.soak.phases import phases
from tests.soak.phases import rows as phase_rows

UNDOS = ("undos", "redos", "disputes")


def clean(soak, checked: Checked) -> bool:
    """Every count of COUNTS 0, no 500, no game abandoned, no fault of the soak's own, the
    service always back, settled in time, and the webhook clean (tests/soak/delivered.py)."""
    figures = soak.figures
    return (
        not any(checked.counts[name] for name in COUNTS)
        and not figures.retried["500"]
        and not figures.counts["soak errors"]
        and not figures.counts["games abandoned"]
        and all(fault.back != "down" for fault in soak.faults.done)
        and checked.settled_in is not None
        and checked.delivered is not None
        and checked.delivered.ok
    )


def lines(soak, checked: Checked, leftovers: list) -> list[str]:
    s, figures, faults = soak.settings, soak.figures, soak.faults.done
    fault_kinds = soak.faults.kinds
    made = [f for f in faults if f.back != "skipped" and f.kind in fault_kinds]
    by_kind = Counter(f.kind for f in made)
    skipped = sum(1 for f in faults if f.back == "skipped")
    itself = [f.seconds for f in faults if f.back == "itself"]
    tool = [f for f in faults if f.back == "tool"]
    restarted = [f.seconds for f in faults if f.back == "restarted"]
    ended = " games played to the end"
    kinds = Counter({k.removesuffix(ended): v for k, v in figures.counts.items() if ended in k})
    last = soak.faults.last()
    if checked.settled_in is None:
        settled = f"NOT within {s.settle:g} s: {checked.last_settled}"
    else:
        settled = (
            f"{checked.settled_in:.1f} s after the load stopped ({checked.queued} jobs queued)"
        )
        if last is not None:
            since = checked.settled_in + soak.load_ended - soak.began - last
            settled += f", {since:.0f} s after the last fault"
        if checked.last_settled:
            settled += f"; the last: {checked.last_settled}"
    rows = [
        ("seed", str(s.seed)),
        ("seconds of load", f"{soak.load_ended - soak.began:.0f}"),
        ("tables", str(s.tables)),
        (
            "games",
            f"{sum(checked.games.values())} ({plain(checked.games)}); played to the end: "
            f"{plain(kinds) or 'none'}",
        ),
        ("acknowledged events", f"{soak.ledger.acknowledged()} (receipts {checked.receipts})"),
        ("derived events", str(checked.derived)),
        ("undos, redos, disputes", ", ".join(str(figures.counts[n]) for n in UNDOS)),
        (
            "faults",
            f"{len(made)} ({', '.join(f'{k} {by_kind[k]}' for k in fault_kinds)})"
            + (f", {skipped} skipped" if skipped else ""),
        ),
        ("outages", outages(made)),
        ("back by itself", times(itself)),
        ("the tool", tool_faults(tool)),
        ("restarted by the soak", times(restarted)),
        ("client errors retried", f"{sum(figures.retried.values())} ({plain(figures.retried)})"),
        (
            "races lost, refused",
            f"{figures.counts['races lost (409, 412)']}, "
            f"{figures.counts['refused by the rules (422)']}",
        ),
        ("answers asked again", str(figures.counts["answers lost on purpose and asked again"])),
        ("games abandoned", str(figures.counts["games abandoned"])),
        ("settled", settled),
        *phase_rows(faults, phases(soak.ledger, checked.logs), fault_kinds),
    ]
    rows += [(name, str(checked.counts[name])) for name in COUNTS]
    rows.append(("answered otherwise", str(checked.counts["answered otherwise"])))
    rows.append(("server errors (500)", str(figures.retried["500"])))
    if checked.delivered is None:
        rows.append(("webhook", "NOT CHECKED"))
    else:
        rows += [("webhook" if i == 0 else "", text)
                 for i, text in enumerate(delivered_lines(checked.delivered))]  # fmt: skip
    width = max(len(name) for name, _ in rows)
    out = [f"  {name:<{width}}  {value}" for name, value in rows]
    if leftovers:
        out.append(f"  {len(leftovers)} processes of the service outlived it and were ended:")
        out += [f"    {pid} {command[:100]}" for pid, command in leftovers]
    notes = checked.problems + figures.notes
    if notes:
        out.append(f"  what went wrong or was odd ({len(notes)}):")
        out += [f"    {note}" for note in notes[:40]]
        if len(notes) > 40:
            out.append(f"    ... and {len(notes) - 40} more")
    return out


def outages(faults: list) -> str:
    """Each kind of outage: how many, and how long they lasted in all."""
    lasted = {kind: [f.ended - f.began for f in faults if f.kind == kind] for kind in OUTAGES}
    return ", ".join(f"{kind} {len(s)} ({sum(s):.1f} s)" for kind, s in lasted.items())


def tool_faults(faults: list) -> str:
    down = [f.seconds for f in faults if f.why == "down"]
    failing = [f.seconds for f in faults if f.why == "failing"]
    return (f"down {len(down)} times ({sum(down):.1f} s), answering 500 {len(failing)} times "
            f"({sum(failing):.1f} s)")  # fmt: skip


def plain(counts: Counter) -> str:
    return ", ".join(f"{name} {n}" for name, n in sorted(counts.items()))


def times(seconds: list[float]) -> str:
    if not seconds:
        return "0"
    average, most = mean(seconds), max(seconds)
    return f"{len(seconds)}, whole again after {average:.1f} s on average, {most:.1f} s at most"
