"""The club's ratings: how good each member is at each game, from the tables he played.

``model.py`` is the model (openskill's Bradley-Terry, full pairing, pure); ``club.py``
reads a club's tables into matches and keeps the ratings per version;
``history.py`` is a member's own history (his evenings, his rating's path,
the facts a player enjoys). Derived from the stored games, never stored.
"""
