"""Test configuration: hypothesis runs without deadlines (timings vary on CI)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("samegame", deadline=None)
settings.load_profile(os.environ.get("SAMEGAME_HYPOTHESIS_PROFILE", "samegame"))
