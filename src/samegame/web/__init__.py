"""``samegame serve``: a local web page on the same engine (docs/web.md).

- ``page_state``: what the page draws of a game, as JSON (cells with their names, score);
- ``page_games``: the page's games, each a line-interface ``Session`` (the same command
  interpreter and announcer as ``samegame play``), all run on one thread;
- ``security``: loopback, Host, token, same-origin and size checks on every request;
- ``server``: the Starlette application and its routes.

Starlette and uvicorn are the optional extra ``samegame[web]``; nothing here is
imported by any other command.
"""
