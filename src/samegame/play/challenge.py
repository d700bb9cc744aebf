"""Challenge stages: a challenge plays its stages in order; stage k plays board
number N + k - 1, where N is ``--board-number`` or a random number, so a numbered
challenge is reproducible. A fresh start abandons an unfinished challenge. A
stage's game row names its challenge and stage; the challenge's total is recorded
when its last stage ends.

``ChallengeStages`` is the part of :class:`samegame.play.match.Match` that keeps
a challenge's place; the match plays each stage's game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace

from samegame.core.numbering import MAX_BOARD_NUMBER
from samegame.play.reports import Opening, StageEnd
from samegame.play.table import PlayError, Table
from samegame.presets import Stage
from samegame.store import SavedGame, Store

__all__ = ["ChallengeStages"]


class ChallengeStages(ABC):
    """Which challenge and stage is played, each stage's board number, and the
    challenge's start, next stage and end. ``challenge_id`` is None outside a
    challenge; ``stage_index`` is the 0-based stage in play."""

    store: Store
    base_table: Table
    table: Table
    requested_number: int | None
    challenge_id: int | None
    stage_index: int

    @abstractmethod
    def play_command(self, *extra: str) -> str | None:
        """``samegame play`` with the options that choose this table, or None."""

    @abstractmethod
    def _resume(self, saved: SavedGame) -> Opening:
        """Resume a saved unfinished game."""

    @abstractmethod
    def _new_game(self, number: int | None, board_rows: Sequence[str] | None) -> Opening:
        """A new game row on a board number (random when None)."""

    @property
    def stages(self) -> tuple[Stage, ...]:
        return self.base_table.preset.stages

    def _start_challenge(self, fresh: bool) -> Opening:
        found = self.store.latest_unfinished_challenge(self.table.preset.name, len(self.stages))
        if found is not None and fresh:
            self.store.abandon_challenge(found.challenge_id)
            found = None
        if found is not None and self.requested_number is not None:
            first = self._stage_one_number(found.challenge_id)
            if first is not None and first != self.requested_number:
                number = str(self.requested_number)
                raise PlayError(
                    f"your unfinished challenge started on board {first}; resume it with "
                    f"{self.play_command()}, or start a new one with "
                    f"{self.play_command('--board-number', number, '--fresh')}"
                )
        if found is not None:
            self.challenge_id, self.stage_index, game_id = found
            self.table = self.base_table.for_stage(self.stages[self.stage_index])
            if game_id is not None:
                opening = self._resume(self.store.load_game(game_id))
            else:
                opening = self._new_game(self._stage_number(), None)
            return replace(opening, challenge_resumed=self.stage_index + 1)
        self.challenge_id = self.store.start_challenge(self.table.preset.name)
        self.stage_index = 0
        self.table = self.base_table.for_stage(self.stages[0])
        opening = self._new_game(self.requested_number, None)
        return replace(opening, challenge_started=len(self.stages))

    def stage_scores(self) -> tuple[tuple[int, int], ...]:
        """The settled stages of the challenge in play, in order, each as its
        1-based number and stored score; empty outside a challenge."""
        if self.challenge_id is None:
            return ()
        stages = self.store.load_challenge(self.challenge_id).stages
        return tuple((s.stage + 1, s.score) for s in stages if s.score is not None)

    def challenge_over(self) -> bool:
        """Whether the challenge's last stage is being played and is finished."""
        return (
            bool(self.stages)
            and self.stage_index + 1 >= len(self.stages)
            and self._stage_finished()
        )

    @abstractmethod
    def _stage_finished(self) -> bool:
        """Whether the stage game in play is finished."""

    def new_challenge(self) -> Opening:
        """Another challenge, after the last stage of this one: from its first
        stage, on random boards, or, when the player chose the boards, on the
        numbers after this challenge's last stage."""
        assert self.challenge_id is not None
        if self.requested_number is not None:
            first = self._stage_one_number(self.challenge_id)
            if first is not None:
                self.requested_number = (first + len(self.stages)) % (MAX_BOARD_NUMBER + 1)
        return self._start_challenge(fresh=False)

    def _stage_one_number(self, challenge_id: int) -> int | None:
        stages = self.store.load_challenge(challenge_id).stages
        if not stages:
            return None
        return self.store.load_game(stages[0].game_id).setup.board_number

    def _stage_number(self) -> int | None:
        """Stage k's board number: stage 1's number plus k - 1."""
        assert self.challenge_id is not None
        first = self._stage_one_number(self.challenge_id)
        if first is None:
            return self.requested_number
        return (first + self.stage_index) % (MAX_BOARD_NUMBER + 1)

    def _stage_label(self) -> tuple[int, str] | None:
        if not self.stages:
            return None
        return self.stage_index + 1, self.stages[self.stage_index].name

    def _stage_end(self, score: int) -> StageEnd:
        assert self.challenge_id is not None
        number = self.stage_index + 1
        if number < len(self.stages):
            return StageEnd(number, score, number + 1, None)
        return StageEnd(number, score, None, self.store.finish_challenge(self.challenge_id))

    def next_stage(self) -> Opening:
        """The next challenge stage; the caller checks that the stage is over and
        that there is a next one."""
        self.stage_index += 1
        self.table = self.base_table.for_stage(self.stages[self.stage_index])
        return self._new_game(self._stage_number(), None)
