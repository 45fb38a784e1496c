"""Roads: which road squares join, and distance by road in tile crossings.

The road network is a graph whose nodes are road squares. A bridge square is two nodes, one
for the north-south road and one for the west-east road, so a route crosses a bridge straight
and never turns on it. Two road squares on the same tile join when they are orthogonal
neighbours. Across a tile border they join:

- by the original rules, only where they meet at the middle of the shared edge;
- by the Deluxe rules, wherever they are orthogonal neighbours.

A place (a restaurant entrance, a house with its garden, a campaign) is on the network
through the road squares orthogonally beside it. Distance is the number of tile borders a
route crosses from place to place, stepping onto and off the road included: an entrance
whose only road lies on the next tile starts one crossing away (FCM-DINNER-4, FCM-MKT-2).
Two roads touching one entrance or one house do not join through it.
"""

import functools
import math
from collections import deque
from functools import lru_cache

from games.fcm.data import TILE_SIZE
from games.fcm.map.board import Board, Square
from games.fcm.map.pieces import entrance_squares

Node = tuple[int, int, str]  # row, column, and "" or the bridge road: "NS" / "WE"
AXIS = {"N": "NS", "S": "NS", "E": "WE", "W": "WE"}


def roads_join(board: Board, a: Square, b: Square) -> bool:
    """Whether neighbouring road squares a and b join: always on one tile; across a tile
    border by the board's connection rule (original: only at the edge's middle square)."""
    if board.tile_of(a) == board.tile_of(b) or board.connection == "deluxe":
        return True
    middle = TILE_SIZE // 2
    if a[0] == b[0]:
        return a[0] % TILE_SIZE == middle
    return a[1] % TILE_SIZE == middle


def crossings(board: Board, a: Square, b: Square) -> int:
    """1 when a step from a to b crosses a tile border, else 0."""
    return int(board.tile_of(a) != board.tile_of(b))


def node_entered(board: Board, square: Square, side: str) -> Node:
    """The road node a step towards `side` enters on `square` (a bridge: the road along it)."""
    return (*square, AXIS[side] if board.is_bridge(square) else "")


def _may_leave(node: Node, side: str) -> bool:
    return node[2] in ("", AXIS[side])


@lru_cache(maxsize=64)
def road_graph(board: Board) -> dict[Node, list[tuple[Node, int]]]:
    """Each road node with the nodes it joins and the crossing cost of each step."""
    graph: dict[Node, list[tuple[Node, int]]] = {}
    for square in board.squares():
        if not board.is_road(square):
            continue
        layers = ("NS", "WE") if board.is_bridge(square) else ("",)
        for layer in layers:
            node = (*square, layer)
            graph[node] = [
                (node_entered(board, nxt, side), crossings(board, square, nxt))
                for side, nxt in board.neighbours(square)
                if _may_leave(node, side) and board.is_road(nxt) and roads_join(board, square, nxt)
            ]
    return graph


def road_access(board: Board, squares) -> list[tuple[Node, int]]:
    """The road nodes a place on `squares` steps onto, each with the crossing of that step;
    read it, never change it: it is shared."""
    return _road_access(board, tuple(tuple(square) for square in squares))


@functools.lru_cache(maxsize=4096)
def _road_access(board: Board, squares: tuple) -> list[tuple[Node, int]]:
    access = []
    for square in squares:
        for side, nxt in board.neighbours(square):
            if board.is_road(nxt):
                access.append((node_entered(board, nxt, side), crossings(board, square, nxt)))
    return access


def road_distances(board: Board, squares) -> dict[Node, int]:
    """The fewest tile crossings from a place on `squares` to every road node it reaches;
    read it, never change it: it is shared."""
    return _road_distances(board, tuple(tuple(square) for square in squares))


# A dinnertime asks for the same restaurants' distances at every house, and folding each house
# asks again; boards are built once per layout (board_of), so they key the cache.
@functools.lru_cache(maxsize=4096)
def _road_distances(board: Board, squares: tuple) -> dict[Node, int]:
    graph = road_graph(board)
    best: dict[Node, int] = {}
    queue: deque[tuple[int, Node]] = deque()

    def reach(node: Node, cost: int, step: int) -> None:
        if cost < best.get(node, math.inf):
            best[node] = cost
            # 0-1 breadth-first search: free steps go first, so costs leave the queue in order
            (queue.append if step else queue.appendleft)((cost, node))

    for node, step in road_access(board, squares):
        reach(node, step, step)
    while queue:
        cost, node = queue.popleft()
        if cost == best[node]:
            for nxt, step in graph[node]:
                reach(nxt, cost + step, step)
    return best


def distance_from(board: Board, distances: dict[Node, int], squares) -> int | None:
    """The fewest crossings to a place on `squares`, given the `road_distances` of the start
    place; None when no road joins them. A step off the road crosses as the step onto it
    would, and a bridge is left along its own road."""
    found = [distances[node] + step for node, step in road_access(board, squares)
             if node in distances]  # fmt: skip
    return min(found, default=None)


def road_distance(board: Board, start, target) -> int | None:
    """The fewest tile crossings by road between a place on the squares `start` and one on the
    squares `target` (FCM-DINNER-4, FCM-MKT-2); None when they are not connected by road
    (FCM-DINNER-3)."""
    return distance_from(board, road_distances(board, start), target)


def connected_by_road(board: Board, start, target) -> bool:
    """Whether any road route joins the two places (FCM-DINNER-3)."""
    return road_distance(board, start, target) is not None


def nearest_restaurant(board: Board, restaurants: list[dict], target, drive_in: bool = False):
    """The fewest tile crossings by road from any of `restaurants` to a place on the squares
    `target`: from the entrance, or from every corner of a drive-in (`drive_in`, or the
    restaurant's own flag; FCM-REST-3). None when no road joins them (FCM-DINNER-3)."""
    found = [
        road_distance(board, entrance_squares(r, drive_in or r["drive_in"]), target)
        for r in restaurants
    ]
    return min((d for d in found if d is not None), default=None)
