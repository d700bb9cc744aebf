"""Tampering with genuine records: every change that alters meaning is rejected.

Every field of every golden record (``samegame-record/1``, ``/2`` and ``/3``) is changed,
one at a time and in pairs, and the changed line goes through the whole path of
``samegame verify`` (``parse_line`` then ``Verifier.check``). The judge of meaning
is independent of the verifier: a line is genuine exactly when it is, but for
``seconds``, the record the simulator itself writes for what the line claims (its
preset's rules or its own custom rules, the board of its generator and number or
its given board, its bot and seed), in the line's format. So a change is
*equivalent* when the simulator would write the changed line too (a new
``seconds``; a seed that a bot ignores) and must verify; every other change must be
rejected, or left unchecked, or (a preset this installation does not know, whose
record is checked by the rules it states) carry a note; nothing may raise.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from locations import TESTS
from samegame.bots import parse_bot_spec, play_game
from samegame.core.numbering import make_board
from samegame.core.palette import PALETTE
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import find_preset
from samegame.records.shape import (
    MAX_SECONDS,
    RECORD_FORMAT_V1,
    RECORD_FORMAT_V2,
    LineError,
    parse_line,
)
from samegame.records.verdict import Verdict
from samegame.records.verification import Verifier, make_record

GOLDEN = [TESTS / "golden" / "records" / name for name in ("v1.jsonl", "v2.jsonl", "v3.jsonl")]
HOST = PluginHost(autoload=False)
Record = dict[str, Any]
PAIRS = 300  # pairs of changes per record
Path_ = tuple[str | int, ...]

PRESETS = ["basic", "benchmark", "sum", "relaxed", "classic", "jsgames", "no-bonus", "custom"]
GENERATORS = ["random", "solvable", "random-with-move", "each-colour-twice", "nope"]
BOTS = ["greedy", "tabu", "random", "largest", "lookahead:depth=2", "lookahead:depth=1", "nope"]
FORMULAS = ["basic", "pairs", "sum", "nope"]
PENALTIES = ["none", "leftover-squared", "leftover-formula", "nope"]


def golden() -> list[Record]:
    return [
        json.loads(line)
        for path in GOLDEN
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


# -- the judge: what the simulator writes for a line's claims --------------------


@functools.lru_cache(maxsize=64)
def _preset_rules(name: str) -> tuple[Any, ...]:
    preset = find_preset(name, HOST)
    assert preset.name == name
    return preset, preset.rules


@functools.lru_cache(maxsize=4096)
def _played(bot: str, rows: tuple[str, ...], rules: Rules, seed: int) -> Any:
    spec = parse_bot_spec(bot)
    assert str(spec) == bot
    return play_game(
        HOST.bot(spec.name).create(spec.options), read_board("\n".join(rows)), rules, seed
    )


@functools.lru_cache(maxsize=4096)
def _board(generator: str, spec: BoardSpec, number: int) -> Any:
    """A generator's board of a number: made once, as many claims share it."""
    return make_board(HOST.generator(generator), spec, number).board


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=True)


CLAIMS = (
    "format",
    "preset",
    "rules",
    "generator",
    "generator_version",
    "board_number",
    "width",
    "height",
    "colours",
    "bot",
    "seed",
    "plugins",
)
_written: dict[str, Record | None] = {}


def simulator_record(record: Any) -> str | None:
    """The canonical JSON the simulator writes for the line's claims, with the
    line's own ``seconds`` if that is a valid number of seconds; None when the
    simulator could not write such a line at all."""
    if not isinstance(record, dict):
        return None
    claims = {key: record.get(key, "(missing)") for key in CLAIMS}
    if record.get("generator") is None:
        claims["board"] = record.get("board")
    key = _canonical(claims)
    if key not in _written:
        _written[key] = _write(record)
    expected = _written[key]
    seconds = record.get("seconds")
    if expected is None or type(seconds) not in (int, float):
        return None
    if not (math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS):
        return None
    return _canonical({**expected, "seconds": seconds})


def _write(record: Any) -> Record | None:
    """The record the simulator writes for these claims (``seconds`` aside)."""
    try:
        if record["preset"] is None:
            spec = record["rules"]
            rules = Rules(
                HOST.formula(spec["formula"]),
                clear_bonus=spec["clear_bonus"],
                penalty=HOST.penalty(spec["penalty"]),
                min_group=spec["min_group"],
            )
            if type(spec["clear_bonus"]) is not int or type(spec["min_group"]) is not int:
                return None
        else:
            preset, rules = _preset_rules(record["preset"])
        if record["generator"] is None:
            if record["board_number"] is not None:
                return None
            board = read_board("\n".join(record["board"]))
            colours = len(board.colour_counts())
        else:
            number, colours = record["board_number"], record["colours"]
            if type(number) is not int or type(colours) is not int:
                return None
            if record["preset"] is not None:
                preset.board_setup(
                    f"{record['width']}x{record['height']}", colours, record["generator"]
                )
            spec_ = BoardSpec(record["width"], record["height"], colours)
            board = _board(record["generator"], spec_, number)
        seed = record["seed"]
        if type(seed) is not int or not 0 <= seed < 2**64:
            return None
        rows = tuple("".join(row) for row in record["board"])
        played = _played(
            record["bot"], rows if record["generator"] is None else _rows(board), rules, seed
        )
        generator = record["generator"]
        expected = make_record(
            played,
            board=board,
            rules=rules,
            preset=record["preset"],
            generator=generator,
            generator_version=None if generator is None else HOST.generator(generator).version,
            board_number=record["board_number"],
            colours=colours,
            bot=record["bot"],
            seed=seed,
            host=HOST,
        )
        if record["format"] in (RECORD_FORMAT_V1, RECORD_FORMAT_V2):  # what samegame wrote then
            del expected["plugins"]
            expected["format"] = record["format"]
        if record["format"] == RECORD_FORMAT_V1:
            del expected["generator_version"]
        return expected
    except Exception:
        return None


def _rows(board: Any) -> tuple[str, ...]:
    from samegame.core.textboard import board_rows

    return tuple("".join(row) for row in board_rows(board))


def genuine(record: Any) -> bool:
    truth = simulator_record(record)
    return truth is not None and truth == _canonical(record)


# -- the changes -----------------------------------------------------------------


def leaves(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every position in a record (objects, lists and scalars), outermost first;
    of the moves only the first, a middle and the last."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        indexes = (
            sorted({0, len(value) // 2, len(value) - 1})
            if path == ("moves",)
            else range(len(value))
        )
        for index in indexes:
            if value:
                yield from leaves(value[index], (*path, index))


def _int_values(value: int) -> list[Any]:
    return [
        value + 1,
        value - 1,
        0,
        -1,
        -value - 1,
        float(value),
        value + 0.5,
        str(value),
        True,
        False,
        None,
        10**25,
        2**64,
        [],
        {},
        math.inf,
        math.nan,
    ]


def candidates(path: Path_, value: Any) -> list[Any]:
    """Replacement values for one position."""
    name = path[-1] if path else None
    if isinstance(value, bool):
        return [not value, int(value), 1 - int(value), None, str(value).lower()]
    if isinstance(value, int):
        return _int_values(value)
    if isinstance(value, float):
        return [0.0, 1.5, 3, value * 2 + 1, -0.1, True, "1", None, math.inf, math.nan, 1e10]
    if value is None:
        return [0, 1, "", "random", "basic", False, [], 559352244275002091]
    if isinstance(value, str):
        named = {
            "preset": PRESETS,
            "generator": GENERATORS,
            "bot": BOTS,
            "formula": FORMULAS,
            "penalty": PENALTIES,
        }.get(name, [])  # type: ignore[call-overload]
        values: list[Any] = [
            *named,
            "",
            value + "x",
            value.upper(),
            value.lower(),
            value[:-1],
            " " + value,
            1,
            None,
            ["x"],
        ]
        if name == "move":
            col, row = value[0], int(value[1:])
            values += [
                f"{col}{row + 1}",
                f"{chr(ord(col) + 1)}{row}",
                f"{col}0",
                f"{col}{row:02d}",
                value.lower(),
                "Z1",
                "A" + "9" * 5000,
            ]
        if isinstance(name, int):  # a board row: its first, middle and last cell
            for col in sorted({0, len(value) // 2, len(value) - 1}):
                for other in [c.letter for c in PALETTE[:6]] + [".", "x", "1"]:
                    values.append(value[:col] + other + value[col + 1 :])
            values += [value + value[-1], value[1:]]
        return values
    if isinstance(value, list):
        return [
            value[:-1],
            value[1:],
            [*value, value[-1]] if value else [1],
            value[::-1],
            [],
            None,
            "x",
        ]
    return []  # objects: keys are removed and added below


def distinct(value: Any, values: list[Any]) -> list[Any]:
    """The values that differ from ``value`` as JSON, each once (NaN included)."""
    seen = {_canonical(value)}
    kept = []
    for new in values:
        text = _canonical(new)
        if text not in seen:
            seen.add(text)
            kept.append(new)
    return kept


@dataclass(frozen=True)
class Change:
    what: str
    apply: Callable[[Record], None]


def _set(path: Path_, value: Any) -> Callable[[Record], None]:
    def apply(record: Record) -> None:
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = copy.deepcopy(value)

    return apply


def _drop(path: Path_, key: str) -> Callable[[Record], None]:
    def apply(record: Record) -> None:
        target: Any = record
        for step in path:
            target = target[step]
        del target[key]

    return apply


def _add(path: Path_) -> Callable[[Record], None]:
    def apply(record: Record) -> None:
        target: Any = record
        for step in path:
            target = target[step]
        target["extra"] = 1

    return apply


def changes(record: Record) -> list[Change]:
    """Every single change of one record."""
    found: list[Change] = []
    for path, value in leaves(record):
        if path:
            for new in distinct(value, candidates(path, value)):
                found.append(
                    Change(f"{'.'.join(map(str, path))}={_canonical(new)[:30]}", _set(path, new))
                )
        if isinstance(value, dict):
            for key in value:
                found.append(Change(f"drop {'.'.join(map(str, (*path, key)))}", _drop(path, key)))
            found.append(Change(f"add {'.'.join(map(str, path))}.extra", _add(path)))
    return found


def crafted(record: Record) -> list[list[Change]]:
    """Changes made to look consistent: a bigger clear bonus with the score raised to
    match, another preset's rules with its name, another board number's board."""
    result = []
    bigger = [Change("clear_bonus 5000", _set(("rules", "clear_bonus"), 5000))]
    if record["cleared"]:
        bigger += [
            Change("bonus +4000", _set(("bonus",), record["bonus"] + 4000)),
            Change("score +4000", _set(("score",), record["score"] + 4000)),
        ]
    result.append(bigger)
    result.append(
        [Change("preset null", _set(("preset",), None))]
    )  # custom: equivalent only if rules match
    if record["generator"] is not None:
        result.append(
            [
                Change("generator null", _set(("generator",), None)),
                Change("number null", _set(("board_number",), None)),
            ]
        )
    return result


# -- the test --------------------------------------------------------------------


@dataclass
class Tally:
    tried: int = 0
    rejected: int = 0
    equivalent: int = 0
    crashes: int = 0


def check(line: str | None, verifier: Verifier, tally: Tally, what: str) -> None:
    if line is None:
        return
    tally.tried += 1
    try:
        try:
            verdict = verifier.check(parse_line(line.encode("utf-8")))
        except LineError as error:
            verdict = Verdict(problems=(str(error),))
    except Exception as error:  # the one thing that must never happen
        tally.crashes += 1
        pytest.fail(f"{what}: verify raised {type(error).__name__}: {error}")
    record = json.loads(line)
    if genuine(record):
        assert verdict == Verdict(), f"{what}: an equivalent change was rejected: {verdict}"
        tally.equivalent += 1
    else:
        said = verdict.sentences() or verdict.notes
        assert said, f"{what}: a change of meaning was accepted"
        tally.rejected += 1


def tampered(record: Record, applied: list[Change]) -> str | None:
    """The changed line; None when the second change has nothing left to change
    (its position was dropped or replaced by the first)."""
    copied = json.loads(json.dumps(record))
    try:
        for change in applied:
            change.apply(copied)
    except (KeyError, TypeError, IndexError):
        return None
    return json.dumps(copied)


def pair_draws(records: list[Record]) -> list[list[tuple[Change, Change]]]:
    """For each record, its ``PAIRS`` pairs of changes of two different positions,
    drawn from one generator with a fixed seed, record after record, so that every
    record's pairs are the same whichever record a test checks."""
    draw = random.Random(12)
    found = []
    for record in records:
        singles = changes(record)
        pairs = [tuple(draw.sample(singles, 2)) for _ in range(PAIRS)]
        found.append(
            [(one, two) for one, two in pairs if one.what.split("=")[0] != two.what.split("=")[0]]
        )
    return found


RECORDS = golden()


@functools.cache
def drawn_pairs() -> list[list[tuple[Change, Change]]]:
    """``pair_draws(RECORDS)``, drawn when a test first asks (not at every
    collection)."""
    return pair_draws(RECORDS)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_every_change_of_meaning_is_rejected_and_none_crashes(
    index: int, capsys: pytest.CaptureFixture[str]
) -> None:
    verifier = Verifier(HOST)
    tally = Tally()
    record = RECORDS[index]
    assert genuine(record), "the judge accepts every golden record"
    assert verifier.verify(record) == []
    singles = changes(record)
    for change in singles:
        check(tampered(record, [change]), verifier, tally, change.what)
    for applied in crafted(record):
        check(tampered(record, applied), verifier, tally, " + ".join(c.what for c in applied))
    for one, two in drawn_pairs()[index]:
        check(tampered(record, [one, two]), verifier, tally, f"{one.what} + {two.what}")
    with capsys.disabled():
        print(
            f"\ntamper, record {index}: {tally.tried} changes tried, {tally.rejected} rejected, "
            f"{tally.equivalent} equivalent, {tally.crashes} crashes"
        )
    assert tally.crashes == 0
    assert tally.rejected >= len(singles)
    assert tally.equivalent > 0  # a new `seconds` at least
