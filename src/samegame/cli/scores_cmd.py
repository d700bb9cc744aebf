"""``samegame scores`` and ``samegame history``: best scores and past games, as
sentences (one per line) or JSON."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from samegame.cli.common import TextOrJson, print_json
from samegame.cli.errors import ExitCode, fail
from samegame.limits import SQLITE_MAX_INTEGER
from samegame.store import ChallengeEntry, Completion, SavedGame, ScoreEntry, Store, StoreError

HELP_WORDS = {"hint": "hints", "undo": "undo", "explain": "explanations"}

FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


@contextmanager
def open_store() -> Iterator[Store]:
    """The store, or an exit-5 error that says what is wrong with it."""
    try:
        with Store() as store:
            yield store
    except StoreError as error:
        raise fail(str(error), ExitCode.DATA) from None


def _date(entry: ScoreEntry | ChallengeEntry) -> str:
    return entry.finished.strftime("%Y-%m-%d")


def describe_category(category: str) -> str:
    """``8x10/4/basic/1000/none/2/solvable`` in words."""
    size, colours, formula, bonus, penalty, min_group, board_type = category.split("/")
    width, height = size.split("x")
    words = f"{width} by {height}, {colours} colours, {formula} scoring, bonus {bonus}"
    if penalty != "none":
        words += f", penalty {penalty}"
    if min_group != "2":
        words += f", groups of {min_group}"
    return f"{words}, {board_type} boards"


def score_line(entry: ScoreEntry) -> str:
    cleared = "board cleared" if entry.cleared else "not cleared"
    board = "" if entry.board_number is None else f", board {entry.board_number}"
    return (
        f"Rank {entry.rank}: {entry.score} points, {cleared}, {entry.moves} moves{board}, "
        f"{entry.preset}, {_date(entry)}."
    )


def completion_line(entry: Completion) -> str:
    games = "1 game" if entry.finished == 1 else f"{entry.finished} games"
    boards = "1 board" if entry.cleared == 1 else f"{entry.cleared} boards"
    return f"Completed: {games} finished, {boards} cleared."


def challenge_line(entry: ChallengeEntry) -> str:
    stages = " and ".join(str(score) for score in entry.stage_scores)
    return f"Rank {entry.rank}: {entry.score} points (stages {stages}), {_date(entry)}."


def scores_command(
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=SQLITE_MAX_INTEGER, help="Scores per rule set.")
    ] = 10,
    output: FormatOption = TextOrJson.text,
) -> None:
    """Best scores for each rule set and for challenges; equal scores share a rank.
    Each rule set also counts its finished games and cleared boards, practice
    included."""
    with open_store() as store:
        scores = store.best_scores(limit=limit)
        challenges = store.challenge_scores(limit=limit)
        completions = store.completions()
    if output is TextOrJson.json:
        print_json(
            {
                "scores": [entry.to_dict() for entry in scores],
                "challenges": [entry.to_dict() for entry in challenges],
                "completions": [entry.to_dict() for entry in completions],
            }
        )
        return
    if not scores and not challenges and not completions:
        typer.echo("No scores yet. Finished games that are not practice are ranked here.")
        return
    ranked: dict[str, list[ScoreEntry]] = {entry.category: [] for entry in completions}
    for entry in scores:
        ranked.setdefault(entry.category, []).append(entry)
    done = {entry.category: entry for entry in completions}
    for category in sorted(ranked):
        typer.echo(f"Rule set {describe_category(category)}:")
        if category in done:
            typer.echo(completion_line(done[category]))
        if not ranked[category]:
            typer.echo("No ranked score yet: every finished game was practice.")
        for entry in ranked[category]:
            typer.echo(score_line(entry))
    preset = None
    for challenge in challenges:
        if challenge.preset != preset:
            preset = challenge.preset
            typer.echo(f"Best {preset} totals:")
        typer.echo(challenge_line(challenge))


def game_line(game: SavedGame) -> str:
    setup = game.setup
    board = "a board from a file" if setup.board_number is None else f"board {setup.board_number}"
    head = f"Game {game.game_id}, {setup.preset}, {describe_category(setup.category)}, {board}"
    practice = f", practice ({', '.join(game.reasons)})" if game.practice and game.reasons else ""
    if game.assistance:
        used = [HELP_WORDS.get(kind, kind) for kind in game.assistance]
        practice += f", help used: {' and '.join(used)}"
    if game.result is None:
        updated = game.updated.strftime("%Y-%m-%d %H:%M UTC")
        return f"{head}: unfinished, {len(game.moves)} moves, saved {updated}{practice}."
    result = game.result
    cleared = "board cleared" if result.cleared else f"{result.remaining} tiles left"
    finished = game.finished.strftime("%Y-%m-%d %H:%M UTC") if game.finished else "?"
    return f"{head}: {result.score} points, {cleared}, {result.moves} moves, finished {finished}{practice}."


def history_command(
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=SQLITE_MAX_INTEGER, help="How many games.")
    ] = 20,
    unfinished: Annotated[
        bool, typer.Option("--unfinished", help="List unfinished games instead.")
    ] = False,
    output: FormatOption = TextOrJson.text,
) -> None:
    """Finished games, newest first (or unfinished ones); resume or replay one with
    samegame play --game ID."""
    with open_store() as store:
        games = store.unfinished_games()[:limit] if unfinished else store.history(limit)
    if output is TextOrJson.json:
        print_json([game.to_dict() for game in games])
        return
    if not games:
        typer.echo("No unfinished games." if unfinished else "No finished games yet.")
        return
    for game in games:
        typer.echo(game_line(game))
