"""``samegame scores`` and ``samegame history``: best scores and past games, as
sentences (one per line) or JSON."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.options import (
    AccessibleOption,
    LangOption,
    TextOrJson,
    chosen_translator,
    print_json,
    whole_number_option,
)
from samegame.i18n.dates import date_in_words
from samegame.repl.announcer import Announcer
from samegame.repl.game_lines import describe_category, game_line
from samegame.store import ChallengeEntry, Completion, ScoreEntry, Store, StoreError

FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


@contextmanager
def open_store() -> Iterator[Store]:
    """The store, or an exit-5 error that says what is wrong with it."""
    try:
        with Store() as store:
            yield store
    except StoreError as error:
        raise fail(str(error), ExitCode.DATA) from None


def _date(say: Announcer, entry: ScoreEntry | ChallengeEntry) -> str:
    return date_in_words(say.tr, entry.finished)


def score_line(say: Announcer, entry: ScoreEntry) -> str:
    tr = say.tr
    cleared = tr("entry.cleared") if entry.cleared else tr("entry.not_cleared")
    board = "" if entry.board_number is None else tr("entry.board", number=entry.board_number)
    return tr(
        "entry.score",
        rank=entry.rank,
        score=entry.score,
        cleared=cleared,
        count=entry.moves,
        board=board,
        preset=say.preset_name(entry.preset),
        date=_date(say, entry),
    )


def completion_line(say: Announcer, entry: Completion) -> str:
    return say.tr(
        "entry.completed",
        games=say.tr("entry.games", count=entry.finished),
        boards=say.tr("entry.boards", count=entry.cleared),
    )


def challenge_line(say: Announcer, entry: ChallengeEntry) -> str:
    stages = say.join([str(score) for score in entry.stage_scores])
    return say.tr(
        "entry.challenge", rank=entry.rank, score=entry.score, stages=stages, date=_date(say, entry)
    )


def scores_command(
    limit: Annotated[
        int,
        whole_number_option("--limit", help="Scores per rule set."),
    ] = 10,
    output: FormatOption = TextOrJson.text,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Best scores for each rule set and for challenges; equal scores share a rank.
    Each rule set also counts its finished games and cleared boards, practice
    included."""
    say = Announcer(chosen_translator(lang, accessible))
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
        typer.echo(say.tr("scores.none"))
        return
    ranked: dict[str, list[ScoreEntry]] = {entry.category: [] for entry in completions}
    for entry in scores:
        ranked.setdefault(entry.category, []).append(entry)
    done = {entry.category: entry for entry in completions}
    for category in sorted(ranked):
        typer.echo(say.tr("scores.category", category=describe_category(say, category)))
        if category in done:
            typer.echo(completion_line(say, done[category]))
        if not ranked[category]:
            typer.echo(say.tr("scores.all_practice"))
        for entry in ranked[category]:
            typer.echo(score_line(say, entry))
    preset = None
    for challenge in challenges:
        if challenge.preset != preset:
            preset = challenge.preset
            typer.echo(say.tr("scores.challenges", preset=say.preset_name(preset)))
        typer.echo(challenge_line(say, challenge))


def history_command(
    limit: Annotated[
        int,
        whole_number_option("--limit", help="How many games."),
    ] = 20,
    unfinished: Annotated[
        bool, typer.Option("--unfinished", help="List unfinished games instead.")
    ] = False,
    output: FormatOption = TextOrJson.text,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Finished games, newest first (or unfinished ones), reviewed games marked;
    resume or replay one with samegame play --game ID, review it with samegame
    review --game ID."""
    say = Announcer(chosen_translator(lang, accessible))
    with open_store() as store:
        games = store.unfinished_games()[:limit] if unfinished else store.history(limit)
        reviewed = store.reviewed_games()
    if output is TextOrJson.json:
        print_json([{**game.to_dict(), "reviewed": game.game_id in reviewed} for game in games])
        return
    if not games:
        typer.echo(say.tr("history.none.unfinished" if unfinished else "history.none"))
        return
    for game in games:
        typer.echo(game_line(say, game, reviewed=game.game_id in reviewed))
