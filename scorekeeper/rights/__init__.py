"""Who may do what, for the request being answered.

- ``access``: the phone's device, its grants (manage or follow a game, a club),
  the admin's login, and the look-ups that check a right before any work;
- ``sessions``: the signed cookie that carries the device, refreshed once a day.

The grants themselves are stored rows (``store/grants.py``); this package reads
them for the request, so it sits above the store, the clubs and the events.
"""
