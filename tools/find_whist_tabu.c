/* Search the base round of a Z-cyclic whist tournament Wh(n) by tabu search (issue 37: 60,
   which tools/find_whist.c's annealing never reached on Z_59).

   Build and run (gcc; one core):
       gcc -O2 -o /tmp/find_whist_tabu tools/find_whist_tabu.c
       /tmp/find_whist_tabu N SEED MAXSEC [TENURE SPREAD]
   e.g. /tmp/find_whist_tabu 60 1 600 10 10 prints whist.py's line for 60 after about 6
   minutes of one core (3.3 million moves; 2026-11-27). It prints "N table table ..." as
   find_whist.c does (a table "north,east,south,west": north and south partners); exit 1 if
   none within MAXSEC seconds of CPU. The result depends only on N, SEED, TENURE and SPREAD
   (the clock only stops it).

   The shape and the cost are find_whist.c's: n = 4t on Z_(n-1) and a fixed point n - 1,
   n = 4t + 1 on Z_n with 0 out of the base round; each difference d (up to sign) once of
   partners and twice of opponents, the fixed point once a partner and twice an opponent;
   the cost the sum of the squared excesses and shortfalls. Each move looks at every swap of
   two seats (two seats of one table when it gives new partners) and makes the best one,
   even when it costs more, but never puts a point back on a seat it left within the last
   TENURE + (0 .. SPREAD - 1) moves unless that beats the best cost yet. The annealing's
   random moves wandered at one difference too many and one too few for hours; the best
   swap with a memory walks out of such a place (on the development machine, 2026-11-27:
   56 in 33 s, which the annealing found only when a multiplier fixed the base round). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int n, m, h, inf, T, P, K;
static int arr[256], cnt[512], need[512];
static int pk[128][128], ok_[128][128];
static long long tabu[128][256]; /* point, seat -> the move until which it may not sit there */
static unsigned long long rs;
static inline unsigned rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return (unsigned)(rs>>11); }
static int tcost(int t, int sign){ /* apply table t with sign, return delta cost */
  int *a = arr + 4*t; int keys[6]; int d = 0;
  keys[0]=pk[a[0]][a[2]]; keys[1]=pk[a[1]][a[3]];
  keys[2]=ok_[a[0]][a[1]]; keys[3]=ok_[a[0]][a[3]]; keys[4]=ok_[a[2]][a[1]]; keys[5]=ok_[a[2]][a[3]];
  for(int i=0;i<6;i++){ int k=keys[i]; int before=cnt[k]-need[k]; cnt[k]+=sign; int after=cnt[k]-need[k]; d += after*after-before*before; }
  return d;
}
static int swap(int i, int j){ /* swap seats i and j, return delta cost */
  int ti=i/4, tj=j/4; int d=tcost(ti,-1); if(tj!=ti) d+=tcost(tj,-1);
  int x=arr[i]; arr[i]=arr[j]; arr[j]=x;
  d+=tcost(ti,1); if(tj!=ti) d+=tcost(tj,1);
  return d;
}
int main(int argc, char**argv){
  if(argc < 4){ fprintf(stderr, "usage: N SEED MAXSEC [TENURE SPREAD]\n"); return 2; }
  n = atoi(argv[1]); rs = 88172645463325252ULL ^ ((unsigned long long)atoi(argv[2])*2654435761ULL);
  double maxsec = atof(argv[3]);
  int tenure = argc>4?atoi(argv[4]):10, spread = argc>5?atoi(argv[5]):10;
  if(n < 8 || n > 124 || n%4 > 1 || spread < 1){ fprintf(stderr, "N = 0 or 1 (mod 4), 8 to 124; SPREAD >= 1\n"); return 2; }
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
  P = 4*T; int idx=0;
  if(fixed) for(int p=0;p<=m;p++) arr[idx++]=p; else for(int p=1;p<m;p++) arr[idx++]=p;
  for(int i=P-1;i>0;i--){ int j=rnd()%(i+1); int x=arr[i]; arr[i]=arr[j]; arr[j]=x; }
  int cost=0; for(int k=0;k<K;k++) cost += need[k]*need[k];
  for(int t=0;t<T;t++) cost += tcost(t,1);
  clock_t start=clock(); long long it=0; int best=cost;
  while(cost>0){
    it++;
    if((it&255)==0 && (double)(clock()-start)/CLOCKS_PER_SEC > maxsec) break;
    int bd=1<<30, bi=-1, bj=-1, ties=0;
    for(int i=0;i<P;i++) for(int j=i+1;j<P;j++){
      if(i/4==j/4 && (i%2)==(j%2)) continue; /* swapping partners: no change */
      int d=swap(i,j); swap(i,j);
      int barred = tabu[arr[i]][j] > it || tabu[arr[j]][i] > it;
      if(barred && cost+d >= best) continue;
      if(d<bd){ bd=d; bi=i; bj=j; ties=1; } else if(d==bd){ ties++; if(rnd()%ties==0){ bi=i; bj=j; } }
    }
    if(bi<0) continue;
    tabu[arr[bi]][bi]=it+tenure+rnd()%spread; tabu[arr[bj]][bj]=it+tenure+rnd()%spread;
    swap(bi,bj); cost+=bd; if(cost<best) best=cost;
  }
  double sec=(double)(clock()-start)/CLOCKS_PER_SEC;
  if(cost==0){
    printf("%d ", n);
    for(int t=0;t<T;t++) printf("%s%d,%d,%d,%d", t?" ":"", arr[4*t],arr[4*t+1],arr[4*t+2],arr[4*t+3]);
    printf("\n"); fprintf(stderr,"n=%d found in %.1fs, %lld moves\n", n, sec, it); return 0;
  }
  fprintf(stderr,"n=%d none, best %d, %.1fs, %lld moves\n", n, best, sec, it); return 1;
}
