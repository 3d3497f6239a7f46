"""The rules: cards, rule sets, positions and moves, their text, the safe moves home, and where
the assets lie. Pure: no pygame, no language, and nothing of the package above it.
"""
