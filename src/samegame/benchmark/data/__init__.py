"""Data shipped with the package: the 20 standard benchmark positions
(``standard-20.txt``) and the published scores on them (``published-scores.json``).
Read them through ``samegame.benchmark.positions``."""
