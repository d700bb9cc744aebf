"""Lets the example plugin's tests import it from this folder without installing it."""
