"""Reinforcement learning: ``SameGameEnv``, a Gymnasium-shaped environment over the
rules core that needs no gymnasium install (``environment``), and its registration
with gymnasium itself (``gymnasium_env``, with ``pip install 'samegame[rl]'``).
docs/env.md describes both.
"""
