"""The gymnasium environment: registered, made through gymnasium's registry, and
passing gymnasium's own environment checker."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import samegame.rl.gymnasium_env
from samegame.core.textboard import read_board
from samegame.rl.gymnasium_env import ENV_ID, SameGameGymnasiumEnv


def test_the_id_is_in_gymnasiums_registry() -> None:
    assert ENV_ID == "samegame/SameGame-v0"
    assert gymnasium.spec(ENV_ID).entry_point == "samegame.rl.gymnasium_env:SameGameGymnasiumEnv"
    samegame.rl.gymnasium_env.register()  # a second registration changes nothing
    assert gymnasium.spec(ENV_ID).entry_point == "samegame.rl.gymnasium_env:SameGameGymnasiumEnv"


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "basic"},
        {"preset": "benchmark"},
        {"preset": "basic", "size": "4x3", "colours": 3, "max_steps": 3},
        {"preset": "basic", "board": read_board("RRB\nGBB\nGGR")},
    ],
)
def test_gymnasiums_checker_passes(options: dict[str, object]) -> None:
    env = gymnasium.make(ENV_ID, **options)
    assert isinstance(env.unwrapped, SameGameGymnasiumEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings fail the test too
        check_env(env.unwrapped)
    env.close()


def test_an_episode_through_make_adds_up_to_the_score() -> None:
    env = gymnasium.make(ENV_ID, preset="basic", render_mode="ansi")
    observation, info = env.reset(seed=5)
    assert env.observation_space.contains(observation)
    rng = np.random.default_rng(0)
    total = 0.0
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        assert isinstance(reward, float)
        total += reward
    assert terminated
    assert total == info["result"].score
    assert isinstance(env.render(), str)


def test_an_illegal_action_changes_nothing() -> None:
    env = SameGameGymnasiumEnv(preset="basic", board=read_board("RRG\nBGB"))
    observation, info = env.reset(seed=1)
    lonely = int(np.flatnonzero(~info["action_mask"])[0])
    after, reward, terminated, truncated, info = env.step(lonely)
    assert (after == observation).all()
    assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, False, False, True)
    assert info["moves"] == 0


def test_bad_render_mode() -> None:
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi'"):
        SameGameGymnasiumEnv(preset="basic", render_mode="human")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )


def test_make_with_the_module_in_the_id_needs_no_import() -> None:
    run = _python(
        "import gymnasium\n"
        "env = gymnasium.make('samegame.rl.gymnasium_env:samegame/SameGame-v0', preset='sum')\n"
        "print(type(env.unwrapped).__name__, env.unwrapped.game.preset.name)\n"
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "SameGameGymnasiumEnv sum\n"


def test_without_gymnasium_the_import_says_what_to_install() -> None:
    run = _python(
        "import sys\n"
        "sys.modules['gymnasium'] = None\n"
        "from samegame.rl.environment import SameGameEnv\n"
        "SameGameEnv('basic').reset(seed=1)\n"
        "try:\n"
        "    import samegame.rl.gymnasium_env\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("samegame.rl.gymnasium_env needs gymnasium; install samegame[rl]")
