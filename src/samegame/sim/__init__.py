"""The headless simulator: bots batch-played reproducibly, in this process, in a
process pool or on a Dask cluster (see docs/simulator.md).

- ``tasks``: one game as a pure function of a small task (seed derivation);
- ``plan``: a preset, bots and a board source turned into a run's setups;
- ``runner``: ordered, bounded streaming of records over an executor (the
  executors, the workers' lifetime and the bound on a plugin's game are
  ``samegame.execution``'s);
- ``stats``: streaming summary statistics;
- ``simulate`` and ``compare``: the two kinds of run; ``gate``: compare as a CI check;
- ``verify``: record files checked line by line.
"""
