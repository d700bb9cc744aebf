"""The session's commands that change nothing in the game: the board drawn or
read row by row, the queries about it (``row``, ``column``, ``cell``, ``groups``,
``colours``, ``coords``), the score, the summary, the rules, the last answer again,
help, and the settings (shown with where each came from, or one changed and
saved)."""

from __future__ import annotations

from collections.abc import Callable

from samegame.core.board import Board
from samegame.core.quoting import shown
from samegame.i18n import Translator, translator
from samegame.play import Match
from samegame.repl.announcer import Announcer
from samegame.repl.commands import WORDS, Kind, ParsedCommand
from samegame.repl.pager import Pager
from samegame.repl.reply import Reply
from samegame.repl.settings_command import ALIASES, SettingError, Settings, saved_with
from samegame.store import Store

__all__ = ["QueryCommands", "Renderer"]

Renderer = Callable[[Board], str]
"""Draws a board for a sighted player."""


class QueryCommands:
    """The part of :class:`samegame.repl.session.Session` that answers queries,
    help and the settings."""

    match: Match
    store: Store
    settings: Settings
    sources: dict[str, str]
    draw: Renderer | None
    tr: Translator
    announcer: Announcer
    last: list[str]
    pager: Pager

    def _query(self, command: ParsedCommand) -> Reply:
        """Answer a command that changes nothing in the game (a long list of
        groups is paged, A26)."""
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
        finish = match.finished_result
        if kind is Kind.SUMMARY:
            if finish is not None:
                return Reply(say.final_summary(board, rules, finish.result))
            return Reply(say.summary(board, rules, game.score, len(game.moves), game.practice))
        if kind is Kind.SCORE:
            if finish is not None:
                return Reply(say.final_score(finish.result))
            return Reply(say.score(game.score, len(game.moves), game.practice))
        if kind is Kind.LAST:
            return Reply(list(self.last) or [self.tr("last.nothing")])
        if kind is Kind.RULES:
            return Reply(say.rules(self._title(), rules))
        if kind is Kind.VERBOSITY:
            words = command.words
            return (
                self._set(("verbosity", *words))
                if words
                else Reply([self._setting_line("verbosity")])
            )
        return self._settings(command.words)

    def _title(self) -> str:
        preset = self.match.table.preset
        return self.announcer.preset_text("title", preset.name, preset.title)

    def drawing(self, board: Board) -> list[str]:
        """The board drawn for a sighted player (nothing without ``draw``), always
        with the legend of the symbols drawn, and with what marks the selected
        group when there is one (A36)."""
        if self.draw is None:
            return []
        drawn = self.draw(board).rstrip("\n")
        lines = [drawn, self.announcer.legend(board, self.settings.symbols)]
        # The built-in renderers put the selection between brackets; a plugin's
        # renderer may mark it its own way, and then this line is not said.
        if self.match.game.selection is not None and "[" in drawn:
            lines.append(self.tr("legend.selected"))
        return lines

    # -- settings and help -------------------------------------------------------

    def _settings(self, words: tuple[str, ...]) -> Reply:
        if not words:
            return Reply([self._setting_line(name, source=True) for name in Settings.NAMES])
        return self._set(words)

    def _setting_line(self, name: str, *, source: bool = False) -> str:
        value = self.settings.shown()[name]
        if not source:
            return self.tr("setting", name=name, value=value)
        if name == "accessible" and value == "auto":
            # The environment is already in the settings: auto left is off (A29).
            value = "off"
        origin = self.sources.get(name, "default")
        return self.tr(
            "setting.source",
            name=name,
            value=value,
            source=self.tr(
                "setting.from.flag"
                if origin == "flag"
                else "setting.from.environment"
                if origin == "environment"
                else "setting.from.saved"
                if origin == "saved"
                else "setting.from.default"
            ),
        )

    def _set(self, words: tuple[str, ...]) -> Reply:
        """Change one setting now and save that one alone over the saved settings:
        a one-off ``--lang`` or ``--accessible`` of this run is never saved (A29)."""
        if len(words) != 2:
            return Reply([self.tr("error.setting_words")])
        name, value = words
        try:
            settings = self.settings.with_value(name, value)
        except SettingError as error:
            canonical = str(error)
            if canonical not in Settings.NAMES:
                return Reply(
                    [
                        self.tr(
                            "error.setting_unknown",
                            name=shown(name),
                            names=", ".join(Settings.NAMES),
                        )
                    ]
                )
            return Reply(
                [
                    self.tr(
                        "error.setting_value",
                        name=canonical,
                        value=shown(value),
                        choices=self.settings.choices(canonical),
                    )
                ]
            )
        canonical = ALIASES.get(name, name)
        self.store.set_setting(
            "settings", saved_with(self.store.get_setting("settings", {}), canonical, value)
        )
        self.settings = settings
        self.sources[canonical] = "saved"
        self.tr = translator(self.settings.language)
        self.announcer = Announcer(
            self.tr, self.settings.verbosity, self.match.table.preset.palette
        )
        self.match.set_one_click(self.settings.one_click)
        return Reply([self._setting_line(canonical)])

    def help_lines(self) -> list[str]:
        lines = [self.tr("help.intro")]
        for kind, words in WORDS.items():
            short = ", ".join(words[1:])
            lines.append(self.tr(f"help.{kind.value}", word=words[0], short=short))
        return lines
