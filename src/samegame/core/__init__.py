"""The rules core: boards, cells, colours, the board text formats, rules and their
parts, one game's life and its events, board numbers, the version-stable random
generator, input bounds and replays.

It imports nothing from the rest of samegame (``tools/layout.py --check`` holds
it to that); the names a library user needs are exported from ``samegame``.
"""
