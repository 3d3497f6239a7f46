"""Yukon Solitaire: a pure rules engine, a solver, lessons and a pygame-ce table."""

__version__ = "0.1.0"
