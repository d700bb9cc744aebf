"""The standard 20-position research benchmark: its positions and the published
scores (``positions``, data in ``data/``), one position played by a bot as a
task an executor can run (``runs``), and a bot's game of ``bench standard`` and
``solve`` checked, bounded and awaited (``bot_games``). ``samegame bench
standard`` drives them.
"""
