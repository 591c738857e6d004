/* Search the base round of a whist tournament Wh(n), n = 4t, on a nonabelian group of order
   n - 1 = p * q and a fixed player (issue 37: 56 on the group of order 55, which
   tools/find_whist.c does not reach on Z_55).

   Build and run (gcc; one core):
       gcc -O2 -o /tmp/find_whist_grp tools/find_whist_group.c -lm
       GP=11 GQ=5 GR=3 /tmp/find_whist_grp 56 SEED MAXSEC [HOT COLD CYCLE]
   The group: pairs (a, b), a in Z_p, b in Z_q, (a, b)(c, d) = (a + r^b c, b + d), r of order
   q mod p (q divides p - 1), numbered a + p * b; the fixed player is n - 1. The round of g
   multiplies the base round by g on the left, so a pair keeps its difference x^-1 y from
   round to round: the base round needs each difference (with its inverse) once of partners
   and twice of opponents, the fixed player once a partner and twice an opponent. It prints
   "N grp=p,q,r table table ..."; exit 1 if none within MAXSEC s of CPU. It finds 40 (the
   group of order 39 = 13 * 3, r = 3) in about 20 s; for 56 (2026-11-27, seeds 1 to 10, 120 s
   each) it came to one difference once too often and one once too few, no closer;
   tools/find_whist_mult56.c found 56 on Z_55 in 11 s. */
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
  int *a = arr + 4*t; int keys[6]; int d = 0;
  keys[0]=pk[a[0]][a[2]]; keys[1]=pk[a[1]][a[3]];
  keys[2]=ok_[a[0]][a[1]]; keys[3]=ok_[a[0]][a[3]]; keys[4]=ok_[a[2]][a[1]]; keys[5]=ok_[a[2]][a[3]];
  for(int i=0;i<6;i++){ int k=keys[i]; int before=(cnt[k]-need[k]); cnt[k]+=sign; int after=cnt[k]-need[k]; d += after*after-before*before; }
  return d;
}
static int mul[128][128], inv_[128];
int main(int argc, char**argv){
  n = atoi(argv[1]); rs = 88172645463325252ULL ^ ((unsigned long long)atoi(argv[2])*2654435761ULL); double maxsec = atof(argv[3]);
  for(int i=0;i<20;i++) rnd();
  m = n-1; inf = m; T = n/4;
  /* the nonabelian group of order p*q, q | p-1: (a, b), a in Z_p, b in Z_q, r of order q mod p;
     numbered a + p*b. G=P Q R in the environment (default 11 5 3) */
  int p = getenv("GP")?atoi(getenv("GP")):11, qq = getenv("GQ")?atoi(getenv("GQ")):5, r = getenv("GR")?atoi(getenv("GR")):3;
  if(p*qq!=m){ fprintf(stderr,"order\n"); return 2; }
  int rp[64]; rp[0]=1; for(int i=1;i<qq;i++) rp[i]=rp[i-1]*r%p;
  for(int x=0;x<m;x++) for(int y=0;y<m;y++){ int a1=x%p,b1=x/p,a2=y%p,b2=y/p; mul[x][y]=((a1+rp[b1]*a2)%p) + p*((b1+b2)%qq); }
  for(int x=0;x<m;x++) for(int y=0;y<m;y++) if(mul[x][y]==0) inv_[x]=y;
  int cls[128]; int nc=0; for(int d=0;d<m;d++) cls[d]=-1;
  for(int d=1;d<m;d++){ if(cls[d]<0){ nc++; cls[d]=nc; cls[inv_[d]]=nc; } }
  h = nc;
  for(int x=0;x<=m;x++) for(int y=0;y<=m;y++){
    int pd, od;
    if(x==y){ pd=od=0; }
    else if(x==inf||y==inf){ pd=h+1; od=2*h+3; }
    else { int d=cls[mul[inv_[x]][y]]; pd=d; od=h+2+d; }
    pk[x][y]=pd; ok_[x][y]=od;
  }
  K = 2*h+4;
  for(int d=1; d<=h; d++){ need[d]=1; need[h+2+d]=2; }
  need[h+1]=1; need[2*h+3]=2;
  P = 4*T;
  int idx=0; for(int x=0;x<=m;x++) arr[idx++]=x;
  for(int i=P-1;i>0;i--){ int j=rnd()%(i+1); int x=arr[i]; arr[i]=arr[j]; arr[j]=x; }
  int cost=0; for(int k=0;k<K;k++) cost += need[k]*need[k];
  for(int t=0;t<T;t++) cost += tcost(t,1);
  clock_t start=clock(); long long it=0; int best=cost;
  double temp0 = argc>4?atof(argv[4]):2.0, tend = argc>5?atof(argv[5]):0.01, temp = temp0; long cyc = argc>6?atol(argv[6]):200000;
  while(cost>0){
    it++;
    if((it & 0xfffff)==0){ if((double)(clock()-start)/CLOCKS_PER_SEC > maxsec) break; }
    long ph = it % cyc; temp = temp0 * pow(tend/temp0, (double)ph/cyc);
    int i = rnd()%P, j = rnd()%P; if(i==j) continue;
    int ti=i/4, tj=j/4; if(ti==tj && (i%2)==(j%2)) continue;
    int d = tcost(ti,-1); if(tj!=ti) d += tcost(tj,-1);
    int x=arr[i]; arr[i]=arr[j]; arr[j]=x;
    d += tcost(ti,1); if(tj!=ti) d += tcost(tj,1);
    if(d<=0 || urand() < exp(-d/temp)){ cost += d; if(cost<best){best=cost;} }
    else { tcost(ti,-1); if(tj!=ti) tcost(tj,-1); x=arr[i]; arr[i]=arr[j]; arr[j]=x; tcost(ti,1); if(tj!=ti) tcost(tj,1); }
  }
  double sec=(double)(clock()-start)/CLOCKS_PER_SEC;
  if(cost==0){
    printf("%d grp=%d,%d,%d ", n, p, qq, r);
    for(int t=0;t<T;t++){ printf("%s%d,%d,%d,%d", t?" ":"", arr[4*t],arr[4*t+1],arr[4*t+2],arr[4*t+3]); }
    printf("\n"); fprintf(stderr,"n=%d found in %.2fs, %lld moves\n", n, sec, it); return 0;
  }
  fprintf(stderr,"n=%d none, best %d, %.1fs\n", n, best, sec); return 1;
}
