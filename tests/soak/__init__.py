"""The soak (`make soak`, `python -m tests.soak`): the service as `make run` starts it, with a
tool receiving a webhook of every entry beside it, many tables played at once through the HTTP
API by racing writers for SOAK_SECONDS, while every SOAK_FAULT_EVERY seconds a part of the
service is killed with kill -9, or the tool is down or failing, or Redis is paused or out of
memory, or the network between the service and Redis resets, blackholes or delays; then, once
nothing is pending, every acknowledged event is looked for at its seq, every derivation
checked to be written once, every game verified with the recompute check, every receipt
checked, and every event of every log looked for among what the tool received, by its id.
The figures say how long the phases waited after each kind of fault.

    soak.py       the run: the service, the tables, the faults, the clients' writes
    service.py    `python -m app.run.serve` in a folder of its own, and its processes by part
    own_redis.py  the soak's redis-server, which the service reaches through the proxy
    proxy.py      the TCP proxy between them: the network's faults
    faults.py     the kills and outages, and waiting for the service to be whole again (or
                  restarting it)
    tool.py       the receiving tool: its key, its webhook, its faults
    tables.py     Burn Rate and FCM played by the scenarios' strategies, two tablets racing
    toy.py        toy games: tablets racing for turns; undo, redo, disputes, forks, imports
    client.py     the HTTP client, retrying with the same event ids and Idempotency-Keys
    ledger.py     what the service acknowledged
    checks.py     what is held against the ledger afterwards
    delivered.py  what the tool received, held against the ledger and the logs
    phases.py     the phase latency, after each kind of fault
    report.py     the figures
"""
