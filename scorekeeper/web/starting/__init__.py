"""Starting a game: what every new-game page shares, whatever the game.

- ``creating``: storing the new game (or its set-up), its handover code, and the
  club evening it opens from.
- ``club_presets``: a club's own presets offered on a new-game form opened from
  one of its evenings.

Each game's own new-game page lives with its web half (``hombre/new_game.py``,
``sheet/new.py``); the home page and importing a game file are ``games.py``'s.
"""
