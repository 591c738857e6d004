/* Search the base round of a 1-rotational whist tournament Wh(n), n = 4t + 1 (issue 37: 57,
   which tools/find_whist.c does not reach on Z_57).

   Build and run (gcc; one core):
       gcc -O2 -o /tmp/find_whist_rot tools/find_whist_rot.c -lm
       /tmp/find_whist_rot N SEED MAXSEC [HOT COLD CYCLE]
   It prints "N out=X table table ..." (a table "north,east,south,west": north and south
   partners), exit 1 if none within MAXSEC seconds of CPU; the result depends only on N,
   SEED and the temperatures.

   The shape: the players are Z_m (m = n - 1) and a fixed player m. One round is fixed: the
   cosets x, x + m/4, x + m/2, x + 3m/4 of K = {0, m/4, m/2, 3m/4} are its tables (x and
   x + m/2 partners), the fixed player out; it makes every pair at difference m/2 partners
   once and every pair at difference +-m/4 opponents once. The other m rounds add s to every
   point of a base round that seats the fixed player and m - 1 points (one point out). So
   the base round needs each difference d (up to sign) outside K once of partners and twice
   of opponents, +-m/4 once of each, m/2 once of opponents (such a pair comes back at s +
   m/2: twice) and never of partners, and the fixed player once a partner and twice an
   opponent. Simulated annealing over swaps of two seats (the point out is one more seat),
   as find_whist.c. It finds 13 to 33 in under a second; for 57 (2026-11-27, seeds 1 to 10,
   120 s each) it came to one difference once too often and one once too few, no closer;
   tools/find_whist_mult57.c, which asks the base round to be fixed by multiplying by 9 too,
   found 57 at once. */
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
static int tcost(int t, int sign){
  if(t>=T) return 0;
  int *a = arr + 4*t; int keys[6]; int d = 0;
  keys[0]=pk[a[0]][a[2]]; keys[1]=pk[a[1]][a[3]];
  keys[2]=ok_[a[0]][a[1]]; keys[3]=ok_[a[0]][a[3]]; keys[4]=ok_[a[2]][a[1]]; keys[5]=ok_[a[2]][a[3]];
  for(int i=0;i<6;i++){ int k=keys[i]; int before=(cnt[k]-need[k]); cnt[k]+=sign; int after=cnt[k]-need[k]; d += after*after-before*before; }
  return d;
}
int main(int argc, char**argv){
  n = atoi(argv[1]); rs = 88172645463325252ULL ^ ((unsigned long long)atoi(argv[2])*2654435761ULL); double maxsec = atof(argv[3]);
  for(int i=0;i<20;i++) rnd();
  m = n-1; h = m/2; inf = m; T = n/4;  /* n = 4t+1: T = t tables of 4 = m seats... */
  T = m/4;  /* 4T = m seats: infinity + m-1 points */
  for(int p=0;p<=m;p++) for(int q=0;q<=m;q++){
    int pd, od;
    if(p==q){ pd=od=0; }
    else if(p==inf||q==inf){ pd=h+1; od=2*h+3; }
    else { int d=((q-p)%m+m)%m; if(d>m-d) d=m-d; pd=d; od=h+2+d; }
    pk[p][q]=pd; ok_[p][q]=od;
  }
  K = 2*h+4;
  for(int d=1; d<=h; d++){ need[d]=1; need[h+2+d]=2; }
  need[m/4]=1; need[h+2+m/4]=1;   /* class m/4 */
  need[m/2]=0; need[h+2+m/2]=1;   /* class m/2 */
  need[h+1]=1; need[2*h+3]=2;
  P = 4*T + 1;  /* the last slot: the point out */
  int idx=0; for(int p=0;p<=m;p++) arr[idx++]=p;  /* m+1 = P entries */
  for(int i=P-1;i>0;i--){ int j=rnd()%(i+1); int x=arr[i]; arr[i]=arr[j]; arr[j]=x; }
  /* infinity must not be out: if it is, swap it in */
  if(arr[P-1]==inf){ int x=arr[0]; arr[0]=arr[P-1]; arr[P-1]=x; }
  int cost=0; for(int k=0;k<K;k++) cost += need[k]*need[k];
  for(int t=0;t<T;t++) cost += tcost(t,1);
  clock_t start=clock(); long long it=0; int best=cost;
  double temp0 = argc>4?atof(argv[4]):2.0, tend = argc>5?atof(argv[5]):0.01, temp = temp0; long cyc = argc>6?atol(argv[6]):200000;
  while(cost>0){
    it++;
    if((it & 0xffffff)==0 && getenv("V")) fprintf(stderr,"  %lld best %d cost %d\n", it, best, cost);
    if((it & 0xfffff)==0){ if((double)(clock()-start)/CLOCKS_PER_SEC > maxsec) break; }
    long ph = it % cyc; temp = temp0 * pow(tend/temp0, (double)ph/cyc);
    int i = rnd()%P, j = rnd()%P; if(i==j) continue;
    if((i==P-1 && arr[j]==inf) || (j==P-1 && arr[i]==inf)) continue;
    int ti=i/4, tj=j/4; if(ti==tj && (i%2)==(j%2)) continue;
    int d = tcost(ti,-1); if(tj!=ti) d += tcost(tj,-1);
    int x=arr[i]; arr[i]=arr[j]; arr[j]=x;
    d += tcost(ti,1); if(tj!=ti) d += tcost(tj,1);
    if(d<=0 || urand() < exp(-d/temp)){ cost += d; if(cost<best){best=cost;} }
    else { tcost(ti,-1); if(tj!=ti) tcost(tj,-1); x=arr[i]; arr[i]=arr[j]; arr[j]=x; tcost(ti,1); if(tj!=ti) tcost(tj,1); }
  }
  double sec=(double)(clock()-start)/CLOCKS_PER_SEC;
  if(cost==0){
    printf("%d out=%d ", n, arr[P-1]);
    for(int t=0;t<T;t++){ printf("%s%d,%d,%d,%d", t?" ":"", arr[4*t],arr[4*t+1],arr[4*t+2],arr[4*t+3]); }
    printf("\n"); fprintf(stderr,"n=%d found in %.2fs, %lld moves\n", n, sec, it); return 0;
  }
  fprintf(stderr,"n=%d none, best %d, %.1fs\n", n, best, sec); return 1;
}
