"""What the points games share on the web: a small base of forms, the sheet and its pages.

A points game (Homme de Brou, Manille) brings its own forms and a
``PointsSheet``; ``SheetPages`` draws its sheet, ``new.py`` starts it from
``/games/new/<name>``.
"""
