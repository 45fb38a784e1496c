"""Which houses a campaign reaches (FCM-CAMP-3, FCM-CAMP-4).

A house is reached when any of its squares lies in the campaign's area, its garden's squares
included (FCM-CAMP-4). The areas:

- billboard: the squares orthogonally beside any of its squares (not diagonally);
- mailbox: its block, every square reachable from it step by step without crossing a road
  or a bridge or leaving the map (roads meeting only at a corner close a block too);
- airplane: every square of the rows or columns it flies over;
- radio: its own tile and the eight tiles around it.

How much demand lands on a reached house is for the marketing phase.
"""

from collections import deque

from games.fcm.data import campaign_type
from games.fcm.map.board import Board, Square
from games.fcm.map.pieces import airplane_lane, campaign_squares, house_squares


def billboard_area(board: Board, squares: list[Square]) -> set[Square]:
    """The squares orthogonally beside the billboard."""
    return {n for sq in squares for _, n in board.neighbours(sq)} - set(squares)


def mailbox_block(board: Board, squares: list[Square]) -> set[Square]:
    """The block around the mailbox: a flood over orthogonal steps that stops at roads."""
    seen = set(squares)
    queue = deque(squares)
    while queue:
        for _, nxt in board.neighbours(queue.popleft()):
            if nxt not in seen and not board.is_road(nxt):
                seen.add(nxt)
                queue.append(nxt)
    return seen


def radio_area(board: Board, squares: list[Square]) -> set[Square]:
    """Every square of the radio's tile and the eight tiles around it."""
    tr, tc = board.tile_of(squares[0])
    tiles = [
        (r, c)
        for r in range(tr - 1, tr + 2)
        for c in range(tc - 1, tc + 2)
        if 0 <= r < board.tile_rows and 0 <= c < board.tile_cols
    ]
    return {sq for tile in tiles for sq in board.tile_squares(tile)}


def campaign_area(board: Board, campaign: dict) -> set[Square]:
    """The squares a campaign reaches (FCM-CAMP-3)."""
    kind = campaign_type(campaign["number"])
    if kind == "airplane":
        return set(airplane_lane(board, campaign))
    squares = campaign_squares(campaign)
    area = {"billboard": billboard_area, "mailbox": mailbox_block, "radio": radio_area}[kind]
    return area(board, squares)


def houses_reached(board: Board, map_state: dict, campaign: dict) -> list[int]:
    """The numbers of the houses the campaign reaches, lowest first; a house counts when only
    its garden is in reach (FCM-CAMP-3, FCM-CAMP-4)."""
    area = campaign_area(board, campaign)
    return sorted(
        house["number"]
        for house in map_state["houses"]
        if any(square in area for square in house_squares(house))
    )
