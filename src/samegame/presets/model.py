"""The preset as the program uses it: a validated rule set and the choices it offers.

``Preset`` is built by ``samegame.presets.reader`` from a YAML file; it resolves
the player's choices (size, colours, board type) into a ``BoardSetup`` and the
player's overrides (formula, clear bonus, selection) into new ``Rules``, refusing
what the preset does not offer with a one-line ``PresetError``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from samegame.core.limits import MAX_DIGITS, MAX_POINTS, parse_digits
from samegame.core.numbering import BoardSpecError, check_spec
from samegame.core.palette import PALETTE
from samegame.core.quoting import shown
from samegame.core.rules import Rules, SelectionMode
from samegame.i18n.said import Listed, Said
from samegame.plugin.contributions import BoardGenerator, BoardSpec, ScoringFormula
from samegame.plugin.host import PluginHost


class PresetError(ValueError):
    """A preset that cannot be loaded or used. The message is one line: for a
    problem in a file ``path:LINE:COL: message``, otherwise plain words."""


@dataclass(frozen=True)
class SizeOption:
    """A named board size: columns, rows and its default colour count."""

    name: str
    width: int
    height: int
    colours: int


@dataclass(frozen=True)
class Stage:
    """One board of a multi-stage (challenge) preset."""

    name: str
    width: int
    height: int
    colours: int
    board_type: str

    def name_adds(self, number: int, *spoken: str) -> bool:
        """Whether the name says more than the stage's number: not when it is
        empty, ``Stage 2`` or one of the ``spoken`` ways of saying the number."""
        return stage_name_adds(self.name, number, *spoken)


def stage_name_adds(name: str, number: int, *spoken: str) -> bool:
    """Whether a stage's ``name`` says more than its ``number``: not when it is
    empty, ``Stage 2`` (any case) or one of the ``spoken`` words for the number
    (``Stage 2.``, ``ステージ2。``).

    >>> stage_name_adds("Stage 1", 1), stage_name_adds("Five colours", 2)
    (False, True)
    """
    said = name.strip().casefold()
    plain = {f"stage {number}", *(words.rstrip(".。").casefold() for words in spoken)}
    return bool(said) and said not in plain


@dataclass(frozen=True)
class BoardSetup:
    """What to ask a generator for: the spec and the generator's name; ``palette``
    is the preset's palette order for boards shown to a player (empty: as made)."""

    spec: BoardSpec
    board_type: str
    palette: tuple[int, ...] = ()


@dataclass(frozen=True)
class Preset:
    """A validated rule set with the choices it offers the player.

    ``rules`` holds the resolved formula and penalty records; ``generators`` the
    resolved records of ``board_types`` (same order). ``colour_choices`` empty
    means any colour count the board type allows; ``clear_bonus_choices`` None means
    any bonus of 0 or more. ``stages`` is empty except for challenge presets.
    """

    name: str
    title: str
    description: str
    path: Path | None
    rules: Rules
    board_type: str
    board_types: tuple[str, ...]
    sizes: tuple[SizeOption, ...]
    default_size: str
    colour_choices: tuple[int, ...]
    selection_modes: tuple[SelectionMode, ...]
    clear_bonus_choices: tuple[int, ...] | None
    formula_choice: bool
    stages: tuple[Stage, ...]
    # The palette order boards are shown in (``palette.palette_order``): board
    # colour i is drawn and spoken as palette colour palette[i]; empty: as made.
    palette: tuple[int, ...] = ()
    generators: tuple[BoardGenerator, ...] = field(default=(), repr=False, compare=False)

    # -- choosing a board --------------------------------------------------------

    def board_setup(
        self, size: str | None = None, colours: int | None = None, board_type: str | None = None
    ) -> BoardSetup:
        """The board spec and generator for the player's choices.

        ``size`` is a size's name (any case) or ``WxH`` (columns x rows); a ``WxH``
        size takes the default size's colour count. ``colours`` overrides the size's
        colour count and must be one of ``colour_choices`` when there are any.
        ``board_type`` must be one of ``board_types``. Raises PresetError saying what
        is allowed.
        """
        chosen = self._size(size)
        kind = self._board_type(board_type)
        count = chosen.colours if colours is None else self._colour_count(colours)
        spec = BoardSpec(chosen.width, chosen.height, count)
        generator = next((g for g in self.generators if g.name == kind), None)
        try:
            check_spec(spec, generator)
        except BoardSpecError as error:
            raise PresetError(str(error)) from None
        return BoardSetup(spec, kind, self.palette)

    def _size(self, size: str | None) -> SizeOption:
        if size is None:
            return self._default_size_option()
        wanted = size.strip().lower()
        for option in self.sizes:
            if option.name.lower() == wanted:
                return option
        match = re.fullmatch(rf"([0-9]{{1,{MAX_DIGITS}}})\s*x\s*([0-9]{{1,{MAX_DIGITS}}})", wanted)
        width, height = (parse_digits(match[1]), parse_digits(match[2])) if match else (None, None)
        if width is not None and height is not None:
            return SizeOption(
                f"{width}x{height}", width, height, self._default_size_option().colours
            )
        default = self._default_size_option()
        names = ", ".join(option.name for option in self.sizes)
        said = Said.of(
            "error.size.unknown",
            size=shown(size),
            names=names,
            width=default.width,
            height=default.height,
        )
        raise said.error(PresetError)

    def _default_size_option(self) -> SizeOption:
        return next(option for option in self.sizes if option.name == self.default_size)

    def _board_type(self, board_type: str | None) -> str:
        if board_type is None:
            return self.board_type
        wanted = board_type.strip().lower()
        for name in self.board_types:
            if name.lower() == wanted:
                return name
        raise Said.of(
            "error.preset.no_board_type",
            board_type=shown(board_type),
            preset=self.name,
            choices=Listed.of(self.board_types, either=True),
        ).error(PresetError)

    def _colour_count(self, colours: int) -> int:
        if self.colour_choices and colours not in self.colour_choices:
            raise Said.of(
                "error.preset.no_colours",
                colours=colours,
                preset=self.name,
                choices=Listed.of(self.colour_choices, either=True),
            ).error(PresetError)
        return colours

    # -- overriding the rules ----------------------------------------------------

    def with_overrides(
        self,
        host: PluginHost,
        formula: str | None = None,
        clear_bonus: int | None = None,
        selection: SelectionMode | None = None,
    ) -> Preset:
        """This preset with the player's choices applied to its rules.

        A formula other than the preset's own needs ``formula_choice``; a bonus must
        be in ``clear_bonus_choices`` (any bonus of 0 or more when that is None); a
        selection mode must be in ``selection_modes``. Raises PresetError otherwise
        (a choice the preset does not offer), and UnknownNameError for a formula no
        plugin offers.
        """
        rules = self.rules
        if formula is not None:
            rules = replace(rules, formula=self._formula_override(host, formula))
        if clear_bonus is not None:
            rules = replace(rules, clear_bonus=self._bonus_override(clear_bonus))
        if selection is not None:
            rules = replace(rules, selection=self._selection_override(selection))
        return replace(self, rules=rules)

    def _formula_override(self, host: PluginHost, name: str) -> ScoringFormula:
        current = self.rules.formula
        if name == current.name:
            return current
        if not self.formula_choice:
            raise Said.of(
                "error.preset.no_formula_choice", preset=self.name, formula=current.name
            ).error(PresetError)
        return host.formula(name)

    def _bonus_override(self, bonus: int) -> int:
        if bonus < 0:
            raise Said.of("error.bonus.negative", bonus=shown(str(bonus))).error(PresetError)
        if bonus > MAX_POINTS:
            raise Said.of("error.bonus.too_large", most=MAX_POINTS, bonus=shown(str(bonus))).error(
                PresetError
            )
        choices = self.clear_bonus_choices
        if choices is not None and bonus not in choices:
            raise Said.of(
                "error.preset.no_bonus",
                preset=self.name,
                bonus=bonus,
                choices=Listed.of(choices, either=True),
            ).error(PresetError)
        return bonus

    def _selection_override(self, selection: SelectionMode) -> SelectionMode:
        if selection not in self.selection_modes:
            raise Said.of(
                "error.preset.no_selection",
                preset=self.name,
                selection=str(selection),
                choices=Listed.of(self.selection_modes, either=True),
            ).error(PresetError)
        return SelectionMode(selection)

    # -- showing -----------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; without ``path`` it is a valid preset document again."""
        rules = self.rules
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "path": str(self.path) if self.path is not None else None,
            "formula": rules.formula.name,
            "clear_bonus": rules.clear_bonus,
            "penalty": rules.penalty.name,
            "min_group": rules.min_group,
            "undo": rules.undo.value,
            "hint": "practice" if rules.hint_is_practice else "allowed",
            "replay": "practice" if rules.replay_is_practice else "allowed",
            "selection": rules.selection.value,
            "selection_modes": [mode.value for mode in self.selection_modes],
            "board_type": self.board_type,
            "board_types": list(self.board_types),
            "colours": list(self.colour_choices),
            "clear_bonus_choices": (
                "any" if self.clear_bonus_choices is None else list(self.clear_bonus_choices)
            ),
            "formula_choice": self.formula_choice,
            "sizes": {
                size.name: {"width": size.width, "height": size.height, "colours": size.colours}
                for size in self.sizes
            },
            "default_size": self.default_size,
            **({"palette": [PALETTE[c].name for c in self.palette]} if self.palette else {}),
            "stages": [
                {
                    "name": stage.name,
                    "width": stage.width,
                    "height": stage.height,
                    "colours": stage.colours,
                    "board_type": stage.board_type,
                }
                for stage in self.stages
            ],
        }


def or_list(items: Sequence[object]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"
