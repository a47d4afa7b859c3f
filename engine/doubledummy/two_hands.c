/* Exact double-dummy search for two-player Whist and Bid Whist (straw piles, every card
 * known): the C twin of engine/doubledummy/two_hands.py (Solver2), called through ctypes by
 * engine/doubledummy/two_hands_c.py. Plain C99, no Python API.
 *
 * The game (RULES.md section 4.3): a trick is four cards, the leader's, the other
 * player's, the leader's, the other's; the highest card wins it for its player. Each
 * player plays from a hand and from the face-up cards of straw piles; playing a face-up
 * straw card turns up the card beneath it. Suit to follow: the first non-joker card's
 * (club rule, trump contracts only: a led joker makes it a trump lead and the jokers
 * follow trump); jokers are the highest trumps (big over little) and never win a no
 * trump trick.
 *
 * The question: how many of the remaining tricks (the trick in progress included) seat 0
 * takes with best play by both (seat 0 playing for tricks, seat 1 against; the other way
 * round in a misere game, the two-player Whist Low game, where each wants few).
 * dd2_at_least answers "at least t?" with one zero-window alpha-beta search; dd2_tricks
 * drives it by MTD(f) to the exact count.
 *
 * Speed:
 *  - cards are renumbered by their place in the contract's order (13 * suit + strength
 *    in the suit, jokers 52 and 53), so "higher in the suit" is "higher bit";
 *  - hand cards of one player adjacent in that order among the cards still in play
 *    (the trick's included) are one move; a face-up straw card with a card beneath is
 *    always a move of its own, and one with nothing beneath is a hand card (playing it
 *    turns up nothing);
 *  - a fixed-size table of bounds (lower, upper) at trick starts (its size the caller's:
 *    a search of billions of positions wants 2^24 entries, a short one 2^21), buckets of
 *    four (the entry that cost the fewest positions to search is replaced: a fifth
 *    fewer nodes than replacing the one with the fewest tricks left on a full deal
 *    whose search fills the table), kept for the handle's life (one deal and contract): every
 *    search of the deal reuses what the earlier ones proved;
 *  - its key is rank-relative: each card left is named by its rank among the cards left
 *    of its suit, so positions that differ only in which low cards were already played
 *    share an entry. Exact: the trick winner and the suit to follow depend only on the
 *    suits and the order of the cards in play, and the key keeps everything else -
 *    whose hand holds a card, and each straw pile with a card beneath as (face-up card,
 *    card beneath) in relative ranks, the piles of a player sorted (their order does not
 *    matter), plus the leader;
 *  - sure tricks as bounds at each trick start (trump contracts): a player's jokers and
 *    trumps above all of the other's win every trick they are played to, two a trick
 *    at most; and (not in a misere game) the leader's quick tricks, its winners in the
 *    other suits cashed from the top (quick_tricks), about halving the nodes of a no
 *    trump search;
 *  - in a no trump misere game, at each trick start: seat 0 cannot take every trick left
 *    if it can surely lose this one, and takes one if seat 1 can (duck_lead,
 *    duck_follow); about a tenth fewer nodes;
 *  - at a trick's last card the trick starts each card leads to are first looked up
 *    (their bounds, then the table, every bucket fetched from memory at once): one
 *    settled for the player to move ends the search before any is searched ("enhanced
 *    transposition cut-off"), one settled against it is skipped, and the keys made are
 *    handed down. A third to a half fewer nodes, at about the same cost a node in short
 *    searches; it pays in long ones, a Low game's most;
 *  - the best move found at a trick start is kept in the table (as a relative rank) and
 *    tried first next time; other moves are ordered by simple card-play rules (win
 *    cheaply, else play low; lead from the top, a winner first, a card the other will
 *    ruff last; in a misere game duck, and the last two leads, or leader's second
 *    cards, that cut at as many tricks left come next: "killer moves", which pay
 *    there, where the rules order those badly, and cost elsewhere).
 *
 * A question may be given a budget of positions: past it the search stops, stores
 * nothing more and answers -1 (the table keeps only what was fully searched).
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS and madvise under -std=c99 */
#include <sys/mman.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define KEYW 5
#define BUCKET 4
#define NOMOVE 255

typedef struct {
    u64 key[KEYW];
    int8_t lb, ub;    /* bounds on seat 0's tricks from this trick start */
    uint8_t best;     /* relative card of the best move found, or NOMOVE */
    uint8_t depth;    /* tricks left; 0 = empty slot */
    uint8_t work;     /* bits of the most positions searched under it in one question */
} Entry;

typedef struct {
    int trump, club, misere;
    u64 hand[2];           /* hand cards dealt (never straw), internal numbering */
    int npiles[2];
    int pd[2][7], pu[2][7];/* each pile: card beneath, face-up card */
    int to_idx[54];            /* engine card -> internal number */
    int under[54];         /* a straw pile's face-up card -> the card beneath, else -1 */
    Entry *tt;
    u64 tt_mask;           /* number of buckets - 1 */
    void *tt_map;          /* the table's mapping (Linux; else NULL: tt from calloc) */
    size_t tt_bytes;
    u64 nodes;
    u64 stop;              /* nodes at which the search in progress gives up */
    int killer[16][4][2];  /* misere: per tricks left and trick place, the last two
                              cards that cut (leads, and the leader's second cards) */
    int aborted;
} Solver;

/* each player's cards that play like hand cards and its face-up straw cards with a card
 * beneath (see split), carried down the search and updated card by card */
typedef struct {
    u64 h[2], t[2];
} Play;

static const u64 SUIT = 0x1FFFULL;

/* x86-64 processors have counted bits in one instruction since 2008 (popcnt, the
 * x86-64-v2 level), but the compiler uses it only when told: without, a library call */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("popcnt")
#endif
#if defined(__POPCNT__) || (defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__))
static inline int popc(u64 x) { return __builtin_popcountll(x); }
#else
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }
static inline int highbit(u64 x) { return 63 - __builtin_clzll(x); }

/* ---- rules ---------------------------------------------------------------------- */

/* a player's cards that play like hand cards (the hand's, and straw cards with nothing
 * beneath: playing one turns up nothing) and the face-up straw cards with a card beneath */
static void split(const Solver *s, int seat, u64 left, u64 *handlike, u64 *tops) {
    u64 h = left & s->hand[seat], t = 0;
    for (int i = 0; i < s->npiles[seat]; i++) {
        int u = s->pu[seat][i], d = s->pd[seat][i];
        int hu = left >> u & 1, hd = left >> d & 1;
        if (hu && hd) t |= 1ULL << u;
        else if (hu) h |= 1ULL << u;
        else if (hd) h |= 1ULL << d;
    }
    *handlike = h;
    *tops = t;
}

static int led_suit(const Solver *s, const int *trick, int n) {
    if (n == 0) return -1;
    if (s->club && trick[0] >= 52) return s->trump;
    for (int i = 0; i < n; i++)
        if (trick[i] < 52) return trick[i] / 13;
    return -1;
}

/* the legal cards among `playable` (the cards a player may play from) */
/* `p` after `seat` plays card `c`: a face-up straw card turns up the card beneath */
static inline void play(const Solver *s, Play *p, int seat, int c) {
    u64 bit = 1ULL << c;
    if (p->t[seat] & bit) {
        p->t[seat] ^= bit;
        p->h[seat] |= 1ULL << s->under[c];
    } else p->h[seat] &= ~bit;
}

static u64 legal(const Solver *s, u64 playable, const int *trick, int n) {
    int led = led_suit(s, trick, n);
    if (led < 0) return playable;
    u64 group = SUIT << (13 * led);
    if (s->club && led == s->trump) group |= 3ULL << 52;
    return (playable & group) ? (playable & group) : playable;
}

/* a card's strength in a trick whose first non-joker card is of suit `led`; -1 = cannot win */
static inline int strength(const Solver *s, int c, int led) {
    if (c >= 52) return s->trump >= 0 ? 1000 + c : -1;
    int suit = c / 13;
    if (suit == s->trump) return 100 + c % 13;
    if (suit == led) return c % 13;
    return -1;
}

static int first_suit(const int *trick, int n) {
    for (int i = 0; i < n; i++)
        if (trick[i] < 52) return trick[i] / 13;
    return -1;
}

/* index in the trick of the card winning it so far (-1: none can win yet) */
static int winning(const Solver *s, const int *trick, int n) {
    int led = first_suit(trick, n), best = -1, bi = -1;
    for (int i = 0; i < n; i++) {
        int v = strength(s, trick[i], led);
        if (v > best) { best = v; bi = i; }
    }
    return bi;
}

/* Tricks `mine` surely takes in a trump contract: its jokers and trumps above every
 * joker and trump of `theirs` win every trick they are played to, and it plays them all
 * by the deal's end, two a trick at most. */
static int sure_tricks(const Solver *s, u64 mine, u64 theirs) {
    if (s->trump < 0) return 0;
    u64 group = (SUIT << (13 * s->trump)) | (3ULL << 52);
    u64 t = theirs & group;
    u64 above = t ? ~((2ULL << highbit(t)) - 1) : ~0ULL;
    /* trump bits sit below the jokers' (52, 53) and above nothing else of the group */
    int k = popc(mine & group & above);
    return (k + 1) / 2;
}

/* Tricks the player on lead (`seat`, cards `mine`) surely takes by cashing winners: in
 * each suit, its playable cards above all of the other's of the suit (covered ones too)
 * win every trick they lead, and it keeps the lead. Each such trick takes two of its
 * cards of the suit while it has them (it must follow its own lead), so with a of them
 * playable, t above the other's, the suit gives min(t, ceil(a / 2)) tricks, the last one
 * of an odd a with a discard from elsewhere; a discard it lacks (a card no suit's plan
 * uses, or a joker) costs at most one planned trick. When the other holds a trump or a
 * joker (trump contracts), the trump suit is left to sure_tricks and a side suit gives at
 * most bp / 2 tricks, bp the other's playable cards of the suit: it follows with two of
 * them a trick, so it cannot ruff while it has two. A card turned up on the way only
 * adds choices (the other's covered cards count among its cards, not its playable ones). */
static int quick_tricks(const Solver *s, int seat, u64 mine, u64 theirs, const Play *pl) {
    int ruff = s->trump >= 0 && (theirs & ((SUIT << (13 * s->trump)) | (3ULL << 52)));
    u64 p = pl->h[seat] | pl->t[seat], bp = pl->h[1 - seat] | pl->t[1 - seat];
    /* when it can be ruffed, its sure trumps are kept for the end (none is a discard) */
    u64 keep = 0;
    if (ruff) {
        u64 group = (SUIT << (13 * s->trump)) | (3ULL << 52);
        keep = mine & group & ~((2ULL << highbit(theirs & group)) - 1);
    }
    int k = 0, odd = 0, spare = popc(p >> 52 & ~(keep >> 52));
    for (int su = 0; su < 4; su++) {
        u64 m = p & (SUIT << (13 * su));
        if (!m) continue;
        if (ruff && su == s->trump) {
            spare += popc(m & ~keep);
            continue;
        }
        u64 b = theirs & (SUIT << (13 * su));
        u64 top = b ? m & ~((2ULL << highbit(b)) - 1) : m;
        int a = popc(m), t = popc(top), h = (a + 1) / 2;
        int ks = t < h ? t : h;
        if (ruff && ks > popc(bp & b) / 2) ks = popc(bp & b) / 2;
        k += ks;
        if (2 * ks > a) odd++;
        else spare += a - 2 * ks;
    }
    if (odd > spare) k -= odd - spare;
    return ruff ? k + (popc(keep) + 1) / 2 : k;
}

/* ---- the table's key ----------------------------------------------------------------- */

/* COMPRESS7[m][h]: the bits of h at the set bits of m, packed low (the x86 pext of 7 bits);
 * COMPRESS6 likewise for 6 bits; filled once when the library is loaded */
static uint8_t COMPRESS7[128][128], COMPRESS6[64][64];

__attribute__((constructor)) static void fill_compress(void) {
    for (int m = 0; m < 128; m++)
        for (int h = 0; h < 128; h++) {
            int out = 0, k = 0;
            for (int i = 0; i < 7; i++)
                if (m >> i & 1) {
                    if (h >> i & 1) out |= 1 << k;
                    k++;
                }
            COMPRESS7[m][h] = (uint8_t)out;
            if (m < 64 && h < 64) COMPRESS6[m][h] = (uint8_t)out;
        }
}

/* the cards of `h` among the 13-bit set `m` (h within m), named by rank in m */
static inline u64 compress13(u64 h, u64 m) {
    u64 lo = COMPRESS7[m & 127][h & 127], hi = COMPRESS6[m >> 7][h >> 7 & 63];
    return lo | hi << popc(m & 127);
}

/* card `c` named by its rank among the cards `alive` of its suit (13 * suit + rank, the
 * lowest 0; the jokers keep 52 and 53) */
static inline int relative(u64 alive, int c) {
    if (c >= 52) return c;
    int su = c / 13;
    return 13 * su + popc(alive & (SUIT << (13 * su)) & ((1ULL << c) - 1));
}

static void make_key(const Solver *s, u64 alive, const Play *p, int leader, u64 *key) {
    int codes[2][8];
    for (int seat = 0; seat < 2; seat++) {
        u64 h = p->h[seat] & (3ULL << 52);
        for (int su = 0; su < 4; su++) {
            u64 m = alive >> (13 * su) & SUIT;
            if (m) h |= compress13(p->h[seat] >> (13 * su) & SUIT, m) << (13 * su);
        }
        key[seat] = h;
        int nc = 0;
        for (u64 t = p->t[seat]; t; t &= t - 1) {
            int u = lowbit(t);
            int code = relative(alive, u) * 64 + relative(alive, s->under[u]);
            int j = nc++;
            while (j > 0 && codes[seat][j - 1] > code) {
                codes[seat][j] = codes[seat][j - 1];
                j--;
            }
            codes[seat][j] = code;
        }
        for (int j = nc; j < 7; j++) codes[seat][j] = 4095;
    }
    key[0] |= (u64)leader << 63;
    /* 14 codes of 12 bits, five to a word */
    key[2] = key[3] = key[4] = 0;
    for (int i = 0; i < 14; i++) {
        int code = codes[i / 7][i % 7];
        key[2 + i / 5] |= (u64)code << (12 * (i % 5));
    }
}

static inline u64 hash_key(const u64 *k) {
    u64 h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < KEYW; i++) {
        h ^= k[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static inline Entry *bucket(const Solver *s, const u64 *key) {
    return s->tt + (hash_key(key) & s->tt_mask) * BUCKET;
}

static Entry *tt_find(Solver *s, const u64 *key) {
    Entry *b = bucket(s, key);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].depth && memcmp(b[i].key, key, sizeof b[i].key) == 0) return b + i;
    return NULL;
}

static inline uint8_t bits(u64 x) { return (uint8_t)(64 - __builtin_clzll(x | 1)); }

static Entry *tt_slot(Solver *s, const u64 *key, int depth, u64 work) {
    Entry *b = s->tt + (hash_key(key) & s->tt_mask) * BUCKET;
    Entry *victim = b;
    for (int i = 0; i < BUCKET; i++) {
        if (!b[i].depth) { victim = b + i; break; }
        if (b[i].work < victim->work) victim = b + i;
    }
    memcpy(victim->key, key, sizeof victim->key);
    victim->lb = 0;
    victim->ub = (int8_t)depth;
    victim->best = NOMOVE;
    victim->depth = (uint8_t)depth;
    victim->work = bits(work);
    return victim;
}

/* ---- moves ----------------------------------------------------------------------------- */

/* one card per class of equivalent cards, ordered best-first into `out`; count returned */
static int gen_moves(const Solver *s, int seat, u64 l0, u64 l1, const Play *p,
                     const int *trick, int n, int first, const int *kill, int *out) {
    u64 hl = p->h[seat], tops = p->t[seat];
    u64 L = legal(s, hl | tops, trick, n);
    u64 H = L & hl;
    u64 alive = l0 | l1;
    for (int i = 0; i < n; i++) alive |= 1ULL << trick[i];
    u64 reps = L & tops;
    u64 m = H & ((1ULL << 52) - 1);
    while (m) {
        int c = lowbit(m);
        m &= m - 1;
        u64 below = alive & (SUIT << (13 * (c / 13))) & ((1ULL << c) - 1);
        if (!below || !(H >> highbit(below) & 1)) reps |= 1ULL << c;
    }
    u64 jk = H >> 52 & 3;
    if (jk == 3) reps |= 1ULL << 52;
    else reps |= jk << 52;

    int cnt = 0, score[64];
    int led = first_suit(trick, n);
    int wi = n ? winning(s, trick, n) : -1;
    int wv = wi >= 0 ? strength(s, trick[wi], led) : -1;
    int ours = wi >= 0 && (wi % 2) == (n % 2);
    while (reps) {
        int c = lowbit(reps);
        reps &= reps - 1;
        int rank = c >= 52 ? c - 39 : c % 13;   /* jokers 13, 14 */
        int v;
        int l2 = led >= 0 ? led : (c < 52 ? c / 13 : -1);
        int trumpish = c >= 52 || c / 13 == s->trump;
        int beats = n == 0 || strength(s, c, l2) > wv;
        if (c == first) v = 100000;
        else if (c == kill[0]) v = 90000;
        else if (c == kill[1]) v = 80000;
        else if (s->misere) {
            /* each wants few tricks: lead low, best where the other holds only higher
             * cards of the suit (it must take the trick), worst where it holds none;
             * stay under the card winning with the highest card that does (a high
             * discard first); forced to take the trick with the last card, take it
             * with the highest */
            if (n == 0) {
                u64 other = (seat ? l0 : l1) & (c < 52 ? SUIT << (13 * (c / 13)) : 0);
                v = -rank - ((other & ((1ULL << c) - 1)) ? 20 : 0) - (other ? 0 : 40);
            } else if (!beats) v = 1000 + rank;
            else if (n == 3) v = 500 + rank;
            else v = -rank;
        } else if (n == 0) {
            /* lead high, a winner of its suit first, a side card the other will ruff last */
            u64 other = seat ? l0 : l1;
            u64 os = c < 52 ? other & (SUIT << (13 * (c / 13))) : 0;
            v = rank;
            if (c < 52 && !trumpish) {
                if (os && c > highbit(os)) v += 20;
                else if (!os && s->trump >= 0 && (other & ((SUIT << (13 * s->trump)) | (3ULL << 52))))
                    v -= 40;
            }
        }
        else if (ours) v = -rank - 20 * trumpish;
        else if (beats) v = 1000 - rank;   /* win as cheaply as possible */
        else v = -rank - 20 * trumpish;    /* else play low, trumps last */
        int j = cnt++;
        while (j > 0 && score[j - 1] < v) {
            score[j] = score[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        score[j] = v;
        out[j] = c;
    }
    return cnt;
}

/* ---- misere: a trick a player can surely lose ---------------------------------------- */

/* Whether `P`, on lead in a no trump misere game with no joker in play, can lead so that
 * it surely loses the trick: a card a of a suit the other holds playable cards of, all
 * above a, with its own playable cards of the suit after a (the card a turns up counted)
 * none or one below them as well: the other must follow with a card above both of its. */
static int duck_lead(const Solver *s, int P, const Play *p) {
    u64 mine = p->h[P] | p->t[P], theirs = p->h[1 - P] | p->t[1 - P];
    for (int su = 0; su < 4; su++) {
        u64 suit = SUIT << (13 * su), fs = theirs & suit;
        if (!fs) continue;
        int fmin = lowbit(fs);
        for (u64 cand = mine & suit & ((1ULL << fmin) - 1); cand; cand &= cand - 1) {
            int a = lowbit(cand);
            u64 after = mine & ~(1ULL << a);
            if (p->t[P] >> a & 1) after |= 1ULL << s->under[a];
            u64 ls = after & suit;
            if (!ls || lowbit(ls) < fmin) return 1;
        }
    }
    return 0;
}

/* Whether `P` (cards left `lP`), second to a trick of a no trump misere game with no joker
 * in play, surely loses it whatever the leader leads: for each suit the leader can lead,
 * `P` holds none of it; or has none playable and a discard that turns none up; or plays
 * its lowest below the leader's lowest, and then has none of the suit playable (the card
 * turned up counted) or one below that lead too. */
static int duck_follow(const Solver *s, int P, u64 lP, const Play *p) {
    u64 lead = p->h[1 - P] | p->t[1 - P], mine = p->h[P] | p->t[P];
    for (int su = 0; su < 4; su++) {
        u64 suit = SUIT << (13 * su), ls = lead & suit;
        if (!ls || !(lP & suit)) continue;
        int a = lowbit(ls);
        u64 fs = mine & suit;
        if (!fs) {
            if (p->h[P]) continue; /* a hand-like card turns nothing up */
            int safe = 0;
            for (u64 t = p->t[P]; t && !safe; t &= t - 1)
                safe = s->under[lowbit(t)] / 13 != su;
            if (!safe) return 0;
            continue;
        }
        int b = lowbit(fs);
        if (b > a) return 0;
        u64 next = fs & ~(1ULL << b);
        if (p->t[P] >> b & 1) next |= (1ULL << s->under[b]) & suit;
        if (next && lowbit(next) > a) return 0;
    }
    return 1;
}

/* What the bounds say of "seat 0 takes at least `target` of the `remaining` tricks" from
 * a trick start (1 yes, 0 no, -1 not settled): the count, the sure tricks, the quick
 * tricks and the misere trick either player can lose. */
static int bounds(const Solver *s, u64 l0, u64 l1, const Play *p, int leader, int remaining,
                  int target) {
    if (target <= 0) return 1;
    if (target > remaining) return 0;
    if (s->trump >= 0) {
        if (sure_tricks(s, l0, l1) >= target) return 1;
        if (remaining - sure_tricks(s, l1, l0) < target) return 0;
    }
    if (!s->misere) {
        if (leader == 0 && quick_tricks(s, 0, l0, l1, p) >= target) return 1;
        if (leader == 1 && remaining - quick_tricks(s, 1, l1, l0, p) < target) return 0;
    } else if (s->trump < 0 && !((l0 | l1) >> 52)) {
        /* seat 0 cannot take them all if it can lose this trick, takes one if seat 1 can */
        if (target == remaining &&
            (leader == 0 ? duck_lead(s, 0, p) : duck_follow(s, 0, l0, p))) return 0;
        if (target == 1 &&
            (leader == 1 ? duck_lead(s, 1, p) : duck_follow(s, 1, l1, p))) return 1;
    }
    return -1;
}

/* ---- search ----------------------------------------------------------------------------- */

/* Whether seat 0 takes at least `target` of the remaining tricks; `pkey`: the table's key
 * of the trick start this call reaches (n 4, or 0), when the caller already made it. */
static int ge(Solver *s, u64 l0, u64 l1, const Play *p, int leader, int *trick, int n,
              int target, const u64 *pkey) {
    int fresh[4];
    if (++s->nodes >= s->stop) {
        s->aborted = 1;
        return 0;
    }
    if (n == 4) {
        int w = winning(s, trick, 4);
        int winner = (w % 2 == 0) ? leader : 1 - leader;
        if (winner == 0) target--;
        leader = winner;
        trick = fresh;
        n = 0;
    }
    int remaining = (popc(l0) + popc(l1) + n) / 4;
    if (n == 0) {
        int b = bounds(s, l0, l1, p, leader, remaining, target);
        if (b >= 0) return b;
    } else {
        if (target <= 0) return 1;
        if (target > remaining) return 0;
    }
    Entry *e = NULL;
    u64 key[KEYW];
    int first = -1;
    if (n == 0) {
        if (pkey) memcpy(key, pkey, sizeof key);
        else make_key(s, l0 | l1, p, leader, key);
        e = tt_find(s, key);
        if (e) {
            if (e->lb >= target) return 1;
            if (e->ub < target) return 0;
            if (e->best != NOMOVE) {
                /* the relative card back to the card: the k-th card left of its suit */
                int r = e->best;
                if (r >= 52) first = r;
                else {
                    u64 m = (l0 | l1) & (SUIT << (13 * (r / 13)));
                    for (int k = r % 13; k > 0 && m; k--) m &= m - 1;
                    if (m) first = lowbit(m);
                }
            }
        }
    }
    int seat = (n % 2 == 0) ? leader : 1 - leader;
    int moves[64];
    static const int none[2] = {-1, -1};
    int *kill = s->misere && (n == 0 || n == 2) ? s->killer[remaining][n] : NULL;
    u64 nodes_before = s->nodes;
    int cnt = gen_moves(s, seat, l0, l1, p, trick, n, first, kill ? kill : none, moves);
    int maximise = (seat == 0) != s->misere;
    int result = !maximise, best = -1;
    /* the trick's last card: the trick start each card leads to is looked up first (an
     * "enhanced transposition cut-off"): one the table settles for this player ends the
     * search before an earlier card is searched, one settled against it is skipped, and
     * the keys made are handed down */
    u64 ckey[32][KEYW];
    signed char known[32];
    int etc = n == 3 && cnt > 1 && cnt <= 32;
    if (etc) {
        /* first the bounds and the keys, each key's bucket fetched from memory at once (the
         * fetches overlap), then the table */
        int t2s[32];
        for (int i = 0; i < cnt; i++) {
            int c = moves[i];
            trick[3] = c;
            int w = winning(s, trick, 4);
            int winner = (w % 2 == 0) ? leader : 1 - leader;
            t2s[i] = target - (winner == 0);
            Play q = *p;
            play(s, &q, seat, c);
            u64 bit = 1ULL << c, a0 = seat ? l0 : l0 ^ bit, a1 = seat ? l1 ^ bit : l1;
            known[i] = (signed char)bounds(s, a0, a1, &q, winner, remaining - 1, t2s[i]);
            if (known[i] == maximise) return maximise;
            if (known[i] < 0) {
                make_key(s, a0 | a1, &q, winner, ckey[i]);
                __builtin_prefetch(bucket(s, ckey[i]));
            }
        }
        for (int i = 0; i < cnt; i++) {
            if (known[i] >= 0) continue;
            Entry *f = tt_find(s, ckey[i]);
            if (f && f->lb >= t2s[i]) known[i] = 1;
            else if (f && f->ub < t2s[i]) known[i] = 0;
            if (known[i] == maximise) return maximise;
        }
    }
    for (int i = 0; i < cnt; i++) {
        if (etc && known[i] >= 0) continue;   /* settled against this player */
        int c = moves[i];
        u64 bit = 1ULL << c;
        Play q = *p;
        play(s, &q, seat, c);
        trick[n] = c;
        const u64 *k = etc ? ckey[i] : NULL;
        int ok = seat == 0 ? ge(s, l0 ^ bit, l1, &q, leader, trick, n + 1, target, k)
                           : ge(s, l0, l1 ^ bit, &q, leader, trick, n + 1, target, k);
        if (s->aborted) return 0;   /* nothing half-searched goes into the table */
        if (ok == maximise) {
            result = maximise;
            best = c;
            if (kill && kill[0] != c) {
                kill[1] = kill[0];
                kill[0] = c;
            }
            break;
        }
    }
    if (n == 0) {
        u64 work = s->nodes - nodes_before;
        if (!e) e = tt_slot(s, key, remaining, work);
        else if (bits(work) > e->work) e->work = bits(work);
        if (result) { if (e->lb < target) e->lb = (int8_t)target; }
        else if (e->ub > target - 1) e->ub = (int8_t)(target - 1);
        if (best >= 0) e->best = (uint8_t)relative(l0 | l1, best);
    }
    return result;
}

/* ---- the interface --------------------------------------------------------------------- */

static const int HIGH_VALUE[13] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const int LOW_VALUE[13] = {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 12};

/* The table, zeroed. On Linux an anonymous mapping aligned to 2 MB and advised to use
 * huge pages: a table of 2^24 entries spans 768 MB, and with 4 KB pages nearly every
 * probe also misses the address translation cache (a third of a long search's time);
 * its pages are also zeroed only when first touched. */
static Entry *table_new(Solver *s, u64 entries) {
    size_t bytes = (size_t)entries * sizeof(Entry);
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    size_t huge = (size_t)2 << 20, len = bytes + huge;
    void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    s->tt_map = m;
    s->tt_bytes = len;
    char *at = (char *)(((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1));
#ifdef MADV_HUGEPAGE
    madvise(at, bytes, MADV_HUGEPAGE);
#endif
    return (Entry *)at;
#else
    (void)s;
    return calloc(entries, sizeof(Entry));
#endif
}

static void table_free(Solver *s) {
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (s->tt_map) munmap(s->tt_map, s->tt_bytes);
#else
    free(s->tt);
#endif
}

/* a solver for one deal: hands (engine card bits), piles as (beneath, face-up) engine
 * cards, np[seat] piles each (at most 7), trump 0-3 or -1, low order, club rule, misere
 * (each player wants few tricks: seat 1 plays for seat 0's tricks); the table holds
 * 2^log2size entries. NULL when out of memory or given nonsense. */
void *dd2_new(const u64 *hands, const int *piles, const int *np, int trump, int low,
              int club, int misere, int log2size) {
    if (np[0] < 0 || np[0] > 7 || np[1] < 0 || np[1] > 7) return NULL;
    if (trump < -1 || trump > 3 || log2size < 4 || log2size > 30) return NULL;
    Solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    for (int c = 0; c < 54; c++) s->under[c] = -1;
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 4; j++) s->killer[i][j][0] = s->killer[i][j][1] = -1;
    const int *value = low ? LOW_VALUE : HIGH_VALUE;
    for (int c = 0; c < 52; c++) {
        int idx = 13 * (c / 13) + value[c % 13];
        s->to_idx[c] = idx;
    }
    s->to_idx[52] = 52;
    s->to_idx[53] = 53;
    s->trump = trump;
    s->club = club && trump >= 0;
    s->misere = misere != 0;
    int k = 0;
    for (int seat = 0; seat < 2; seat++) {
        u64 h = 0;
        for (int c = 0; c < 54; c++)
            if (hands[seat] >> c & 1) h |= 1ULL << s->to_idx[c];
        s->hand[seat] = h;
        s->npiles[seat] = np[seat];
        for (int i = 0; i < np[seat]; i++, k++) {
            int d = piles[2 * k], u = piles[2 * k + 1];
            if (d < 0 || d > 53 || u < 0 || u > 53) { free(s); return NULL; }
            s->pd[seat][i] = s->to_idx[d];
            s->pu[seat][i] = s->to_idx[u];
            s->under[s->to_idx[u]] = s->to_idx[d];
        }
    }
    u64 entries = 1ULL << log2size;
    s->tt = table_new(s, entries);
    if (!s->tt) { free(s); return NULL; }
    s->tt_mask = entries / BUCKET - 1;
    return s;
}

void dd2_free(void *h) {
    Solver *s = h;
    if (s) { table_free(s); free(s); }
}

u64 dd2_nodes(void *h) { return ((Solver *)h)->nodes; }

static u64 to_idx_mask(const Solver *s, u64 m) {
    u64 out = 0;
    while (m) {
        out |= 1ULL << s->to_idx[lowbit(m)];
        m &= m - 1;
    }
    return out;
}

static void start(Solver *s, u64 budget) {
    s->aborted = 0;
    s->stop = budget ? s->nodes + budget : ~0ULL;
}

static Play play_of(const Solver *s, u64 l0, u64 l1) {
    Play p;
    split(s, 0, l0, &p.h[0], &p.t[0]);
    split(s, 1, l1, &p.h[1], &p.t[1]);
    return p;
}

/* whether seat 0 takes at least `target` of the remaining tricks (the trick in progress
 * included) from the position: cards left per player (engine card bits), leader of the
 * trick, its n cards so far; -1 when more than `budget` positions (0: no limit) would be
 * searched */
int dd2_at_least(void *h, u64 l0, u64 l1, int leader, const int *trick, int n, int target,
                 u64 budget) {
    Solver *s = h;
    int t[4];
    start(s, budget);
    for (int i = 0; i < n && i < 4; i++) t[i] = s->to_idx[trick[i]];
    u64 a = to_idx_mask(s, l0), b = to_idx_mask(s, l1);
    Play p = play_of(s, a, b);
    int r = ge(s, a, b, &p, leader, t, n, target, NULL);
    return s->aborted ? -1 : r;
}

/* seat 0's tricks from the position (as dd2_at_least), by MTD(f) from `guess` (-1: none) */
int dd2_tricks(void *h, u64 l0, u64 l1, int leader, const int *trick, int n, int guess,
               u64 budget) {
    Solver *s = h;
    int t[4];
    start(s, budget);
    for (int i = 0; i < n && i < 4; i++) t[i] = s->to_idx[trick[i]];
    u64 a = to_idx_mask(s, l0), b = to_idx_mask(s, l1);
    Play p = play_of(s, a, b);
    int total = (popc(a) + popc(b) + n) / 4;
    int lb = 0, ub = total;
    int g = guess < 0 ? total / 2 : (guess > total ? total : guess);
    while (lb < ub) {
        int tg = g < lb + 1 ? lb + 1 : g;
        if (tg > ub) tg = ub;
        int r = ge(s, a, b, &p, leader, t, n, tg, NULL);
        if (s->aborted) return -1;
        if (r) { lb = tg; g = tg + 1; }
        else { ub = tg - 1; g = tg - 1; }
    }
    return lb;
}
