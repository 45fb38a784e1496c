"""A game's transcript in Markdown, to send to the other side: the game by its table's name if
it has one, every event as a sentence (its game's `describe`, replays/sentences.py), under a
heading for each turn and phase as the game says them (its `where`), each automatic phase
with its explanation (in the game's sentences, its `why`, or else written out), the disputes
on each seq and their threads, and what verification found, with the head hashes. A person
reads what happened without the API.

Withdrawn events are struck through (~~...~~) and say which retract withdrew them. When the
log does not verify, the events are told up to the last that holds.
"""

from events.retract import withdrawn_by
from events.store import utc_now
from projections.fold import retract_pairs, walk
from projections.recorder import Recorder
from replays.disputes.entries import UPHELD
from replays.disputes.service import DisputeService
from replays.sentences import entered, flat, reasons, sentence, where, who, written
from replays.verify import HOLDING, verify

MARKDOWN = str.maketrans({c: f"\\{c}" for c in "\\`*_[]<>~|#"})
DEPTH = 4  # how deep an explanation is written out


def md(text) -> str:
    """Text from the table, kept as it was said: on one line, its Markdown escaped."""
    return " ".join(str(text).split()).translate(MARKDOWN)


def transcript(recorder: Recorder, disputes: DisputeService, game_id: str) -> str:
    projector = recorder.projector
    meta = projector.meta(game_id)
    game = recorder.games.get(meta["kind"])
    verdict = verify(recorder, game_id)
    chain, threads = disputes.checked(game_id)
    holds = meta["version"] if verdict.ok or verdict.problem in HOLDING else verdict.checked
    log = projector.store.read_range(game_id, 1, holds)
    named = f"{md(meta['name'])} (game {game_id})" if meta.get("name") else f"game {game_id}"
    lines = [
        f"# Transcript of {named}",
        "",
        f"{md(getattr(game, 'TITLE', meta['kind']))}, players {md(', '.join(meta['players']))}: "
        f"{meta['version']} events, {meta['status']}. Written {utc_now()}.",
        "",
        "## What happened",
        "",
        *happened(projector, game, meta["kind"], log, threads),
    ]
    if holds < meta["version"]:
        lines += ["", f"Seq {holds + 1} on does not hold (see the verification below)."]
    lines += ["", "## Disputes", "", *disputed(threads)]
    lines += ["", "## Verification", "", *verification(meta, verdict, chain)]
    return "\n".join(lines) + "\n"


def happened(projector, game, kind: str, log: list[dict], threads: dict) -> list[str]:
    """One item an event, oldest first, with its explanation and the disputes on it; a
    heading wherever the game's `where` moves on (a turn, a phase)."""
    retracts = retract_pairs(log)
    on_seq: dict[int, list[dict]] = {}
    for thread in threads.values():
        on_seq.setdefault(thread["seq"], []).append(thread)
    lines, before, heading = [], None, None
    for envelope, after in walk(lambda s, e: projector.evolve(kind, s, e), None, log):
        event = projector.event_types.upcast(envelope)
        stood = where(game, before if before is not None else after)
        if stood is not None and stood != heading:
            lines += ["", f"### {md(stood)}", ""] if lines else [f"### {md(stood)}", ""]
            heading = stood
        said = f"**{event['seq']}.** {md(sentence(game, event, before))}"
        by = withdrawn_by(retracts, event["seq"])
        if by is not None:
            said = f"~~{said}~~ (withdrawn by step {by})"
        lines.append(f"- {said} _({md(entered(event))}, {event['recorded_at']})_")
        explanation = event["payload"].get("explanation")
        if event["actor"].startswith("system:") and explanation:
            why = reasons(game, event, before)
            if why is None:  # a game that does not say it: the explanation as it is
                lines += [f"  {line}" for line in explained(explanation)]
            else:
                lines += [f"  - {md(line)}" for line in why]
        for thread in on_seq.get(event["seq"], []):
            lines.append(f"  - Dispute {thread['id']} ({status(thread)}): {md(thread['text'])}")
        before = after
    return lines


def explained(value, depth: int = 0) -> list[str]:
    """An explanation as a nested list: a name and its value a line, lists of names joined."""
    lines = []
    items = value.items() if isinstance(value, dict) else enumerate(value, start=1)
    for name, inner in items:
        label = md(str(name).replace("_", " "))
        if isinstance(inner, dict | list) and not flat(inner) and depth < DEPTH:
            lines.append(f"- {label}:")
            lines += [f"  {line}" for line in explained(inner, depth + 1)]
        else:
            lines.append(f"- {label}: {md(written(inner))}")
    return lines


def status(thread: dict) -> str:
    if thread["status"] == UPHELD:
        return f"upheld, corrected at seq {thread['resolution']['correcting_seq']}"
    return thread["status"]


def disputed(threads: dict) -> list[str]:
    if not threads:
        return ["None."]
    lines = []
    for thread in threads.values():
        lines += [f"### Dispute {thread['id']} on seq {thread['seq']}: {status(thread)}", ""]
        lines.append(f"- {said(thread, 'opened it')}")
        lines += [f"- {said(reply, 'replied')}" for reply in thread["replies"]]
        resolution = thread["resolution"]
        if resolution:
            lines.append(f"- {said(resolution, status(thread).replace('upheld', 'upheld it'))}"
                         if resolution["outcome"] == UPHELD
                         else f"- {said(resolution, 'dismissed it')}")  # fmt: skip
        lines.append("")
    return lines[:-1]


def said(item: dict, what: str) -> str:
    text = f": {md(item['text'])}" if item["text"] else ""
    return f"{md(who(item['author']))} {what} ({item['recorded_at']}){text}"


def verification(meta: dict, verdict, chain: dict) -> list[str]:
    if verdict.ok:
        log = f"verified: {verdict.checked} events re-hashed, checked and refolded"
    else:
        log = (f"does NOT verify: seq {verdict.first_bad_seq}, {verdict.problem}: "
               f"{md(verdict.detail)}")  # fmt: skip
    if chain["ok"]:
        count = chain["entries"]
        disputes = f"the chain holds: {count} {'entry' if count == 1 else 'entries'}"
    else:
        disputes = (f"the chain does NOT hold at entry {chain['first_bad_entry']}: "
                    f"{md(chain['problem'])}")  # fmt: skip
    return [
        f"- The log {log}; head hash `{meta['head_hash']}`.",
        f"- The disputes: {disputes}; head hash `{chain['head_hash']}`.",
    ]
