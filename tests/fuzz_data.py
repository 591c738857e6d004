"""What the fuzz tests send: hostile values, form fields, game files to mutate."""

from __future__ import annotations

from hypothesis import strategies as st
from notation import SEED

HOSTILE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "2",
            "3",
            "9",
            "10",
            "-1",
            "9" * 40,
            "1e309",
            "NaN",
            "sNaN",
            "inf",
            "0.05",
            "3-2",
            "9-9",
            "0-0",
            "a-b",
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "\x00",
            "🂡",
            "demande",
            "retourne",
            "vole",
            "sans_prendre",
            "espadille_forcee",
            "y",
            "on",
            "EUR",
            "nous",
            "eux",
            "Anne",
            "sans-atout",
            "coeur",
            "contre",
            "surcontre",
            "belge",
            "classique",
            "seche",
            "pev_made",
            "claim",
            "abandon",
        ]
    ),
    st.integers(-(10**15), 10**15).map(str),
)
FIELDS = [
    "seat",
    "player",
    "way",
    "code",
    "name",
    "short_name",
    "date",
    "title",
    "member",
    "into",
    "chip_value",
    "currency",
    "hombre",
    "contract",
    "t0",
    "t1",
    "t2",
    "matadors",
    "vole_engagee",
    "codille_renounced",
    "note",
    "passed",
    "check",
    "save",
    "version",
    "entry_key",
    "player0",
    "player1",
    "player2",
    "first_dealer",
    "preset",
    "apply_preset",
    "takst",
    "preset_shown",
    "club_preset_shown",
    "house_shown",
    "house",
    "doubling",
    "cap",
    "create",
    "poule_system",
    "mark_value",
    "payments",
    "retourne",
    "espadille_forcee",
    "poules_to_play",
    "end",
    "cave",
    "fiche",
    "chip_value",
    "currency",
    "text",
    "password",
    "player3",
    "new_member",
    "points",
    "points_eux",
    "ending",
    "ending_team",
    "renonce",
    "trump",
    "contre",
    "m_nous_petit_a",
    "m_eux_grand_atout_t",
    "parties_to_win",
    "target",
    "variant",
    "partie",
    "manche",
    "belle",
    "deals",
    "sans_atout",
]

FOUR = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
BROU = {
    "format": "scorekeeper-game/1",
    "game": "brou",
    "players": ["Anne", "Bruno", "Chloé", "Denis"],
    "rules": {"target": 301, "parties_to_win": 10},
    "coups": [
        {"points": 54, "mariages": [{"team": "eux", "trump": True, "table": True}]},
        {"points": 30, "points_eux": 40, "claim": "nous"},
    ],
}
MANILLE = {
    "format": "scorekeeper-game/1",
    "game": "manille",
    "players": ["Anne", "Bruno", "Chloé", "Denis"],
    "rules": {"variant": "classique", "partie": "liee", "manche": 34, "belle": 44},
    "coups": [{"retourne": 3, "points": 28}, {"renonce": "nous"}],
}
MANILLEN = {
    "format": "scorekeeper-game/1",
    "game": "manille",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"variant": "belge", "deals": 30, "sans_atout": 2},
    "coups": [
        {"trump": "sans-atout", "contre": "contre", "points": 20},
        {"trump": "pique", "renonce": "Anne"},  # a deal has its trump, a renonce's too
    ],
}
HUGE_INTS = st.one_of(
    st.integers(2**53, 2**70),
    st.sampled_from([2**63 - 1, 2**63, 2**64, -(2**63) - 1]),
    st.integers(20, 4000).map(lambda n: int("9" * n)),
)
"""Numbers no game holds: past SQLite's integers, of thousands of digits."""
HUGE_NUMERALS = st.one_of(HUGE_INTS.map(str), st.integers(4300, 6000).map(lambda n: "9" * n))
"""The same as text, and past the 4,300 digits Python's int() refuses to read."""
JETONS = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"accounting": "jetons", "stake": 2},
    "coups": [
        {"pass": True, "note": "x"},
        {
            "hombre": "Bruno",
            "contract": "simple",
            "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2},
            "bonuses": [{"player": "Anne", "hand": "charivari"}],
        },
    ],
}
DANISH = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"accounting": "danois", "rates": "dlu"},
    "coups": [
        {"pass": True},
        {
            "hombre": "Bruno",
            "contract": "jeu_simple",
            "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2},
            "first_five": False,
        },
    ],
    "money": {"chip_value": "0.05", "currency": "EUR"},
}
SEATED = {
    **BROU,
    "seat_changes": [
        {"coup": 2, "seat": "Bruno", "player": "Émile", "way": "takes_over"},
        {"coup": 3, "seat": "Anne", "player": "Fanny", "way": "plays_for"},
    ],
}
"""A file in which two people took a seat (issue 35, point 6)."""
SEEDS = [SEED, BROU, MANILLE, MANILLEN, JETONS, DANISH, SEATED]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | HUGE_INTS
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["\ud800", "A\udfff", "\udc00\ud83c"]),  # halves of UTF-16 pairs
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)


WRONG_TYPES = st.sampled_from([{"a": 1}, {"player": {}}, [], [{}], [[1]], None, True, 2**64])
"""What a reader must refuse wherever a string or a number is expected."""
URL_TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["é", "ééé", "\x00", "\n", "%FF", "🂡", "a" * 300, "/%09/evil.example"]),
)
NEXT = st.one_of(
    st.text(max_size=30).map(lambda t: "/" + t),
    st.sampled_from(["/\t/evil.example", "/\n/x", "/\r\nSet-Cookie: x=1", "/\\evil", "//evil"]),
)


TEN_TO_400 = "1" + "0" * 400
NUMBER_TEXTS = st.one_of(
    st.sampled_from(
        [
            TEN_TO_400,  # 10^400: past every float (NumberRange compared through one: a 500)
            "-" + TEN_TO_400,
            "9" * 400,
            "0" * 500 + "1",
            "-1",
            "-7",
            "-0",
            "+3",
            "1.5",
            "0,5",
            "1e3",
            "1e400",
            "inf",
            "NaN",
            "1_000",
            " 12 ",
            "١٢",  # Arabic-Indic digits: int() reads them, a form must not
            "٣",
            "１２",  # full-width
            "²",
            "۱۲۳",
            "0x10",
            "",
        ]
    ),
    HUGE_NUMERALS,
    st.integers(-(10**12), 10**12).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.text(alphabet="0123456789-.,+e ١٢٣４５²", max_size=12),
)
"""What a number field may be sent: huge (10^400), negative, fractional, non-ASCII digits."""
