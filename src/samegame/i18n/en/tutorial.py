"""The tutorial."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # samegame tutorial
    "tutorial.welcome": "Welcome to the samegame tutorial: five short lessons, then three moves of your own. Cells are named by column letter and row number: columns count from the left and rows from the bottom, so A1 is the bottom left tile. Answer each question by typing. Type skip to move on, board to have the board again, quit to leave. Nothing is saved.",
    "tutorial.sides.idea": "Lesson 1 of 5: follow the sides. A group is tiles of the same shape that touch along a side: above, below, left or right. Follow the sides from tile to tile; a group can branch. Here is a board of 5 columns and 4 rows.",
    "tutorial.sides.question": "How many tiles are in the group of the red circle at B2?",
    "tutorial.sides.explain": "From B2 follow the sides: down to B1, up to B3 and B4, left to A2, and from B3 right to C3. That is 6 tiles. The red circle at D2 touches C3 only at a corner, so it is not in the group; the red circles at E1 and E4 are the same shape elsewhere, and they do not count either.",
    "tutorial.zero.idea": "Lesson 2 of 5: zero can still be a move. In these rules a group of n tiles scores n minus 2, squared; there is no bonus for clearing the board and no penalty. Here is a board of 3 columns and 2 rows.",
    "tutorial.zero.question": "How many points does the pair of blue triangles at A1 and B1 score?",
    "tutorial.zero.explain": "2 minus 2 is 0, and 0 squared is 0: a pair scores 0 points. It is still a move, and it can bring other tiles together.",
    "tutorial.zero.move": "Remove the pair anyway: type A1 to select it, then A1 again, or remove, to remove it.",
    "tutorial.zero.after": "It scored nothing, but the red circles above it fell next to the red circle at C1: now the 3 of them are one group.",
    "tutorial.down.idea": "Lesson 3 of 5: straight down, then close left. When a group goes, the tiles above it fall straight down in their own column, never sideways. Then a column left empty closes up: every column on its right moves one place left. Here is a board of 4 columns and 3 rows.",
    "tutorial.down.move": "Remove the 5 yellow diamonds at A1: type A1, then A1 again.",
    "tutorial.down.question": "Which cell is the red circle that was at C2 in now?",
    "tutorial.down.explain": "First it fell straight down in column C, from C2 to C1, where a yellow diamond was. Then column B, now empty, closed up, and column C moved one place left to become column B. So the red circle is at B1.",
    "tutorial.chance.idea": "Lesson 4 of 5: count the new opportunity. A move can join small groups into one big group, and big groups score far more. On this board of 4 columns and 4 rows the red circles are in groups of 2 and 3.",
    "tutorial.chance.move": "Remove the pair of yellow diamonds at B1, for 0 points: type B1, then B1 again.",
    "tutorial.chance.question": "The red circles above the pair fell. How many points would the red group at A1 score now? Count its tiles first: cell A1 or groups tells you.",
    "tutorial.chance.explain": "The red circles at A1, A2, B1, B2, C1, C2 and D1 now touch along their sides: one group of 7 tiles. 7 minus 2 is 5, and 5 squared is 25 points. Removed one by one, the small red groups would have scored 1 point in all.",
    "tutorial.choice.idea": "Lesson 5 of 5: a choice changes the next choice. Which group you remove first decides which groups you can make next. Here is a board of 3 columns and 3 rows.",
    "tutorial.choice.question": "You can remove the red circles in column B, or a column of blue triangles. Which group do you remove first to score the most from this board? Type a cell of it.",
    "tutorial.choice.explain": "Remove the red circles first. They score 0, but column B empties and column C closes up next to column A: the 6 blue triangles become one group, and 6 minus 2, squared, is 16 points. Removing blue triangles first leaves two groups of 3 apart: 1 point each, 2 points in all.",
    "tutorial.choice.move": "Play it: remove the red circles at B1. Type B1, then B1 again.",
    "tutorial.choice.move.blue": "Now remove the 6 blue triangles at A1.",
    "tutorial.choice.after": "16 points, and no bonus for the cleared board: in the Lesson rules only groups score.",
    "tutorial.practice.intro": "Now try your own {moves} moves on the lower left corner, {width} columns by {height} rows, of Lesson board {number} ({full_width} columns by {full_height} rows; samegame play --preset lesson --board-number {number} plays all of it). Your score starts from 0, and nothing is saved.",
    "tutorial.practice.commands": "Type a cell to select its group and the same cell again to remove it. explain names one legal move; undo or z takes a move back; reset starts the board again, asking first; board shows it; skip ends the practice; quit leaves.",
    "tutorial.practice.explain": "One legal move: {group}. Its tiles touch along their sides, so it can go. It is one choice among others, not necessarily the best.",
    "tutorial.practice.reset.ask": {
        "one": "Start the practice board again? Your move goes; undo brings it back. Type yes or no.",
        "other": "Start the practice board again? Your {count} moves go; undo brings them back. Type yes or no.",
    },
    "tutorial.practice.reset.nothing": "The practice board is at its start; there is nothing to reset.",
    "tutorial.practice.reset.done": "Type undo to bring your moves back.",
    "tutorial.practice.reset.undone": {
        "one": "Reset undone: your move is back, score {score}.",
        "other": "Reset undone: your {count} moves are back, score {score}.",
    },
    "tutorial.practice.done": {
        "one": "Practice over after 1 move: score {score}.",
        "other": "Practice over after {count} moves: score {score}.",
    },
    "tutorial.practice.unknown": "'{text}' is not a cell or a command of the practice; type help for them.",
    "tutorial.practice.not_here": "That command belongs to samegame play; in the practice type a cell, explain, undo, reset, board, skip or quit.",
    "tutorial.right": "Right.",
    "tutorial.wrong": "Not quite.",
    "tutorial.confirm": "Type the same cell again, or remove, to confirm.",
    "tutorial.select_first": "Select the group first: type {cell}.",
    "tutorial.other_group": "That is another group; this step is about the group at {cell}.",
    "tutorial.not_a_cell": "Type a cell such as {cell}.",
    "tutorial.done": "Well done. You can follow a group's sides; you know that a pair scores 0 and is still a move, that tiles fall straight down and columns close left, and that each choice changes the next. Start a game with samegame play --preset lesson.",
    "tutorial.bye": "Tutorial left. Run samegame tutorial to start again.",
}
