"""The play: what a table is (game, selection, hint, message, clock, the end), with no pygame.

``session.TableSession`` holds one table's game and the operations a player can do; each
operation returns typed events (``events``) and hands them to its listeners (the window,
saves and statistics, sound, the solver's assist). ``clock`` keeps the time played on an
injected time source; ``records`` keeps the saved game and the statistics; ``lesson_guide``
makes a session teach a lesson. Beneath them: the saves, settings and statistics (``save``,
``settings``, ``stats``, ``played``), the lessons (``lessons``), the deal of the day, share
codes and the finished games' history. Nothing here imports pygame or the window.
"""
