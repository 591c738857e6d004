"""The club's ratings: how good each member is at each game, from the tables they played.

``model.py`` is the model (openskill's Bradley-Terry, full pairing, pure); ``club.py``
reads a club's tables into matches and keeps the ratings per version;
``history.py`` is a member's own history (their evenings, their rating's path,
the facts a player enjoys). Derived from the stored games, never stored.
"""
