"""SQLite persistence of ``samegame play``: games saved move by move, history, best
scores per rule category, challenges and the player's settings.

One file, ``paths.data_dir() / "samegame.sqlite3"`` unless a path is given, read and
written with the standard library's sqlite3 only. docs/store.md gives the schema,
the durability argument and the error behaviour in full.

Data model
----------
* A **game** row holds the :class:`SavedSetup` it was started with (preset, rule
  variant and category, board size, colours, board type, board number, the
  initial board in the text format, the challenge and stage it belongs to), the
  current move list and redo list (canonical cells such as ``"C5"``, as JSON
  arrays), the practice flag and its reasons, a status (unfinished, finished,
  abandoned), the help used (``assistance``: hint, undo, explain), a revision
  counted up by every change, and, when finished, the result (the fields of
  :class:`samegame.core.game.GameResult`, which the store takes and gives back as is).
  Every save rewrites the whole move list of one row: one short transaction.
* **A finished game is a result, for good**: nothing turns it back into an
  unfinished game; playing its board again is another game row (the
  application layer, ``samegame.play``, decides when).
* **Practice is sticky**: once a game is practice (the flag, or any reason) it stays
  practice and its reasons accumulate; practice games never enter a ranking.
* A **category** (``samegame.core.variant.Category``, for example
  ``"8x10/4/basic/1000/none/2/solvable"``) says which scores are comparable: board
  size, colours, the rule variant (formula, clear bonus, penalty, minimum group)
  and board type. Best
  scores are the finished non-practice games of one category, ranked by
  standard competition ranking (50, 40, 40, 10 rank 1, 2, 2, 4); among equal scores
  the earlier finish is listed first. Challenge stage games are ordinary games of
  their category here too.
* A **challenge** row holds its preset and status; its stages are its games (the
  stage is the index in the preset's stages, 0-based, at most one live game per
  stage). Finishing a stage game settles that stage in the same transaction; a
  challenge's total is the sum of its finished stage games' scores and is never
  stored apart from them. Challenge totals are ranked per preset, separately from
  single-game scores; a challenge with a practice stage is not ranked.
* **Settings** map a string key to a JSON value.

Status changes: ``save_progress`` works on an unfinished game (on a finished one
only when the moves are unchanged); ``finish_game`` on an unfinished game, and
again on a finished one with the same result (nothing changes: a resumed process
may finish a game twice); ``abandon_game`` ends an unfinished game without a
result. Format 1 databases are upgraded to format 2 (two new columns) on opening.

Errors are :class:`StoreError` (one line, saying what to do); a missing game or
challenge is its subclass :class:`NotFoundError`, a change the status forbids
:class:`StatusError`. Arguments that break a contract (a move not written like
``C5``, a setup with a name a category key cannot hold) raise ValueError.

A Store holds one connection: use it from one thread, and close it (``with``). It is
made of parts (``front``): the connection (``database``) and the games,
challenges and settings that work on it.

>>> from samegame.core.variant import RuleVariant
>>> SavedSetup("basic", RuleVariant("basic", 1000, "none", 2), 3, 2, 4, "solvable", 7,
...     ["RGB", "RBY"]).category
'3x2/4/basic/1000/none/2/solvable'
>>> competition_ranks([50, 40, 40, 10])
[1, 2, 2, 4]
"""

from __future__ import annotations

from samegame.store.errors import (
    ConflictError,
    DamagedChallengeError,
    DamagedGameError,
    DamagedSettingError,
    NotFoundError,
    StatusError,
    StoreError,
)
from samegame.store.front import Store
from samegame.store.models import (
    ChallengeEntry,
    ChallengeProgress,
    Completion,
    GameStatus,
    JSONValue,
    SavedChallenge,
    SavedGame,
    SavedSetup,
    ScoreEntry,
    ScoreOutcome,
    StageRecord,
)
from samegame.store.ranking import competition_ranks
from samegame.store.reviews import KeptReview
from samegame.store.schema import APPLICATION_ID, DB_NAME, SCHEMA_VERSION, default_path

__all__ = [
    "APPLICATION_ID",
    "DB_NAME",
    "SCHEMA_VERSION",
    "ChallengeEntry",
    "ChallengeProgress",
    "Completion",
    "ConflictError",
    "DamagedChallengeError",
    "DamagedGameError",
    "DamagedSettingError",
    "GameStatus",
    "JSONValue",
    "KeptReview",
    "NotFoundError",
    "SavedChallenge",
    "SavedGame",
    "SavedSetup",
    "ScoreEntry",
    "ScoreOutcome",
    "StageRecord",
    "StatusError",
    "Store",
    "StoreError",
    "competition_ranks",
    "default_path",
]
