/* Depth-first search for one base round of a cyclic design at tables of 4.
 *
 * The same input as tools/anneal_base.c (written by tools/find_golf4.py dfs):
 * players n, base rounds (1 here), keys K, each key's wanted count (0 or 1), the
 * n x n matrix of pair keys. A table is opened with the first unseated point
 * (the fixed points first: they are the last numbers) and completed with three
 * more whose pairs all cover keys still wanted; candidates are tried in an order
 * shuffled by the seed, and a try gives up after ``nodes`` tables (then the next
 * seed). Prints the base round, one table a line.
 *
 * Arguments: seed, nodes (tables tried per seed), seeds.
 */
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

static int n, keys, *need, *count, *key, *seated, *order, *table;
static long long nodes, limit;

static int fits(int p, int q) { return count[key[p * n + q]] < need[key[p * n + q]]; }

static int search(int placed) {
    if (placed == n) return 1;
    if (++nodes > limit) return 0;
    int p = -1;
    for (int i = 0; i < n; i++)
        if (!seated[order[i]]) {
            p = order[i];
            break;
        }
    int free[64], f = 0;
    for (int i = 0; i < n; i++) {
        int q = order[i];
        if (!seated[q] && q != p && fits(p, q)) free[f++] = q;
    }
    for (int i = f - 1; i > 0; i--) {
        int j = next_random() % (i + 1), x = free[i];
        free[i] = free[j];
        free[j] = x;
    }
    seated[p] = 1;
    table[placed] = p;
    for (int a = 0; a < f; a++) {
        int q1 = free[a];
        count[key[p * n + q1]]++;
        seated[q1] = 1;
        for (int b = a + 1; b < f; b++) {
            int q2 = free[b];
            if (!fits(p, q2) || !fits(q1, q2)) continue;
            count[key[p * n + q2]]++;
            if (!fits(q1, q2)) {
                count[key[p * n + q2]]--;
                continue;
            }
            count[key[q1 * n + q2]]++;
            seated[q2] = 1;
            for (int c = b + 1; c < f; c++) {
                int q3 = free[c];
                if (!fits(p, q3)) continue;
                count[key[p * n + q3]]++;
                if (fits(q1, q3)) {
                    count[key[q1 * n + q3]]++;
                    if (fits(q2, q3)) {
                        count[key[q2 * n + q3]]++;
                        seated[q3] = 1;
                        table[placed + 1] = q1, table[placed + 2] = q2, table[placed + 3] = q3;
                        if (search(placed + 4)) return 1;
                        seated[q3] = 0;
                        count[key[q2 * n + q3]]--;
                    }
                    count[key[q1 * n + q3]]--;
                }
                count[key[p * n + q3]]--;
            }
            seated[q2] = 0;
            count[key[q1 * n + q2]]--;
            count[key[p * n + q2]]--;
        }
        seated[q1] = 0;
        count[key[p * n + q1]]--;
    }
    seated[p] = 0;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    long long seed = atoll(argv[1]), seeds = atoll(argv[3]);
    limit = atoll(argv[2]);
    int bases;
    if (scanf("%d %d %d", &n, &bases, &keys) != 3 || bases != 1 || n > 64) return 2;
    need = calloc(keys, sizeof(int)), count = calloc(keys, sizeof(int));
    key = malloc(sizeof(int) * n * n);
    for (int i = 0; i < keys; i++)
        if (scanf("%d", &need[i]) != 1) return 2;
    for (int i = 0; i < n * n; i++)
        if (scanf("%d", &key[i]) != 1) return 2;
    seated = calloc(n, sizeof(int)), order = malloc(sizeof(int) * n), table = malloc(sizeof(int) * n);
    for (long long s = seed; s < seed + seeds; s++) {
        rng_state = (unsigned long long)s * 2654435761ULL + 88172645463325252ULL;
        for (int i = 0; i < n; i++) order[i] = n - 1 - i; /* the fixed points first */
        nodes = 0;
        memset(count, 0, sizeof(int) * keys);
        memset(seated, 0, sizeof(int) * n);
        if (search(0)) {
            fprintf(stderr, "seed %lld, %lld tables tried\n", s, nodes);
            for (int t = 0; t < n; t += 4)
                printf("%d %d %d %d\n", table[t], table[t + 1], table[t + 2], table[t + 3]);
            return 0;
        }
    }
    fprintf(stderr, "none\n");
    return 1;
}
