"""A Gymnasium-shaped reinforcement-learning environment, without gymnasium.

``SameGameEnv`` follows the Gymnasium ``Env`` API (``reset``, ``step``,
``render``, ``close``, ``observation_space``, ``action_space``) but imports
nothing from gymnasium; ``Box`` and ``Discrete`` here are small stand-ins for its
spaces. The rules, scores and boards are samegame's own: a preset, a board
number, and the rules core. ``import samegame`` does not import this module (nor
numpy); import ``samegame.rl.environment`` yourself.

Contract (see docs/env.md for a longer walk-through):

- Observation: an int8 array of shape ``(height, width)``, TOP row first (as in
  the board text format): ``observation[r, c]`` is the colour index of the tile
  in column ``c`` and row ``height - r`` (rows counted from 1 at the bottom), or
  -1 for an empty cell.
- Action: an int in ``[0, width * height)``, the cell index
  ``row_from_top * width + column``, meaning "remove the group containing this
  cell". ``A1`` (bottom-left) is ``(height - 1) * width``.
- ``info["action_mask"]``: a bool array of ``width * height`` entries, True
  exactly on the tiles of the legal groups (groups of at least the rules'
  ``min_group`` tiles).
- An illegal action (not an int in range, an empty cell, a group too small)
  raises ``IllegalActionError``, a ValueError with a one-line message, and
  changes nothing. ``step`` before ``reset`` or after the episode ended raises
  RuntimeError.
- Reward: the points of the move; the final step of a finished game also gets
  the settled clear bonus or penalty, so the rewards of a finished episode sum to
  the game's final score. ``terminated`` = no legal group is left;
  ``truncated`` = ``max_steps`` moves made while the game is not over.
- Determinism: ``reset(seed=s)`` starts the stream
  ``StableRandom(derive_seed(SEED_NAMESPACE, s))``; each ``reset`` that needs a
  board number draws ``stream.below(MAX_BOARD_NUMBER + 1)`` from it. So
  ``reset(seed=s)`` plays the board number
  ``StableRandom(derive_seed("samegame.rl.environment", s)).below(10**18)``, the same board
  that ``samegame play``/``make_board`` give for that number (in the generator's
  colours, before a preset's ``palette`` recolours it for a player), and later
  ``reset()`` calls continue the stream. Nothing else in an episode is random.

>>> from samegame.plugin.host import PluginHost
>>> from samegame.core.textboard import read_board
>>> env = SameGameEnv("basic", board=read_board("RRB\\nGBB"), host=PluginHost(autoload=False))
>>> observation, info = env.reset(seed=1)
>>> observation.tolist(), info["action_mask"].nonzero()[0].tolist()
([[0, 0, 1], [2, 1, 1]], [0, 1, 2, 4, 5])
>>> observation, reward, terminated, truncated, info = env.step(5)
>>> observation.tolist(), reward, terminated, truncated
([[0, -1, -1], [2, 0, -1]], 1, True, False)
>>> info["result"].score, info["remaining"]
(1, 3)
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game, GameResult, MoveRejected
from samegame.core.numbering import MAX_BOARD_NUMBER, make_board
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules
from samegame.core.textboard import write_board
from samegame.plugin.contributions import BoardGenerator, BoardSpec
from samegame.plugin.host import PluginHost, get_host
from samegame.presets import Preset, find_preset

SEED_NAMESPACE = "samegame.rl.environment"

Observation = npt.NDArray[np.int8]
ActionMask = npt.NDArray[np.bool_]

__all__ = [
    "SEED_NAMESPACE",
    "ActionMask",
    "Box",
    "Discrete",
    "IllegalActionError",
    "Observation",
    "SameGameEnv",
]


class IllegalActionError(ValueError):
    """An action that removes nothing; the one-line message says why."""


class Discrete:
    """The integers ``0 .. n-1`` (the shape of ``gymnasium.spaces.Discrete``).

    >>> space = Discrete(4)
    >>> space.contains(3), space.contains(4), space.contains(True)
    (True, False, False)
    >>> space.sample(StableRandom(1), mask=np.array([False, True, False, False]))
    1
    """

    def __init__(self, n: int) -> None:
        if n < 1:
            raise ValueError(f"a Discrete space needs at least one value, not {n}")
        self.n = n
        self.shape: tuple[int, ...] = ()
        self.dtype = np.dtype(np.int64)

    def contains(self, x: object) -> bool:
        """True for an int or numpy integer (not a bool) in ``[0, n)``."""
        if isinstance(x, bool | np.bool_) or not isinstance(x, int | np.integer):
            return False
        return 0 <= int(x) < self.n

    def sample(self, rng: StableRandom, mask: ActionMask | None = None) -> int:
        """A uniform value, or a uniform one among those where ``mask`` is True.

        ``mask`` must be a bool array of ``n`` entries with at least one True;
        ValueError otherwise.
        """
        if mask is None:
            return rng.below(self.n)
        if mask.shape != (self.n,) or mask.dtype != np.bool_:
            raise ValueError(f"the mask must be a bool array of shape ({self.n},)")
        allowed = np.flatnonzero(mask)
        if not len(allowed):
            raise ValueError("the mask allows no value")
        return int(allowed[rng.below(len(allowed))])

    def __repr__(self) -> str:
        return f"Discrete({self.n})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and other.n == self.n

    def __hash__(self) -> int:
        return hash(("Discrete", self.n))


class Box:
    """Integer arrays of one shape and dtype with every entry in ``[low, high]``
    (the shape of ``gymnasium.spaces.Box`` for integer observations).

    >>> space = Box(-1, 2, (2, 3), np.int8)
    >>> space.contains(np.full((2, 3), 2, dtype=np.int8)), space.contains(np.zeros((3, 2), np.int8))
    (True, False)
    >>> space.contains(space.sample(StableRandom(7)))
    True
    """

    def __init__(
        self, low: int, high: int, shape: tuple[int, ...], dtype: npt.DTypeLike = np.int8
    ) -> None:
        if low > high:
            raise ValueError(f"a Box needs low <= high, not {low} > {high}")
        self.low = low
        self.high = high
        self.shape = shape
        self.dtype = np.dtype(dtype)

    def contains(self, x: object) -> bool:
        """True for an array of this shape whose dtype casts safely to this one and
        whose entries lie in ``[low, high]``."""
        return (
            isinstance(x, np.ndarray)
            and x.shape == self.shape
            and np.can_cast(x.dtype, self.dtype)
            and bool(np.all((x >= self.low) & (x <= self.high)))
        )

    def sample(self, rng: StableRandom) -> npt.NDArray[Any]:
        """An array with every entry uniform in ``[low, high]`` (not necessarily a
        position that gravity allows)."""
        span = self.high - self.low + 1
        count = int(np.prod(self.shape))
        values = [self.low + rng.below(span) for _ in range(count)]
        return np.array(values, dtype=self.dtype).reshape(self.shape)

    def __repr__(self) -> str:
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and (other.low, other.high, other.shape, other.dtype) == (
            self.low,
            self.high,
            self.shape,
            self.dtype,
        )

    def __hash__(self) -> int:
        return hash(("Box", self.low, self.high, self.shape, self.dtype))


class SameGameEnv:
    """One SameGame board per episode, played under a preset's rules.

    ``preset`` is a preset name, a path to a preset file, or a ``Preset``;
    ``size`` (a size name or ``WxH``), ``colours`` and ``board_type`` choose the
    boards as ``Preset.board_setup`` does (PresetError when the preset does not
    offer them). ``board`` fixes the board of every episode instead; it cannot be
    combined with ``size``, ``colours`` or ``board_type`` (ValueError). ``host``
    resolves names (default: ``samegame.plugin.host.get_host()``). ``max_steps``, a
    positive int or None, truncates an episode after that many moves. Challenge
    stages are not played: an episode is one board.

    Observation and action shapes are fixed per environment: ``(height, width)``
    and ``width * height`` actions; the observation's colours run from 0 to the
    spec's colour count minus 1 (for a fixed board, its highest colour).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}
    render_mode = "ansi"

    def __init__(
        self,
        preset: str | Preset = "benchmark",
        size: str | None = None,
        colours: int | None = None,
        board_type: str | None = None,
        board: Board | None = None,
        host: PluginHost | None = None,
        max_steps: int | None = None,
    ) -> None:
        if max_steps is not None and max_steps < 1:
            raise ValueError(
                f"max_steps must be a positive number of moves or None, not {max_steps}"
            )
        if isinstance(preset, Preset):
            self.preset = preset
        else:
            self.preset = find_preset(preset, host if host is not None else get_host())
        self.rules: Rules = self.preset.rules
        self.max_steps = max_steps
        self._fixed = board
        self._generator: BoardGenerator | None = None
        self.spec: BoardSpec | None = None
        if board is not None:
            if size is not None or colours is not None or board_type is not None:
                raise ValueError(
                    "give either a fixed board or size, colours and board_type, not both"
                )
            width, height, colour_count = board.width, board.height, max(len(board.planes), 1)
        else:
            setup = self.preset.board_setup(size, colours, board_type)
            self._generator = (host if host is not None else get_host()).generator(setup.board_type)
            self.spec = setup.spec
            width, height, colour_count = setup.spec.width, setup.spec.height, setup.spec.colours
        self.width = width
        self.height = height
        self.observation_space = Box(-1, colour_count - 1, (height, width), np.int8)
        self.action_space = Discrete(width * height)
        self._cells = width * height
        self._bytes = (self._cells + 7) // 8
        self._stream: StableRandom | None = None
        self._game: Game | None = None
        self._board_number: int | None = None
        self._over = True

    # -- the Gymnasium API -----------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start an episode; return the first observation and info.

        ``seed`` (an int) restarts the board-number stream (see the module
        docstring); without one, the first reset seeds it from the operating
        system. ``options`` may hold ``board_number`` (play that number, 0 to
        MAX_BOARD_NUMBER, instead of drawing one; not with a fixed board) or
        ``board`` (a Board of this environment's size whose colours fit the
        observation space). ValueError for anything else. A board with no legal
        group starts an episode that is already over (``info["result"]`` is set,
        ``step`` raises RuntimeError).
        """
        if seed is not None:
            self._stream = StableRandom(derive_seed(SEED_NAMESPACE, operator.index(seed)))
        elif self._stream is None:
            self._stream = StableRandom(secrets.randbits(64))
        board, self._board_number = self._start_board(dict(options or {}), self._stream)
        self._game = Game(board, self.rules)
        self._over = self._game.finished
        return self._observe(board), self._info(self._game)

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, int, bool, bool, dict[str, Any]]:
        """Remove the group at the action's cell: ``(observation, reward, terminated,
        truncated, info)``. IllegalActionError (a ValueError) for an action that
        removes nothing, with nothing changed; RuntimeError when no episode runs."""
        game = self._running()
        cell = self.action_to_cell(action)
        try:
            preview = game.preview(cell)
        except MoveRejected as error:
            raise IllegalActionError(f"illegal action {int(action)} ({cell}): {error}") from None
        game.play(cell)
        result = game.result()
        terminated = result is not None
        reward = preview.points
        if result is not None:
            reward += result.score - result.points
        truncated = (
            not terminated and self.max_steps is not None and len(game.moves) >= self.max_steps
        )
        self._over = terminated or truncated
        return self._observe(game.board), reward, terminated, truncated, self._info(game)

    def current(self) -> tuple[Observation, dict[str, Any]]:
        """The observation and info of the current position, as the last ``reset``
        or ``step`` gave them; RuntimeError before the first ``reset``."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._observe(self._game.board), self._info(self._game)

    def render(self) -> str:
        """The current board in the board text format (top row first)."""
        return write_board(self.board)

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers for users -------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The current position; RuntimeError before the first ``reset``."""
        if self._game is None:
            raise RuntimeError("no episode has started; call reset() first")
        return self._game.board

    def action_to_cell(self, action: int | np.integer[Any]) -> Cell:
        """The cell of an action; IllegalActionError when it is not an action.

        >>> env = SameGameEnv("benchmark", size="3x2", host=PluginHost(autoload=False))
        >>> str(env.action_to_cell(0)), str(env.action_to_cell(3)), str(env.action_to_cell(5))
        ('A2', 'A1', 'C1')
        """
        if not self.action_space.contains(action):
            raise IllegalActionError(
                f"illegal action {action!r}: actions are whole numbers from 0 to {self._cells - 1}"
            )
        row_from_top, col = divmod(int(action), self.width)
        return Cell(col, self.height - 1 - row_from_top)

    def cell_to_action(self, cell: Cell) -> int:
        """The action of a cell (``Cell(0, 0)``, A1, is ``(height - 1) * width``)."""
        if not (0 <= cell.col < self.width and 0 <= cell.row < self.height):
            raise ValueError(f"{cell} is outside the {self.width}x{self.height} board")
        return (self.height - 1 - cell.row) * self.width + cell.col

    # -- internals ---------------------------------------------------------------------

    def _start_board(
        self, options: dict[str, Any], stream: StableRandom
    ) -> tuple[Board, int | None]:
        """The board of a new episode and its number (None for a given board)."""
        unknown = sorted(set(options) - {"board", "board_number"})
        if unknown:
            raise ValueError(f"unknown reset option '{unknown[0]}'; known: board, board_number")
        if "board" in options and "board_number" in options:
            raise ValueError("give the reset option board or board_number, not both")
        if "board" in options:
            return self._checked_board(options["board"]), None
        if self._generator is None or self.spec is None:
            if "board_number" in options:
                raise ValueError("this environment plays one fixed board; it has no board numbers")
            assert self._fixed is not None
            return self._fixed, None
        number = options.get("board_number")
        number = stream.below(MAX_BOARD_NUMBER + 1) if number is None else operator.index(number)
        return make_board(self._generator, self.spec, number).board, number

    def _checked_board(self, board: object) -> Board:
        if not isinstance(board, Board):
            raise ValueError(f"the reset option board must be a Board, not {type(board).__name__}")
        if (board.width, board.height) != (self.width, self.height):
            raise ValueError(
                f"the board is {board.width}x{board.height}; "
                f"this environment plays {self.width}x{self.height}"
            )
        if len(board.planes) - 1 > self.observation_space.high:
            raise ValueError(
                f"the board uses colour {len(board.planes) - 1}; "
                f"the observation space allows 0 to {self.observation_space.high}"
            )
        return board

    def _running(self) -> Game:
        if self._game is None:
            raise RuntimeError("no episode has started; call reset() first")
        if self._over:
            raise RuntimeError("the episode has ended; call reset() to start another")
        return self._game

    def _bits(self, mask: int) -> npt.NDArray[np.bool_]:
        """A bitboard as a bool array in bit order (column-major, bottom row first)."""
        raw = np.frombuffer(mask.to_bytes(self._bytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[: self._cells].astype(np.bool_)

    def _to_actions(self, by_bit: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """Values in bit order rearranged to (height, width), top row first."""
        return np.ascontiguousarray(by_bit.reshape(self.width, self.height).T[::-1])

    def _observe(self, board: Board) -> Observation:
        by_bit = np.full(self._cells, -1, dtype=np.int8)
        for colour, plane in enumerate(board.planes):
            by_bit[self._bits(plane)] = colour
        return self._to_actions(by_bit)

    def _info(self, game: Game) -> dict[str, Any]:
        groups = game.legal_groups()
        legal = 0
        for group in groups:
            legal |= group.mask
        result: GameResult | None = game.result()
        info: dict[str, Any] = {
            "board_number": self._board_number,
            "score": game.score,
            "moves": len(game.moves),
            "remaining": game.board.tile_count(),
            "legal_groups": len(groups),
            "action_mask": self._to_actions(self._bits(legal)).ravel(),
        }
        if result is not None:
            info["result"] = result
        return info
