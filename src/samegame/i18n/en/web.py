"""The web page of ``samegame serve``: its headings, labels, buttons and key hints.

``GET /api/start`` hands every ``web.*`` message to the page, which shows them as
they are and fills their ``{placeholders}`` itself, by name. (Each cell's name in
the board state is the server's ``serve.cell``.)
"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    "web.title": "SameGame",  # the same as serve.title
    # the start view
    "web.start.heading": "Start a game",
    "web.start.preset": "Rules",
    "web.start.board": "Board number, optional",
    "web.start.board.hint": "Leave it empty to play the next new board.",
    "web.start.board.invalid": "A board number is a whole number such as 5; leave it empty for the next board.",
    "web.start.language": "Language",
    "web.start.submit": "Start",
    "web.start.unfinished": "Unfinished games",
    "web.start.none": "No unfinished games.",
    "web.start.resume": "Resume",
    "web.start.review": "Review",
    "web.start.finished": "Finished games",
    "web.start.finished.none": "No finished games.",
    # the game view
    "web.game.heading": "Game {game}, {title}",
    "web.status.board": "Board",
    "web.status.score": "Score",
    "web.status.tiles": "Tiles left",
    "web.status.groups": "Groups left",
    "web.preview": {
        "one": "Selected 1 tile, points if removed: {points}.",
        "other": "Selected {count} tiles, points if removed: {points}.",
    },
    "web.preview.none": "Nothing is selected.",
    "web.board.label": "Board, {width} columns by {height} rows",
    "web.cell.empty": "{cell}, empty",
    "web.keys.heading": "Keys",
    "web.keys.move": "Arrow keys move on the board; Home and End go to the ends of the row, "
    "Control with Home or End to the first or last cell.",
    "web.keys.select": "Enter or Space selects the group on a cell; press it again to remove the group.",
    "web.keys.select.one-click": "Enter or Space removes the group on a cell at once.",
    "web.keys.other": "Escape cancels the selection, Z undoes the last move, H asks for a hint.",
    "web.keys.page": "Page Up and Page Down move 5 rows up or down.",
    "web.keys.say": "C says the cell you are on, L the last move, S the score and the tiles left.",
    "web.keys.groups": "N jumps to the next group, largest first, and P to the one before, "
    "saying the group and its size.",
    "web.keys.same": "T moves to the next tile of the same colour and shape.",
    "web.keys.jump": "A digit jumps to that row, 1 and then 0 to row 10; Shift with a letter "
    "jumps to that column.",
    "web.keys.box": "Slash goes to the command box, and Escape in the box comes back to the board.",
    "web.keys.repeat": "R says the last announcement again.",
    "web.keys.help": "Keys on the board:",
    "web.same.none": "No other {tile} is on the board.",
    "web.letters": "Show letters on the tiles",
    "web.button.undo": "Undo",
    "web.button.hint": "Hint",
    "web.button.cancel": "Cancel selection",
    "web.button.restart": "Restart",
    "web.button.new": "New game",
    "web.button.back": "Back to start",
    "web.command.label": "Command",
    "web.command.hint": "Type any command of samegame play, such as groups red, row 5, summary or help.",
    "web.command.submit": "Send",
    "web.ending.heading": "Game over",
    "web.ending.review": "Review this game",
    # the review view
    "web.review.heading": "Game review",
    "web.review.progress": "Review progress",
    "web.review.cancel": "Stop the review",
    "web.review.moments": "Key moments",
    "web.review.moments.none": "No key moments to show.",
    "web.review.position": "The position before move {move}",
    "web.review.marks": "A solid outline marks the move played; a dashed outline with a dot marks the move preferred.",
    "web.review.practice.label": "Your move",
    "web.review.practice.hint": "Type a cell such as C3 to have its group judged, hint for the search's choice, "
    "or skip for the next key moment. On the board, Enter or a click judges the group of a cell and H gives "
    "the hint; nothing is removed. Escape on the board goes back to the key moments.",
    "web.review.practice.submit": "Judge",
    "web.review.graph": "The game move by move",
    "web.review.table": "Each move: what was played, its points, the points it lost, its label and the best final score known after it.",
    "web.review.table.move": "Move",
    "web.review.table.played": "Played",
    "web.review.table.points": "Points",
    "web.review.table.loss": "Loss",
    "web.review.table.label": "Label",
    "web.review.table.value": "Best final score known",
    "web.review.table.start": "Start",
    "web.messages.heading": "Messages",
    "web.question.yes": "Yes",
    "web.question.no": "No",
    "web.error.network": "The server did not answer; check that samegame serve is still running.",
}
