"""Properties over random valid games (Hypothesis)."""

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.engine import (
    MATADOR_COUNTS,
    Contract,
    Coup,
    Game,
    Outcome,
    outcome,
    replay,
)
from scorekeeper.rules.hombre.ruleset import RuleSet

STANDARD = ("3-2", "3-1", "2-1")


@st.composite
def rule_sets(draw, systems=None):
    if systems is None:
        a = draw(st.integers(1, 9))
        b = draw(st.integers(1, a))
        systems = (*STANDARD, f"{a}-{b}")
    return RuleSet(
        poule_system=draw(st.sampled_from(systems)),
        mark_value=draw(st.integers(1, 5)),
        payments=draw(st.sampled_from(("double", "simple"))),
        retourne=draw(st.booleans()),
        espadille_forcee=draw(st.booleans()),
        poules_to_play=draw(st.integers(1, 8)),
        coups_to_play=draw(st.sampled_from((0, 0, 1, 3, 12))),
        end=draw(st.sampled_from(("share", "continue"))),
        cave=draw(st.integers(10, 300)),
    )


BASE_CONTRACTS = (Contract.DEMANDE, Contract.SANS_PRENDRE, Contract.VOLE)


def drawn_coup(draw, rules, n):
    """The ``n``th coup, drawn with the game's own ``draw``: the same draws as a strategy of
    its own, without a strategy built and entered for each of a game's 40 coups (they cost
    the properties most of their CPU)."""
    if draw(st.integers(0, 5)) == 0:
        return Coup()
    contracts = BASE_CONTRACTS
    if rules.retourne:
        contracts += (Contract.RETOURNE,)
    if rules.espadille_forcee:
        contracts += (Contract.ESPADILLE_FORCEE,)
    hombre = draw(st.integers(0, 2))
    contract = draw(st.sampled_from(contracts))
    first = draw(st.integers(0, 9))
    second = draw(st.integers(0, 9 - first))
    tricks = (first, second, 9 - first - second)
    if contract is Contract.VOLE and draw(st.booleans()):
        tricks = tuple(9 if s == hombre else 0 for s in range(3))
    engaged = (
        contract not in (Contract.VOLE, Contract.ESPADILLE_FORCEE)
        and tricks[hombre] >= 5
        and draw(st.booleans())
    )
    coup = Coup(hombre, contract, tricks, draw(st.sampled_from(MATADOR_COUNTS)), engaged)
    dealer = (n - 1) % 3
    order = ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
    if outcome(coup, order)[0] is Outcome.CODILLE and draw(st.booleans()):
        coup = Coup(hombre, contract, tricks, coup.matadors, engaged, codille_renounced=True)
    return coup


@st.composite
def games(draw, systems=None):
    rules = draw(rule_sets(systems))
    count = draw(st.integers(0, 40))
    played = [drawn_coup(draw, rules, n) for n in range(1, count + 1)]
    game = Game(("Anne", "Bruno", "Chloé"), rules, 0, tuple(played))
    try:
        replay(game)
    except GameError as error:  # only "the game has ended": keep the coups before
        assert error.field == "coup"
        game = game.with_coups(played[: error.coup - 1])
    return game


FAST = settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
SUM = settings(FAST, max_examples=examples(40, 120))
"""Properties whose 40 examples reach every line and branch that 120 did (tests/budget.py)."""


@SUM
@given(games())
def test_nets_sum_to_zero_after_every_coup(game):
    for result in replay(game).coups:
        assert sum(result.net) == 0


@SUM
@given(games())
def test_nets_are_the_sum_of_the_transfers(game):
    net = [0, 0, 0]
    for result in replay(game).coups:
        for t in result.transfers:
            assert t.amount > 0 and t.payer != t.payee
            net[t.payer] -= t.amount
            net[t.payee] += t.amount
        assert tuple(net) == result.net


@FAST
@given(games(systems=STANDARD))
def test_every_bete_of_a_standard_system_is_on_its_token_series(game):
    report = replay(game)
    for bete in report.betes:
        assert bete.token is not None, (bete, game.rules.poule_system)
    for result in report.coups:
        if result.deal.bete_in_play is not None:
            assert result.deal.bete_in_play.token is not None


@FAST
@given(games())
def test_poule_is_nine_times_the_marks_for_mark_value_three(game):
    for result in replay(game).coups:
        assert result.deal.poule == 3 * game.rules.mark_value * result.deal.marks
        if game.rules.mark_value == 3:
            assert result.deal.poule == 9 * result.deal.marks


@FAST
@given(games(), st.data())
def test_a_prefix_replays_to_the_prefix_of_the_report(game, data):
    k = data.draw(st.integers(0, len(game.coups)))
    full = replay(game)
    assert replay(game.with_coups(game.coups[:k])).coups == full.coups[:k]


@FAST
@given(games())
def test_no_stack_stays_negative_after_a_coup(game):
    for result in replay(game).coups:
        for caves, net in zip(result.caves, result.net):
            assert caves >= 1
            assert caves * game.rules.cave + net >= 0


@FAST
@given(games())
def test_the_end_is_reached_by_the_poules_or_the_coups_and_then_nothing_is_open(game):
    report = replay(game)
    played = len(report.coups)
    if game.rules.coups_to_play:
        # a game of N coups: the end is never before coup N, and with "share" at coup N exactly
        assert report.finished >= (played >= game.rules.coups_to_play and game.rules.end == "share")
        assert not report.finished or played >= game.rules.coups_to_play
    if report.finished:
        if not game.rules.coups_to_play:
            assert report.poules_tirees >= game.rules.poules_to_play
        assert all(b.status not in ("pending", "in_play") for b in report.betes)
        assert report.next is None and report.marks == 0
    else:
        assert report.next is not None
