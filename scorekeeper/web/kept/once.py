"""What a page shows only once: the session keys that hold it until the next page.

A page drawn once per version and kept (holes.py, memory.py) must never keep one
of these: a page asked for while one waits is drawn afresh.
"""

from __future__ import annotations

NEW_MANAGER_LINK = "new_manager_link"
"""The manager link just issued (shown on the game page of the phone that created it)."""
NEW_HANDOVER_CODE = "new_handover_code"
"""The handover code just issued."""
SHOWN_ONCE = (NEW_MANAGER_LINK, NEW_HANDOVER_CODE)
