"""The solver and what is built on it (heuristic hints, explanations, difficulty, the child
process, surveys' workers), on the core alone: its answers are typed values, never words.
"""
