"""The draw: a first seating, the search, the known designs, the note (sitting_out.py:
who sits out).

``draw`` makes several rounds at once (what the command does, and an event
that draws its whole schedule); ``next_round`` makes one round after those
already played (an event whose players come and go). Both are pure and
seeded: the same entrants, history and seed give the same rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import notes, relabel, search, sitting_out, staged, whist
from .designs import Design, design
from .model import SEATINGS, Draw, DrawError, Entrant, Round, Seating
from .quality import best_possible, most_rounds, quality
from .seating import first_seating
from .units import MAX_ROUNDS, Units, make_units, matrices, ranks, to_round

MOVES = 150_000
"""The most moves of the search for one draw: about a second of work, on every machine alike."""
REST_SHARE = 0.33
"""The share of the moves left after the clean rounds for the rounds after them (the rest
goes to the search of all the rounds together)."""
EXCESS = 2
"""At tables of 3 and 4 a pair met m times costs the search 2 (m - 1) + m (m - 1) / 2
repeats: mostly what ``Quality`` counts (m - 1), a little more for a pair met three times
than for two pairs met twice (measured on 10 tight sizes of 11 to 34 players: 147 and 145
repeats in all, against 157 and 156 for m (m - 1) / 2 alone and 146 and 152 for 1 (m - 1))."""
LEAST_MOVES = 60_000
"""At tables of 3 and 4, the fewest moves a draw with a repeat may take (small draws near
their most clean rounds need them to find the last one: 19 at tables of 4, 5 rounds)."""
MOVES_PER_SEAT = 500
"""Moves per unit and round below that: a small draw that cannot avoid a repeat stops sooner."""


def next_round(
    entrants: Sequence[Entrant],
    seating: Seating,
    history: Sequence[Round],
    *,
    seed: int,
    fixed_pairs: Sequence[tuple[str, str]] = (),
    standing: Sequence[str] | None = None,
    design_seed: int | None = None,
    planned: int | None = None,
) -> Round:
    """The next round after ``history``, for the entrants present now.

    ``design_seed`` (default ``seed``) relabels a known design: an event that gives each
    round its own seed passes its first round's here, so that round after round the
    history is the design's own first rounds and the design is followed to its end.
    ``planned``: the rounds the event will have in all, so that its first round already
    begins the design those need (in pairs past the rounds without a repeat: a whist
    tournament), not one it would have to leave half-way.
    """
    made = draw(
        entrants,
        seating,
        1,
        seed=seed,
        history=history,
        fixed_pairs=fixed_pairs,
        standing=standing,
        design_seed=design_seed,
        planned=planned,
    )
    return made.rounds[0]


def draw(
    entrants: Sequence[Entrant],
    seating: Seating,
    rounds: int,
    *,
    seed: int,
    history: Sequence[Round] = (),
    fixed_pairs: Sequence[tuple[str, str]] = (),
    standing: Sequence[str] | None = None,
    design_seed: int | None = None,
    planned: int | None = None,
) -> Draw:
    """``rounds`` new rounds after ``history``, with their quality and a note on the limits
    (``design_seed``, ``planned``: see ``next_round``)."""
    if seating not in SEATINGS:
        raise DrawError(f"unknown seating {seating!r}: 3, 4 or pairs")
    if not 0 <= rounds <= MAX_ROUNDS:
        raise DrawError(f"between 0 and {MAX_ROUNDS} rounds")
    units = make_units(entrants, seating, fixed_pairs)
    rng = random.Random(seed)
    relabel_seed = seed if design_seed is None else design_seed
    total = max(len(history) + rounds, planned or 0)
    from_design = _from_design(
        units, entrants, seating, history, rounds, relabel_seed, standing, total
    )
    if from_design is None:
        made = _search_rounds(units, entrants, seating, history, rounds, rng, standing)
        used, whole_design = "", list[Round]()
    else:
        made, used, whole_design = from_design
        if len(made) < rounds:  # past the design: its clean rounds, then the repeats
            made = _past_design(units, entrants, seating, history, made, rounds, rng, whole_design)
    whole = [*history, *made]
    pairs = [tuple(m) for m in units.members if units.fixed]
    got = quality(whole, seating, entrants, [(p[0], p[1]) for p in pairs])
    limit = _limit(units, seating)
    # with fixed pairs the partners are not table-mates: the repeats are opponents'
    first = staged.first_repeat([], whole, seating, _fixed(units))
    note = notes.note(units, seating, len(whole), got.repeated_tablemates, limit, first)
    if used == "whist" and len(whole) <= len(whole_design):
        note += " " + notes.whist_note(len(units.members), len(whole))
    if seating == "pairs" and not units.fixed:  # past a whist tournament: name it
        note += whist.past_note(len(units.members), len(whole))
    if got.kept_apart_broken:
        note += " " + notes.apart_note(units, entrants, seating, got.kept_apart_broken)
    if units.alone:
        note += " " + notes.alone_note(units)
    return Draw(tuple(made), got, seed, seating, note, limit)


def _kind(units: Units, seating: Seating) -> str:
    return "2" if units.fixed else ("3" if seating == "3" else "4")


def _limit(units: Units, seating: Seating) -> int | None:
    n = len(units.members)
    if units.fixed:
        return n - 1 if n % 2 == 0 else n
    return most_rounds(n, seating)


def _from_design(
    units: Units,
    entrants: Sequence[Entrant],
    seating: Seating,
    history: Sequence[Round],
    rounds: int,
    seed: int,
    standing: Sequence[str] | None,
    total: int,
) -> tuple[list[Round], str, list[Round]] | None:
    """The rounds of a known design, relabelled by the seed, if one fits this draw (and
    which: the kind of ``design``).

    It fits when no standing is given, the design has rounds enough, nobody
    kept apart meets in the rounds asked for (the players are renumbered to
    that end, relabel.py), and the history is the design's own first rounds
    (so an event drawing round by round with one seed follows the design).
    """
    if standing is not None:
        return None
    # a design long enough for every round planned first: an event does not begin one
    # it would have to leave half-way (past it, the search)
    # (none long enough: the longest, its clean rounds first and the search after them)
    fitting = sorted(
        _designs(units, seating, total),
        key=lambda d: (len(d[1]) < total, -len(d[1]) if len(d[1]) < total else 0),
    )
    for kind, found in fitting:
        whole = _follow(units, entrants, seating, history, rounds, seed, found)
        if whole is not None:
            return whole[len(history) : len(history) + rounds], kind, whole
    return None


def _designs(units: Units, seating: Seating, total: int) -> list[tuple[str, Design]]:
    """The designs that may serve, best first: no pair twice; then in pairs, past the rounds
    possible without a repeat, a whist tournament (partners never twice, opponents at most
    twice; within them the search may do better than its first rounds)."""
    n = len(units.members)
    kinds = [_kind(units, seating)]
    if seating == "pairs" and not units.fixed and total > (most_rounds(n, seating) or 0):
        kinds.append("whist")
    found = [(kind, design(kind, n)) for kind in kinds]
    return [(kind, d) for kind, d in found if d is not None]


def _follow(
    units: Units,
    entrants: Sequence[Entrant],
    seating: Seating,
    history: Sequence[Round],
    rounds: int,
    seed: int,
    found: Design,
) -> list[Round] | None:
    """All the rounds of ``found``, relabelled by the seed, if it fits: the history is its
    own first rounds and nobody kept apart meets in the rounds asked for (those of the
    design: past its end the search draws the rest)."""
    n = len(units.members)
    if len(history) > len(found):
        return None
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    if any(e.team or e.together for e in entrants):
        apart = matrices(units, entrants, seating, ())[2]
        order = relabel.fit(found, apart, order, rng)
        used = found[: min(len(found), len(history) + rounds)]
        if any(apart[order[a]][order[b]] for r in used for t in r for a in t for b in t):
            return None
    made = []
    for tables in found:
        seated = {u for t in tables for u in t}
        out = [order[u] for u in range(n) if u not in seated]
        made.append(to_round(units, [[order[u] for u in t] for t in tables], out))
    if [_as_played(r) for r in history] != [_as_played(r) for r in made[: len(history)]]:
        return None
    return made


def _as_played(round_: Round) -> tuple[list[tuple[str, ...]], list[str]]:
    """A round as the tables played it: the order of the tables and of the sit-outs (which
    an event may store its own way) does not matter, the seats at a table do."""
    return sorted(t.seats for t in round_.tables), sorted(round_.sitting_out)


def _score(
    units: Units,
    entrants: Sequence[Entrant],
    seating: Seating,
    rounds: Sequence[Round],
) -> tuple[int, int, int]:
    """What the draw minimises, most important first: kept apart, partners, table-mates."""
    pairs = [(m[0], m[1]) for m in units.members if units.fixed]
    q = quality(rounds, seating, entrants, pairs)
    return q.kept_apart_broken, q.repeated_partners, q.repeated_tablemates


def _fixed(units: Units) -> frozenset[tuple[str, str]]:
    return frozenset(
        (m[0], m[1]) if m[0] < m[1] else (m[1], m[0]) for m in units.members if units.fixed
    )


def _names(units: Units) -> list[str]:
    return [name for m in units.members for name in m]


def _moves(units: Units, rounds: int) -> int:
    return min(MOVES, MOVES_PER_SEAT * len(units.members) * rounds)


def _past_design(
    units: Units,
    entrants: Sequence[Entrant],
    seating: Seating,
    history: Sequence[Round],
    made: list[Round],
    rounds: int,
    rng: random.Random,
    whole_design: list[Round],
) -> list[Round]:
    """The design's rounds (``made``), then the rounds past its end: the search's, after
    the design's as history, or the design's own first rounds played again (a complete
    design: every further round repeats a whole round's meetings anyway), whichever
    repeats less. So the design's rounds stay clean and the repeats come last, never more
    than replaying rounds would give."""
    before = [*history, *made]
    rest = rounds - len(made)
    searched = _search(units, entrants, seating, before, rest, rng, None)[0]
    searched = staged.repeats_last(before, searched, seating, _names(units), _fixed(units))
    start = len(before)
    replayed = [whole_design[(start + k) % len(whole_design)] for k in range(rest)]
    best = min(
        (searched, replayed),
        key=lambda extra: _score(units, entrants, seating, [*before, *extra]),
    )
    return [*made, *best]


def _search_rounds(
    units: Units,
    entrants: Sequence[Entrant],
    seating: Seating,
    history: Sequence[Round],
    rounds: int,
    rng: random.Random,
    standing: Sequence[str] | None,
) -> list[Round]:
    """The search's rounds, the repeats as late as it can put them (staged.py).

    Two drafts: *clean first* draws round after round while each can be drawn
    without a repeat (the search on one round, after those before), then the
    rounds left together; *whole* searches all the rounds together. The one with
    the fewer faults wins, and on a tie the clean first; each is put in the
    order that keeps its clean rounds first. A Swiss draw is searched whole; so are pairs
    (the whole search keeps partners and opponents lower there), then put in that order.
    """
    names, fixed = _names(units), _fixed(units)
    if standing is not None or rounds <= 1:
        return _search(units, entrants, seating, history, rounds, rng, standing)[0]
    if seating == "pairs":
        whole = _search(units, entrants, seating, history, rounds, rng, None)[0]
        return staged.repeats_last(history, whole, seating, names, fixed)
    start = _score(units, entrants, seating, history)
    # the moves left: the whole draw's, as one search had, and no fewer than LEAST_MOVES
    whole_budget = min(MOVES, max(LEAST_MOVES, _moves(units, rounds)))
    budget = [whole_budget]
    clean_cap = whole_budget // 2  # the clean rounds' search never takes more than half

    def searched(before: Sequence[Round], count: int, ask: int) -> list[Round]:
        moves = max(0, min(ask, budget[0]))
        found, made = _search(units, entrants, seating, before, count, rng, None, moves=moves)
        budget[0] -= made
        stuck[0] = made == 0  # nothing to move (one table, nobody out): trying again is vain
        return found

    stuck = [False]

    clean: list[Round] = []
    while len(clean) < rounds and budget[0] > whole_budget - clean_cap:
        before = [*history, *clean]
        one = searched(before, 1, _moves(units, 1))
        if _score(units, entrants, seating, [*before, *one]) == start:
            clean += one
            continue
        # the clean rounds so far leave no clean next one: all of them and one more
        # searched together, again while the clean rounds' moves last
        more, again = len(clean) + 1, None
        while again is None and budget[0] > whole_budget - clean_cap:
            left_for_clean = budget[0] - (whole_budget - clean_cap)
            tried = searched(history, more, min(_moves(units, more), left_for_clean))
            if _score(units, entrants, seating, [*history, *tried]) == start:
                again = tried
            elif stuck[0]:
                break
        if again is None:
            break
        clean = again
    if len(clean) == rounds:
        return clean
    before = [*history, *clean]
    left = rounds - len(clean)
    rest = searched(before, left, int(budget[0] * REST_SHARE))
    first = [*clean, *staged.repeats_last(before, rest, seating, names, fixed)]
    got = _score(units, entrants, seating, [*history, *first])
    if got[:2] == start[:2] and got[2] <= _floor(units, seating, history, rounds):
        return first  # nothing can do better
    whole = searched(history, rounds, budget[0])
    whole = staged.repeats_last(history, whole, seating, names, fixed)

    def rank(draft: list[Round]) -> tuple[int, int, int, int]:
        faults = _score(units, entrants, seating, [*history, *draft])
        late = staged.first_repeat(history, draft, seating, fixed) or rounds + 1
        return (*faults, -late)

    return min((first, whole), key=rank)


def _floor(units: Units, seating: Seating, history: Sequence[Round], rounds: int) -> int:
    """A lower bound on the repeated table-mates of the history and the new rounds together
    (0 where none is proven): the counting bound, when every round before seated everyone
    present at the tables of this draw (so it counts as the new rounds do)."""
    if units.fixed:
        return 0
    names = set(_names(units)) | set(units.alone)  # every round sits them out
    sizes = notes.sizes_of(units, seating)
    for past in history:
        seated = {name for t in past.tables for name in t.seats}
        if seated | set(past.sitting_out) != names or len(seated) != sum(sizes):
            return 0
    return best_possible(len(names), seating, len(history) + rounds) or 0


def _search(
    units: Units,
    entrants: Sequence[Entrant],
    seating: Seating,
    history: Sequence[Round],
    rounds: int,
    rng: random.Random,
    standing: Sequence[str] | None,
    *,
    moves: int | None = None,
) -> tuple[list[Round], int]:
    """Byes by rotation, a greedy first seating round by round, then the seeded search
    (at most ``moves``, by default as many as ``_moves`` gives): the rounds, and the moves
    made."""
    n = len(units.members)
    sizes = notes.sizes_of(units, seating)
    met, partners, apart = matrices(units, entrants, seating, history)
    problem = search.Problem(
        n=n,
        sizes=sizes,
        paired=seating == "pairs" and not units.fixed,
        met=met,
        partners=partners,
        apart=apart,
        rank=ranks(units, standing),
        excess=EXCESS if seating != "pairs" else 0,
    )
    # nothing beats the history's own cost, nor the repeats no draw can avoid
    floor = max(
        search.total_cost(problem),
        search.REPEAT * _floor(units, seating, history, rounds),
    )
    byes, played = sitting_out.counts(units, history)
    if problem.rank is None:  # Swiss: the lowest in the standing sits out, no trading
        problem.turn = list(zip(played, byes))
    for _ in range(rounds):
        out = sitting_out.choose(units, n - sum(sizes), byes, played, problem.rank, rng)
        seated = [u for u in range(n) if u not in out]
        tables = first_seating(problem, seated, rng)
        for table in tables:
            search.add_table(problem, table, 1)
        problem.rounds.append(tables)
        problem.benches.append(sorted(out))
        for u in range(n):
            if u in out:
                byes[u] += 1
            else:
                played[u] += 1
    if moves is None:
        moves = _moves(units, rounds)
    if problem.rank is None:
        made = search.anneal(problem, rng, moves, floor=floor)
    else:
        made = search.anneal(problem, rng, moves, floor=-1, hot=n / 2 + 1.0, cold=0.5)
    if problem.rank is not None:  # Swiss: table 1 is the top of the standing
        rank = problem.rank
        for tables in problem.rounds:
            tables.sort(key=lambda table: min(rank[u] for u in table))
    rounds_made = [to_round(units, t, out) for t, out in zip(problem.rounds, problem.benches)]
    return rounds_made, made
