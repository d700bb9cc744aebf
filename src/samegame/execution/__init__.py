"""Where work runs and how it ends, for every package that plays games or values
positions: the simulator (``samegame.sim``), the standard benchmark
(``samegame.benchmark``) and the review (``samegame.review``).

- ``executors``: calls run in this process, in a process pool or on a Dask
  cluster, in order and bounded (``ordered_calls``), and an executor's own
  failures told from the work's;
- ``lifetime``: workers die with their parent; SIGTERM stops a run like Ctrl-C;
- ``bounded``: a game that calls plugin code, in a child process stopped at its
  time limit;
- ``outfile``: an output file replaced only when a run has played.

Nothing here knows what the work is: a task and the function that plays it are
the caller's.
"""
