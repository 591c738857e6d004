"""L'Hombre's pages: the game page the bête manager lives on.

The coup flow itself (add, check, correct, delete, undo) is the same for
every game (web/table/coups.py); ``HombrePages`` draws what l'Hombre shows of it.
The journal and the fiche are l'Hombre's own pages (journal.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol, cast

from flask import render_template
from markupsafe import Markup

from ... import store
from ...here import current_application, current_request
from ...rights.access import can_manage
from ...rules.errors import GameError
from ...rules.hombre.engine import Deal
from ...rules.hombre.family import AnyReport, AnyResult, hombre_report
from ...rules.hombre.paid import Paid
from ...rules.hombre.pot import PotDeal
from ...rules.kind import Standing
from ...rules.ledger import net_changes
from ...rules.seating import person_tally
from ...store.table_locks import TableState
from .. import blueprints
from ..forms import ActionForm
from ..hookspecs import Page
from ..kept import frames
from ..kept.conditional import table_state_of
from ..kept.fragments import fill_hole, kept_drawing, kept_fragment, same
from ..kept.holes import keepable
from ..kept.readers import ForReaders, followers_tag, parted
from ..table import explain
from ..table.offers import can_stop, redoable, takes_deals
from ..table.seat_words import named_changes, names_now, seat_lines, seat_names, seated_now
from . import systems
from .forms import coup_form, entry_seats, seats_ahead
from .present import FicheLine, fiche, outcome_text
from .standing import StandingRow, standing_rows
from .who_paid import Payments, paid_now

bp = blueprints.table
RECENT = 8
FICHE_SETTLED = 12


def after_pass(stored: store.StoredGame) -> tuple[int, int] | None:
    """What "Tous passent" carries, shown on its button before it saves: the next coup's
    number and what it is played for (the enjeu, or the pot); None when a pass is refused."""
    game = stored.game
    try:
        coup = stored.kind.load_coup({"pass": True}, game)
        after = stored.kind.extend(stored.replay(), game.with_coups([*game.coups, coup]))
    except GameError:
        return None
    deal = hombre_report(after).next
    if deal is None:
        return None
    return deal.n, deal.pot if isinstance(deal, PotDeal) else deal.enjeu


def render_game(
    stored: store.StoredGame,
    form: Any = None,
    preview: Standing | None = None,
    status: int = 200,
) -> Page:
    """The game page: its frame (kept across versions where ``frame_key`` allows) with this
    version's pieces and values put in (kept/frames.py)."""
    report = hombre_report(stored.replay())
    manager = can_manage(stored)
    state = table_state_of(stored.id)
    kept = stored.derived.get("fiche")
    if kept is None:  # the fiche's lines of this version, made once
        kept = stored.derived["fiche"] = fiche(report, FICHE_SETTLED)
    lines, hidden = kept
    recent: list[AnyResult] = list(reversed(report.coups[-RECENT:]))
    passing = after_pass(stored) if manager and not report.finished else None
    now = names_now(stored)  # a club's member by their name now, as the settlement names them
    context: dict[str, Any] = {
        "can_manage": manager,
        "stored": stored,
        "report": report,
        "names": tuple(now.get(name, name) for name in stored.game.players),
        "now": now,
        "seated": seated_now(stored, now),
        "who_paid": paid_now(stored, now),  # who paid each payment of coup n
        "seat_names": seat_names(stored, now),
        "fiche": lines,
        "fiche_hidden": hidden,
        "outcome_text": outcome_text,
        "recent": recent,
    }
    values = {**_pieces(context, stored, report, state), **_values(stored, recent, passing)}

    def draw(holes: dict[str, str]) -> str:
        return _draw(stored, report, context, holes, passing, form, preview)

    key = frame_key(stored, report, state, recent, passing, now) if form is None else None
    if key is not None and preview is None and status == 200:
        page = frames.page(key, lambda: draw({name: frames.hole(name) for name in values}), values)
        if page is not None:
            return page
    page = draw(values)
    return (page, status) if status != 200 else page


class Sections(Protocol):
    """hombre/_sections.html's macros: each gives the markup it draws (kept/fragments.py
    keeps each under its name and what it reads)."""

    def standing_section(
        self, stored: store.StoredGame, report: AnyReport, rows: tuple[StandingRow, ...]
    ) -> str: ...
    def deal_section(
        self,
        stored: store.StoredGame,
        report: AnyReport,
        d: Deal | PotDeal,
        names: tuple[str, ...],
        system: systems.SystemWeb[Any],
        state: TableState,
    ) -> str: ...
    def fiche_section(
        self,
        stored: store.StoredGame,
        seat_names: tuple[str, ...],
        fiche: tuple[FicheLine, ...],
        fiche_hidden: int,
    ) -> str: ...
    def coup_article(
        self, result: AnyResult, names: tuple[str, ...], paid: tuple[Paid, ...]
    ) -> str: ...
    def row_actions(self, game_id: int, n: int) -> str: ...
    def no_coup(self) -> str: ...


def section_macros() -> Sections:
    """hombre/_sections.html's macros. They read only their arguments and the globals (the
    words, ``url_for``): Jinja makes the module once and keeps it with the template (a
    module made with each request's context cost a tenth of the manager's page)."""
    templates = current_application().jinja_env  # the app itself, not its proxy
    return cast(Sections, templates.get_template("hombre/_sections.html").module)


def _pieces(
    context: dict[str, Any], stored: store.StoredGame, report: AnyReport, state: TableState
) -> dict[str, str]:
    """What each version changes that is drawn (hombre/_sections.html): the deal, the
    standing, the fiche and the recent coups, each kept by what it reads (fragments.py)."""
    sections = section_macros()
    now: dict[str, str] = context["now"]
    shown = (
        stored.kind,
        stored.id,
        stored.version,
        stored.updated_at,
        stored.table_token,
        state.key,
        tuple(now.items()),  # a club's members' names now: a rename moves no version
    )
    rows = tuple(replace(r, name=now.get(r.name, r.name)) for r in standing_rows(stored, report))
    pieces: dict[str, str] = {
        "standing": kept_fragment(sections.standing_section, shown, stored, report, rows)
    }
    d = report.next
    if takes_deals(stored) and d is not None:  # a locked table has no next deal
        names = context["seated"](d.n)
        system = systems.of_rules(stored.game.rules)
        pieces["deal"] = kept_fragment(
            sections.deal_section, shown, stored, report, d, names, system, state
        )
    if stored.kind.betes:  # kept by what it shows: a coup that makes or settles no bête
        shows = (stored.id, context["seat_names"], tuple(context["fiche"]), context["fiche_hidden"])
        pieces["fiche"] = kept_fragment(sections.fiche_section, shows, stored, *shows[1:])
    frozen = state.refuses(False) is not None
    manages = bool(context["can_manage"]) and not frozen
    pieces["recent"] = _recent(
        sections,
        context["seated"],
        paid_now(stored, now),
        stored,
        context["recent"],
        manager=bool(context["can_manage"]),
        manages=manages,
    )
    return pieces


def _recent(
    sections: Sections,
    seated: Callable[[int], tuple[str, ...]],
    who_paid: Payments,
    stored: store.StoredGame,
    recent: list[AnyResult],
    manager: bool,
    manages: bool,
) -> str:
    """The recent coups, the newest first: each article kept (fragments.py), with the
    manager's Correct and Delete links in its hole when they may change the coups. Every
    article is markup already: they are joined as text and made markup once, not escaped
    again at each join. The manager's and the followers' (no links) are put together at
    once (``ForReaders``): a frame takes each as it is, with no mark to look for."""
    if not recent:
        return Markup(sections.no_coup())
    mine: list[str] = []
    theirs: list[str] = []
    # nobody took a seat: the same names sat in every coup (``seating.sitter``), found once
    everyone = None if stored.seat_changes else seated(recent[0].deal.n)
    for result in recent:
        n = result.deal.n
        # who sat in that coup (a club's member by their name now)
        names = seated(n) if everyone is None else everyone
        # who paid each payment (a leaver's stake is theirs): nobody took a seat, the
        # payments are the result's by the seats' names, in the key already (hashing them
        # cost the coup cycle 2 % of its instructions), and worked out only for a drawing
        paying = who_paid(n) if stored.seat_changes else ()
        article = kept_drawing(  # the result hashed once: the same objects every version
            sections.coup_article,
            (stored.kind, stored.id, names, paying, same(result)),
            lambda: (result, names, who_paid(n)),  # noqa: B023  # called in this turn, or never
        )
        theirs.append(fill_hole(article, "row-actions", ""))
        if manager:
            links = (
                kept_fragment(sections.row_actions, (stored.id, n), stored.id, n) if manages else ""
            )
            mine.append(fill_hole(article, "row-actions", links))
    followers = "".join(f"\n  {article}\n  " for article in theirs)
    if not manager:
        return Markup(followers)
    return ForReaders.of("".join(f"\n  {article}\n  " for article in mine), followers)


def _values(
    stored: store.StoredGame, recent: list[AnyResult], passing: tuple[int, int] | None
) -> dict[str, str]:
    """What each version changes in words or attributes: the version (the forms'
    hidden field, the outbox, the followers' script), the number of coups, the coup the
    undo takes back, what "Tous passent" carries, the followers' page's tag."""
    values = {
        "version": str(stored.version),
        "coups": str(len(stored.game.coups)),
        "undo": str(recent[0].deal.n) if recent else "",
        "etag": followers_tag(),
    }
    if passing is not None:
        values["passing_n"], values["passing_amount"] = str(passing[0]), str(passing[1])
    return values


def _draw(
    stored: store.StoredGame,
    report: AnyReport,
    context: dict[str, Any],
    holes: dict[str, str],
    passing: tuple[int, int] | None,
    form: Any,
    preview: Standing | None,
) -> str:
    """game.html with ``holes``: the pieces and values themselves, or a frame's holes."""
    fresh = form is None and current_request().method != "POST"
    manager = bool(context["can_manage"])
    if form is None and (manager or report.finished):  # a follower's page has no form
        form = coup_form(stored, now=context["now"])
    if fresh and form is not None:
        form.version.data = holes["version"]
    return render_template(
        "hombre/game.html",
        **context,
        pieces={name: parted(piece) for name, piece in holes.items()},
        version=holes["version"],
        coups=holes["coups"],
        undo_n=holes["undo"],
        follow_etag=holes["etag"],
        entry_names=context["seated"](),
        form=form,
        action=ActionForm.at(holes["version"]) if manager else None,
        preview=None if preview is None else preview.coups[-1],
        preview_paid=None
        if preview is None
        else paid_now(stored, context["now"], preview)(len(preview.coups)),
        preview_report=preview,
        preview_nets=None if preview is None else nets_after(stored, preview),
        passing=None if passing is None else (holes["passing_n"], holes["passing_amount"]),
        fields_key=fields_key(stored, form.playing, form.sits_out, context["now"])
        if fresh and form is not None
        else None,
        seats_ahead=seats_ahead(stored) if form is not None and not report.finished else (),
    )


def frame_key(
    stored: store.StoredGame,
    report: AnyReport,
    state: TableState,
    recent: list[AnyResult],
    passing: tuple[int, int] | None,
    now: Mapping[str, str],
) -> tuple[object, ...] | None:
    """What the manager's fresh game page reads besides its pieces and values (kept/frames.py);
    None where it is not kept across versions (a follower, a form sent back, the game over,
    a locked or competition table, a redo or a once-shown link on the page)."""
    if current_request().method != "GET" or not can_manage(stored) or not keepable():
        return None
    if report.finished or state.event or state.lock or state.refuses(False) is not None:
        return None
    if redoable(stored) is not None:
        return None
    playing, sits_out = entry_seats(stored)
    return (
        fields_key(stored, playing, sits_out, now),
        seats_ahead(stored),  # its end moves with the coups (the game's last)
        stored.id,
        stored.table_token,
        tuple(seat_lines(stored, now)),
        tuple(now.items()),  # the names it shows: a club's members' names now
        bool(stored.game.coups),
        can_stop(stored),
        bool(recent),
        passing is None,
        explain.notice(stored),
        state.key,
    )


def fields_key(
    stored: store.StoredGame,
    playing: tuple[int, ...],
    sits_out: int | None,
    now: Mapping[str, str],
) -> tuple[object, ...]:
    """What a fresh coup form's fields read (besides the language): kept/fragments.py.

    Its choices are the players who play and the contracts the rules allow, its
    inputs the kind's; nothing is filled in or refused yet. ``now``: the names it shows
    (a club's member by their name now).
    """
    game, seated = stored.game, tuple(stored.seated())  # who sits now (a seat taken)
    shows = tuple(now.items())
    return ("coup-fields", stored.kind, game.players, seated, shows, game.rules, playing, sits_out)


def nets_after(
    stored: store.StoredGame, after: Standing
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The entry bar's "Nets after the coup": each seat's player and net, or, once someone
    took a seat, each person's (``person_tally``), as the standing under it says once the
    coup is saved — the seat's net under the newcomer's name is no one's."""
    now = names_now(stored)  # a club's member by their name now, as the standing names them
    if not stored.seat_changes:
        return seated_now(stored, now)(len(after.coups)), tuple(after.tally)
    found = person_tally(stored.kind, after.game, stored.seat_changes, after)
    return tuple(now.get(name, name) for name in found), tuple(found.values())


def preview_fragment(
    stored: store.StoredGame, form: Any, after: Standing | None, position: int | None
) -> str:
    """The live check of a coup: its outcome and payments, or the refusal. A new coup's
    and a correction's (``position``) name each member of a club's table by their name now,
    as the game page and the correction page around them."""
    result = None
    paid: tuple[Paid, ...] = ()
    now = names_now(stored)
    names = seated_now(stored, now)()
    if after is not None:
        at = len(after.game.coups) if position is None else position
        result, names = after.coups[at - 1], seated_now(stored, now)(at)  # who sat in it
        paid = paid_now(stored, now, after)(at)  # who paid each payment
    return render_template(
        "hombre/_preview.html",
        form=form,
        result=result,
        names=names,
        paid=paid,
        changes=None if after is None or position is None else _changes(stored, after, now),
        people=None
        if after is None or position is None
        else named_changes(stored.person_changes(after.game.coups, None), now),
        nets=None if after is None or position is not None else nets_after(stored, after),
    )


def _changes(stored: store.StoredGame, after: Standing, now: Mapping[str, str]) -> Any:
    """What a correction or a deletion does to each seat's net, each named by ``now``."""
    return named_changes(net_changes(stored.replay(), after), now)


def _changing(
    stored: store.StoredGame, n: int, before: Standing, after: Standing | None, deleted: bool
) -> dict[str, Any]:
    """What the correction and the deletion pages of coup ``n`` show alike: who sat in it,
    the coup as entered and what the change does to each seat's and person's net, a
    club's member by their name now, as the game page names them."""
    now = names_now(stored)
    seated = seated_now(stored, now)
    return {
        "stored": stored,
        "seated": seated,
        "names": seated(n),
        "n": n,
        "original": before.coups[n - 1],
        "original_paid": paid_now(stored, now, before)(n),
        "changes": None if after is None else named_changes(net_changes(before, after), now),
        "people": None
        if after is None
        else named_changes(stored.person_changes(after.game.coups, n if deleted else None), now),
    }


def render_edit(
    stored: store.StoredGame,
    n: int,
    form: Any,
    before: Standing,
    after: Standing | None,
    status: int,
) -> Page:
    page = render_template(
        "hombre/edit_coup.html",
        **_changing(stored, n, before, after, deleted=False),
        form=form,
        preview=None if after is None else after.coups[n - 1],
        preview_paid=None if after is None else paid_now(stored, names_now(stored), after)(n),
    )
    return page if status == 200 else (page, status)


def render_delete(
    stored: store.StoredGame,
    n: int,
    form: Any,
    before: Standing,
    after: Standing | None,
    error: str | None,
    status: int,
) -> Page:
    page = render_template(
        "hombre/delete_coup.html",
        **_changing(stored, n, before, after, deleted=True),
        form=form,
        error=error,
        later=n < len(before.coups),  # the last coup's deletion moves no deal
    )
    return page if status == 200 else (page, status)
