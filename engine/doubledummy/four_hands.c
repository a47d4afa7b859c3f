/* Exact double-dummy search for four-hand Whist and Bid Whist (jokers included): the C
 * twin of engine/doubledummy/four_hands.py (class Solver), called through ctypes by
 * engine/doubledummy/four_hands_c.py.
 *
 * It searches as the Python solver does and gives the same values, with fewer nodes:
 * zero-window alpha-beta ("can seats 0+2 take at least t of the remaining tricks?") over
 * 64-bit hand masks in which each suit's bits run weakest to strongest for the contract
 * (the wrapper converts the engine's cards), jokers at bits 52 (little) and 53 (big);
 * MTD(f) for exact counts; at trick boundaries a transposition table of lower/upper
 * bounds keyed on the leader, the jokers' owners, each hand's suit lengths and, per suit,
 * the owners of the top cards the proof rests on (partition search, see the Python
 * module's docstring; a bucket per key without those owners lists, in one cache line,
 * the prefix lengths its entries use); quick-trick and top-trump bounds; cards of one
 * hand adjacent among the cards left searched as one move; the Python solver's move
 * order; a direct-mapped memory of the move that last decided a search (a lost slot only
 * costs move order). Where it differs from the Python search (so node counts differ):
 * - a bound that settles a search rests only on the top cards of the tricks the target
 *   needs (the Python solver: every top card it counted), and of the bounds that settle
 *   it the one resting on the fewest cards is kept: the table's entries then cover more
 *   positions (about a fifth fewer nodes);
 * - in no trump the partner's cards above every other hand's count in every suit once
 *   the leader can cross to one of them (the Python solver: the best one suit);
 * - the last trick is played out without the table or the bounds;
 * - a child node reuses its parent's summaries of the suits the trick left alone.
 *
 * Where the time goes (perf and callgrind, December 2026): about 8,000 instructions per
 * searched trick (a node), spread over about 11 trick() calls (move generation, ordering)
 * and 5 table probes (the suit summaries, a bucket, about 3 prefix patterns hashed and
 * looked up); the first load of a table entry is the one costly cache miss (a sixth of
 * the time or so), and 94-99% of the cut-offs come from the first move tried, so fewer
 * nodes come from bounds whose proofs rest on fewer cards, not from ordering.
 *
 * Rules (the engine's): a card's strength in a trick is 200 + card for a joker in a trump
 * contract (never wins in no trump: -1), 100 + card for a trump, card for the led suit,
 * -1 otherwise; the suit to follow is the first non-joker card's; a hand must follow it
 * when able (under the club rule jokers_follow_trump the jokers count as trumps for
 * following and a led joker is a trump lead); a joker may be played when leading or
 * when void.
 *
 * Plain C99 with the GCC/Clang bit builtins; no Python API. One handle per deal and
 * contract (dd4_new / dd4_free); its tables grow as needed and are cleared when they
 * pass a cap (answers stay exact, only slower).
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
/* the popcnt instruction (every x86-64 CPU since 2008 or so; dd4_usable checks it):
 * without it the builtin is a library call */
#pragma GCC target("popcnt")
#define HW_POPCNT 1
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
typedef uint32_t u32;

#define LJ 52
#define BJ 53
#define JOKERS ((u64)3 << 52)
#define YES ((u64)1 << 60)
#define REL (((u64)1 << 54) - 1)
#define BIG 99
/* the tables are cleared beyond this many entries (about 200 MB then, the slots at most
 * half full): the answers stay exact, later searches only start afresh */
#define MAX_ENTRIES ((size_t)1 << 21)

static const u64 SUIT[4] = {(u64)0x1FFF, (u64)0x1FFF << 13, (u64)0x1FFF << 26,
                            (u64)0x1FFF << 39};

#ifdef HW_POPCNT
static int popc(u64 x) { return __builtin_popcountll(x); }
#else
/* without the popcnt instruction the builtin is a library call: this is faster */
static int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
/* Python's int.bit_length */
static int blen(u64 m) { return m ? 64 - __builtin_clzll(m) : 0; }
static int hbit(u64 m) { return m ? 63 - __builtin_clzll(m) : -1; }
static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }
/* the cards of card c's suit stronger than it */
static u64 above(int c) { return SUIT[c / 13] & ~(((u64)2 << c) - 1); }

/* a key's slot in a table of cap (a power of two) slots: Fibonacci hashing, the top bits
 * of the product (the low bits of the keys, e.g. a hand's clubs, vary little) */
static size_t slot(u64 x, size_t cap) {
    return (size_t)((x * 0x9e3779b97f4a7c15ULL) >> (64 - __builtin_ctzll((u64)cap)));
}

/* --- tables ---------------------------------------------------------------------------- */
typedef struct { /* bounds of one (bucket, prefix shifts, owners pattern) */
    u64 bkey, lo, hi;
    u32 ks;
    int8_t lb, ub;
    uint8_t used;
} Entry;

#define KS_IN 9
typedef struct { /* a bucket: the prefix shifts of its entries, in probing order; one cache
                  * line: the first KS_IN shifts inline, the others in more */
    u64 bkey;  /* 0: an empty slot (a key always has the hand size, >= 1) */
    u64 bloom; /* a bit per entry of the bucket (bloom_bit): most absent ones skip the probe */
    u32 *more;
    u32 ks[KS_IN];
    uint16_t n, cap; /* shifts; room in more */
} Bucket;

static u32 *ks_at(Bucket *b, u32 j) { return j < KS_IN ? &b->ks[j] : &b->more[j - KS_IN]; }

typedef struct { /* a hand (and trick) -> the move that last decided a search */
    u64 key;
    int8_t card;
} Best;

typedef struct { /* one suit's summary in a position (Python: SuitInfo) */
    u64 x;        /* the four hands' 13-bit masks side by side, bit 63 set (memo key) */
    u32 code;     /* owners strongest first, base-4 digits after a leading 1 */
    uint16_t alive; /* their 13-bit mask */
    uint16_t lens;  /* each hand's length, 4 bits a hand */
    uint8_t n;    /* how many cards */
    uint8_t run;  /* the top owner's run length plus the card ending it */
} SuitInfo;

#define SUIT_MEMO 8192
#ifndef BM_SLOTS
#define BM_SLOTS ((size_t)1 << 15)
#endif

typedef struct {
    int trump, club;
    u64 h[4];
    u64 nodes;
    int best;
    Entry *ent;
    size_t ent_cap, ent_n;
    Bucket *bk;
    size_t bk_cap, bk_n;
    Best *bm;
    size_t max_entries; /* MAX_ENTRIES unless a test sets it */
    SuitInfo memo[SUIT_MEMO]; /* suit summaries, direct-mapped */
    /* per hand size n: the summaries and hands of the node of that size now searched, so
     * that its children reuse the summaries of the suits the trick left alone */
    const SuitInfo *pin[16];
    u64 ph[16][4];
} Dd4;


static void *zalloc(size_t n, size_t size) { return calloc(n, size); }

static void clear_tables(Dd4 *s) {
    size_t i;
    for (i = 0; i < s->bk_cap; i++)
        if (s->bk[i].bkey) free(s->bk[i].more);
    free(s->ent);
    free(s->bk);
    free(s->bm);
    s->ent_cap = 1 << 14;
    s->bk_cap = 1 << 12;
    s->ent = zalloc(s->ent_cap, sizeof(Entry));
    s->bk = zalloc(s->bk_cap, sizeof(Bucket));
    s->bm = zalloc(BM_SLOTS, sizeof(Best));
    s->ent_n = s->bk_n = 0;
}

static u64 ent_hash(u64 bkey, u32 ks, u64 lo, u64 hi) {
    return bkey ^ lo * 0xc2b2ae3d27d4eb4fULL ^ hi * 0x165667b19e3779f9ULL ^ (u64)ks << 44;
}

/* an entry's bit in its bucket's bloom word */
static int bloom_bit(u64 hash) { return (int)((hash * 0xd6e8feb86659fd93ULL) >> 58); }

static Entry *ent_find(Dd4 *s, u64 hash, u64 bkey, u32 ks, u64 lo, u64 hi) {
    size_t m = s->ent_cap - 1, i = slot(hash, s->ent_cap);
    while (s->ent[i].used) {
        Entry *e = &s->ent[i];
        if (e->bkey == bkey && e->lo == lo && e->hi == hi && e->ks == ks) return e;
        i = (i + 1) & m;
    }
    return NULL;
}

static int grow_entries(Dd4 *s) {
    size_t old = s->ent_cap, i, m;
    Entry *o = s->ent, *n = zalloc(2 * old, sizeof(Entry));
    if (!n) return 0;
    s->ent = n;
    s->ent_cap = 2 * old;
    m = s->ent_cap - 1;
    for (i = 0; i < old; i++) {
        if (!o[i].used) continue;
        size_t j = slot(ent_hash(o[i].bkey, o[i].ks, o[i].lo, o[i].hi), s->ent_cap);
        while (n[j].used) j = (j + 1) & m;
        n[j] = o[i];
    }
    free(o);
    return 1;
}

/* the entry, made with bounds [0, 99] (no bound) when new */
static Entry *ent_get(Dd4 *s, u64 hash, u64 bkey, u32 ks, u64 lo, u64 hi) {
    Entry *e = ent_find(s, hash, bkey, ks, lo, hi);
    size_t m, i;
    if (e) return e;
    if (2 * (s->ent_n + 1) > s->ent_cap && !grow_entries(s)) return NULL;
    m = s->ent_cap - 1;
    i = slot(hash, s->ent_cap);
    while (s->ent[i].used) i = (i + 1) & m;
    e = &s->ent[i];
    e->bkey = bkey;
    e->lo = lo;
    e->hi = hi;
    e->ks = ks;
    e->lb = 0;
    e->ub = BIG;
    e->used = 1;
    s->ent_n++;
    return e;
}

static Bucket *bk_find(Dd4 *s, u64 bkey) {
    size_t m = s->bk_cap - 1, i = slot(bkey, s->bk_cap);
    while (s->bk[i].bkey) {
        if (s->bk[i].bkey == bkey) return &s->bk[i];
        i = (i + 1) & m;
    }
    return NULL;
}

static Bucket *bk_get(Dd4 *s, u64 bkey) {
    Bucket *b = bk_find(s, bkey);
    size_t m, i;
    if (b) return b;
    if (2 * (s->bk_n + 1) > s->bk_cap) {
        size_t old = s->bk_cap, k;
        Bucket *o = s->bk, *n = zalloc(2 * old, sizeof(Bucket));
        if (!n) return NULL;
        s->bk = n;
        s->bk_cap = 2 * old;
        m = s->bk_cap - 1;
        for (k = 0; k < old; k++) {
            if (!o[k].bkey) continue;
            size_t j = slot(o[k].bkey, s->bk_cap);
            while (n[j].bkey) j = (j + 1) & m;
            n[j] = o[k];
        }
        free(o);
    }
    m = s->bk_cap - 1;
    i = slot(bkey, s->bk_cap);
    while (s->bk[i].bkey) i = (i + 1) & m;
    b = &s->bk[i];
    b->bkey = bkey;
    b->more = NULL;
    b->n = b->cap = 0;
    b->bloom = 0;
    s->bk_n++;
    return b;
}

static int bm_get(Dd4 *s, u64 key) {
    const Best *b = &s->bm[slot(key, BM_SLOTS)];
    return b->key == key ? b->card : -1;
}

static void bm_set(Dd4 *s, u64 key, int card) {
    Best *b = &s->bm[slot(key, BM_SLOTS)];
    b->key = key;
    b->card = (int8_t)card;
}

/* --- position summaries ------------------------------------------------------------------ */
static void suit_info(u32 a0, u32 a1, u32 a2, u32 a3, SuitInfo *info) {
    u32 alive = a0 | a1 | a2 | a3, rest = alive, code = 1;
    int n = 0, run = 0, top_owner = -1, running = 1;
    while (rest) {
        int r = 31 - __builtin_clz(rest);
        int i = (int)((a1 >> r & 1) | (a2 >> r & 1) << 1) + (int)(a3 >> r & 1) * 3;
        rest ^= 1u << r;
        code = code * 4 + (u32)i;
        n++;
        if (top_owner < 0) top_owner = i;
        if (running) {
            run++;
            running = i == top_owner;
        }
    }
    info->code = code;
    info->n = (uint8_t)n;
    info->alive = (uint16_t)alive;
    info->lens = (uint16_t)(popc(a0) | popc(a1) << 4 | popc(a2) << 8 | popc(a3) << 12);
    info->run = (uint8_t)run;
}

/* the mask of the k strongest cards of a suit summary */
static u32 tops(const SuitInfo *info, int k) {
    u32 m = info->alive;
    int drop = info->n - k;
    while (drop-- > 0) m &= m - 1;
    return m;
}

/* the position's bucket key (leader, jokers' owners, suit lengths, hand size) and its
 * suits' summaries (Python: Solver._key) */
static u64 key_of(Dd4 *s, int leader, SuitInfo infos[4], const SuitInfo *pin, u64 diff) {
    u64 *h = s->h;
    u64 bkey = (u64)leader |
               ((h[0] >> 52) | (h[1] >> 52) << 2 | (h[2] >> 52) << 4 | (h[3] >> 52) << 6)
                   << 2 |
               (u64)popc(h[leader]) << 58;
    int sh = 10, i;
    for (i = 0; i < 4; i++) {
        if (!(diff & SUIT[i])) {
            infos[i] = pin[i];
        } else {
            int b = 13 * i;
            u32 a0 = (u32)(h[0] >> b & 0x1FFF), a1 = (u32)(h[1] >> b & 0x1FFF);
            u32 a2 = (u32)(h[2] >> b & 0x1FFF), a3 = (u32)(h[3] >> b & 0x1FFF);
            u64 x = (u64)1 << 63 | a0 | (u64)a1 << 13 | (u64)a2 << 26 | (u64)a3 << 39;
            SuitInfo *m = &s->memo[slot(x, SUIT_MEMO)];
            if (m->x != x) {
                suit_info(a0, a1, a2, a3, m);
                m->x = x;
            }
            infos[i] = *m;
        }
        if (sh < 58) bkey |= (u64)infos[i].lens << sh;
        sh += 16;
    }
    return bkey;
}

/* the cards a table entry with prefix shifts ks covers in this position */
static u64 rel_mask(const SuitInfo infos[4], u32 ks) {
    u64 out = 0;
    int i;
    for (i = 0; i < 4; i++) {
        int k = infos[i].n - (int)((ks >> (5 * i) & 31) >> 1);
        if (k) out |= (u64)tops(&infos[i], k) << (13 * i);
    }
    return out;
}

static void pattern(const SuitInfo infos[4], u32 ks, u64 *lo, u64 *hi) {
    u64 p[4];
    int i;
    for (i = 0; i < 4; i++) p[i] = infos[i].code >> (ks >> (5 * i) & 31);
    *lo = p[0] | p[1] << 27;
    *hi = p[2] | p[3] << 27;
}

/* record bounds [lb, ub] for the positions whose cards from each suit's top down to the
 * lowest card of rel in it have the same owners (Python: _store) */
static void store(Dd4 *s, u64 bkey, const SuitInfo infos[4], u64 rel, int lb, int ub) {
    u32 ks = 0, j;
    int i;
    u64 lo, hi, hash;
    Bucket *b;
    Entry *e;
    for (i = 0; i < 4; i++) {
        u32 r = (u32)(rel >> (13 * i) & 0x1FFF);
        int k = r ? popc(infos[i].alive & ~((r & (0u - r)) - 1)) : 0;
        ks |= (u32)(2 * (infos[i].n - k)) << (5 * i);
    }
    if (s->ent_n >= s->max_entries) clear_tables(s);
    b = bk_get(s, bkey);
    if (!b) return;
    for (j = 0; j < b->n; j++)
        if (*ks_at(b, j) == ks) break;
    if (j == b->n) {
        if (b->n >= KS_IN && b->n - KS_IN == b->cap) {
            u32 cap = b->cap ? 2 * b->cap : 8;
            u32 *n = realloc(b->more, cap * sizeof(u32));
            if (!n) return;
            b->more = n;
            b->cap = (uint16_t)cap;
        }
        *ks_at(b, b->n++) = ks;
    }
    pattern(infos, ks, &lo, &hi);
    hash = ent_hash(bkey, ks, lo, hi);
    e = ent_get(s, hash, bkey, ks, lo, hi);
    if (!e) return;
    b->bloom |= (u64)1 << bloom_bit(hash);
    if (lb > e->lb) e->lb = (int8_t)lb;
    if (ub < e->ub) e->ub = (int8_t)ub;
}

/* quick tricks in no trump (Python: _quick): the tricks the leader's side takes for
 * sure, and in *rel_o the cards that the first need of them rest on. The leader cashes
 * its cards above every other hand's; then, if it holds a card of a suit whose top cards
 * are its partner's, it crosses there and the partner cashes its cards above every other
 * hand's in every suit (the Python solver counts the best one such suit). While the
 * leader cashes, the partner follows with lower cards or throws cards away; if it must
 * throw some of those top cards, the ones it keeps (one the leader can reach among them)
 * still take every trick left, so the count is sure up to the hand size. Any part of
 * the count is sure too, so rel holds only the top cards of the first need tricks
 * counted (the leader's first, then the partner's from the suit crossed to). */
static int quick_nt(Dd4 *s, int leader, const SuitInfo infos[4], int need, u64 *rel_o) {
    u64 *h = s->h;
    u64 mine = h[leader];
    u64 o1 = h[(leader + 1) & 3], o2 = h[(leader + 2) & 3], o3 = h[(leader + 3) & 3];
    int lt[4], pt[4], total = 0, all = 0, cross = -1, n = popc(mine), count, k, st, take;
    u64 rel = 0;
    for (st = 0; st < 4; st++) {
        u64 m = mine & SUIT[st], p = o2 & SUIT[st], oth = (o1 | o2 | o3) & SUIT[st];
        u64 rest = (mine | o1 | o3) & SUIT[st];
        lt[st] = !m ? 0 : oth ? popc(m >> blen(oth)) : popc(m);
        pt[st] = !p ? 0 : rest ? popc(p >> blen(rest)) : popc(p);
        total += lt[st];
        all += pt[st];
        if (pt[st] && m && cross < 0) cross = st;
    }
    count = total;
    if (total < n && cross >= 0) count = imin(total + all, n);
    k = imin(need, count);
    for (st = 0; st < 4 && k > 0; st++) {
        take = imin(lt[st], k);
        if (take) rel |= (u64)tops(&infos[st], take) << (13 * st);
        k -= take;
    }
    for (st = -1; st < 4 && k > 0; st++) { /* the crossing suit first */
        int t = st < 0 ? cross : st;
        if (st == cross) continue;
        take = imin(pt[t], k);
        if (take) rel |= (u64)tops(&infos[t], take) << (13 * t);
        k -= take;
    }
    *rel_o = rel;
    return count;
}

/* quick tricks in a trump contract (Python: _quick): the jokers the leader cashes, its
 * top trumps when no other hand holds a joker, its side suits' top cards for the rounds
 * before an opponent (or, unless the partner has cards enough to throw instead, the
 * partner) can ruff: every round of suits no such hand can ruff, of the others the one
 * suit giving most; and in *rel_o the cards that the first need of them rest on (the
 * jokers first, which rest on no card as the table's key holds their owners, then the
 * top trumps, then the side suits' top cards). */
static int quick_tr(Dd4 *s, int leader, const SuitInfo infos[4], int need, u64 *rel_o) {
    u64 *h = s->h;
    u64 mine = h[leader];
    u64 o1 = h[(leader + 1) & 3], o2 = h[(leader + 2) & 3], o3 = h[(leader + 3) & 3];
    u64 others = o1 | o2 | o3, ruffing = SUIT[s->trump] | JOKERS, rel = 0;
    int trump = s->trump, jk = 0, cw[4] = {0, 0, 0, 0}, co[4] = {0, 0, 0, 0}, *cnt;
    int lim = 0, lim_s = -1, lim_p = 0, lim_ps = -1, with_p, without_p, count, k, st, take;
    if (mine >> 53 & 1) {
        jk = 1 + (int)(mine >> 52 & 1);
    } else if ((mine >> 52 & 1) && !(others >> 53 & 1)) {
        jk = 1;
    }
    for (st = 0; st < 4; st++) {
        u64 m = mine & SUIT[st], oth = others & SUIT[st];
        int top, safe = BIG, safe_p;
        if (!m) continue;
        top = oth ? popc(m >> blen(oth)) : popc(m);
        if (!top) continue;
        if (st == trump) {
            if (!(others & JOKERS)) cw[st] = co[st] = top;
            continue;
        }
        if (o1 & ruffing) safe = imin(safe, popc(o1 & SUIT[st]));
        if (o3 & ruffing) safe = imin(safe, popc(o3 & SUIT[st]));
        safe_p = (o2 & ruffing) ? imin(safe, popc(o2 & SUIT[st])) : safe;
        if (safe >= BIG)
            co[st] = top;
        else if (imin(top, safe) > lim_p) {
            lim_p = imin(top, safe);
            lim_ps = st;
        }
        if (safe_p >= BIG)
            cw[st] = top;
        else if (imin(top, safe_p) > lim) {
            lim = imin(top, safe_p);
            lim_s = st;
        }
    }
    if (lim_s >= 0) cw[lim_s] = lim;
    if (lim_ps >= 0) co[lim_ps] = lim_p;
    with_p = jk + cw[0] + cw[1] + cw[2] + cw[3];
    without_p = jk + co[0] + co[1] + co[2] + co[3];
    cnt = cw;
    count = with_p;
    if (without_p > with_p && popc(o2 & ~ruffing) >= without_p) {
        cnt = co;
        count = without_p;
    }
    k = imin(need, count) - jk;
    for (st = -1; st < 4 && k > 0; st++) { /* the trump suit first */
        int t = st < 0 ? trump : st;
        if (st == trump) continue;
        take = imin(cnt[t], k);
        if (take) rel |= (u64)tops(&infos[t], take) << (13 * t);
        k -= take;
    }
    *rel_o = rel;
    return count;
}

/* bounds on seats 0+2's tricks with the cards each rests on (Python: _bounds), for a
 * search of target: of the bounds that settle it (lb >= target or ub < target), the one
 * resting on the fewest cards, and the top trumps counted only as far as target needs
 * (fewer cards to rest on: the table's entries cover more positions) */
static void bounds(Dd4 *s, int leader, int n, int target, const SuitInfo infos[4], int *lb_o,
                   int *ub_o, u64 *lrel_o, u64 *urel_o) {
    int lb = 0, ub = n, qt, trump = s->trump;
    u64 lrel = 0, urel = 0;
    u64 *h = s->h;
    {
        /* the leader's side needs need tricks to settle the search */
        int need = (leader & 1) ? n - target + 1 : target;
        u64 rel;
        qt = trump < 0 ? quick_nt(s, leader, infos, need, &rel)
                       : quick_tr(s, leader, infos, need, &rel);
        if (qt >= need) qt = need; /* what rel proves */
        if (leader & 1) {
            ub = n - qt;
            urel = rel;
        } else {
            lb = qt;
            lrel = rel;
        }
    }
    if (trump >= 0) {
        u64 group = SUIT[trump] | JOKERS;
        u64 cards = (h[0] | h[1] | h[2] | h[3]) & group;
        if (cards) {
            int c = hbit(cards), holder = 0, run = 0, jok = 0, k, t0, t1, t2, t3, g;
            u64 mine, rel = 0;
            while (!(h[holder] >> c & 1)) holder++;
            mine = h[holder];
            while (cards && (mine >> c & 1)) {
                run++;
                jok += c >= 52;
                cards ^= (u64)1 << c;
                c = hbit(cards);
                if (c < 0) break;
            }
            /* the holder's side takes the run's k top cards: as many as settle the search */
            k = (holder & 1) ? n - target + 1 : target;
            if (k < 1 || k > run) k = run;
            if (!(cards & JOKERS) && k > jok) rel = (u64)tops(&infos[trump], k - jok) << (13 * trump);
            if (holder & 1) {
                int settles = n - k < target, before = ub < target;
                if ((settles && (!before || popc(rel) < popc(urel))) || (!settles && !before && n - k < ub)) {
                    ub = n - k;
                    urel = rel;
                }
            } else {
                int settles = k >= target, before = lb >= target;
                if ((settles && (!before || popc(rel) < popc(lrel))) || (!settles && !before && k > lb)) {
                    lb = k;
                    lrel = rel;
                }
            }
            t0 = popc(h[0] & group);
            t1 = popc(h[1] & group);
            t2 = popc(h[2] & group);
            t3 = popc(h[3] & group);
            g = imax(t0, t2) - t1 - t3;
            if (g >= lb || (g >= target && lrel)) {
                lb = imax(g, 0);
                lrel = 0;
            }
            g = imax(t1, t3) - t0 - t2;
            if (n - g <= ub || (n - g < target && urel)) {
                ub = imin(n - g, n);
                urel = 0;
            }
        }
    }
    *lb_o = lb;
    *ub_o = ub;
    *lrel_o = lrel;
    *urel_o = urel;
}

/* --- moves ------------------------------------------------------------------------------ */
/* the lowest card of each run of the legal cards of the suit at bit base, adjacent among
 * the alive cards, strongest run first (as internal cards); returns the count */
static int suit_runs(u64 legal, u64 alive, int base, int *out) {
    u32 m = (u32)(legal >> base & 0x1FFF), a = (u32)(alive >> base & 0x1FFF);
    int k = 0;
    while (m) {
        int c = 31 - __builtin_clz(m);
        m ^= 1u << c;
        for (;;) {
            u32 below = a & ((1u << c) - 1);
            int nxt;
            if (!below) break;
            nxt = 31 - __builtin_clz(below);
            if (!(m >> nxt & 1)) break;
            m ^= 1u << nxt;
            c = nxt;
        }
        out[k++] = base + c;
    }
    return k;
}

/* one card of each run of equivalent legal cards (Python: _reps) */
static int reps(u64 legal, u64 alive, int *out) {
    int k = 0, b;
    for (b = 0; b < 52; b += 13)
        if (legal >> b & 0x1FFF) k += suit_runs(legal, alive, b, out + k);
    if (legal >> 52) {
        if (legal >> 53 & 1)
            out[k++] = BJ;
        else if (legal >> 52 & 1)
            out[k++] = LJ;
    }
    return k;
}

/* stable sort of moves by keys (insertion sort: at most 14 moves) */
static void sort_by(int *moves, int *keys, int n) {
    int i, j;
    for (i = 1; i < n; i++) {
        int m = moves[i], k = keys[i];
        for (j = i - 1; j >= 0 && keys[j] > k; j--) {
            moves[j + 1] = moves[j];
            keys[j + 1] = keys[j];
        }
        moves[j + 1] = m;
        keys[j + 1] = k;
    }
}

/* likely best first (Python: _order, _lead_order, _follow_order) */
static void order(Dd4 *s, int *moves, int n, int seat, int pos, int led, int best_v,
                  int best_seat) {
    int keys[16], i, trump = s->trump;
    if (pos == 0) {
        u64 *h = s->h;
        u64 o1 = h[(seat + 1) & 3], o2 = h[(seat + 2) & 3], o3 = h[(seat + 3) & 3];
        u64 others = o1 | o2 | o3, mine = h[seat];
        u64 ruffing = trump >= 0 ? (SUIT[trump] | JOKERS) : 0;
        int feats[4], st;
        for (st = 0; st < 4; st++) {
            u64 sm = SUIT[st], p = o2 & sm;
            int f = 0;
            if (p && blen(p) > blen((o1 | o3) & sm)) f = 1;
            if ((mine & sm) && blen(mine & sm) > blen((o1 | o2 | o3) & sm)) f |= 8;
            if (ruffing && st != trump) {
                if ((!(o1 & sm) && (o1 & ruffing)) || (!(o3 & sm) && (o3 & ruffing))) f |= 2;
                if (!p && (o2 & ruffing)) f |= 4;
            }
            feats[st] = f;
        }
        for (i = 0; i < n; i++) {
            int c = moves[i];
            if (c >= 52) {
                keys[i] = trump >= 0 ? 0 * 1000 - c + 500 : 3 * 1000 + c + 500;
            } else {
                int f = feats[c / 13];
                int top = !(others & above(c));
                if (top && !(f & 2)) {
                    keys[i] = 1 * 1000 - c + 500;
                } else {
                    int score = (f & 1) * 2 + (f >> 2 & 1) * 2 - (f >> 1 & 1) * 2 - (f >> 3 & 1);
                    keys[i] = 2 * 1000 + (2 - score) * 16 + c % 13 + 500;
                }
            }
        }
    } else {
        int partner_wins = best_seat >= 0 && (best_seat & 1) == (seat & 1);
        for (i = 0; i < n; i++) {
            int c = moves[i], v, wins, strength;
            if (c >= 52) {
                v = trump >= 0 ? 200 + c : -1;
            } else {
                int st = c / 13;
                v = st == trump ? 100 + c : (st == led || led < 0 ? c : -1);
            }
            wins = v > best_v;
            strength = v >= 0 ? v : c % 13 - 20;
            if (partner_wins || !wins)
                keys[i] = (wins ? 1 : 0) * 10000 + strength + 2000;
            else
                keys[i] = strength - 1000 + 2000;
        }
    }
    sort_by(moves, keys, n);
}

/* --- the search ------------------------------------------------------------------------- */
static u64 node(Dd4 *s, int leader, int target);

/* the rest of a trick from seat (the pos-th card): YES (or 0) plus the cards the answer
 * rests on (Python: _trick) */
static u64 trick(Dd4 *s, int seat, int pos, int led, int best_v, int best_seat, u64 tmask,
                 int target, int64_t key) {
    u64 *h = s->h;
    u64 hand = h[seat], legal = hand, alive, maxing, rel = 0;
    int following = 0, moves[16], n, i, nxt = (seat + 1) & 3, trump = s->trump, club = s->club;
    if (led >= 0) {
        u64 group = SUIT[led];
        if (club && led == trump) group |= JOKERS;
        if (hand & group) {
            legal = hand & group;
            following = 1;
        }
    }
    alive = h[0] | h[1] | h[2] | h[3] | tmask;
    if (following && !(legal >> 52))
        n = suit_runs(legal, alive, 13 * led, moves);
    else
        n = reps(legal, alive, moves);
    if (n > 1) order(s, moves, n, seat, pos, led, best_v, best_seat);
    if (pos && n > 1) key = (int64_t)(hand ^ tmask << 7);
    if (key >= 0 && n > 1) {
        int first = bm_get(s, (u64)key);
        if (first >= 0 && moves[0] != first) {
            for (i = 1; i < n && moves[i] != first; i++)
                ;
            if (i < n) {
                for (; i > 0; i--) moves[i] = moves[i - 1];
                moves[0] = first;
            }
        }
    }
    maxing = (seat & 1) ? 0 : YES;
    for (i = 0; i < n; i++) {
        int c = moves[i], new_led = led, v, bv, bs;
        u64 bit = (u64)1 << c, r;
        h[seat] = hand ^ bit;
        if (c >= 52) {
            v = trump >= 0 ? 200 + c : -1;
            if (pos == 0 && club) new_led = trump;
        } else {
            int st = c / 13;
            if (new_led < 0) new_led = st;
            v = st == trump ? 100 + c : (st == new_led ? c : -1);
        }
        if (v > best_v) {
            bv = v;
            bs = seat;
        } else {
            bv = best_v;
            bs = best_seat;
        }
        if (pos == 3) {
            r = node(s, bs, target - ((bs & 1) ? 0 : 1));
            if (bv >= 0 && bv < 200) { /* a card that beat another of its suit won by rank */
                int w = bv >= 100 ? bv - 100 : bv;
                if ((tmask | bit) & SUIT[w / 13] & ~((u64)1 << w)) r |= (u64)1 << w;
            }
        } else {
            r = trick(s, nxt, pos + 1, new_led, bv, bs, tmask | bit, target, -1);
        }
        h[seat] = hand;
        if ((r & YES) == maxing) {
            if (pos == 0)
                s->best = c;
            else if (key >= 0)
                bm_set(s, (u64)key, c);
            return r;
        }
        rel |= r;
    }
    if (pos == 0) s->best = -1;
    rel &= REL;
    /* every move failed: a run reaching from above the lowest card the answer rests on in
     * its suit to below it also makes the answer rest on the run's card searched */
    for (i = 0; i < n; i++) {
        int c = moves[i];
        u64 low, ab;
        if (c >= 52) continue;
        low = rel & SUIT[c / 13];
        if (!low) continue;
        low &= (0 - low);
        if (low <= ((u64)1 << c)) continue;
        ab = alive & above(c);
        while (ab) {
            u64 nb = ab & (0 - ab);
            if (!(legal & nb)) break;
            if (nb >= low) {
                rel |= (u64)1 << c;
                break;
            }
            ab ^= nb;
        }
    }
    return rel | (YES ^ maxing);
}

/* at a trick boundary: can seats 0+2 take target of the remaining tricks? (Python: _node) */
static u64 node(Dd4 *s, int leader, int target) {
    u64 *h = s->h;
    int n, lb, ub;
    u64 bkey, lrel, urel, r, lead_key;
    SuitInfo infos[4];
    Bucket *b;
    if (target <= 0) return YES;
    n = popc(h[leader]);
    if (target > n) return 0;
    /* the last trick (target is 1): played out at once, without the table or the bounds */
    if (n == 1) return trick(s, leader, 0, -1, -1, -1, 0, target, -1);
    {
        const SuitInfo *pi = s->pin[n + 1];
        const u64 *ph = s->ph[n + 1];
        u64 diff = pi ? (ph[0] ^ h[0]) | (ph[1] ^ h[1]) | (ph[2] ^ h[2]) | (ph[3] ^ h[3])
                      : ~(u64)0;
        bkey = key_of(s, leader, infos, pi, diff);
    }
    b = bk_find(s, bkey);
    if (b) {
        u32 j;
        for (j = 0; j < b->n; j++) {
            u32 *kp = ks_at(b, j), ks = *kp;
            u64 lo, hi, hash;
            Entry *e;
            pattern(infos, ks, &lo, &hi);
            hash = ent_hash(bkey, ks, lo, hi);
            if (!(b->bloom >> bloom_bit(hash) & 1)) continue;
            e = ent_find(s, hash, bkey, ks, lo, hi);
            if (e && (e->lb >= target || e->ub < target)) {
                if (j) { /* the entry that decided goes first next time */
                    *kp = b->ks[0];
                    b->ks[0] = ks;
                }
                return (e->lb >= target ? YES : 0) | rel_mask(infos, ks);
            }
        }
    }
    bounds(s, leader, n, target, infos, &lb, &ub, &lrel, &urel);
    if (lb >= target) {
        store(s, bkey, infos, lrel, lb, n);
        return YES | lrel;
    }
    if (ub < target) {
        store(s, bkey, infos, urel, 0, ub);
        return urel;
    }
    s->nodes++;
    lead_key = h[leader] | (u64)leader << 54;
    s->pin[n] = infos;
    memcpy(s->ph[n], h, sizeof s->ph[n]);
    r = trick(s, leader, 0, -1, -1, -1, 0, target, (int64_t)lead_key);
    if (r & YES)
        store(s, bkey, infos, r, target, n);
    else
        store(s, bkey, infos, r, 0, target - 1);
    if (s->best >= 0) bm_set(s, lead_key, s->best);
    return r;
}

/* strength of card c in a trick whose suit is led (-1 none) (Python: _value) */
static int value(Dd4 *s, int c, int led) {
    int st;
    if (c >= 52) return s->trump >= 0 ? 200 + c : -1;
    st = c / 13;
    if (st == s->trump) return 100 + c;
    if (st == led) return c;
    return -1;
}

/* --- the interface ---------------------------------------------------------------------- */
/* a handle for one deal's contract: trump 0-3 or -1, club = jokers_follow_trump (in a
 * trump contract) */
void *dd4_new(int trump, int club) {
    Dd4 *s = zalloc(1, sizeof(Dd4));
    if (!s) return NULL;
    s->trump = trump;
    s->club = club && trump >= 0;
    s->best = -1;
    s->max_entries = MAX_ENTRIES;
    clear_tables(s);
    if (!s->ent || !s->bk || !s->bm) {
        free(s->ent);
        free(s->bk);
        free(s->bm);
        free(s);
        return NULL;
    }
    return s;
}

void dd4_free(void *p) {
    Dd4 *s = p;
    size_t i;
    if (!s) return;
    for (i = 0; i < s->bk_cap; i++)
        if (s->bk[i].bkey) free(s->bk[i].more);
    free(s->ent);
    free(s->bk);
    free(s->bm);
    free(s);
}

/* whether this CPU runs the library (it was built for the popcnt instruction) */
int dd4_usable(void) {
#ifdef HW_POPCNT
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0;
#else
    return 1;
#endif
}

unsigned long long dd4_nodes(void *p) { return ((Dd4 *)p)->nodes; }

/* clear the tables beyond n entries (tests: the answers stay exact) */
void dd4_set_max_entries(void *p, unsigned long long n) { ((Dd4 *)p)->max_entries = (size_t)n; }

/* the entries the transposition table holds */
unsigned long long dd4_entries(void *p) { return ((Dd4 *)p)->ent_n; }

/* can seats 0+2 take target tricks from the position: hands (internal masks, without the
 * trick's cards), leader, the ntrick internal cards of the trick from the leader on, the
 * suit to follow led (-1 none)? (Python: _run) */
int dd4_at_least(void *p, const u64 *hands, int leader, int ntrick, const int *tcards, int led,
                 int target) {
    Dd4 *s = p;
    int i, best_v = -1, best_seat = -1, cur_led = -1;
    u64 tmask = 0, r;
    for (i = 0; i < 4; i++) s->h[i] = hands[i];
    for (i = 0; i < 16; i++) s->pin[i] = NULL;
    if (!ntrick) return (node(s, leader, target) & YES) != 0;
    for (i = 0; i < ntrick; i++) {
        int c = tcards[i], v;
        tmask |= (u64)1 << c;
        if (c < 52 && cur_led < 0) cur_led = c / 13;
        v = value(s, c, cur_led);
        if (v > best_v) {
            best_v = v;
            best_seat = (leader + i) & 3;
        }
    }
    if (ntrick == 4)
        return (node(s, best_seat, target - ((best_seat & 1) ? 0 : 1)) & YES) != 0;
    r = trick(s, (leader + ntrick) & 3, ntrick, led, best_v, best_seat, tmask, target, -1);
    return (r & YES) != 0;
}

/* the tricks seats 0+2 take from the position (MTD(f) from guess; -1: none) (Python:
 * Solver.tricks) */
int dd4_tricks(void *p, const u64 *hands, int leader, int ntrick, const int *tcards, int led,
               int guess) {
    int total = popc(hands[leader]) + (ntrick ? 1 : 0);
    int lb = 0, ub = total, g = guess < 0 ? total / 2 : imin(guess, total);
    while (lb < ub) {
        int t = imin(imax(g, lb + 1), ub);
        if (dd4_at_least(p, hands, leader, ntrick, tcards, led, t)) {
            lb = t;
            g = t + 1;
        } else {
            ub = t - 1;
            g = t - 1;
        }
    }
    return lb;
}
