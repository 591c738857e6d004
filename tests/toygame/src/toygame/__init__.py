"""A toy points game (Belote scoring) that the app knows only through its extension points.

Issue 23's proof: a game is added with its own rules module (``rules``), one
web module, one template folder and one registry line, and nothing of the
scorekeeper's own code changes. ``tests/test_toy_game.py`` drives it.
"""
