"""A game: starting, selecting and moving, the end, challenges."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # starting
    "welcome": "SameGame, {title} rules.",
    "board.intro": "Board {number}: {width} columns by {height} rows, {colours} colours, {board_type} board.",
    "board.intro.file": "A board from a file: {width} columns by {height} rows, {colours} colours.",
    "resumed": {
        "one": "Resuming your unfinished game: 1 move played, score {score}.",
        "other": "Resuming your unfinished game: {count} moves played, score {score}.",
    },
    "start.hint": "Type a cell such as A1 to select a group, or help for all commands.",
    "start.hint.one_click": (
        "Type a cell such as A1 to remove its group, or help for all commands."
    ),
    # selecting and moving
    "selected": "Selected {tiles} on {place}, {points} if removed.",
    "selected.confirm": "Type the same cell again or remove to remove it, cancel to keep it.",
    "cancelled": "Selection cancelled.",
    "cancel.nothing": "Nothing was selected.",
    "removed": "Removed {tiles} on {place}, {points}, score {score}.",
    "fell.summary": {
        "one": "{tiles} fell in column {columns}.",
        "other": "{tiles} fell in columns {columns}.",
    },
    "tile.count": {"one": "1 tile", "other": "{count} tiles"},
    "fell.tile": "Fell from {origin} to {target}: {tile}.",
    "emptied": {
        "one": "Emptied column {columns}.",
        "other": "Emptied columns {columns}.",
    },
    "moved.summary": {
        "one": "Column {columns} moved left.",
        "other": "Columns {columns} moved left.",
    },
    "moved.column": "Column {origin} moved to {target}.",
    "groups.status": {
        "one": "1 group left, {largest}.",
        "other": "{count} groups left, largest {largest}.",
    },
    "groups.none": "No groups left.",
    "undone": {
        "one": "Undid the move on {cell}: 1 tile back, score {score}.",
        "other": "Undid the move on {cell}: {count} tiles back, score {score}.",
    },
    "redone": "Redoing move {number}.",
    "restarted": "Back to the starting board.",
    "confirm.restart": {
        "one": "Restart and lose the 1 move of this game? Type y or n.",
        "other": "Restart and lose the {count} moves of this game? Type y or n.",
    },
    "confirm.kept": "Nothing changed.",
    "new.kept": "Your unfinished game stays saved; resume it with {command}.",
    "result.kept": "Your result of {score} stays recorded.",
    "result.repeated": "The same moves as your recorded result of {score}; it stays recorded once.",
    "selection.cleared": "Selection cleared.",
    "game.forked": "Game {other} was changed by another samegame, so your moves go on as game {game}; the other moves stay in game {other} ({command}).",
    "rejected.outside": "{cell} is outside the board; nothing removed.",
    "rejected.empty": "{cell} is empty; nothing removed.",
    "rejected.single": "{cell} is a single tile; nothing removed.",
    "rejected.small": "{cell} is in a group of only {count}; nothing removed.",
    "rejected.no-selection": "Nothing is selected; type a cell first.",
    "rejected.game-over": "The game is over; type undo, restart or new.",
    "rejected.nothing-to-undo": "There is no move to undo.",
    "rejected.nothing-to-redo": "There is no undone move to redo.",
    "rejected.undo-disabled": "These rules do not allow undo or redo.",
    "rejected.stage-settled": "A challenge plays each stage once, and this stage is over.",
    "practice.undo": "This game now counts as practice, because of undo.",
    "practice.hint": "This game now counts as practice, because of the hint.",
    "practice.restart": "This game now counts as practice, because it was restarted.",
    "practice.replay": "You have played this board before, so this game counts as practice.",
    # the end
    "over.cleared": "Board cleared. Bonus {bonus}. Final score {score}.",
    "over.stuck": {
        "one": "No moves left. 1 tile left, penalty {penalty}. Final score {score}.",
        "other": "No moves left. {count} tiles left, penalty {penalty}. Final score {score}.",
    },
    "over.moves": {
        "one": "1 move, {points} from groups.",
        "other": "{count} moves, {points} from groups.",
    },
    "over.next": "Type new for another board, undo or restart to try again, or quit.",
    "best.new": "New best score for these rules: {score}.",
    "best.rank": "Rank {rank} for these rules; the best is {best}.",
    "best.practice": "Practice result; best scores are unchanged.",
    # challenge
    "challenge.start": "Challenge: {stages} stages; your final score is the sum of the stage scores.",
    "challenge.stage": "Stage {stage}: {name}.",
    "challenge.stage.plain": "Stage {stage}.",
    "challenge.resumed": "Resuming your challenge at stage {stage}.",
    "challenge.stage_done": "Stage {stage} settled at {score}. Type next to start stage {next}.",
    "challenge.done": "Challenge complete. Final score {total}.",
    "challenge.over.next": "Type new for another challenge, or quit.",
    "challenge.final": "Challenge complete. Final score {total}: {stages}.",
    "challenge.final.stage": "{score} in stage {stage}",
    "challenge.running": "Stage {stage} of {count}; challenge total so far {total}.",
    "challenge.last_stage": "The last stage, stage {stage}:",
    "challenge.best": "New best challenge score.",
    "challenge.no_new": "A challenge goes stage by stage; type next when a stage is over.",
    "next.no_challenge": "Next is for challenges; type new for another board.",
    "next.not_finished": "This stage is not over yet.",
    "next.last_stage": "This was the last stage; type new for another challenge.",
    "legend.selected": "The selected group is drawn between brackets.",
    "search.preparing": "Preparing the search for first use; this happens once and takes a while.",
    "search.preparing.measured": (
        "Preparing the search for first use; this happens once, and took {seconds} "
        "the last time it was done here."
    ),
    "search.loading": "Loading the search's compiled code; it is taking more than a second.",
    "search.preparing.either": "Preparing the search's code; it is taking more than a second.",
}
