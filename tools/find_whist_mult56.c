/* Search the base round of a Z-cyclic whist tournament Wh(56) fixed by a multiplier (issue 37).

   Build and run (gcc; one core):
       gcc -O2 -o /tmp/find_whist_mult56 tools/find_whist_mult56.c -lm
       /tmp/find_whist_mult56 SEED MAXSEC [HOT COLD CYCLE]
   e.g. /tmp/find_whist_mult56 1 30 3.0 0.2 5000000 prints whist.py's line for 56 (11 s of CPU
   on the development machine); exit 1 if none within MAXSEC. The result depends only on the
   seed and the temperatures.

   The players are Z_55 and a fixed player 55, developed as find_whist.c's (cyclic.py); the
   base round is asked to be the same round once every point x is multiplied by 21 (21^2 = 1
   mod 55: 21 = 1 mod 5, -1 mod 11). A difference d goes to 21d: a multiple of 5 stays in its
   class (21 * 5k = -5k), so a partner pair at such a difference may not be at a table that
   21 moves to another (the class would come twice); 21 fixes 0, 11, 22, 33, 44. So four
   tables are fixed by 21: {55, 0 | 11, 44} (north, south, east, west: 55 and 0 partners),
   {22, 33 | z, 21z}, {x1, 21x1 | y1, 21y1} and {x2, 21x2 | y2, 21y2}, whose partners
   x, 21x differ by 20x, a multiple of 5; the other 40 points are 20 orbits {x, 21x} seated
   at five tables and their five images under 21. The search anneals over which orbit takes
   which seat, and which of its two points sits in the first table: 25 orbits in all, where
   find_whist.c moves 56 points. Each base round it prints is checked again by whist.py's
   tests, pair by pair, once developed. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#define M 55
#define INF 55
#define MU 21
static int h=27, K, T=14;
static int arr[56], cnt[64], need[64];
static int pk[56][56], ok_[56][56];
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
/* slots: 0..4 self slots (table 1: seat pair (1,3) holds z,21z; table 2: (0,2) x1 and (1,3) y1; table 3 likewise),
   5..24 rep slots: rep table k (0..4) = actual table 4+2k, mate 5+2k, seat s */
static int orb[25], ori[25], orbrep[25];
static int slot_tables(int s, int *ts){ if(s==0){ ts[0]=1; return 1; } if(s<=2){ ts[0]=2; return 1; } if(s<=4){ ts[0]=3; return 1; } int k=(s-5)/4; ts[0]=4+2*k; ts[1]=5+2*k; return 2; }
static void place(int s){
  int o=orb[s]; int x=orbrep[o], y=(MU*x)%M;
  if(s==0){ arr[4*1+1]=x; arr[4*1+3]=y; return; }
  if(s<=4){ int t = s<=2?2:3; int first = (s==1||s==3); if(first){ arr[4*t+0]=x; arr[4*t+2]=y; } else { arr[4*t+1]=x; arr[4*t+3]=y; } return; }
  int k=(s-5)/4, seat=(s-5)%4; int a = ori[s]? y : x; arr[4*(4+2*k)+seat]=a; arr[4*(5+2*k)+seat]=(MU*a)%M;
}
int main(int argc,char**argv){
  rs = 88172645463325252ULL ^ ((unsigned long long)atoi(argv[1])*2654435761ULL); double maxsec=atof(argv[2]);
  for(int i=0;i<20;i++) rnd();
  for(int p=0;p<=M;p++) for(int q=0;q<=M;q++){ int pd,od; if(p==q){pd=od=0;} else if(p==INF||q==INF){pd=h+1; od=2*h+3;} else { int d=((q-p)%M+M)%M; if(d>M-d) d=M-d; pd=d; od=h+2+d; } pk[p][q]=pd; ok_[p][q]=od; }
  K=2*h+4; for(int d=1; d<=h; d++){ need[d]=1; need[h+2+d]=2; } need[h+1]=1; need[2*h+3]=2;
  /* orbits */
  int seen[55]={0}; int no=0; for(int x=1;x<M;x++){ if(x%11==0) continue; if(seen[x]) continue; seen[x]=seen[(MU*x)%M]=1; orbrep[no++]=x; }
  if(no!=25){ fprintf(stderr,"orbits %d\n",no); return 2; }
  /* fixed parts */
  arr[0]=INF; arr[1]=11; arr[2]=0; arr[3]=44;
  arr[4]=22; arr[6]=33;
  for(int i=0;i<25;i++) orb[i]=i;
  for(int i=24;i>0;i--){ int j=rnd()%(i+1); int x=orb[i]; orb[i]=orb[j]; orb[j]=x; }
  for(int i=0;i<25;i++){ ori[i]=rnd()&1; place(i); }
  int cost=0; for(int k=0;k<K;k++) cost+=need[k]*need[k]; for(int t=0;t<T;t++) cost+=tcost(t,1);
  clock_t start=clock(); long long it=0; int best=cost;
  double temp0 = argc>3?atof(argv[3]):2.0, tend = argc>4?atof(argv[4]):0.01, temp; long cyc = argc>5?atol(argv[5]):200000;
  while(cost>0){
    it++;
    if((it & 0xfffff)==0){ if((double)(clock()-start)/CLOCKS_PER_SEC > maxsec) break; }
    long ph = it % cyc; temp = temp0 * pow(tend/temp0, (double)ph/cyc);
    int i=rnd()%25, j=rnd()%25; int flip = (rnd()%4==0);
    if(!flip && i==j) continue;
    if(flip && i<5) continue;
    int ts[8], nt=0, tt[2];
    int c=slot_tables(i,tt); for(int q=0;q<c;q++) ts[nt++]=tt[q];
    if(!flip){ c=slot_tables(j,tt); for(int q=0;q<c;q++){ int dup=0; for(int r=0;r<nt;r++) if(ts[r]==tt[q]) dup=1; if(!dup) ts[nt++]=tt[q]; } }
    int d=0; for(int q=0;q<nt;q++) d+=tcost(ts[q],-1);
    int so[2]={orb[i],orb[j]}, sr[2]={ori[i],ori[j]};
    if(flip){ ori[i]^=1; place(i); } else { int x=orb[i]; orb[i]=orb[j]; orb[j]=x; x=ori[i]; ori[i]=ori[j]; ori[j]=x; place(i); place(j); }
    for(int q=0;q<nt;q++) d+=tcost(ts[q],1);
    if(d<=0 || urand()<exp(-d/temp)){ cost+=d; if(cost<best) best=cost; }
    else { for(int q=0;q<nt;q++) tcost(ts[q],-1); orb[i]=so[0]; ori[i]=sr[0]; if(!flip){ orb[j]=so[1]; ori[j]=sr[1]; place(j);} place(i); for(int q=0;q<nt;q++) tcost(ts[q],1); }
  }
  double sec=(double)(clock()-start)/CLOCKS_PER_SEC;
  if(cost==0){ printf("56"); for(int t=0;t<T;t++) printf(" %d,%d,%d,%d", arr[4*t],arr[4*t+1],arr[4*t+2],arr[4*t+3]); printf("\n"); fprintf(stderr,"found %.1fs\n",sec); return 0; }
  fprintf(stderr,"none best %d %.1fs %lld\n",best,sec,it); return 1;
}
