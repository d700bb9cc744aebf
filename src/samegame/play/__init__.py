"""The application layer of ``samegame play``: a game's whole life (new, resume,
restart, undo after the end, practice, hints, challenge stages, results) over the
rules core and the store. The line interface only parses and announces."""

from samegame.play.match import (
    RANDOM_BOARD_NUMBERS,
    Change,
    Finish,
    Match,
    Opening,
    PlayError,
    StageEnd,
    Table,
)

__all__ = [
    "RANDOM_BOARD_NUMBERS",
    "Change",
    "Finish",
    "Match",
    "Opening",
    "PlayError",
    "StageEnd",
    "Table",
]
