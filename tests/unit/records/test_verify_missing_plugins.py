"""Issue 46, item 6: a record names the distribution and version of each plugin
part it was made with (``samegame-record/3``'s ``plugins``), and ``verify`` on a
machine without them names every missing part, with the package the record says
provides it; a part installed here from another distribution is said, never
checked silently against the wrong plugin."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from samegame.core.numbering import make_board
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.plugin import (
    BoardGenerator,
    BoardSpec,
    BotFactory,
    GeneratedBoard,
    ScoringFormula,
    hookimpl,
    play_game,
    stable_random,
)
from samegame.plugin.host import PluginHost
from samegame.records import Verifier, make_record
from samegame.records.shape import check_shape


class Lowest:
    def choose(self, view: Any, rng: Any) -> Any:
        return min(view.groups, key=lambda group: (group.anchor.row, group.anchor.col)).anchor


def _columns(spec: BoardSpec, number: int) -> GeneratedBoard:
    rng = stable_random(COLUMNS, spec, number)
    columns = [[rng.below(spec.colours) for _ in range(spec.height)] for _ in range(spec.width)]
    from samegame.core.board import Board

    return GeneratedBoard(Board.from_columns(columns, spec.width, spec.height))


COLUMNS = BoardGenerator("columns", 1, _columns, "random columns")


class Demo:
    """A plugin with a formula, a generator and a bot."""

    def __init__(self, points: int = 2) -> None:
        self.formula = ScoringFormula("tri", lambda n: n * points, "n times a number")

    @hookimpl
    def samegame_scoring_formulas(self) -> list[ScoringFormula]:
        return [self.formula]

    @hookimpl
    def samegame_board_generators(self) -> list[BoardGenerator]:
        return [COLUMNS]

    @hookimpl
    def samegame_bots(self) -> list[BotFactory]:
        return [BotFactory("lowest", lambda options: Lowest(), "lowest")]


def demo_record(host: PluginHost) -> dict[str, Any]:
    rules = Rules(host.formula("tri"))
    spec = BoardSpec(5, 5, 3)
    board = make_board(host.generator("columns"), spec, 4).board
    played = play_game(host.bot("lowest").create({}), board, rules, 1)
    record = make_record(
        played,
        board=board,
        rules=rules,
        preset=None,
        generator="columns",
        generator_version=1,
        board_number=4,
        colours=3,
        bot="lowest",
        seed=1,
        host=host,
    )
    for entry in record["plugins"]:  # as an installed package writes it
        entry["distribution"], entry["version"] = "samegame-demo", "1.0"
    return record


def test_a_record_names_the_package_of_each_plugin_part() -> None:
    host = PluginHost(autoload=False, only=[], extra=[("demo", Demo())])
    record = make_record(
        play_game(Lowest(), read_board("RRB\nRBB\nGGB"), Rules(host.formula("tri")), 1),
        board=read_board("RRB\nRBB\nGGB"),
        rules=Rules(host.formula("tri")),
        preset=None,
        generator=None,
        board_number=None,
        colours=3,
        bot="lowest",
        seed=1,
        host=host,
    )
    assert record["format"] == "samegame-record/3"
    assert record["plugins"] == [
        {"kind": "scoring formula", "name": "tri", "distribution": "local", "version": ""},
        {"kind": "bot", "name": "lowest", "distribution": "local", "version": ""},
    ]
    assert check_shape(record) is None
    assert Verifier(host).verify(record) == []


def test_every_missing_part_is_named_with_its_package() -> None:
    made = PluginHost(autoload=False, only=[], extra=[("demo", Demo())])
    record = demo_record(made)
    here = PluginHost(autoload=False, only=[])
    assert Verifier(here).verify(record) == [
        "not checked: scoring formula 'tri' (samegame-demo 1.0), board generator 'columns' "
        "(samegame-demo 1.0) and bot 'lowest' (samegame-demo 1.0) are not installed here; "
        "install them to check these records"
    ]


def test_an_old_record_names_its_missing_parts_without_a_package() -> None:
    made = PluginHost(autoload=False, only=[], extra=[("demo", Demo())])
    record = demo_record(made)
    del record["plugins"]
    record["format"] = "samegame-record/2"
    here = PluginHost(autoload=False, only=[])
    assert Verifier(here).verify(record) == [
        "not checked: scoring formula 'tri', board generator 'columns' and bot 'lowest' are "
        "not installed here; install them to check these records"
    ]
    assert Verifier(made).verify(record) == []  # and with them, it verifies as before


def test_a_part_of_another_package_is_said_not_checked_against() -> None:
    made = PluginHost(autoload=False, only=[], extra=[("demo", Demo())])
    record = demo_record(made)
    other = PluginHost(autoload=False, only=[], extra=[("other", Demo(points=3))])
    said = Verifier(other).verify(record)
    assert said[0] == (
        "not checked: scoring formula 'tri' comes from local here, but from samegame-demo 1.0 "
        "in the record; these records are not checked against another scoring formula of "
        "that name"
    )
    assert len(said) == 3  # the generator and the bot too, and no mismatch from other's points


def test_verify_says_it_once_per_file_and_exits_1(cli, tmp_path: Path) -> None:
    made = PluginHost(autoload=False, only=[], extra=[("demo", Demo())])
    record = demo_record(made)
    (tmp_path / "r.jsonl").write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n")
    result = cli("verify", "r.jsonl")
    assert result.code == 1
    assert result.out.splitlines()[0] == (
        "r.jsonl: 2 records not checked (lines 1 and 2): scoring formula 'tri' (samegame-demo "
        "1.0), board generator 'columns' (samegame-demo 1.0) and bot 'lowest' (samegame-demo "
        "1.0) are not installed here; install them to check these records"
    )


def test_plugins_must_name_the_record_s_own_parts() -> None:
    made = PluginHost(autoload=False, only=[], extra=[("demo", Demo())])
    record = demo_record(made)
    record["plugins"] = record["plugins"][::-1]
    assert (
        Verifier(made)
        .verify(record)[0]
        .startswith("plugins must name each plugin part of the record")
    )
