"""samegame serve: what the server says (the page's own words are the web area)."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    "serve.title": "SameGame",
    "serve.cell": "{cell}, {tile}, group of {count}",
    "serve.cell.alone": "{cell}, {tile}, alone",
    "serve.group": "Group {number} of {count}: {group}.",
    "serve.started": "samegame is served on {address} . Open it in a browser; Ctrl-C stops the server.",
    "serve.opening": "Opening {address} in the default browser.",
    "serve.stopped": "The server stopped. Every game was saved after each move.",
    "serve.warning.host": "the page is served on {host}, so other machines that reach it can play and read your games; serve on 127.0.0.1 unless you mean it",
    "serve.error.wrong_host": "This page is served for {host} only.",
    "serve.error.token": "This request did not come from the page this server gave; reload the page.",
    "serve.error.origin": "This request came from another site and was refused.",
    "serve.error.too_large": "This request is too large: at most {limit} bytes.",
    "serve.error.not_json": "This request is not a JSON object.",
    "serve.error.not_whole_number": "A board number or game is a whole number from 0 to {most}.",
    "serve.error.unknown_preset": "This server has no such preset; choose one of those it lists: {known}.",
    "serve.error.line_too_long": "A command is at most {limit} characters.",
    "serve.error.no_game": "This game is no longer open here; start or resume it again.",
    "serve.error.too_many": "Too many games are open at once: at most {limit}. Reload the page.",
    # a game's review in the page (docs/web.md, "Reviewing a game")
    "serve.error.no_review": "This review is no longer open here; ask for it again (a review kept with its game costs nothing).",
    "serve.error.review_running": "The review is still running; practise once it has ended.",
    "serve.error.not_a_moment": "Move {number} is not a key moment of this review.",
    "serve.error.not_a_move": "A key moment is named by its move number, a whole number from 1.",
    "serve.error.review_failed": "The review stopped: {problem}.",
    "serve.review.played": "{label}, the move played",
    "serve.review.preferred": "{label}, the move preferred",
    # said where the command says review.start: the page stops a review by its button
    "serve.review.start": {
        "one": "Reviewing {what}: 1 move, each position searched with a fixed amount of work; Stop the review keeps the moves reviewed so far.",
        "other": "Reviewing {what}: {count} moves, each position searched with a fixed amount of work; Stop the review keeps the moves reviewed so far.",
    },
    "error.serve.needs_web": "samegame serve needs the web extra: pip install 'samegame[web]'",
    "error.serve.host": "--host {host} is not an address this machine has; give 127.0.0.1 or one of its own addresses.",
    "error.serve.port": "Port {port} cannot be used ({problem}); choose another with --port, or 0 for any free port.",
}
