/* Search the base rounds of Kirkman (KTS) and nearly Kirkman (NKTS) triple systems; print them.

    gcc -O2 -o /tmp/find_kirkman tools/find_kirkman.c -lm
    /tmp/find_kirkman kts 57 1     # v = 57, seed 1: a line for scorekeeper/draw/kirkman.py
    /tmp/find_kirkman nkts 96 1    # n = 96, seed 1: base rounds for scorekeeper/draw/kirkman.py
    /tmp/find_kirkman kts2 87 1    # v = 87 on Z_43 x 2 rows and a fixed point
    /tmp/find_kirkman kts4 21 1    # v = 21 on Z_5 x 4 rows and a fixed point, two base rounds
    VERBOSE=1 /tmp/find_kirkman ...  # the cost every cycle of moves, on stderr
    HOT=1 COLD=0.1 CYCLE=1000000 /tmp/find_kirkman ...  # another cooling (2, 0.05, 200000)

kts v (v = 3 mod 6, m = (v - 1) / 2 = 1 mod 3, t = (m - 1) / 3): a 1-rotational KTS(v) on
Z_2m and a fixed point, as scorekeeper/draw/kirkman.py develops it: t triples of Z_2m whose
residues mod m are 1 .. m-1, each once, and whose 6t differences are every element of Z_2m
but 0 and m, each once. The base round is {fixed, 0, m}, each triple T and T + m; the m
rounds are the base round plus s for s < m (kirkman.py says why every pair meets once).

The other modes are shapes of scorekeeper/draw/cyclic.py (cyclic.Shape): Z_m on R rows
(point r*m + i) and F fixed points after them, B base rounds, each a partition of all the
points into triples; the base rounds together must hold each pure difference 1 .. (m-1)/2
of each row, each mixed difference of each two rows and each fixed point with each row
exactly once (cyclic.Shape.needed), and no two fixed points together:
  nkts n (n = 0 mod 6): a nearly Kirkman system, m = (n - 2) / 2, R = 2, F = 2, B = 1; when m
    is odd the mixed difference 0 is left out (i never meets i + m: the partner groups),
    when m is even the half difference m/2 of each row is (needed 0 times);
  kts2 v: a Kirkman system, m = (v - 1) / 2 odd, R = 2, F = 1, B = 1;
  kts4 v: a Kirkman system, m = (v - 1) / 4 odd, R = 4, F = 1, B = 2 (as 21 in records.py;
    for 69 it stalled at cost 4 for 20 minutes: kirkman.py builds 69 from a PBD instead).

All modes are a simulated annealing over swaps of two points of different triples (and, for kts,
moving a point from residue r to r + m), the cost the sum over the differences of
(count - wanted)^2, cooled from hot to cold again and again until it is 0; each move
starts, when it can, at a triple that covers some difference twice. Seconds to minutes
per size (2 shared cores). The Python package develops and checks every pair of what it
prints; tests/draw/test_draw_records.py counts them again.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kts;        /* 1: the kts mode (Z_2m, lifts), 0: a cyclic.py shape */
static int m, rows, fixed, bases, npts;
static int pts[4][128]; /* each base round's points, three by three */
static int lift[128];   /* kts: residue r is the element r + m * lift[r] */
static int keymat[128][128];
static int cnt[4096], need[4096];
static int nkeys;

static unsigned long long rng_state;
static unsigned rnd(void) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33);
}
static double unit(void) { return (rnd() & 0xffffff) / (double)0x1000000; }

/* The key (difference) a pair of points covers. */
static int key(int p, int q) {
    if (!kts) return keymat[p][q];
    int a = p + m * lift[p], b = q + m * lift[q];
    int d = ((b - a) % (2 * m) + 2 * m) % (2 * m);
    return d > m ? 2 * m - d : d; /* 1 .. m-1 (0 and m cannot occur: residues differ) */
}

/* cyclic.pair_key, numbered: pure (r, d), mixed (r < s, d), fixed (j, r), both fixed. */
static void shape_keys(int apart) {
    int half = m / 2, edge = rows * m, pairs = rows * (rows - 1) / 2;
    int mixed0 = rows * half, fixed0 = mixed0 + pairs * m, both = fixed0 + fixed * rows;
    nkeys = both + 1;
    for (int p = 0; p < npts; p++)
        for (int q = 0; q < npts; q++) {
            int k;
            if (p >= edge && q >= edge) k = both;
            else if (p >= edge || q >= edge) {
                int j = p >= edge ? p - edge : q - edge, o = p >= edge ? q : p;
                k = fixed0 + j * rows + o / m;
            } else {
                int r = p / m, s = q / m, i = p % m, j = q % m;
                if (r == s) {
                    int d = ((j - i) % m + m) % m;
                    if (d > m - d) d = m - d;
                    k = r * half + d - 1; /* d = m/2 (m even): wanted 0 times */
                } else {
                    if (r > s) { int x = i; i = j; j = x; x = r; r = s; s = x; }
                    int index = r * rows - r * (r + 1) / 2 + (s - r - 1);
                    k = mixed0 + index * m + ((j - i) % m + m) % m;
                }
            }
            keymat[p][q] = k;
        }
    for (int r = 0; r < rows; r++)
        for (int d = 1; d <= (m - 1) / 2; d++) need[r * half + d - 1] = 1;
    for (int x = mixed0; x < both; x++) need[x] = 1;
    if (apart) need[mixed0] = 0; /* rows 0 and 1 at difference 0 */
}

static void add_triple(int b, int t, int sign) {
    int *x = pts[b] + 3 * t;
    cnt[key(x[0], x[1])] += sign;
    cnt[key(x[0], x[2])] += sign;
    cnt[key(x[1], x[2])] += sign;
}

/* Whether a triple covers a difference more often than wanted: the moves start there. */
static int bad(int b, int t) {
    int *x = pts[b] + 3 * t, k;
    k = key(x[0], x[1]); if (cnt[k] > need[k]) return 1;
    k = key(x[0], x[2]); if (cnt[k] > need[k]) return 1;
    k = key(x[1], x[2]); return cnt[k] > need[k];
}

/* The cost over some keys, each counted once. */
static long cost_of(const int *keys, int n) {
    long c = 0;
    for (int i = 0; i < n; i++) {
        int k = keys[i], dup = 0;
        for (int j = 0; j < i; j++) dup |= keys[j] == k;
        if (!dup) c += (long)(cnt[k] - need[k]) * (cnt[k] - need[k]);
    }
    return c;
}

static void keys_of(int b, int t, int *out) {
    int *x = pts[b] + 3 * t;
    out[0] = key(x[0], x[1]);
    out[1] = key(x[0], x[2]);
    out[2] = key(x[1], x[2]);
}

/* Swap point i of triple a with point j of triple c (of base round b), or (flip) move point
 * i of a to its other lift; its own inverse. */
static void change(int b, int a, int c, int i, int j, int flip) {
    int *x = pts[b];
    if (flip) lift[x[3 * a + i]] ^= 1;
    else { int y = x[3 * a + i]; x[3 * a + i] = x[3 * c + j]; x[3 * c + j] = y; }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s kts|kts2|kts4|nkts players seed [moves]\n", argv[0]);
        return 2;
    }
    const char *mode = argv[1];
    int v = atoi(argv[2]);
    rng_state = strtoull(argv[3], 0, 10) * 2654435761ULL + 1;
    long moves = argc > 4 ? atol(argv[4]) : 2000000000L;
    kts = strcmp(mode, "kts") == 0;
    bases = 1;
    if (kts) {
        m = (v - 1) / 2;
        if (v % 6 != 3 || m % 3 != 1) { fprintf(stderr, "kts: v = 3 mod 6, (v-1)/2 = 1 mod 3\n"); return 2; }
        npts = m - 1;
        nkeys = m;
        for (int d = 1; d < m; d++) need[d] = 1;
        for (int r = 0; r < m; r++) lift[r] = rnd() & 1;
    } else if (strcmp(mode, "nkts") == 0 && v % 6 == 0) {
        m = (v - 2) / 2, rows = 2, fixed = 2, npts = v;
        shape_keys(m % 2);
    } else if (strcmp(mode, "kts2") == 0 && v % 6 == 3 && (v - 1) / 2 % 2) {
        m = (v - 1) / 2, rows = 2, fixed = 1, npts = v;
        shape_keys(0);
    } else if (strcmp(mode, "kts4") == 0 && v % 6 == 3 && (v - 1) % 4 == 0 && (v - 1) / 4 % 2) {
        m = (v - 1) / 4, rows = 4, fixed = 1, npts = v, bases = 2;
        shape_keys(0);
    } else {
        fprintf(stderr, "no such shape: %s %d\n", mode, v);
        return 2;
    }
    int tables = npts / 3;
    for (int b = 0; b < bases; b++) {
        for (int i = 0; i < npts; i++) pts[b][i] = kts ? i + 1 : i;
        for (int i = npts - 1; i > 0; i--) {
            int j = rnd() % (i + 1), x = pts[b][i];
            pts[b][i] = pts[b][j], pts[b][j] = x;
        }
        for (int t = 0; t < tables; t++) add_triple(b, t, 1);
    }
    long cost = 0;
    for (int k = 0; k < nkeys; k++) cost += (long)(cnt[k] - need[k]) * (cnt[k] - need[k]);
    /* one cooling, hot to cold over a cycle of moves; then again (HOT, COLD, CYCLE: other) */
    const long cycle = getenv("CYCLE") ? atol(getenv("CYCLE")) : 200000;
    const double hot = getenv("HOT") ? atof(getenv("HOT")) : 2.0;
    const double cold = getenv("COLD") ? atof(getenv("COLD")) : 0.05;
    long move, best = cost;
    const int verbose = getenv("VERBOSE") != NULL;
    for (move = 0; move < moves && cost; move++) {
        if (cost < best) best = cost;
        if (verbose && move % cycle == 0) fprintf(stderr, "move %ld: cost %ld, best %ld\n", move, cost, best);
        double temp = hot * pow(cold / hot, (double)(move % cycle) / cycle);
        int b = rnd() % bases, a = rnd() % tables, c, i = rnd() % 3, j = rnd() % 3;
        for (int tries = 0; tries < 30 && !bad(b, a); tries++) a = rnd() % tables; /* focus */
        int flip = kts && rnd() % 4 == 0;
        if (flip) c = a;
        else do c = rnd() % tables; while (c == a);
        int n = flip ? 3 : 6, all[12];
        keys_of(b, a, all);
        keys_of(b, c, all + 3);
        change(b, a, c, i, j, flip); /* the keys after the move, the counts not yet moved */
        keys_of(b, a, all + n);
        keys_of(b, c, all + n + 3);
        change(b, a, c, i, j, flip);
        long before = cost_of(all, 2 * n);
        for (int x = 0; x < n; x++) cnt[all[x]]--, cnt[all[n + x]]++;
        long delta = cost_of(all, 2 * n) - before;
        if (delta <= 0 || unit() < exp(-delta / temp)) {
            cost += delta;
            change(b, a, c, i, j, flip);
        } else {
            for (int x = 0; x < n; x++) cnt[all[x]]++, cnt[all[n + x]]--;
        }
    }
    if (cost) { fprintf(stderr, "none after %ld moves\n", move); return 1; }
    fprintf(stderr, "# %s %d, seed %s: found after %ld moves\n", mode, v, argv[3], move);
    printf("%d: (", v);
    for (int b = 0; b < bases; b++) {
        printf("%s\"", b ? ", " : "");
        for (int t = 0; t < tables; t++) {
            int *x = pts[b] + 3 * t;
            for (int y = 0; y < 3; y++)
                printf("%s%d", y ? "," : t ? " " : "", kts ? x[y] + m * lift[x[y]] : x[y]);
        }
        printf("\"");
    }
    printf(bases == 1 ? ",),\n" : "),\n");
    return 0;
}
