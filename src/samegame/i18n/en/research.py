"""Research commands (simulate, compare, bench, solve, verify, replay): the start,
progress and end lines, summaries and the lines of a run stopped early. A few
templates are parts of larger sentences (``research.thinking``, ``research.there``,
``research.interval``); they begin with their own comma or space."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # where the games are played
    "research.where.local": "in this process",
    "research.where.process": {
        "one": "in {count} worker process",
        "other": "in {count} worker processes",
    },
    "research.where.scheduler": "on the Dask scheduler at {address}",
    "research.where.cluster": {
        "one": "on a local Dask cluster of {count} worker",
        "other": "on a local Dask cluster of {count} workers",
    },
    # what is played
    "research.plan": "preset {preset}, {boards}, seed {seed}",
    "research.boards.generated": "{width}x{height} boards with {colours} colours ({board_type})",
    "research.boards.file": {
        "one": "the {count} board of {path} in turn",
        "other": "the {count} boards of {path} in turn",
    },
    "research.boards.given": {"one": "{count} board in turn", "other": "{count} boards in turn"},
    # the first line of long work
    "research.bots.and": "{head} and {last}",
    "research.thinking": ", {budget} per search",
    "research.there": ", {where}",
    "research.fixed_work": "a fixed amount of work",
    "research.seconds": "{seconds} seconds",
    "research.start.simulate": {
        "one": "Playing {count} game with {bot}: {plan}, {where}{thinking}; "
        "Ctrl-C stops early and keeps the results so far.",
        "other": "Playing {count} games with {bot}: {plan}, {where}{thinking}; "
        "Ctrl-C stops early and keeps the results so far.",
    },
    "research.start.compare": {
        "one": "Comparing {bots} on {count} board: {plan}, {where}{thinking}; "
        "Ctrl-C stops early and keeps the results so far.",
        "other": "Comparing {bots} on {count} boards: {plan}, {where}{thinking}; "
        "Ctrl-C stops early and keeps the results so far.",
    },
    "research.start.bench": {
        "one": "Playing {count} standard position with {bot}{thinking}{there}; "
        "Ctrl-C stops early and keeps the positions played.",
        "other": "Playing {count} standard positions with {bot}{thinking}{there}; "
        "Ctrl-C stops early and keeps the positions played.",
    },
    "research.start.solve": "Searching the board with {bot} for {budget}; "
    "Ctrl-C stops early and keeps the best line found so far.",
    "research.start.solve.many": "Searching the board with {bot} for {budget} "
    "({count} independent searches, the best kept); "
    "Ctrl-C stops early and keeps the best line found so far.",
    "research.start.solve.many.there": "Searching the board with {bot} for {budget} "
    "({count} independent searches {where}, the best kept); "
    "Ctrl-C stops early and keeps the best line found so far.",
    # progress
    "research.progress.games": "Played {done} of {total} games ({percent} percent).",
    "research.progress.boards": "Played {done} of {total} boards ({percent} percent).",
    "research.progress.games.live": "{done} of {total} games, {percent} percent",
    "research.progress.boards.live": "{done} of {total} boards, {percent} percent",
    "research.progress.positions": "Played {done} of {total} positions.",
    "research.progress.position": "Position {position}: searched {done} of {total}.",
    "research.progress.searched": "Searched {done} of {total}.",
    # simulate
    "research.simulate.done": {
        "one": "Played {count} game: {bot} on {plan}.",
        "other": "Played {count} games: {bot} on {plan}.",
    },
    "research.simulate.stopped": {
        "one": "Stopped after {done} of {count} game: {bot} on {plan}.",
        "other": "Stopped after {done} of {count} games: {bot} on {plan}.",
    },
    "research.speed": "Speed: {speed} games per second ({seconds} seconds, {where}).",
    "research.summary.none": "No game finished, so there are no scores to report.",
    "research.summary.scores": "Scores: mean {mean}, median {median}{spread}, "
    "lowest {low}, highest {high}.",
    "research.summary.spread": ", standard deviation {stdev}",
    "research.summary.cleared": {
        "one": "Cleared {cleared} of {count} board ({percent} percent).",
        "other": "Cleared {cleared} of {count} boards ({percent} percent).",
    },
    "research.summary.average": "On average {tiles} tiles were left and {moves} moves "
    "were played per game.",
    # compare
    "research.compare.done": {
        "one": "Compared {bots} bots on {count} board: {plan}.",
        "other": "Compared {bots} bots on {count} boards: {plan}.",
    },
    "research.compare.stopped": {
        "one": "Stopped after {done} of {count} board comparing {bots} bots: {plan}.",
        "other": "Stopped after {done} of {count} boards comparing {bots} bots: {plan}.",
    },
    "research.compare.none": "No board was played by every bot, so there is nothing to compare.",
    "research.compare.bot": {
        "one": "{bot}: mean score {mean}{interval}; cleared {cleared} of {count} board "
        "({percent} percent).",
        "other": "{bot}: mean score {mean}{interval}; cleared {cleared} of {count} boards "
        "({percent} percent).",
    },
    "research.compare.paired": " Paired difference from {first}: {difference} points per "
    "board{interval}.",
    "research.interval": " (95 percent interval {low} to {high})",
    "research.interval.none": " (no interval from one board)",
    # gates of compare
    "research.gate.line": "Gate: {sentence}",
    "research.gate.passed": "{reason}: passed.",
    "research.gate.failed": "{reason}: failed.",
    "research.gate.same": "{bot} scored as many points per board as {other}",
    "research.gate.more": "{bot} scored {points} points per board more than {other}",
    "research.gate.less": "{bot} scored {points} points per board less than {other}",
    "research.gate.one_board": "{head} (no interval from one board); "
    "the gate needs 2 boards or more",
    "research.gate.within": "{head} (95 percent interval {low} to {high})",
    "research.gate.sure": "{within}, above 0 with 95 percent confidence",
    "research.gate.wants_more": "{within}; the gate asks for more",
    "research.gate.unsure": "{within}, not above 0 with 95 percent confidence; the gate asks "
    "for that (more boards narrow the interval)",
    "research.gate.mean.met": "{bot} has mean score {mean}, at least {score} wanted",
    "research.gate.mean.unmet": "{bot} has mean score {mean}; the gate asks for {score} or more",
    "research.gate.not_met": {
        "one": "{failed} of {count} gate not met: {reasons}.",
        "other": "{failed} of {count} gates not met: {reasons}.",
    },
    "research.gate.reasons": "{head}. {last}",
    # records written by --out
    "research.records.none": "No record written: {path} was left as it was.",
    "research.records.written": {
        "one": "{count} record written to {path}, one per line.",
        "other": "{count} records written to {path}, one per line.",
    },
    # a run stopped early (the Error: line)
    "research.count.games": {"one": "{done} of {count} game", "other": "{done} of {count} games"},
    "research.count.boards": {
        "one": "{done} of {count} board",
        "other": "{done} of {count} boards",
    },
    "research.count.records": {"one": "{count} record", "other": "{count} records"},
    "research.count.files": {"one": "{count} file", "other": "{count} files"},
    "research.interrupted.after": "interrupted after {done}; the results so far are above",
    "research.terminated.after": "terminated after {done}; the results so far are above",
    "research.failed.after": "{problem}; stopped after {done}",
    "research.interrupted.positions": "interrupted; the positions played so far are above",
    "research.terminated.positions": "terminated; the positions played so far are above",
    "research.interrupted.best_line": "interrupted; the best line found so far is above",
    "research.terminated.best_line": "terminated; the best line found so far is above",
    "research.interrupted.no_search": "interrupted before any search finished",
    "research.terminated.no_search": "terminated before any search finished",
    "research.solve.lost": "{problem}; {lost} of {count} searches lost, the best of the "
    "{finished} finished is above",
    "research.bench.lost": "{problem}; stopped after {done} of {count} positions",
    "research.bench.lost.above": "{problem}; stopped after {done} of {count} positions, kept above",
    "research.bench.lost.file": "{problem}; stopped after {done} of {count} positions, "
    "kept in {path}",
    "research.bench.lost.both": "{problem}; stopped after {done} of {count} positions, "
    "kept above and in {path}",
    # verify
    "research.verify.done": "Verified {records} in {files}: {result}.",
    "research.verify.stopped": "Verified {records} in {files} before Ctrl-C: {result}.",
    "research.verify.correct": "all correct",
    "research.verify.correct_so_far": "all correct so far",
    "research.verify.bots_not_replayed": (
        "{result}, as games (the bots were not replayed: that each bot chose its"
        " record's moves was not checked)"
    ),
    "research.verify.mismatches": {
        "one": "{count} record has mismatches",
        "other": "{count} records have mismatches",
    },
    "research.verify.unchecked": {
        "one": "{count} record was not checked",
        "other": "{count} records were not checked",
    },
    "research.verify.empty": "no records in {names}",
    "research.verify.separator": "; ",
    # solve
    "research.solve.best": "Best line found by {bot}: {moves}",
    "research.solve.score": "Score {score}: {moves} moves, {ending}, bonus {bonus}, "
    "penalty {penalty}; {seconds} (CPU {cpu}).",
    "research.solve.replay": "Replay it: {command}",
    "research.cleared": "board cleared",
    "research.tiles_left": "{count} tiles left",
    # bench standard
    "research.bench.position": "Position {position}: {score} points in {moves} moves, "
    "{ending}, {seconds} (CPU {cpu}). Published: {anchors}.",
    "research.bench.anchor": "{name} {score}",
    "research.bench.total": {
        "one": "Total: {total} points on {count} position with {bot}, {seconds} (CPU {cpu}).",
        "other": "Total: {total} points on {count} positions with {bot}, {seconds} (CPU {cpu}).",
    },
    "research.bench.share": "{percent} percent of {anchor} ({total})",
    "research.bench.shares.all": "{total} is {shares}: the published totals.",
    "research.bench.shares.some": "{total} is {shares}: their totals on these {count} positions.",
    # replay
    "research.replay.move": "Move {number}: {move} removed {tiles}, {points}, score {score}.",
    "research.replay.cleared": "Board cleared. Bonus {bonus}. Final score {score} after "
    "{moves} moves.",
    "research.replay.over": "No moves left. {remaining} tiles left, penalty {penalty}. "
    "Final score {score} after {moves} moves.",
    "research.replay.going": "The game goes on: score {score}, {remaining} tiles left after "
    "{moves} moves.",
}
