"""An event ranking's tie-break words are true of the line they are on (issue 45's walk,
point 5): the walk saw "devant aux victoires" beside a player who sat out (a bye: no table,
no win) and was placed *behind* the one level with them on the figure."""

from __future__ import annotations

from scorekeeper.events.ranking import RoundPlay, TableResult, decided_by, rank


def test_a_bye_level_on_the_figure_is_not_ahead_on_wins():
    """Round 1: Anne, Bert, Carl at one table, Anne's +10 against −5, −5: Anne wins it;
    Dora sits out with a fixed credit of 10. Anne and Dora are level on 10; Anne's one win
    puts her ahead, Dora (0 wins) is behind: only Anne's line names the tie-break (it said
    "ahead on wins" beside Dora too)."""
    table = TableResult(1, 1, ("Anne", "Bert", "Carl"), (10, -5, -5))
    plays = [RoundPlay(1, (table,), ("Dora",))]
    lines = rank(["Anne", "Bert", "Carl", "Dora"], plays, bye="fixed", credit=10)
    assert [(ln.player, ln.figure, ln.wins) for ln in lines[:2]] == [("Anne", 10, 1),
                                                                       ("Dora", 10, 0)]  # fmt: skip
    # Bert and Carl: −5 each, no win, −5 chips each: level after both, the place shared
    assert decided_by(lines) == ["wins", None, "shared", "shared"]
