"""What the commands read: a preset with the player's rule overrides, a board
setup and a numbered board (through ``samegame.play.choices``), and board files
(``-`` for standard input), each problem an exit-coded error whose words say
what to do (``PATH_SHOWN`` caps the path a message echoes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samegame.cli.exit_codes import CommandError, ExitCode, fail
from samegame.cli.options import choice_failure, host
from samegame.core.board import Board, BoardError
from samegame.core.limits import MAX_FILE_BYTES, InputTooLargeError, read_file_capped
from samegame.core.quoting import shown
from samegame.core.regular_files import (
    PATH_SHOWN,
    NotRegularFileError,
    read_regular_file,
    unreadable,
)
from samegame.core.textboard import TextBoardError, read_board, read_boards
from samegame.i18n.said import Said
from samegame.play import choices
from samegame.play.choices import ChoiceError
from samegame.plugin.contributions import GeneratedBoard

if TYPE_CHECKING:
    from samegame.presets import BoardSetup, Preset

__all__ = [
    "PATH_SHOWN",
    "board_setup",
    "load_preset",
    "numbered_board",
    "read_board_file",
    "unreadable_file",
]


def load_preset(name: str, formula: str | None = None, clear_bonus: int | None = None) -> Preset:
    """The preset with the player's rule overrides applied, or an exit-3 error."""
    try:
        return choices.chosen_preset(host(), name, formula, clear_bonus)
    except ChoiceError as error:
        raise choice_failure(error) from None


def board_setup(
    preset: Preset, size: str | None, colours: int | None, board_type: str | None
) -> BoardSetup:
    """The board setup of the player's choices, or an exit-2 error."""
    try:
        return choices.chosen_board_setup(preset, size, colours, board_type)
    except ChoiceError as error:
        raise choice_failure(error) from None


def numbered_board(setup: BoardSetup, number: int) -> GeneratedBoard:
    """The board of a number under a setup, in the preset's palette order (as a
    player sees it), or an exit-2 error saying what is allowed."""
    try:
        return choices.numbered_board(host(), setup, number)
    except ChoiceError as error:
        raise choice_failure(error) from None


def unreadable_file(path: str, error: OSError) -> CommandError:
    """The exit-4 error for a file that cannot be read: missing, or the system's
    reason."""
    return fail(unreadable(path, error), ExitCode.INPUT)


def _file_bytes(path: str) -> bytes:
    """The bytes of a board file (``-`` is standard input), at most
    ``MAX_FILE_BYTES``; a named pipe, a device or a folder is refused at once."""
    if path == "-":
        return read_file_capped(path)
    return read_regular_file(path, "a board file")


def read_board_file(path: str, *, many: bool = False) -> list[Board]:
    """Boards from a file (``-`` is standard input), at most ``MAX_FILE_BYTES``, each
    with at least one tile; or an exit-4 error (a path that is not a regular file
    included: it is refused without waiting on it)."""
    named = shown(path, PATH_SHOWN)
    try:
        text = _file_bytes(path).decode("utf-8-sig")
    except NotRegularFileError as error:
        raise fail(str(error), ExitCode.INPUT) from None
    except OSError as error:
        raise unreadable_file(path, error) from None
    except InputTooLargeError:
        said = Said.of("error.file.too_large", path=named, limit=f"{MAX_FILE_BYTES:,}")
        raise fail(said, ExitCode.INPUT) from None
    except UnicodeDecodeError:
        raise fail(Said.of("error.file.not_text", path=named), ExitCode.INPUT) from None
    try:
        return (
            read_boards(text, tiles_required=True)
            if many
            else [read_board(text, tiles_required=True)]
        )
    except (TextBoardError, BoardError) as error:
        said = Said.of("error.file.board", path=named, problem=str(error))
        raise fail(said, ExitCode.INPUT) from None
