"""Hostile and broken input: the corpus `tests/test_hostile.py` runs, one build per case."""
