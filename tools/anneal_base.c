/* Simulated annealing for one base round of a cyclic design at tables of 4.
 *
 * Driven by tools/find_golf4.py, which writes the problem on stdin (players n,
 * base rounds B, keys K, each key's wanted count, then the n x n matrix of the
 * key each pair of points covers, as scorekeeper/draw/cyclic.py's pair_key
 * says) and reads the base rounds from stdout: B * n/4 tables of 4 points, one
 * table a line, base round after base round.
 * A base round is good when every key occurs as often as wanted (once for the
 * differences that must be covered, never for the excluded ones).
 *
 *   cc -O2 -o /tmp/anneal_base tools/anneal_base.c
 *   (the tool does that itself; run it as tools/find_golf4.py says)
 *
 * Arguments: seed, moves (the most moves in all), cycle (moves of one cooling
 * from hot to cold; the cooling restarts from the best state seen).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state;
static unsigned long long next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static double uniform(void) { return (next_random() >> 11) * (1.0 / 9007199254740992.0); }

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: anneal_base seed moves cycle hot < problem\n");
        return 2;
    }
    rng_state = strtoull(argv[1], 0, 10) * 2654435761ULL + 88172645463325252ULL;
    long long moves = atoll(argv[2]);
    long long cycle = atoll(argv[3]);
    double hot = atof(argv[4]);
    int n, bases, keys;
    if (scanf("%d %d %d", &n, &bases, &keys) != 3) return 2;
    int *need = calloc(keys, sizeof(int)), *count = calloc(keys, sizeof(int));
    int *key = malloc(sizeof(int) * n * n);
    for (int i = 0; i < keys; i++)
        if (scanf("%d", &need[i]) != 1) return 2;
    for (int i = 0; i < n * n; i++)
        if (scanf("%d", &key[i]) != 1) return 2;
    int tables = bases * (n / 4), seats = bases * n;
    /* seat[4*t + j]: point at table t, place j; base round b holds tables b*n/4 .. */
    int *seat = malloc(sizeof(int) * seats);
    for (int b = 0; b < bases; b++) {
        int *own = seat + b * n;
        for (int i = 0; i < n; i++) own[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = next_random() % (i + 1), x = own[i];
            own[i] = own[j];
            own[j] = x;
        }
    }
    long long cost = 0;
    for (int t = 0; t < tables; t++)
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) count[key[seat[4 * t + a] * n + seat[4 * t + b]]]++;
    for (int i = 0; i < keys; i++) cost += (long long)(count[i] - need[i]) * (count[i] - need[i]);
    long long best = cost;
    int *best_seat = malloc(sizeof(int) * seats);
    memcpy(best_seat, seat, sizeof(int) * seats);
    for (long long move = 0; move < moves && cost > 0; move++) {
        long long phase = move % cycle;
        if (phase == 0 && move) { /* a new cooling, from the best state seen */
            memcpy(seat, best_seat, sizeof(int) * seats);
            memset(count, 0, sizeof(int) * keys);
            for (int t = 0; t < tables; t++)
                for (int a = 0; a < 4; a++)
                    for (int b = a + 1; b < 4; b++)
                        count[key[seat[4 * t + a] * n + seat[4 * t + b]]]++;
            cost = best;
        }
        double temperature = hot * pow(0.02 / hot, (double)phase / cycle);
        int b = bases > 1 ? (int)(next_random() % bases) : 0;
        int x = b * n + next_random() % n, y = b * n + next_random() % n;
        int tx = x / 4, ty = y / 4;
        if (tx == ty) continue;
        int p = seat[x], q = seat[y];
        long long delta = 0;
        int changed[24], sign[24], c = 0;
        for (int j = 0; j < 4; j++) {
            int u = seat[4 * tx + j], v = seat[4 * ty + j];
            if (u != p) {
                changed[c] = key[p * n + u], sign[c++] = -1;
                changed[c] = key[q * n + u], sign[c++] = +1;
            }
            if (v != q) {
                changed[c] = key[q * n + v], sign[c++] = -1;
                changed[c] = key[p * n + v], sign[c++] = +1;
            }
        }
        for (int i = 0; i < c; i++) {
            int k = changed[i];
            long long before = count[k] - need[k];
            count[k] += sign[i];
            long long after = count[k] - need[k];
            delta += after * after - before * before;
        }
        if (delta <= 0 || uniform() < exp(-delta / temperature)) {
            seat[x] = q;
            seat[y] = p;
            cost += delta;
            if (cost < best) {
                best = cost;
                memcpy(best_seat, seat, sizeof(int) * seats);
            }
        } else {
            for (int i = 0; i < c; i++) count[changed[i]] -= sign[i];
        }
    }
    if (best > 0) fprintf(stderr, "best cost %lld\n", best);
    for (int t = 0; t < tables; t++)
        printf("%d %d %d %d\n", best_seat[4 * t], best_seat[4 * t + 1], best_seat[4 * t + 2],
               best_seat[4 * t + 3]);
    return best > 0;
}
