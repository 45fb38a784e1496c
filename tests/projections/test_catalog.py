"""The catalog's filtered read: a game found by kind, status, player and the words of its name,
players and id, newest or oldest first, a page at a time; the terms index read instead of every
game's meta, kept whole by every path that makes a game, and made again by `rebuild`."""

import pytest

from events import keys
from projections.catalog import Filters, terms, words
from tests.api.helpers import add, append, create_toy


def make(client, players=("ann", "ben"), name=None, **options) -> str:
    body = {"kind": "toy", "players": list(players), "options": options}
    if name is not None:
        body["name"] = name
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"]


def ids(found) -> list[str]:
    return [game["id"] for game in found]


@pytest.fixture
def table(client):
    """Four games, oldest first: two of ann's, one finished, one of cleo's named."""
    friday = make(client, ("ann", "ben"), name="Friday at Ann's")
    plain = make(client, ("ann", "Dora Lee"))
    finished, token = create_toy(client, players=("ben", "cleo"), goal=5, tally_every=100)
    assert append(client, finished, token, add("ben", 5)).json["status"] == "finished"
    league = make(client, ("cleo", "ben"), name="Spring league, round 2")
    return {"friday": friday, "plain": plain, "finished": finished, "league": league}


def test_words_are_runs_of_letters_and_digits_in_lower_case():
    assert words("Ann's table, #2 — Ärger") == ["ann", "s", "table", "2", "ärger"]
    assert words(" !? ") == []


def test_a_game_is_found_by_each_player_whole_and_every_word_of_name_players_and_id():
    found = terms("01ABC", ["Ann", "Dora Lee"], "Friday night")
    assert found == {
        "player:ann", "player:dora lee", "word:ann", "word:dora", "word:lee",
        "word:friday", "word:night", "word:01abc",
    }  # fmt: skip
    assert terms("01ABC", ["ann"], None) == {"player:ann", "word:ann", "word:01abc"}


def test_each_filter_narrows_and_the_newest_come_first(services, table):
    catalog = services.catalog
    everything = [table[name] for name in ("league", "finished", "plain", "friday")]
    assert ids(catalog.find(Filters(), None, 10, newest=True)[0]) == everything
    assert ids(catalog.find(Filters(), None, 10)[0]) == everything[::-1]
    by_player = catalog.find(Filters(player="ANN"), None, 10, newest=True)[0]
    assert ids(by_player) == [table["plain"], table["friday"]]
    assert ids(catalog.find(Filters(player="dora lee"), None, 10)[0]) == [table["plain"]]
    assert catalog.find(Filters(player="dora"), None, 10)[0] == []  # a player is a whole name
    finished = catalog.find(Filters(status="finished"), None, 10)[0]
    assert ids(finished) == [table["finished"]]
    assert ids(catalog.find(Filters(player="ben", status="active"), None, 10)[0]) == [
        table["friday"], table["league"]
    ]  # fmt: skip
    assert catalog.find(Filters(kind="burnrate"), None, 10)[0] == []


def test_a_search_matches_the_start_of_a_word_of_the_name_a_player_or_the_id(services, table):
    catalog = services.catalog

    def searched(text):
        return set(ids(catalog.find(Filters(text=text), None, 10)[0]))

    assert searched("fri") == {table["friday"]}
    assert searched("ROUND 2 spring") == {table["league"]}  # every word, in any order and case
    assert searched("lee") == {table["plain"]}
    assert searched("cleo") == {table["finished"], table["league"]}
    assert searched("ann") == {table["friday"], table["plain"]}  # a name's word and a player
    assert searched(table["finished"].lower()) == {table["finished"]}
    assert searched(table["plain"][:-3]) == {table["plain"]}
    assert searched("riday") == set()  # the start of a word, not any part of it
    assert searched("friday cleo") == set()
    assert searched("?!") == set(table.values())  # no word: no search
    league = catalog.find(Filters(text="spring", player="Cleo", status="active"), None, 10)[0]
    assert ids(league) == [table["league"]] and league[0]["name"] == "Spring league, round 2"


def test_a_filtered_list_pages_past_the_last_id_either_way(services, client):
    made = [make(client, ("ann", f"p{n}")) for n in range(5)]
    catalog = services.catalog
    first, more = catalog.find(Filters(player="ann"), None, 2, newest=True)
    assert ids(first) == made[:2:-1] and more
    second, more = catalog.find(Filters(player="ann"), first[-1]["id"], 2, newest=True)
    assert ids(second) == made[2:0:-1] and more
    last, more = catalog.find(Filters(player="ann"), second[-1]["id"], 2, newest=True)
    assert ids(last) == made[:1] and not more
    oldest, more = catalog.find(Filters(text="ann"), made[1], 2)
    assert ids(oldest) == made[2:4] and more


def test_a_search_reads_the_meta_of_the_games_it_finds_only(services, client, monkeypatch):
    """The terms index answers which games to read: a hundred games of others cost no read."""
    for n in range(100):  # through the recorder: the API limits creations per address
        services.recorder.create("toy", [f"x{n}", f"y{n}"], {}, "token")
    mine = make(client, ("ann", "ben"), name="Ours")
    read = []
    metas = services.catalog.metas
    monkeypatch.setattr(services.catalog, "metas", lambda chunk: read.extend(chunk) or metas(chunk))
    assert ids(services.catalog.find(Filters(player="ann"), None, 50, newest=True)[0]) == [mine]
    assert ids(services.catalog.find(Filters(text="ours ben"), None, 50)[0]) == [mine]
    assert read == [mine, mine]


def test_a_term_left_behind_never_lists_a_game_wrongly(services, client, redis_client):
    """Every filter is checked again against the meta read: an index entry naming a game that
    does not hold it (written by hand here) is passed over."""
    game_id = make(client, ("ann", "ben"))
    redis_client.zadd(keys.catalog_terms(), {f"player:zed\0{game_id}".encode(): 0})
    redis_client.zadd(keys.catalog_terms(), {f"word:zed\0{game_id}".encode(): 0})
    assert services.catalog.find(Filters(player="zed"), None, 10)[0] == []
    assert services.catalog.find(Filters(text="zed"), None, 10)[0] == []


def test_rebuild_makes_the_terms_again_from_each_game(app, services, client, redis_client):
    game_id = make(client, ("ann", "ben"), name="Friday")
    redis_client.delete(keys.catalog_terms())
    assert services.catalog.find(Filters(text="friday"), None, 10)[0] == []
    assert app.test_cli_runner().invoke(args=["rebuild-catalog"]).exit_code == 0
    assert ids(services.catalog.find(Filters(text="friday", player="Ben"), None, 10)[0]) == [
        game_id
    ]


def test_a_fork_and_an_import_are_found_by_the_name_and_players_of_their_log(services, client):
    original = make(client, ("ann", "ben"), name="Friday")
    fork = client.post(f"/api/games/{original}/forks", json={"at": 1}).json["id"]
    log = client.get(f"/api/games/{original}/export").data
    imported = client.post("/api/games/import", data=log).json["id"]
    found = services.catalog.find(Filters(text="friday", player="ben"), None, 10)[0]
    assert ids(found) == [original, fork, imported]
    assert {game["name"] for game in found} == {
        "Friday",
        "Friday, fork at step 1",
        "Friday, imported",
    }


def test_a_games_forks_are_read_from_their_own_index_and_only_theirs(services, client, monkeypatch):
    """Its forks are listed when they are made, under the game they come from: a hundred
    other games cost no read, and a fork of a fork is under its own origin."""
    original = make(client, ("ann", "ben"))
    for n in range(100):  # through the recorder: the API limits creations per address
        services.recorder.create("toy", [f"x{n}", f"y{n}"], {}, "token")
    fork = client.post(f"/api/games/{original}/forks", json={"at": 1}).json["id"]
    fork_of_fork = client.post(f"/api/games/{fork}/forks", json={"at": 1}).json["id"]
    read = []
    metas = services.catalog.metas
    monkeypatch.setattr(services.catalog, "metas", lambda chunk: read.extend(chunk) or metas(chunk))
    found = services.catalog.find(Filters(forked_from=original), None, 10)[0]
    assert ids(found) == [fork] and found[0]["forked_from"]["game"] == original
    assert ids(services.catalog.find(Filters(forked_from=fork), None, 10)[0]) == [fork_of_fork]
    assert read == [fork, fork_of_fork]
    assert services.catalog.find(Filters(forked_from=original, player="zed"), None, 10)[0] == []


def test_a_fork_left_behind_in_an_index_never_lists_a_game_wrongly(services, client, redis_client):
    """An id in a game's forks whose meta says otherwise (written by hand here: another game,
    or one never written) is passed over."""
    original, other = make(client), make(client)
    redis_client.zadd(keys.catalog_forks(original), {other: 0, "01NEVERWRITTEN": 0})
    assert services.catalog.find(Filters(forked_from=original), None, 10)[0] == []


def test_rebuild_makes_each_games_forks_again(app, services, client, redis_client):
    original = make(client)
    fork = client.post(f"/api/games/{original}/forks", json={"at": 1}).json["id"]
    redis_client.delete(keys.catalog_forks(original))
    assert services.catalog.find(Filters(forked_from=original), None, 10)[0] == []
    assert app.test_cli_runner().invoke(args=["rebuild-catalog"]).exit_code == 0
    assert ids(services.catalog.find(Filters(forked_from=original), None, 10)[0]) == [fork]
