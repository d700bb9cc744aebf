"""Conformance tests of samegame.rl.environment: the Gymnasium-shaped environment."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.cli.app import run
from samegame.core.board import Board
from samegame.core.numbering import MAX_BOARD_NUMBER, make_board
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.textboard import read_board, write_board
from samegame.plugin.host import PluginHost
from samegame.presets import PresetError, find_preset
from samegame.rl.environment import SEED_NAMESPACE, Box, Discrete, IllegalActionError, SameGameEnv

HOST = PluginHost(autoload=False)

# R R B .
# G B B .
# G R Y Y      A1 = G (bottom-left), D2 and D3 are empty
TEXT = "RRB.\nGBB.\nGRYY\n"


def small_env(**kwargs: Any) -> SameGameEnv:
    return SameGameEnv("basic", board=read_board(TEXT), host=HOST, **kwargs)


def expected_mask(board: Board, min_group: int) -> np.ndarray:
    """The legal cells, computed from Board.groups and the documented index."""
    mask = np.zeros(board.width * board.height, dtype=bool)
    for group in board.groups(min_group):
        for cell in board.cells(group.mask):
            mask[(board.height - 1 - cell.row) * board.width + cell.col] = True
    return mask


def play_episode(env: SameGameEnv, policy: StableRandom, **reset: Any) -> list[tuple[Any, ...]]:
    """Play one episode with random legal actions; every step's outputs, in order."""
    observation, info = env.reset(**reset)
    steps: list[tuple[Any, ...]] = [(observation, info)]
    done = info["legal_groups"] == 0
    while not done:
        action = env.action_space.sample(policy, mask=info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        steps.append((action, observation, reward, terminated, truncated, info))
        done = terminated or truncated
    return steps


def assert_same_info(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        if isinstance(a[key], np.ndarray):
            assert np.array_equal(a[key], b[key]), key
        else:
            assert a[key] == b[key], key


# -- observation and actions -------------------------------------------------------


def test_observation_is_top_row_first_int8() -> None:
    env = small_env()
    observation, _ = env.reset(seed=0)
    assert observation.dtype == np.int8
    assert observation.shape == (3, 4) == env.observation_space.shape
    assert observation.tolist() == [[0, 0, 1, -1], [2, 1, 1, -1], [2, 0, 3, 3]]
    assert env.observation_space.contains(observation)


def test_action_decoding_matches_coordinates() -> None:
    env = small_env()
    env.reset(seed=0)
    width, height = env.width, env.height
    corners = {
        "A1": (height - 1) * width,
        "A3": 0,
        "D3": width - 1,
        "D1": height * width - 1,
        "B2": 1 * width + 1,
    }
    for name, action in corners.items():
        assert str(env.action_to_cell(action)) == name
        assert env.cell_to_action(env.action_to_cell(action)) == action
    # A1 is the green pair A1-A2: A3's red tile falls to A1.
    _, reward, _, _, info = env.step(corners["A1"])
    assert reward == 0
    assert write_board(env.board) == ".RB.\n.BB.\nRRYY\n"
    assert info["moves"] == 1
    assert info["remaining"] == 8


def test_cell_to_action_rejects_cells_off_the_board() -> None:
    env = small_env()
    with pytest.raises(ValueError, match="outside"):
        env.cell_to_action(env.action_to_cell(0)._replace(row=3))


def test_mask_is_exactly_the_legal_cells() -> None:
    env = SameGameEnv("benchmark", size="8x6", colours=3, host=HOST)
    policy = StableRandom(11)
    for seed in range(5):
        observation, info = env.reset(seed=seed)
        while True:
            mask = info["action_mask"]
            assert mask.dtype == np.bool_
            assert mask.shape == (8 * 6,)
            assert np.array_equal(mask, expected_mask(env.board, 2))
            assert info["legal_groups"] == len(env.board.groups(2))
            assert env.observation_space.contains(observation)
            if not mask.any():
                break
            observation, _, _, _, info = env.step(env.action_space.sample(policy, mask=mask))


def test_mask_follows_min_group() -> None:
    preset = find_preset("basic", HOST)
    preset = replace(preset, rules=replace(preset.rules, min_group=3))
    env = SameGameEnv(preset, board=read_board(TEXT))
    _, info = env.reset(seed=0)
    assert np.array_equal(info["action_mask"], expected_mask(env.board, 3))
    assert info["action_mask"].nonzero()[0].tolist() == [2, 5, 6]
    with pytest.raises(IllegalActionError, match="groups need 3 tiles"):
        env.step(0)


# -- boards and determinism ----------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**70])
def test_reset_seed_plays_the_documented_board_number(seed: int) -> None:
    env = SameGameEnv("lesson", host=HOST)
    _, info = env.reset(seed=seed)
    number = StableRandom(derive_seed(SEED_NAMESPACE, seed)).below(MAX_BOARD_NUMBER + 1)
    assert SEED_NAMESPACE == "samegame.rl.environment"
    assert info["board_number"] == number
    setup = find_preset("lesson", HOST).board_setup()
    assert env.board == make_board(HOST.generator(setup.board_type), setup.spec, number).board


def test_reset_board_is_the_board_the_cli_shows(capsys: pytest.CaptureFixture[str]) -> None:
    env = SameGameEnv("lesson", host=HOST)
    _, info = env.reset(seed=3)
    number = str(info["board_number"])
    shown = ["board", "show", "--preset", "lesson", "--board-number", number, "--format", "board"]
    assert run(shown) == 0
    # The CLI shows it in the preset's palette (the Lesson's circle, diamond and
    # triangle); the environment keeps the generator's colours 0 to k - 1.
    palette = find_preset("lesson", HOST).palette
    assert read_board(capsys.readouterr().out) == env.board.recoloured(palette)


def test_reset_without_seed_continues_the_stream() -> None:
    env = SameGameEnv("lesson", host=HOST)
    env.reset(seed=9)
    _, second = env.reset()
    stream = StableRandom(derive_seed(SEED_NAMESPACE, 9))
    stream.below(MAX_BOARD_NUMBER + 1)
    assert second["board_number"] == stream.below(MAX_BOARD_NUMBER + 1)


def test_first_reset_without_seed_is_seeded_by_the_system() -> None:
    numbers = {SameGameEnv("lesson", host=HOST).reset()[1]["board_number"] for _ in range(3)}
    assert len(numbers) > 1


def test_board_number_and_board_options() -> None:
    env = SameGameEnv("lesson", host=HOST)
    setup = find_preset("lesson", HOST).board_setup()
    _, info = env.reset(seed=1, options={"board_number": 42})
    assert info["board_number"] == 42
    assert env.board == make_board(HOST.generator(setup.board_type), setup.spec, 42).board
    board = make_board(HOST.generator(setup.board_type), setup.spec, 7).board
    _, info = env.reset(options={"board": board})
    assert env.board == board
    assert info["board_number"] is None


def test_same_seed_same_episodes_step_by_step() -> None:
    runs = []
    for _ in range(2):
        env = SameGameEnv("benchmark", size="10x10", host=HOST)
        policy = StableRandom(derive_seed("policy", 5))
        episodes = [play_episode(env, policy, seed=77)]
        episodes += [play_episode(env, policy) for _ in range(2)]
        runs.append(episodes)
    first, second = runs
    assert [len(e) for e in first] == [len(e) for e in second]
    assert len({e[0][1]["board_number"] for e in first}) == 3
    for episode_a, episode_b in zip(first, second, strict=True):
        for step_a, step_b in zip(episode_a, episode_b, strict=True):
            *values_a, info_a = step_a
            *values_b, info_b = step_b
            for a, b in zip(values_a, values_b, strict=True):
                assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
            assert_same_info(info_a, info_b)


# -- rewards and episode ends --------------------------------------------------------


@settings(max_examples=60)
@given(
    data=st.data(),
    preset=st.sampled_from(["benchmark", "relaxed", "jsgames", "lesson", "sum"]),
    seed=st.integers(0, 2**32),
)
def test_rewards_sum_to_the_final_score(data: st.DataObject, preset: str, seed: int) -> None:
    size = None if preset == "lesson" else "7x6"
    env = SameGameEnv(preset, size=size, colours=3 if preset == "relaxed" else None, host=HOST)
    _, info = env.reset(seed=seed)
    total = 0
    terminated = info["legal_groups"] == 0
    while not terminated:
        legal = info["action_mask"].nonzero()[0].tolist()
        action = data.draw(st.sampled_from(legal))
        tiles = env.board.group_at(env.action_to_cell(action))
        assert tiles is not None
        _, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if not terminated:
            assert reward == env.rules.points(tiles.size)
            assert "result" not in info
        total += reward
    result = info["result"]
    assert total == result.score
    assert result.score == env.rules.settle(info["score"], info["remaining"]).final
    assert (result.remaining, result.moves) == (info["remaining"], info["moves"])


def test_final_reward_includes_the_clear_bonus() -> None:
    env = SameGameEnv("basic", board=read_board("RRB\nRBB"), host=HOST)
    env.reset(seed=0)
    _, first, terminated, _, _ = env.step(0)
    assert (first, terminated) == (1, False)
    _, last, terminated, _, info = env.step(3)
    assert (last, terminated) == (1 + 1000, True)
    assert info["result"].cleared
    assert first + last == info["result"].score == 1002


def test_random_episode_on_the_benchmark_terminates() -> None:
    env = SameGameEnv(host=HOST)
    assert (env.height, env.width) == (15, 15)
    steps = play_episode(env, StableRandom(1), seed=2024)
    *_, terminated, truncated, info = steps[-1]
    assert terminated
    assert not truncated
    assert len(steps) - 1 == info["moves"] < 15 * 15 // 2
    assert not info["action_mask"].any()
    assert sum(step[2] for step in steps[1:]) == info["result"].score


def test_max_steps_truncates() -> None:
    env = SameGameEnv("benchmark", size="10x10", host=HOST, max_steps=3)
    steps = play_episode(env, StableRandom(2), seed=4)
    assert len(steps) == 4
    assert [step[3:5] for step in steps[1:]] == [(False, False), (False, False), (False, True)]
    info = steps[-1][-1]
    assert info["moves"] == 3
    assert "result" not in info
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=4)
    env.step(steps[1][0])


@pytest.mark.parametrize("max_steps", [0, -1])
def test_max_steps_must_be_positive(max_steps: int) -> None:
    with pytest.raises(ValueError, match="max_steps"):
        small_env(max_steps=max_steps)


def test_board_without_a_move_starts_finished() -> None:
    env = SameGameEnv("relaxed", board=read_board("RB\nBG"), host=HOST)
    _, info = env.reset(seed=0)
    assert info["legal_groups"] == 0
    assert info["result"].score == 0
    assert info["result"].penalty == 4
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="ended"):
        env.step(0)


def test_step_before_reset() -> None:
    env = small_env()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        env.render()


def test_step_after_termination() -> None:
    env = SameGameEnv("basic", board=read_board("RR"), host=HOST)
    env.reset(seed=0)
    assert env.step(1)[2] is True
    with pytest.raises(RuntimeError, match="ended"):
        env.step(0)


# -- illegal actions ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (3, r"illegal action 3 \(D3\): D3 is empty; nothing removed\."),
        (9, r"illegal action 9 \(B1\): B1 is a single tile; groups need 2 tiles"),
        (12, r"illegal action 12: actions are whole numbers from 0 to 11"),
        (-1, r"illegal action -1: actions are whole numbers from 0 to 11"),
        (1.0, r"illegal action 1\.0: actions are whole numbers"),
        ("1", r"illegal action '1': actions are whole numbers"),
        (True, r"illegal action True: actions are whole numbers"),
    ],
)
def test_illegal_action_raises_and_changes_nothing(action: Any, message: str) -> None:
    env = small_env()
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=message) as caught:
        env.step(action)
    assert isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)
    assert env.board == read_board(TEXT)
    _, reward, _, _, info = env.step(np.int64(0))
    assert (reward, info["moves"], info["score"]) == (0, 1, 0)


# -- construction and options --------------------------------------------------------


def test_fixed_board_excludes_board_choices() -> None:
    with pytest.raises(ValueError, match="not both"):
        SameGameEnv("basic", board=read_board(TEXT), size="small", host=HOST)


def test_preset_choices_are_checked() -> None:
    with pytest.raises(PresetError, match="colours"):
        SameGameEnv("basic", colours=9, host=HOST)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"board_nr": 1}, "unknown reset option 'board_nr'"),
        ({"board": read_board("RR\nBB"), "board_number": 1}, "not both"),
        ({"board_number": 1}, "one fixed board"),
        ({"board": read_board("RR\nBB")}, "the board is 2x2; this environment plays 4x3"),
        ({"board": read_board("RRB.\nGBB.\nGRYP")}, "uses colour 4; .* allows 0 to 3"),
        ({"board": "RR"}, "must be a Board, not str"),
    ],
)
def test_bad_reset_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        small_env().reset(seed=0, options=options)


def test_board_number_out_of_range() -> None:
    with pytest.raises(ValueError, match="out of range"):
        SameGameEnv("lesson", host=HOST).reset(options={"board_number": MAX_BOARD_NUMBER + 1})


def test_render_and_close() -> None:
    env = small_env()
    env.reset(seed=0)
    assert env.render() == TEXT
    env.step(0)
    assert read_board(env.render()) == env.board
    env.close()
    assert env.metadata["render_modes"] == ["ansi"]


# -- spaces ------------------------------------------------------------------------


def test_spaces_of_an_environment() -> None:
    env = SameGameEnv("lesson", host=HOST)
    assert env.action_space == Discrete(7 * 9)
    assert env.observation_space == Box(-1, 2, (9, 7), np.int8)
    assert env.action_space.shape == ()
    assert env.action_space.dtype == np.int64


def test_discrete_contains_and_sample() -> None:
    space = Discrete(5)
    assert all(space.contains(x) for x in (0, 4, np.int8(2), np.int64(4)))
    assert not any(space.contains(x) for x in (-1, 5, 1.0, "1", True, np.True_, None))
    samples = [space.sample(StableRandom(3)) for _ in range(2)]
    assert samples[0] == samples[1]
    rng = StableRandom(4)
    assert {space.sample(rng) for _ in range(200)} == set(range(5))
    mask = np.array([False, True, False, True, False])
    assert {space.sample(rng, mask=mask) for _ in range(50)} == {1, 3}
    with pytest.raises(ValueError, match="allows no value"):
        space.sample(rng, mask=np.zeros(5, dtype=bool))
    with pytest.raises(ValueError, match="shape"):
        space.sample(rng, mask=np.ones(4, dtype=bool))
    with pytest.raises(ValueError, match="at least one"):
        Discrete(0)
    assert repr(space) == "Discrete(5)"
    assert hash(space) == hash(Discrete(5))


def test_box_contains_and_sample() -> None:
    space = Box(-1, 4, (3, 2), np.int8)
    assert space.contains(np.full((3, 2), -1, dtype=np.int8))
    assert space.contains(np.full((3, 2), 4, dtype=np.int8))
    assert not space.contains(np.full((3, 2), 5, dtype=np.int8))
    assert not space.contains(np.full((3, 2), -2, dtype=np.int8))
    assert not space.contains(np.zeros((2, 3), dtype=np.int8))
    assert not space.contains(np.zeros((3, 2), dtype=np.float64))
    assert not space.contains([[0, 0], [0, 0], [0, 0]])
    rng = StableRandom(5)
    samples = [space.sample(rng) for _ in range(50)]
    assert all(space.contains(sample) for sample in samples)
    assert {int(v) for sample in samples for v in sample.ravel()} == set(range(-1, 5))
    assert np.array_equal(space.sample(StableRandom(6)), space.sample(StableRandom(6)))
    with pytest.raises(ValueError, match="low <= high"):
        Box(2, 1, (1,))
    assert repr(space) == "Box(-1, 4, (3, 2), int8)"
    assert hash(space) == hash(Box(-1, 4, (3, 2), np.int8))


# -- imports -----------------------------------------------------------------------


def test_import_samegame_does_not_import_the_environment() -> None:
    code = (
        "import sys, samegame\n"
        "loaded = [m for m in ('samegame.rl.environment', 'numpy') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
