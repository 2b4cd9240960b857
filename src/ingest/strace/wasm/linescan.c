// The strace line scanner's fast path in WebAssembly (docs/ARCHITECTURE.md "The WebAssembly line scan").
//
// Built by `node tools/build-linescan.mjs` (clang --target=wasm32, no libc) into linescanModule.ts beside
// it. It scans the lines of a window of bytes and writes one record per line. A record says either "the
// common form, scanned" with every field LineScanner.scan (scan.ts) would set for it, or "ask the JavaScript
// scanner" (every other line: strace messages, unfinished/resumed calls, signals, exits, other timestamp
// forms, `= ?` results, CR line ends, ...). The scan below is a port of LineScanner.scan, scanArgs,
// closingQuote, parseResult and AnnotationSkipper.skipAnn for the form it accepts, byte for byte:
// linescan.test.ts compares the two field by field on every fixture, the bench traces and fuzzed lines.
//
// The common forms: `[PID ]hh:mm:ss.uuuuuu NAME(ARGS) = RESULT[ <d.uuuuuu>]`, the same split in two by -f:
// `... NAME(ARGS <unfinished ...>` and `... <... NAME resumed>ARGS) = RESULT[ <d.uuuuuu>]`; and the frames
// of strace -k's stacks, ` > FRAME`: only their text's id in the frame table (kind 8, scan.ts K_FRAME).

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

#include <wasm_simd128.h>

// the record of a line: STRIDE int32 slots, R_* int32 and D_* float64 indexes (generated from the one table
// tools/linescan-record.mjs that also gives the parser its offsets)
#include "linescanRecord.h"

#define WIN (4 << 20)
#define MAXREC 4096
#define EXPORT(name) __attribute__((export_name(#name)))

static u8 win[WIN + 64] __attribute__((aligned(16)));
static int rec[MAXREC * STRIDE] __attribute__((aligned(8)));
static int consumed;

EXPORT(window_ptr) u8 *window_ptr(void) { return win; }
EXPORT(records_ptr) int *records_ptr(void) { return rec; }
EXPORT(window_size) int window_size(void) { return WIN; }
EXPORT(max_records) int max_records(void) { return MAXREC; }
EXPORT(stride) int stride(void) { return STRIDE; }
EXPORT(consumed_bytes) int consumed_bytes(void) { return consumed; }

// ---- Interning: the ids of call names and of fd annotations' kept contents, by their bytes -----------------
// One table per kind for the thread (every parser of it). A record carries the ids (-1: a table is full);
// the parser maps them to its own call and path ids once per id (StraceParser.records). reset() empties the
// tables and starts a new generation: the parsers then forget their maps (wasm/linescan.ts).

#define NAMECAP 1024
#define ANNCAP 16384
#define FRAMECAP 32768
#define ARENA (4 << 20)

typedef struct {
  int off, len;
  u32 hash;
} Key;
typedef struct {
  Key *keys;
  int *slots;  // index + 1 of the key, 0: empty
  int mask, count, cap;
} Table;

static Key nameKeys[NAMECAP], annKeys[ANNCAP], frameKeys[FRAMECAP];
static int nameSlots[2 * NAMECAP], annSlots[2 * ANNCAP], frameSlots[2 * FRAMECAP];
static Table names = {nameKeys, nameSlots, 2 * NAMECAP - 1, 0, NAMECAP};
static Table anns = {annKeys, annSlots, 2 * ANNCAP - 1, 0, ANNCAP};
static Table frames = {frameKeys, frameSlots, 2 * FRAMECAP - 1, 0, FRAMECAP};
static u8 arena[ARENA + 8];
static int arenaUsed, generation;

static inline u64 load64(const u8 *p) {
  u64 v;
  __builtin_memcpy(&v, p, 8);
  return v;
}

// 8 bytes at a time (the window and the arena have spare bytes after them: the tail is masked)
static u32 hashKey(const u8 *p, int len) {
  u64 h = 0x9e3779b97f4a7c15ULL ^ (u64)len;
  int i = 0;
  for (; i + 8 <= len; i += 8) h = (h ^ load64(p + i)) * 0xff51afd7ed558ccdULL;
  if (i < len) h = (h ^ (load64(p + i) & (~0ULL >> (8 * (8 - (len - i)))))) * 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 32;
  return (u32)h;
}

static int sameKey(const u8 *a, const u8 *b, int len) {
  int i = 0;
  for (; i + 8 <= len; i += 8)
    if (load64(a + i) != load64(b + i)) return 0;
  for (; i < len; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

static int intern(Table *t, const u8 *p, int len) {
  const u32 h = hashKey(p, len);
  int s = (int)(h & (u32)t->mask);
  for (;;) {
    const int k = t->slots[s];
    if (k == 0) break;
    const Key *key = &t->keys[k - 1];
    if (key->hash == h && key->len == len && sameKey(arena + key->off, p, len)) return k - 1;
    s = (s + 1) & t->mask;
  }
  if (t->count == t->cap || arenaUsed + len > ARENA) return -1;
  for (int i = 0; i < len; i++) arena[arenaUsed + i] = p[i];
  t->keys[t->count] = (Key){arenaUsed, len, h};
  t->slots[s] = t->count + 1;
  arenaUsed += len;
  return t->count++;
}

EXPORT(generation) int generation_(void) { return generation; }
EXPORT(name_cap) int name_cap(void) { return NAMECAP; }
EXPORT(ann_cap) int ann_cap(void) { return ANNCAP; }
EXPORT(frame_cap) int frame_cap(void) { return FRAMECAP; }
static inline int most(int a, int b) { return a > b ? a : b; }
// how full the fullest of the tables and the arena is, in percent
EXPORT(fill) int fill(void) {
  int a = names.count * 100 / NAMECAP, b = anns.count * 100 / ANNCAP, f = frames.count * 100 / FRAMECAP;
  int c = (int)((long long)arenaUsed * 100 / ARENA);
  return most(most(a, b), most(c, f));
}
EXPORT(reset) void reset(void) {
  for (int i = 0; i < 2 * NAMECAP; i++) nameSlots[i] = 0;
  for (int i = 0; i < 2 * ANNCAP; i++) annSlots[i] = 0;
  for (int i = 0; i < 2 * FRAMECAP; i++) frameSlots[i] = 0;
  names.count = anns.count = frames.count = arenaUsed = 0;
  generation++;
}

// byte classes: arguments `"` 1, `<` 2, `)` 3, `( [ {` 4, `] }` 5; annotations `\` 1, `<` 2, `>` 3, `[` 4, `]` 5
static const u8 ARG[256] = {['"'] = 1, ['<'] = 2, [')'] = 3, ['('] = 4, ['['] = 4, ['{'] = 4, [']'] = 5, ['}'] = 5};
static const u8 ANN[256] = {['\\'] = 1, ['<'] = 2, ['>'] = 3, ['['] = 4, [']'] = 5};

static inline int isdig(u32 c) { return c - '0' < 10u; }
static inline int isname(u32 c) { return (c - 'a' < 26u) || (c - 'A' < 26u) || (c - '0' < 10u) || c == '_'; }

// 16 bytes at a time (SIMD): the first byte in [i, e) that is one of a few, or e. Reads up to 15 bytes past e
// (the window has spare bytes after it): those are masked off.
static inline int found(u32 bits, int i, int e) {
  if (e - i < 16) bits &= (1u << (e - i)) - 1;
  return bits ? i + __builtin_ctz(bits) : -1;
}
// a byte of class != 0 in ARG
static inline int findArg(const u8 *b, int i, int e) {
  for (; i < e; i += 16) {
    v128_t v = wasm_v128_load(b + i);
    v128_t m = wasm_i8x16_eq(v, wasm_i8x16_splat('"')) | wasm_i8x16_eq(v, wasm_i8x16_splat('<')) | wasm_i8x16_eq(v, wasm_i8x16_splat(')')) |
               wasm_i8x16_eq(v, wasm_i8x16_splat('(')) | wasm_i8x16_eq(v, wasm_i8x16_splat('[')) | wasm_i8x16_eq(v, wasm_i8x16_splat('{')) |
               wasm_i8x16_eq(v, wasm_i8x16_splat(']')) | wasm_i8x16_eq(v, wasm_i8x16_splat('}'));
    int f = found(wasm_i8x16_bitmask(m), i, e);
    if (f >= 0) return f;
  }
  return e;
}
// a byte of class != 0 in ANN
static inline int findAnn(const u8 *b, int i, int e) {
  for (; i < e; i += 16) {
    v128_t v = wasm_v128_load(b + i);
    v128_t m = wasm_i8x16_eq(v, wasm_i8x16_splat('\\')) | wasm_i8x16_eq(v, wasm_i8x16_splat('<')) | wasm_i8x16_eq(v, wasm_i8x16_splat('>')) |
               wasm_i8x16_eq(v, wasm_i8x16_splat('[')) | wasm_i8x16_eq(v, wasm_i8x16_splat(']'));
    int f = found(wasm_i8x16_bitmask(m), i, e);
    if (f >= 0) return f;
  }
  return e;
}
// the byte c
static inline int findByte(const u8 *b, int i, int e, u8 c) {
  for (; i < e; i += 16) {
    int f = found(wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(b + i), wasm_i8x16_splat(c))), i, e);
    if (f >= 0) return f;
  }
  return e;
}

static int cut, fpS, fpE, annS, annE, closeAt, resAt, special, retAnnS, retAnnE, errS, errE;

static int skipAnn(const u8 *b, int j, int e, int depth, int br, int c) {
  for (;;) {
    j = findAnn(b, j, e);
    if (j >= e) break;
    u8 k = ANN[b[j]];
    if (k == 1) { j += 2; continue; }
    if (k == 4) {
      if (b[j - 1] == ':') br++;
    } else if (k == 5) {
      if (br > 0) br--;
    } else if (br == 0) {
      if (k == 2) {
        depth++;
        if (c < 0) c = j;
      } else if (--depth == 0) {
        cut = c < 0 ? j : c;
        return j;
      }
    }
    j++;
  }
  return -1;
}

static int closingQuote(const u8 *b, int i, int e) {
  for (;;) {
    int q = findByte(b, i, e, '"');
    if (q >= e) return e;
    int k = q - 1;
    while (k >= i && b[k] == '\\') k--;
    if ((q - 1 - k) % 2 == 0) return q;
    i = q + 1;
  }
}

static const u8 UNFINISHED[11] = {'<', 'u', 'n', 'f', 'i', 'n', 'i', 's', 'h', 'e', 'd'};
static const u8 RESUMED[7] = {'r', 'e', 's', 'u', 'm', 'e', 'd'};

// the n bytes of w at i, before e
static int atWord(const u8 *b, int i, int e, const u8 *w, int n) {
  if (i + n > e) return 0;
  for (int k = 0; k < n; k++) if (b[i + k] != w[k]) return 0;
  return 1;
}

static void scanArgs(const u8 *b, int i, int e) {
  int depth = 0;
  const int s = i;
  for (;;) {
    i = findArg(b, i, e);
    if (i >= e) break;
    u8 k = ARG[b[i]];
    if (k == 1) {
      i = closingQuote(b, i + 1, e) + 1;
    } else if (k == 2) {
      u32 p = i > s ? b[i - 1] : 0;
      int j = skipAnn(b, i + 1, e, 1, 0, -1);
      if (j < 0) return;
      if (fpS < 0 && depth == 0 && closeAt < 0 && isdig(p)) {
        fpS = i + 1;
        fpE = cut;
      }
      if (annS < 0 && depth == 0 && closeAt < 0 && isname(p)) {
        annS = i + 1;
        annE = cut;
      }
      if (closeAt < 0 && b[i + 1] == 'u' && atWord(b, i, j + 1, UNFINISHED, 11)) special = 3;  // SP_EXITED
      i = j + 1;
    } else if (k == 3) {
      if (depth == 0) {
        if (b[i + 1] == ' ') {
          int q = i + 2;
          while (q < e && b[q] == ' ') q++;
          if (b[q] == '=' && b[q + 1] == ' ' && q + 1 < e) {
            closeAt = i;
            resAt = q + 2;
          }
        }
      } else depth--;
      i++;
    } else if (k == 4) {
      depth++;
      i++;
    } else {
      if (depth > 0) depth--;
      i++;
    }
  }
}

static inline int sixDigits(const u8 *b, int k) {
  return isdig(b[k]) && isdig(b[k + 1]) && isdig(b[k + 2]) && isdig(b[k + 3]) && isdig(b[k + 4]) && isdig(b[k + 5]);
}
static inline int micros(const u8 *b, int k) {
  return ((((b[k] - '0') * 10 + (b[k + 1] - '0')) * 10 + (b[k + 2] - '0')) * 10 + (b[k + 3] - '0')) * 100 + (b[k + 4] - '0') * 10 + (b[k + 5] - '0');
}

static const double NaN = __builtin_nan("");

// The rest of a complete call (or resumed) line from its arguments at i: the duration, the arguments, the
// result. 0: not the common form.
static int complete(const u8 *b, int i, int e, double *d) {
  int end = e;
  if (b[e - 1] == '>') {
    if (e - 10 >= i && b[e - 10] == '<' && b[e - 8] == '.' && isdig(b[e - 9]) && sixDigits(b, e - 7)) {
      d[D_DUR] = (double)(b[e - 9] - '0') + (double)micros(b, e - 7) / 1e6;
      end = e - 10;
    } else return 0;
  } else d[D_DUR] = NaN;
  scanArgs(b, i, end);
  if (closeAt < 0) return 0;
  // the result
  i = resAt;
  e = end;
  while (i < e && b[i] == ' ') i++;
  if (b[i] == '?') return 0;
  int neg = 0;
  if (b[i] == '-') {
    neg = 1;
    i++;
  }
  double v = 0;
  const int d0 = i;
  while (i < e && isdig(b[i])) v = v * 10 + b[i++] - '0';  // (v * 10 + byte) - '0', as JavaScript rounds it
  d[D_RET] = i > d0 && b[i] != 'x' ? (neg ? -v : v) : NaN;
  while (i < e && isname(b[i])) i++;
  if (b[i] == '<' && i < e) {
    const int j = skipAnn(b, i + 1, e, 1, 0, -1);
    if (j > 0) {
      retAnnS = i + 1;
      retAnnE = cut;
      i = j + 1;
    }
  }
  while (i < e && b[i] == ' ') i++;
  if (i < e && b[i] >= 'A' && b[i] <= 'Z') {
    const int s2 = i;
    while (i < e && isname(b[i])) i++;
    errS = s2;
    errE = i;
  }
  return 1;
}

// The fd number (up to 2^31 - 1) written just before the `<` at i, or -1 (lex.ts fdAt): the fd tables' key.
static int fdAt(const u8 *b, int i, int s) {
  long long v = 0, m = 1;
  int k = i - 1;
  while (k >= s && isdig(b[k])) {
    if (m == 10000000000LL) return -1;
    v += (b[k] - '0') * m;
    m *= 10;
    k--;
  }
  return m == 1 || v > 0x7fffffff ? -1 : (int)v;
}

// Scans the line [s, e) (b[e] is its newline) into the record r; returns its kind (1 call, 2 unfinished, 3 resumed,
// 8 frame: scan.ts's K_*), or 0 for "ask JavaScript".
static int line(const u8 *b, int s, int e, int *r) {
  double *d = (double *)r;
  if (e == s || b[e - 1] == '\r') return 0;
  int i = s;
  // strace -k: ` > FRAME`, its text's id in the frame table (-1: full)
  if (b[i] == ' ' && b[i + 1] == '>' && b[i + 2] == ' ' && i + 3 < e) {
    r[R_NAMEID] = intern(&frames, b + i + 3, e - i - 3);
    return 8;
  }
  int pid = -1, pidKind = 0;
  if (isdig(b[i])) {
    int j = i;
    int v = 0;
    while (j < e && isdig(b[j])) {
      if (j - i >= 9) return 0;  // beyond int32: JavaScript reads it as a double
      v = v * 10 + b[j++] - '0';
    }
    if (b[j] == ' ' && j < e) {
      pid = v;
      pidKind = 1;
      i = j;
      while (i < e && b[i] == ' ') i++;
    }
  }
  while (i < e && b[i] == ' ') i++;
  // -tt `hh:mm:ss.uuuuuu `
  if (!(i + 15 < e && b[i + 2] == ':' && b[i + 5] == ':' && b[i + 8] == '.' && b[i + 15] == ' ' && isdig(b[i]) && isdig(b[i + 1]) &&
        isdig(b[i + 3]) && isdig(b[i + 4]) && isdig(b[i + 6]) && isdig(b[i + 7]) && sixDigits(b, i + 9)))
    return 0;
  {
    int m = (b[i + 3] - '0') * 10 + (b[i + 4] - '0');
    int sec = (b[i + 6] - '0') * 10 + (b[i + 7] - '0');
    d[D_TS] = (double)(((b[i] - '0') * 10 + (b[i + 1] - '0')) * 3600 + m * 60 + sec) + (double)micros(b, i + 9) / 1e6;
  }
  i += 15;
  while (i < e && b[i] == ' ') i++;
  if (i >= e || (b[i] == '(' && b[i + 1] == '+')) return 0;
  int kind = 1, nameS, nameE;
  if (b[i] == '<' && b[i + 1] == '.' && b[i + 2] == '.' && b[i + 3] == '.' && b[i + 4] == ' ') {
    // <... NAME resumed[ #N]>
    i += 5;
    nameS = i;
    while (i < e && isname(b[i])) i++;
    nameE = i;
    if (i == nameS || b[i] != ' ' || !atWord(b, i + 1, e, RESUMED, 7)) return 0;
    i = findByte(b, i + 8, e, '>');
    if (i >= e) return 0;
    i++;
    kind = 3;
  } else {
    nameS = i;
    while (i < e && isname(b[i])) i++;
    if (i == nameS || i >= e || b[i] != '(') return 0;
    nameE = i;
    i++;
  }
  const int argsS = i;
  int argsE = -1;
  cut = -1;
  fpS = fpE = annS = annE = closeAt = retAnnS = retAnnE = errS = errE = -1;
  resAt = 0;
  special = 0;
  d[D_RET] = NaN;
  if (e - 4 > i && b[e - 1] == '>' && b[e - 2] == '.' && b[e - 3] == '.' && b[e - 4] == '.') {
    // unfinished: the line ends with `<unfinished ...>` (tolerating `<unfinished #N ...>`); else JavaScript
    int u = e - 5;
    const int lim = i > e - 40 ? i : e - 40;
    while (u >= lim && b[u] != '<') u--;
    if (kind == 3 || !(u >= lim && atWord(b, u, e, UNFINISHED, 11))) return 0;
    scanArgs(b, i, u);
    d[D_DUR] = NaN;
    argsE = u;
    kind = 2;
  } else if (!complete(b, i, e, d)) return 0;
  else argsE = closeAt;
  r[R_PID] = pid;
  r[R_PIDKIND] = pidKind;
  r[R_NAMES] = nameS;
  r[R_NAMEE] = nameE;
  r[R_ARGSS] = argsS;
  r[R_ARGSE] = argsE;
  r[R_CLOSEAT] = closeAt;
  r[R_RESAT] = resAt;
  r[R_FPS] = fpS;
  r[R_FPE] = fpE;
  r[R_ANNS] = annS;
  r[R_ANNE] = annE;
  r[R_RETANNS] = retAnnS;
  r[R_RETANNE] = retAnnE;
  r[R_ERRS] = errS;
  r[R_ERRE] = errE;
  r[R_SPECIAL] = special;
  r[R_NAMEID] = intern(&names, b + nameS, nameE - nameS);
  r[R_ANNID] = fpS >= 0 ? intern(&anns, b + fpS, fpE - fpS) : -1;
  r[R_FD] = fpS > 0 ? fdAt(b, fpS - 1, argsS) : -1;
  return kind;
}

// The first '\n' in [i, n), or n.
static int newline(const u8 *b, int i, int n) { return findByte(b, i, n, '\n'); }

// Scans the complete lines of win[from, n) into at most MAXREC records; returns how many. consumed_bytes():
// where the scan stopped (after the last newline read). Positions in records are offsets in win.
EXPORT(scan) int scan(int from, int n) {
  int pos = from;
  int k = 0;
  while (k < MAXREC) {
    const int nl = newline(win, pos, n);
    if (nl >= n) break;
    int *r = rec + k * STRIDE;
    r[R_S] = pos;
    r[R_E] = nl;
    r[R_KIND] = line(win, pos, nl, r);
    k++;
    pos = nl + 1;
  }
  consumed = pos;
  return k;
}
