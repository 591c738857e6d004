"""play13: a backup restored in place while the server runs takes a game back to fewer coups.
A follower's page caught up with the older game without a word: coups 4 and 5 were on its
screen, then gone, and the table could believe they were never entered.

Headless Chromium at 390×844 in French (conftest.py's file page), following with the table
link; the restore is the one `scorekeeper restore` does (db/backup.restore).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_browser import manager_phone, post_coup, table_link

from scorekeeper.db.backup import backup, restore

pytestmark = pytest.mark.browser


def test_a_follower_is_told_when_the_game_went_back_to_a_backup(
    file_page: Page, live_server: str, tmp_path: Path
):
    manager, game = manager_phone(live_server)
    for coup in ("A demande A5 B2 C2", "B demande A2 B5 C2", "C demande A2 B1 C6"):
        post_coup(manager, game, coup)
    kept = tmp_path / "kept.sqlite"
    backup(tmp_path / "live.sqlite", kept)  # 3 coups
    for coup in ("A demande A5 B2 C2", "B demande A2 B5 C2"):
        post_coup(manager, game, coup)
    follower = file_page
    follower.goto(table_link(manager, game))
    expect(follower.locator("#deal h2")).to_have_text("Avant la donne — coup 6")
    restore(kept, tmp_path / "live.sqlite")
    # the server's game again, coups 4 and 5 gone: the page says so, not only shows it
    expect(follower.locator("#deal h2")).to_have_text("Avant la donne — coup 4")
    went_back = follower.locator(".went-back")
    expect(went_back).to_have_text(
        "La partie est revenue à un état antérieur (une sauvegarde remise en place)\u202f:"
        " ce qui avait été saisi depuis n’est plus enregistré."
    )
    # it stays said when the game moves on: the table must read it
    post_coup(manager, game, "A demande A5 B2 C2")
    expect(follower.locator("#deal h2")).to_have_text("Avant la donne — coup 5")
    expect(went_back).to_be_visible()
