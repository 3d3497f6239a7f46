"""The program's words: the typed values of the rules, the solver and the table said in the
player's language. Nothing below this layer (cards, rules, state, notation, the solver) knows
a language; the window and the command line word what they show through here. No pygame.
"""
