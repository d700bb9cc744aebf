"""The environment for gymnasium itself: ``gymnasium.make("samegame/SameGame-v0")``.

Needs gymnasium 1.0 or later (``pip install samegame[rl]``). Importing this module
registers the id ``samegame/SameGame-v0`` in gymnasium's registry (gymnasium 1.x
finds third-party environments when their module is imported), so either

    import samegame.rl.gymnasium_env
    env = gymnasium.make("samegame/SameGame-v0", preset="basic")

or, with no import of your own, ``gymnasium.make("samegame.rl.gymnasium_env:
samegame/SameGame-v0", preset="basic")``. Keyword arguments go to
``samegame.rl.environment.SameGameEnv`` (``preset``, ``size``, ``colours``, ``board_type``,
``board``, ``host``, ``max_steps``), plus ``render_mode`` (None or "ansi").

The episode, observation, reward and action mask are ``SameGameEnv``'s (see
docs/env.md), with two differences that gymnasium's API asks for: the spaces are
``gymnasium.spaces`` (a ``Box`` of int8 and a ``Discrete``), and an action of the
action space that removes nothing (an empty cell, a group below the minimum) is
not an error: nothing changes, the reward is 0 and ``info["illegal_action"]`` is
True. Choose actions from ``info["action_mask"]`` to avoid them. Rewards are
floats. Without gymnasium, use ``samegame.rl.environment.SameGameEnv`` as before.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - exercised without the extra only
    raise ImportError(
        "samegame.rl.gymnasium_env needs gymnasium; install samegame[rl] "
        "(or use samegame.rl.environment.SameGameEnv, which needs no gymnasium)"
    ) from error
import numpy as np

from samegame.rl.environment import IllegalActionError, Observation, SameGameEnv

ENV_ID = "samegame/SameGame-v0"


class SameGameGymnasiumEnv(gymnasium.Env[Observation, np.int64]):
    """``SameGameEnv`` as a ``gymnasium.Env`` (see the module's description)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.game = SameGameEnv(**options)
        inner = self.game.observation_space
        self.observation_space = spaces.Box(
            low=inner.low, high=inner.high, shape=inner.shape, dtype=np.int8
        )
        self.action_space = spaces.Discrete(self.game.width * self.game.height)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        observation, info = self.game.reset(seed=seed, options=options)
        return observation, {**info, "illegal_action": False}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        try:
            observation, reward, terminated, truncated, info = self.game.step(action)
        except IllegalActionError:
            observation, info = self.game.current()
            return observation, 0.0, False, False, {**info, "illegal_action": True}
        return observation, float(reward), terminated, truncated, {**info, "illegal_action": False}

    def render(self) -> str | None:
        return self.game.render() if self.render_mode == "ansi" else None


def register() -> None:
    """Put ``samegame/SameGame-v0`` in gymnasium's registry (once)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SameGameGymnasiumEnv")


register()
