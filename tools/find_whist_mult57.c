/* Search the base round of a 1-rotational whist tournament Wh(57) fixed by a multiplier
   (issue 37).

   Build and run (gcc; one core):
       gcc -O2 -o /tmp/find_whist_mult57 tools/find_whist_mult57.c -lm
       /tmp/find_whist_mult57 SEED MAXSEC [HOT COLD CYCLE]
   e.g. /tmp/find_whist_mult57 1 15 3.0 0.2 20000 prints whist.py's line for 57 at once
   ("57 out=0" and the tables); exit 1 if none within MAXSEC. The result depends only on the
   seed and the temperatures.

   The shape is find_whist_rot.c's (whist.rotational_tournament): Z_56 and a fixed player
   56, a fixed round of the cosets of {0, 14, 28, 42}, and a base round, 0 out, moved by each
   s of Z_56. Here the base round is also asked to be the same once every point is
   multiplied by 9 (9^3 = 1 mod 56). 9 fixes the multiples of 7, and a difference d comes
   back to its own class under 9 only when d is a multiple of 7; so the multiples of 7 and
   the fixed player sit at two tables of their own, {56, 28 | 7, 21} (56 and 28 partners,
   7 and 21) and {14, 35 | 42, 49} -- one of the four arrangements of these eight that give
   the differences 7, 14, 21 and 28 exactly what the shape needs of them -- and the other 48 points,
   16 orbits {x, 9x, 81x}, sit at four tables and their images under 9 and 81. The search
   anneals over which orbit takes which seat and which of its three points sits in the
   first table. find_whist_rot.c, which moves all 56 points, never came closer than one
   difference once too often and one once too few; a base round fixed by 3 (order 6) cannot
   work: an even difference then comes back in three classes twice each. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#define M 56
#define INF 56
static int h=28, K;
static int cnt[64], need[64];
static int pk[57][57], ok_[57][57];
static unsigned long long rs;
static inline unsigned rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return (unsigned)(rs>>11); }
static inline double urand(void){ return (rnd() & 0xffffff) / 16777216.0; }
static int tab[14][4];
static int orbit[16][3]; /* orbit k: x, 9x, 81x */
static int so[16], sp[16]; /* slot -> orbit, power */
static int full(void){
  for(int k=0;k<K;k++) cnt[k]=0;
  /* fixed tables */
  int f0[4]={INF,7,28,21}, f1[4]={14,42,35,49};
  for(int s=0;s<4;s++){ tab[0][s]=f0[s]; tab[1][s]=f1[s]; }
  /* f1: partners 14-35 (north-south), 42-49 (east-west) */
  for(int r=0;r<4;r++) for(int j=0;j<3;j++) for(int s=0;s<4;s++){ int slot=4*r+s; tab[2+3*r+j][s]=orbit[so[slot]][(sp[slot]+j)%3]; }
  int cost=0;
  for(int t=0;t<14;t++){ int *a=tab[t]; int keys[6]={pk[a[0]][a[2]],pk[a[1]][a[3]],ok_[a[0]][a[1]],ok_[a[0]][a[3]],ok_[a[2]][a[1]],ok_[a[2]][a[3]]}; for(int i=0;i<6;i++) cnt[keys[i]]++; }
  for(int k=0;k<K;k++){ int d=cnt[k]-need[k]; cost+=d*d; }
  return cost;
}
int main(int argc,char**argv){
  rs = 88172645463325252ULL ^ ((unsigned long long)atoi(argv[1])*2654435761ULL); double maxsec=atof(argv[2]);
  for(int i=0;i<20;i++) rnd();
  for(int p=0;p<=M;p++) for(int q=0;q<=M;q++){ int pd,od; if(p==q){pd=od=0;} else if(p==INF||q==INF){pd=h+1; od=2*h+3;} else { int d=((q-p)%M+M)%M; if(d>M-d) d=M-d; pd=d; od=h+2+d; } pk[p][q]=pd; ok_[p][q]=od; }
  K=2*h+4; for(int d=1; d<=h; d++){ need[d]=1; need[h+2+d]=2; }
  need[14]=1; need[h+2+14]=1; need[28]=0; need[h+2+28]=1; need[h+1]=1; need[2*h+3]=2;
  int seen[56]={0}; int no=0;
  for(int x=1;x<M;x++){ if(x%7==0) continue; if(seen[x]) continue; int y=x; for(int j=0;j<3;j++){ orbit[no][j]=y; seen[y]=1; y=(9*y)%M; } no++; }
  if(no!=16){ fprintf(stderr,"orbits %d\n",no); return 2; }
  for(int i=0;i<16;i++){ so[i]=i; sp[i]=rnd()%3; }
  for(int i=15;i>0;i--){ int j=rnd()%(i+1); int x=so[i]; so[i]=so[j]; so[j]=x; }
  int cost=full(); int best=cost; long long it=0; clock_t start=clock();
  double temp0 = argc>3?atof(argv[3]):2.0, tend = argc>4?atof(argv[4]):0.01, temp; long cyc = argc>5?atol(argv[5]):20000;
  while(cost>0){
    it++;
    if((it & 0xffff)==0){ if((double)(clock()-start)/CLOCKS_PER_SEC > maxsec) break; }
    long ph = it % cyc; temp = temp0 * pow(tend/temp0, (double)ph/cyc);
    int i=rnd()%16, j=rnd()%16; int mode=rnd()%2;
    int o1=so[i],o2=so[j],p1=sp[i],p2=sp[j];
    if(mode==0){ if(i==j) continue; so[i]=o2; so[j]=o1; sp[i]=p2; sp[j]=p1; } else { sp[i]=(sp[i]+1+rnd()%2)%3; }
    int c=full(); int d=c-cost;
    if(d<=0 || urand()<exp(-d/temp)){ cost=c; if(cost<best) best=cost; }
    else { so[i]=o1; so[j]=o2; sp[i]=p1; sp[j]=p2; if(mode==1) sp[i]=p1; }
  }
  if(cost==0){ full(); printf("57 out=0"); for(int t=0;t<14;t++) printf(" %d,%d,%d,%d", tab[t][0],tab[t][1],tab[t][2],tab[t][3]); printf("\n"); fprintf(stderr,"found %lld\n",it); return 0; }
  fprintf(stderr,"none best %d %lld\n",best,it); return 1;
}
