// A measurement, not part of the product: see compare.mjs beside it (docs/BENCHMARKS.md, session 9).
// prototype: the strace line scan's core (pid, -tt clock, name, args with quotes/annotations/parens, ") = ", result, <dur>)
typedef unsigned char u8;
typedef unsigned int u32;
static u8 cls[256];
void init(void) {
  
  cls['"'] = 1; cls['<'] = 2; cls[')'] = 3; cls['('] = 4; cls['{'] = 4; cls['['] = 4; cls['}'] = 5; cls[']'] = 5;
}
static inline int isdig(u8 c) { return (u8)(c - '0') < 10; }
static inline int isname(u8 c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isdig(c) || c == '_'; }
double acc; // the sum of the fields, so that the compiler keeps the work
// returns lines scanned; fields summed into acc
int scan_all(const u8* b, int n) {
  int lines = 0;
  int pos = 0;
  double sum = 0;
  while (pos < n) {
    int e = pos;
    while (e < n && b[e] != '\n') e++;
    int i = pos;
    int pid = 0;
    while (i < e && isdig(b[i])) pid = pid * 10 + b[i++] - '0';
    while (i < e && b[i] == ' ') i++;
    double ts = 0;
    if (i + 15 < e && b[i + 2] == ':' && b[i + 5] == ':' && b[i + 8] == '.') {
      int us = 0;
      for (int k = 9; k < 15; k++) us = us * 10 + b[i + k] - '0';
      ts = ((b[i] - '0') * 10 + (b[i + 1] - '0')) * 3600 + ((b[i + 3] - '0') * 10 + (b[i + 4] - '0')) * 60 + (b[i + 6] - '0') * 10 + (b[i + 7] - '0') + us / 1e6;
      i += 16;
    }
    int ns = i;
    while (i < e && isname(b[i])) i++;
    int ne = i;
    double dur = 0;
    int end = e;
    if (e - 10 > i && b[e - 1] == '>' && b[e - 10] == '<' && b[e - 8] == '.') {
      int us = 0;
      for (int k = e - 7; k < e - 1; k++) us = us * 10 + b[k] - '0';
      dur = (b[e - 9] - '0') + us / 1e6;
      end = e - 10;
    }
    int closeAt = -1, resAt = -1, fpS = -1, fpE = -1, depth = 0;
    if (i < end && b[i] == '(') {
      i++;
      int s = i;
      while (i < end) {
        u8 k = cls[b[i]];
        while (k == 0 && ++i < end) k = cls[b[i]];
        if (i >= end) break;
        if (k == 1) {
          i++;
          while (i < end) { if (b[i] == '\\') { i += 2; continue; } if (b[i] == '"') break; i++; }
          i++;
        } else if (k == 2) {
          int d = 1, j = i + 1;
          while (j < end && d > 0) { if (b[j] == '<') d++; else if (b[j] == '>') d--; j++; }
          if (fpS < 0 && depth == 0 && i > s && isdig(b[i - 1])) { fpS = i + 1; fpE = j - 1; }
          i = j;
        } else if (k == 3) {
          if (depth == 0) {
            int q = i + 1;
            while (q < end && b[q] == ' ') q++;
            if (b[q] == '=' && b[q + 1] == ' ') { closeAt = i; resAt = q + 2; }
          } else depth--;
          i++;
        } else if (k == 4) { depth++; i++; }
        else { if (depth > 0) depth--; i++; }
      }
    }
    double ret = 0;
    if (resAt > 0) {
      int j = resAt, neg = 0;
      if (b[j] == '-') { neg = 1; j++; }
      while (j < end && isdig(b[j])) ret = ret * 10 + b[j++] - '0';
      if (neg) ret = -ret;
    }
    sum += pid + ts + dur + ret + ns + ne + closeAt + fpS + fpE;
    lines++;
    pos = e + 1;
  }
  acc = sum;
  return lines;
}
