/* Search the base round of a Z-cyclic whist tournament Wh(n) (issue 37, manillen pairs).

   Build and run (gcc; a few seconds to a few minutes a size on one core):
       gcc -O2 -o /tmp/find_whist tools/find_whist.c -lm
       /tmp/find_whist N SEED MAXSEC [HOT COLD CYCLE]
   e.g. /tmp/find_whist 40 6 600 3.0 0.2 5000000. It prints "N table table ..." (a table
   "north,east,south,west": north and south partners, east and west), the line that
   scorekeeper/draw/whist.py keeps in TEXT; exit 1 if none within MAXSEC seconds of CPU.
   The result depends only on N, SEED and the three temperatures (the clock only stops it),
   so each stored line is found again by its seed and settings (whist.py names them). A run
   of one seed either finds a base round in seconds or wanders for minutes: try seed after
   seed with a short MAXSEC (40 s found 48 at its fourth seed), e.g.
       s=10; until /tmp/find_whist 48 $s 40 3.0 0.2 5000000; do s=$((s+1)); done
   V=1 in the environment prints the best cost now and then.

   The shape is cyclic.py's: n = 4t on Z_(n-1) and a fixed point n - 1, n = 4t + 1 on Z_n
   with 0 out of the base round; t tables. The base round is good when each difference
   d = 1 .. m/2 (up to sign) is once a difference of partners and twice one of opponents,
   and the fixed point is once a partner and twice an opponent. Simulated annealing over
   swaps of two seats (two seats of one table: new partners), the cost the sum of the
   squared excesses and shortfalls of those counts; the temperature falls from HOT to
   COLD over CYCLE moves, again and again (defaults 2.0, 0.01, 200000). tools/find_base.py does
   the same in Python (it found 8 to 28); this makes about 11 million moves a second on
   one core of the development machine (32: 61 million moves in 5.4 s), which 32 to 64 need. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static int n, m, h, inf, T, P, K;
static int arr[256], cnt[512], need[512];
static int pk[128][128], ok_[128][128];
static unsigned long long rs;
static inline unsigned rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return (unsigned)(rs>>11); }
static inline double urand(void){ return (rnd() & 0xffffff) / 16777216.0; }
static int tcost(int t, int sign){ /* apply table t with sign, return delta cost */
  int *a = arr + 4*t; int keys[6]; int d = 0;
  keys[0]=pk[a[0]][a[2]]; keys[1]=pk[a[1]][a[3]];
  keys[2]=ok_[a[0]][a[1]]; keys[3]=ok_[a[0]][a[3]]; keys[4]=ok_[a[2]][a[1]]; keys[5]=ok_[a[2]][a[3]];
  for(int i=0;i<6;i++){ int k=keys[i]; int before=(cnt[k]-need[k]); cnt[k]+=sign; int after=cnt[k]-need[k]; d += after*after-before*before; }
  return d;
}
int main(int argc, char**argv){
  n = atoi(argv[1]); rs = 88172645463325252ULL ^ ((unsigned long long)atoi(argv[2])*2654435761ULL); double maxsec = atof(argv[3]);
  for(int i=0;i<20;i++) rnd();
  int fixed = (n%4==0);
  m = fixed ? n-1 : n; h = m/2; inf = m; T = n/4;
  /* key ids: partner d: d (1..h), partner inf: h+1; opponent: h+2+d, inf: 2h+3 */
  for(int p=0;p<=m;p++) for(int q=0;q<=m;q++){
    int pd, od;
    if(p==q){ pd=od=0; }
    else if(p==inf||q==inf){ pd=h+1; od=2*h+3; }
    else { int d=((q-p)%m+m)%m; if(d>m-d) d=m-d; pd=d; od=h+2+d; }
    pk[p][q]=pd; ok_[p][q]=od;
  }
  K = 2*h+4;
  for(int d=1; d<=h; d++){ need[d]=1; need[h+2+d]=2; }
  if(fixed){ need[h+1]=1; need[2*h+3]=2; }
  P = 4*T;
  int idx=0;
  if(fixed) for(int p=0;p<=m;p++) arr[idx++]=p; else for(int p=1;p<m;p++) arr[idx++]=p;
  for(int i=P-1;i>0;i--){ int j=rnd()%(i+1); int x=arr[i]; arr[i]=arr[j]; arr[j]=x; }
  int cost=0; for(int k=0;k<K;k++) cost += need[k]*need[k];
  for(int t=0;t<T;t++) cost += tcost(t,1);
  clock_t start=clock(); long long it=0; int best=cost;
  double temp0 = argc>4?atof(argv[4]):2.0, tend = argc>5?atof(argv[5]):0.01, temp = temp0; long cyc = argc>6?atol(argv[6]):200000;
  while(cost>0){
    it++;
    if((it & 0xffffff)==0 && getenv("V")) fprintf(stderr,"  %lld best %d cost %d\n", it, best, cost);
    if((it & 0xfffff)==0){ if((double)(clock()-start)/CLOCKS_PER_SEC > maxsec) break; }
    long ph = it % cyc; temp = temp0 * pow(tend/temp0, (double)ph/cyc);
    int i = rnd()%P, j = rnd()%P; int ti=i/4, tj=j/4; if(i==j) continue;
    if(ti==tj && (i%2)==(j%2)) continue; /* swapping partners: no change */
    int d = tcost(ti,-1); if(tj!=ti) d += tcost(tj,-1);
    int x=arr[i]; arr[i]=arr[j]; arr[j]=x;
    d += tcost(ti,1); if(tj!=ti) d += tcost(tj,1);
    if(d<=0 || urand() < exp(-d/temp)){ cost += d; if(cost<best){best=cost;} }
    else { tcost(ti,-1); if(tj!=ti) tcost(tj,-1); x=arr[i]; arr[i]=arr[j]; arr[j]=x; tcost(ti,1); if(tj!=ti) tcost(tj,1); }
  }
  double sec=(double)(clock()-start)/CLOCKS_PER_SEC;
  if(cost==0){
    printf("%d ", n);
    for(int t=0;t<T;t++){ printf("%s%d,%d,%d,%d", t?" ":"", arr[4*t],arr[4*t+1],arr[4*t+2],arr[4*t+3]); }
    printf("\n"); fprintf(stderr,"n=%d found in %.2fs, %lld moves\n", n, sec, it); return 0;
  }
  fprintf(stderr,"n=%d none, best %d, %.1fs\n", n, best, sec); return 1;
}
