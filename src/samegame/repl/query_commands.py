"""The session's commands that change nothing in the game: the board drawn or
read row by row, the queries about it (``row``, ``column``, ``cell``, ``groups``,
``colours``, ``coords``), the score, the summary, the rules and help."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from samegame.core.board import Board
from samegame.i18n import Translator
from samegame.play import Match
from samegame.repl.announcer import Announcer
from samegame.repl.commands import WORDS, Kind, ParsedCommand
from samegame.repl.pager import Pager
from samegame.repl.reply import Reply

__all__ = ["QUERY_KINDS", "Drawn", "QueryCommands", "Renderer"]


@dataclass(frozen=True)
class Drawn:
    """A board drawn for a sighted player and what goes under it: ``legend`` True
    for samegame's own legend (and the line on the selection's brackets), False for
    none, or the renderer's own legend text."""

    text: str
    legend: bool | str = True


Renderer = Callable[[Board], str | Drawn]
"""Draws a board: the text alone (with samegame's own legend), or ``Drawn``."""
"""Draws a board for a sighted player."""

QUERY_KINDS = frozenset(
    {
        Kind.HELP,
        Kind.BOARD,
        Kind.ROW,
        Kind.COLUMN,
        Kind.CELL,
        Kind.GROUPS,
        Kind.COLOURS,
        Kind.COORDS,
        Kind.SUMMARY,
        Kind.SCORE,
        Kind.RULES,
    }
)
"""The commands ``QueryCommands`` answers."""


class QueryCommands:
    """The part of a :class:`samegame.repl.session.Session` that answers the
    commands of ``QUERY_KINDS``. ``draw`` draws the board for a sighted player
    (None: the board is read row by row); ``symbols`` gives the symbols setting in
    force (it may change in the game), which the drawing's legend follows; a long
    list of groups is said a page at a time through the session's ``pager``."""

    def __init__(
        self,
        match: Match,
        announcer: Announcer,
        pager: Pager,
        *,
        draw: Renderer | None = None,
        symbols: Callable[[], str] = lambda: "letters",
    ) -> None:
        self.match = match
        self.announcer = announcer
        self.pager = pager
        self.draw = draw
        self.symbols = symbols

    @property
    def tr(self) -> Translator:
        """The translator of the language the announcer speaks now."""
        return self.announcer.tr

    def answer(self, command: ParsedCommand) -> Reply:
        """Answer a command of ``QUERY_KINDS`` (a long list of groups is paged,
        A26)."""
        match = self.match
        game = match.game
        kind = command.kind
        board = game.board
        rules = game.rules
        say = self.announcer
        if kind is Kind.HELP:
            return Reply(self.help_lines())
        if kind is Kind.BOARD:
            if self.draw is not None:
                return Reply(self.drawing(board))
            return Reply(say.board(board))
        told = say.query(command, board, rules)
        if told is not None:  # a long list of groups is paged (A26)
            return Reply(self.pager.page(told, self.tr) if kind is Kind.GROUPS else told)
        if kind in (Kind.SUMMARY, Kind.SCORE):
            return Reply(self.standing(kind is Kind.SUMMARY))
        assert kind is Kind.RULES, kind
        return Reply(say.rules(self.title(), rules))

    def standing(self, summary: bool) -> list[str]:
        """What ``score`` (or ``summary``) says: the game's score, settled after its
        end. In a challenge (A28) the stage's lines are followed by the challenge's
        total so far; after the last stage the challenge's final score and each
        stage's come first, and ``summary`` then tells the last stage under its
        name, never as if it were the whole game."""
        match, say = self.match, self.announcer
        game = match.game
        finish = match.finished_result
        if summary:
            if finish is not None:
                lines = say.final_summary(game.board, game.rules, finish.result)
            else:
                lines = say.summary(
                    game.board, game.rules, game.score, len(game.moves), game.practice
                )
        elif finish is not None:
            lines = say.final_score(finish.result)
        else:
            lines = say.score(game.score, len(game.moves), game.practice)
        if not match.stages or match.challenge_id is None:
            return lines
        settled = match.stage_scores()
        if match.challenge_over():
            final = say.challenge_final(settled)
            if not summary:
                return [final]
            return [final, self.tr("challenge.last_stage", stage=len(match.stages)), *lines]
        total = sum(score for _, score in settled) + (0 if game.finished else game.score)
        running = say.challenge_running(match.stage_index + 1, len(match.stages), total)
        return [lines[0], running, *lines[1:]]

    def title(self) -> str:
        """The preset's title in the player's language."""
        preset = self.match.table.preset
        return self.announcer.preset_text("title", preset.name, preset.title)

    def drawing(self, board: Board) -> list[str]:
        """The board drawn for a sighted player (nothing without ``draw``), always
        with the legend of the symbols drawn, and with what marks the selected
        group when there is one (A36)."""
        if self.draw is None:
            return []
        made = self.draw(board)
        if isinstance(made, str):
            made = Drawn(made)
        drawn = made.text.rstrip("\n")
        if made.legend is not True:  # the renderer's own legend, or none (a plugin's)
            own = made.legend.rstrip("\n") if isinstance(made.legend, str) else ""
            return [drawn, own] if own.strip() else [drawn]
        lines = [drawn, self.announcer.legend(board, self.symbols())]
        # The built-in renderers put the selection between brackets; a plugin's
        # renderer may mark it its own way, and then this line is not said.
        if self.match.game.selection is not None and "[" in drawn:
            lines.append(self.tr("legend.selected"))
        return lines

    def help_lines(self) -> list[str]:
        lines = [self.tr("help.intro")]
        for kind, words in WORDS.items():
            short = ", ".join(words[1:])
            lines.append(self.tr(f"help.{kind.value}", word=words[0], short=short))
        return lines
