"""``samegame serve``: a local web page on the same engine (docs/web.md).

- ``page_state``: what the page draws of a game, as JSON (cells with their names, score);
- ``page_games``: the page's games, each a line-interface ``Session`` (the same command
  interpreter and announcer as ``samegame play``) on a thread of its own;
- ``page_reviews``: a saved game's review, as ``samegame review`` makes and keeps it, on a
  thread of its own, and its practice;
- ``page_plugins``: the plugin code a page game calls, under ``simulate``'s time bound;
- ``page_text``: no answer names a place on the server's disk;
- ``security``: loopback, Host, token, same-origin and size checks on every request;
- ``server``: the Starlette application and its routes;
- ``serving``: uvicorn with the connections' deadlines and a stop no client holds up.

Starlette and uvicorn are the optional extra ``samegame[web]``; nothing here is
imported by any other command.
"""
