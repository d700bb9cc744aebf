"""The standard 20-position research benchmark: its positions and the published
scores (``positions``, data in ``data/``), and one position played by a bot as a
task an executor can run (``runs``). ``samegame bench standard`` drives both.
"""
