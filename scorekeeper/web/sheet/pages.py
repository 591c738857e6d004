"""The points games' pages (Homme de Brou, Manille…): the sheet, its coups, the final sheet.

The same store, links, change log and coup flow (web/table/coups.py) as
l'Hombre; ``SheetPages`` draws what a points sheet shows of them, asking
the game's ``PointsSheet`` what its lines and standing say.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Generic

from flask import render_template
from flask_babel import gettext as _

from ... import clubs, store
from ...db import get_db
from ...rights.access import can_manage
from ...rules.errors import GameError
from ...rules.ledger import NetChange
from ..formats.words import labelled, signed
from ..forms import ActionForm
from ..hookspecs import Change, CoupEntry, FormT, GamePages, Page, PointsSheet, Report, Rules
from ..printing.chain_heads import game_chain
from ..printing.pdf import printed
from ..table.gamefiles import game_file_text
from ..table.offers import takes_deals
from ..table.seat_words import named_changes, names_now, renamed, seat_names, seated_now
from .view import SheetRow, named_sides, rows, sheet_standing, sheet_text, sides, teams_line

SETTLEMENT = printed("sheet/settlement.html")
"""The final sheet, also the PDF's."""

SHEET_RECENT = 30
"""Lines of the sheet on the game page; the final sheet has them all."""
SETTLEMENT_SHOWN = 60
"""Lines of the final sheet on screen; its PDF has them all."""
PDF_BLOCK = 25
"""Coups per paragraph of the PDF's sheet, as in the l'Hombre journal."""


class SheetPages(GamePages[FormT], Generic[FormT]):
    """A points game's pages: the sheet's, with the game's own lines, standing and entry."""

    after_save = "#entry"
    after_change = "#message"
    """What the correction or deletion changed (the message), then the sheet."""

    def __init__(self, name: str, sheet: PointsSheet, entry: CoupEntry[FormT]) -> None:
        self.coup_fields = f"{name}/_coup_fields.html"
        """The game's own coup fields, in its template folder (``GameWeb.template``)."""
        self.sheet = sheet
        self.entry = entry

    def _context(self, stored: store.StoredGame) -> dict[str, Any]:
        report = stored.replay()
        now = names_now(stored)  # a club's member by their name now (the one kept, merged)
        seated = seated_now(stored, now)
        return {
            "stored": stored,
            "report": report,
            "kind": stored.kind,
            "now": now,
            "seated": seated,
            "renamed": renamed(now),
            "names": seated(),  # who sits now: the way back to the table
            "title": _(stored.kind.title),
            "teams": teams_line(seated()),  # who sits now, once someone took a seat
            "rules_line": self.rules_text(stored.game.rules),
            "columns": seat_columns(stored, report, now),
            "standing": self.standing(stored, now),
            "next_deal": takes_deals(stored),
            "must_sans_atout": takes_deals(stored) and self.sheet.must_sans_atout(report),
            "coup_fields": self.coup_fields,
            **self.sheet.context(),
        }

    def _line(self, report: Report, n: int, stored: store.StoredGame | None = None) -> SheetRow:
        """Coup ``n``'s line; of ``stored``: its dealer as they sat, each named by their name now
        (a club's member, ``names_now``), as the sheet around it."""
        if stored is None:
            return rows(report, self.sheet, n, n)[0]
        now = names_now(stored)
        return rows(report, self.sheet, n, n, seated_now(stored, now), now)[0]

    def render(
        self,
        stored: store.StoredGame,
        form: FormT | None = None,
        preview: Report | None = None,
        status: int = 200,
    ) -> Page:
        """The sheet page: where the game stands, the coup entry, the latest lines."""
        context = self._context(stored)
        report = context["report"]
        shown = max(1, len(report.coups) - SHEET_RECENT + 1)
        page = render_template(
            "sheet/sheet.html",
            rows=list(
                reversed(
                    rows(report, self.sheet, shown, seated=context["seated"], now=context["now"])
                )
            ),
            older=shown - 1,
            can_manage=can_manage(stored),
            form=form or self.entry.form(stored),
            preview=None if preview is None else self._line(preview, len(preview.coups), stored),
            action=ActionForm(formdata=None, version=str(stored.version)),
            next_dealer=context["names"][report.next_dealer] if context["next_deal"] else None,
            **context,
        )
        return page if status == 200 else (page, status)

    def preview_fragment(
        self, stored: store.StoredGame, form: FormT, after: Report | None, position: int | None
    ) -> str:
        """The live check of a coup: the line it would mark on the sheet, or the refusal.
        A new coup's columns and a correction's (``position``) name a club's member by their
        name now, as the sheet and the correction page around them."""
        n = len(after.coups) if after is not None and position is None else position
        now = names_now(stored)
        return render_template(
            "sheet/_preview.html",
            form=form,
            line=None if after is None or n is None else self._line(after, n, stored),
            columns=seat_columns(stored, after if after is not None else stored.replay(), now),
        )

    def render_edit(
        self,
        stored: store.StoredGame,
        n: int,
        form: FormT,
        before: Report,
        after: Report | None,
        status: int,
    ) -> Page:
        context = self._context(stored)
        report = context["report"]
        page = render_template(
            "sheet/edit.html",
            n=n,
            form=form,
            delete=ActionForm(formdata=None, version=str(stored.version)),
            original=self._line(report, n, stored) if n <= len(report.coups) else None,
            preview=None if after is None else self._line(after, n, stored),
            people=None
            if after is None
            else named_changes(stored.person_changes(after.game.coups, None), context["now"]),
            people_deleted=named_changes(_people_deleted(stored, n), context["now"]),
            **context,
        )
        return page if status == 200 else (page, status)

    def render_delete(
        self,
        stored: store.StoredGame,
        n: int,
        form: ActionForm,
        before: Report,
        after: Report | None,
        error: str | None,
        status: int,
    ) -> Page:
        """A sheet line is deleted from its correction page; asking to confirm shows it."""
        coup_form = self.entry.form(stored, stored.game.coups[n - 1])
        if error is None:
            return self.render_edit(stored, n, coup_form, before, None, status)
        refused: Any = coup_form
        refused.save.errors = [_("Coup %(n)s cannot be deleted: %(why)s", n=n, why=error)]
        return self.render_edit(stored, n, coup_form, stored.replay(), None, 409)

    def _scored_text(
        self,
        report: Report,
        n: int,
        now: Mapping[str, str] | None,
        names: tuple[str, ...] | None = None,
    ) -> str:
        """What coup ``n`` marked, and the partie or manche it won (a vole marks no points
        but wins parties: "Nous 0, Eux 0" alone would hide it); three players' columns are
        who sat at each seat in it (``names``, as l'Hombre's messages: Denis, not the seat's
        first player, once they took it), each named as ``now`` says (a club's member by their
        name now)."""
        columns = named_sides(report, now, names)
        result = sheet_standing(report).coups[n - 1]
        _detail, event = self.sheet.line(result, columns)
        scored = ", ".join(f"{c} {signed(v)}" for c, v in zip(columns, result.scored))
        return f"{scored} ({event})" if event else scored

    def coup_text(
        self,
        report: Report,
        n: int,
        names: tuple[str, ...] | None = None,
        now: Mapping[str, str] | None = None,
    ) -> str:
        """Coup ``n`` of a replay in a line of words (the change log)."""
        said = now or {}
        sat = None if names is None else tuple(said.get(p, p) for p in names)
        row = rows(report, self.sheet, n, n, None if sat is None else lambda _n: sat, now)[0]
        scored = self._scored_text(report, n, now, names)
        return labelled(row.detail, scored) if row.detail else scored

    def saved_text(
        self,
        after: Report,
        n: int,
        names: tuple[str, ...] | None = None,
        now: Mapping[str, str] | None = None,
        changes: Sequence[Any] = (),
    ) -> str:
        scored = self._scored_text(after, n, now, names)
        return str(_("Coup %(n)s saved: %(scored)s.", n=n, scored=scored))

    def changed_text(
        self,
        change: Change,
        before: Report,
        after: Report,
        n: int,
        people: Sequence[NetChange] | None = None,
        now: Mapping[str, str] | None = None,
        names: tuple[str, ...] | None = None,
    ) -> str:
        """A correction and a redo say what the coup marks now, naming who sat in it
        (``names``); a deletion that the sheet is counted again; an undo only that it was
        undone."""
        match change:
            case Change.CORRECTED:
                scored = self._scored_text(after, n, now, names)
                return str(_("Coup %(n)s corrected: %(scored)s.", n=n, scored=scored))
            case Change.REDONE:
                scored = self._scored_text(after, n, now, names)
                return str(_("Coup %(n)s redone: %(scored)s.", n=n, scored=scored))
            case Change.DELETED:
                return str(_("Coup %(n)s deleted; the sheet is counted again.", n=n))
            case _:
                return change.headline(n)

    def field_words(
        self,
        item: Mapping[str, Any],
        players: tuple[str, ...],
        names: tuple[str, ...] | None = None,
    ) -> dict[str, str]:
        return self.sheet.field_words(item, players, names)

    def counts(self, report: Report) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The sheet's columns and their counts."""
        return sides(report), tuple(report.tally)

    def standing(
        self, stored: store.StoredGame, names: Mapping[str, str] | None = None
    ) -> list[str]:
        """Who the sides are (a club evening names Nous and Eux), then where the game stands:
        who sits at each seat now (a newcomer, or who plays for an absent player), as the
        rules line above it, never the seats' first players. What the next deal asks only
        while the table takes one (``takes_deals``): a closed table has no next deal."""
        report = stored.replay()
        now = names or {}  # a club's evening: each member's name now (renamed since)
        seated = tuple(now.get(name, name) for name in stored.seated())
        columns = seat_columns(stored, report, now)  # a seat's count: who sat there in turn
        lines = list(self.sheet.standing(report, columns, seated))
        if takes_deals(stored):
            lines += self.sheet.next_deal(report, columns, seated)
        return lines if len(seated) == 3 else [teams_line(seated), *lines]

    def rules_text(self, rules: Rules) -> str:
        return str(self.sheet.rules_text(rules))

    def settlement(self, stored: store.StoredGame, pdf: bool) -> str:
        """The final sheet: result, the whole sheet (on screen its last lines), how to check it."""
        report = stored.replay()
        first = 1 if pdf else max(1, len(report.coups) - SETTLEMENT_SHOWN + 1)
        context = self._context(stored)
        now = context["now"]  # a club's member by their name now (the one kept, merged)
        lines = rows(report, self.sheet, first, seated=context["seated"], now=now)  # who dealt
        everyone = seat_names(stored, now)  # who played: "Bruno → Émile" once they took over
        context.update(everyone=everyone, teams=teams_line(everyone))
        context["played_on"] = clubs.played_on(get_db(), stored.id, stored.created_at)
        return render_template(
            SETTLEMENT,
            pdf=pdf,
            sha256=hashlib.sha256(game_file_text(stored).encode()).hexdigest(),
            chain=game_chain(stored.id),
            rows=lines,
            # the PDF's sheet: lines of text in blocks of 25 coups (sheet_text says why)
            blocks=[sheet_text(lines[i : i + PDF_BLOCK]) for i in range(0, len(lines), PDF_BLOCK)]
            if pdf
            else [],
            **context,
        )


def seat_columns(
    stored: store.StoredGame, report: Report, now: Mapping[str, str]
) -> tuple[str, ...]:
    """The sheet's columns, a seat's count each: three who each play for themselves named
    as l'Hombre's pages name a seat (``seat_words.seat_names``: who sat there in turn,
    "Gaston → Denis", each by their name now); the teams' words as they are."""
    if len(stored.game.players) == 3:
        return seat_names(stored, now)
    return sides(report)


def _people_deleted(stored: store.StoredGame, n: int) -> list[NetChange] | None:
    """What deleting coup ``n`` does to each person's points (None: nobody took a seat, or
    the sheet refuses the deletion, which its button then says)."""
    coups = [c for i, c in enumerate(stored.game.coups, 1) if i != n]
    try:
        return stored.person_changes(coups, n)
    except GameError:
        return None
