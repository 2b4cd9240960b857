/** T01–T05: what only strace sees — lookups, failures, lseek pairs, syncs, reopening (T08, untraced time: untraced.ts). */
import { LOOKUP_CALLS, OPEN_CALLS, READ_CALLS, SEEK_CALLS, SYNC_CALLS, WRITE_CALLS } from '../calls';
import { NF, R_LOOKUPS, R_LOOKUP_FAIL, R_MTIME, R_OPENS, R_SEEKPAIRS, R_SEEK_TIME, R_SYNCS, R_SYNC_TIME, R_WRITES, filesOf, total, type InsightsContext, type Scope } from '../context';
import { scopeOf } from '../scope';
import type { Thresholds } from '../thresholds';
import { basename, dirname, formatCount, durationSlot, pct, top, topCases, topCasesOf, topFiles } from '../report';
import { FEWER_SYNCS, KEEP_OPEN, PREAD } from '../snippets';
import type { RawFinding, Recommendation, Rule } from '../types';

/** The dynamic loader's per-directory subdirectories (hardware capabilities, legacy tls/platform dirs). */
const LIB_SUBDIRS = /\/(glibc-hwcaps\/[^/]+|tls|x86_64|haswell|avx512_1|i686|sse2|aarch64|power\d+)(?=\/|$)/g;

const BIN_DIRS = new Set(['/bin', '/sbin', '/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']);

/** The probing patterns among failing lookups: one name looked up in several directories. */
export function probingPatterns(paths: readonly { path: string; n: number }[]): { kind: 'PATH search' | 'Python path' | 'library search' | 'probing'; name: string; dirs: number; calls: number }[] {
  const byName = new Map<string, { dirs: Set<string>; calls: number; python: boolean; lib: boolean; bin: boolean }>();
  for (const { path, n } of paths) {
    if (!path.startsWith('/')) continue;
    // the loader's subdirectories (glibc-hwcaps/x86-64-v3, tls, x86_64, …) belong to one search directory
    const root = path.replace(LIB_SUBDIRS, '');
    const sub = root !== path;
    let name = sub && !/\.so(\.\d+)*$/.test(basename(root)) ? '(library subdirectories)' : basename(root);
    const dir = sub && name === '(library subdirectories)' ? root : dirname(root);
    const py = /\.(cpython-[^.]*|abi3)\.so$/.test(name);
    if (py) name = name.replace(/\.(cpython-[^.]*|abi3)\.so$/, '.so');
    let e = byName.get(name);
    if (!e) byName.set(name, (e = { dirs: new Set(), calls: 0, python: false, lib: false, bin: false }));
    e.dirs.add(dir);
    e.calls += n;
    if (py || /python|site-packages|dist-packages|__pycache__|\.pyc?$|\.pth$/.test(path)) e.python = true;
    if (sub || /^lib.*\.so(\.\d+)*$/.test(name)) e.lib = true;
    if (BIN_DIRS.has(dir) || dir.endsWith('/bin')) e.bin = true;
  }
  const out: ReturnType<typeof probingPatterns> = [];
  for (const [name, e] of byName) {
    if (e.dirs.size < 3) continue;
    const kind = e.lib ? 'library search' : e.python ? 'Python path' : e.bin && !name.includes('.') ? 'PATH search' : 'probing';
    out.push({ kind, name, dirs: e.dirs.size, calls: e.calls });
  }
  return out.sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
}

const PROBE_FIX: Record<string, Recommendation> = {
  'PATH search': { text: 'Shorten PATH to the directories the job needs, or call programs by absolute path', snippet: { lang: 'sh', code: 'export PATH=/usr/bin:/bin        # only what the job needs\nexec /usr/bin/mytool "$@"        # no search at all' } },
  'Python path': { text: 'Shorten sys.path (PYTHONPATH, .pth files): each import looks in every entry; install into one environment or ship a zipapp/container', snippet: { lang: 'sh', code: 'python3 -X importtime -c "import mypkg" 2> imports.log   # what is imported, how long\nunset PYTHONPATH; python3 -m venv env && env/bin/pip install mypkg' } },
  'library search': { text: 'Shorten LD_LIBRARY_PATH, or link with a RUNPATH so the loader looks in one place', snippet: { lang: 'sh', code: 'gcc … -Wl,-rpath,\'$ORIGIN/../lib\'   # find libraries next to the binary\nLD_DEBUG=libs ./app 2>&1 | grep "trying file" | wc -l' } },
  probing: { text: 'Attempt to combine files, reduce, or cache metadata operations (look the name up once and remember where it was)' },
};

/**
 * Lookups per directory, the directories of one tree together: 3 or more directories whose paths differ only
 * in their numbers (`/data/run/d0 … d19`, `/sys/block/loop0/queue … loop7/queue`) are one entry, named by
 * the directory they share (`/data/run`, `/sys/block`).
 */
export function lookupTrees(byDir: Map<string, number>): Map<string, { n: number; dirs: number }> {
  const groups = new Map<string, string[]>();
  for (const d of byDir.keys()) {
    const shape = d.replace(/\d+/g, '#');
    let g = groups.get(shape);
    if (!g) groups.set(shape, (g = []));
    g.push(d);
  }
  const out = new Map<string, { n: number; dirs: number }>();
  const add = (key: string, n: number, dirs: number): void => {
    const e = out.get(key);
    if (e) {
      e.n += n;
      e.dirs += dirs;
    } else out.set(key, { n, dirs });
  };
  for (const g of groups.values()) {
    if (g.length < 3) {
      for (const d of g) add(d, byDir.get(d)!, 1);
      continue;
    }
    let common = dirname(g[0]);
    for (const d of g) while (common !== '/' && !(d === common || d.startsWith(`${common}/`))) common = dirname(common);
    add(common, g.reduce((n, d) => n + byDir.get(d)!, 0), g.length);
  }
  return out;
}

const metadataStorm: Rule = {
  code: 'T01',
  title: 'Metadata storm',
  levels: 'HIGH when lookups of the application\'s files take > metadata_storm_time of a case\'s traced time (and ≥ metadata_storm_min_time) without their single longest one; WARN when only their count exceeds metadata_storm_calls. Start-up lookups (system and runtime files: loader, /sys, /proc, imports) apart, by time only',
  target: 'user',
  run(ctx, scope, t) {
    // by time, a storm is many lookups: their time without the longest one (one slow open is no storm) still heavy
    const heavy = (time: number, k: number): boolean => ctx.caseTraced[k] > 0 && time >= t.metadata_storm_min_time && time / ctx.caseTraced[k] > t.metadata_storm_time;
    const byTime = (k: number): boolean => heavy(ctx.caseLookupTime[k] - ctx.caseLookupMax[k], k);
    const app = scope.cases.filter((k) => ctx.caseLookups[k] > t.metadata_storm_calls || byTime(k));
    const start = scope.cases.filter((k) => heavy(ctx.caseStartLookupTime[k] - ctx.caseStartLookupMax[k], k));
    const out: RawFinding[] = [];
    if (app.length) out.push(stormFinding(ctx, scope, t, app, 'app', byTime));
    if (start.length) out.push(stormFinding(ctx, scope, t, start, 'start-up', () => true));
    return out;
  },
};

/** One T01 finding: the storm among the application's files, or the start-up's (system and runtime files). */
function stormFinding(ctx: InsightsContext, scope: Scope, t: Thresholds, storm: number[], part: 'app' | 'start-up', byTime: (k: number) => boolean): RawFinding {
  const sub = scopeOf(scope, storm);
  const startUp = part === 'start-up';
  const lookupsOf = startUp ? ctx.caseStartLookups : ctx.caseLookups;
  const timeOf = startUp ? ctx.caseStartLookupTime : ctx.caseLookupTime;
  let calls = 0, fail = 0, enoent = 0, maxShare = 0, seconds = 0, startCalls = 0, startTime = 0;
  for (const k of storm) {
    calls += lookupsOf[k];
    seconds += timeOf[k];
    startCalls += ctx.caseStartLookups[k];
    startTime += ctx.caseStartLookupTime[k];
    if (!startUp) {
      fail += ctx.caseLookupFail[k];
      enoent += ctx.caseLookupEnoent[k];
    }
    if (ctx.caseTraced[k] > 0) maxShare = Math.max(maxShare, Math.min(1, timeOf[k] / ctx.caseTraced[k]));
  }
  const files = filesOf(ctx, sub).filter((g) => g.v[R_LOOKUPS] > 0 && (ctx.appFile[g.fp] === 1) !== startUp);
  if (startUp) for (const g of files) fail += g.v[R_LOOKUP_FAIL];
  const dirs = new Map<string, number>();
  for (const g of files) {
    const d = dirname(ctx.log.paths[g.fp]);
    dirs.set(d, (dirs.get(d) ?? 0) + g.v[R_LOOKUPS]);
  }
  const trees = lookupTrees(dirs);
  const topDirs = top([...trees].map(([d, e]) => [d, e.n] as [string, number]), t, calls);
  // probing: failing lookups of every file (a PATH search goes through the system's bin directories too)
  const failing = filesOf(ctx, sub).filter((g) => g.v[R_LOOKUP_FAIL] > 0 && (!startUp || ctx.appFile[g.fp] === 0));
  const patterns = probingPatterns(failing.map((g) => ({ path: ctx.log.paths[g.fp], n: g.v[R_LOOKUP_FAIL] })));
  const kinds = [...new Set(patterns.map((p) => p.kind))];
  const timeHit = storm.some(byTime);
  let worst = storm[0];
  for (const k of storm) if (lookupsOf[k] > lookupsOf[worst]) worst = k;
  const where = (d: string): string => {
    const e = trees.get(d)!;
    return e.dirs > 1 ? `under "${d}" (${e.dirs} directories)` : `in "${d}"`;
  };
  const details = [
    ...topDirs.map((c) => `${formatCount(c.value)} (${pct(c.share)}) lookups are ${where(c.name)}`),
    ...patterns.slice(0, 5).map((p) => `${p.kind}: "${p.name}" looked up in ${p.dirs} directories (${formatCount(p.calls)} failing calls)`),
  ];
  if (!startUp && startCalls > 0) details.push(`Start-up (the loader, /sys, /proc, locale, imports, the MPI runtime: system and runtime files) adds ${formatCount(startCalls)} lookups${ctx.hasDurations ? ` taking ${durationSlot(startTime)}` : ''}, not counted here`);
  const what = startUp ? 'a start-up metadata storm (system and runtime files: the loader, /sys, /proc, imports)' : 'a metadata storm on the application\'s files';
  return {
    code: 'T01', level: timeHit ? 'HIGH' : 'WARN', target: 'user',
    message: `${storm.length} case(s) issue ${what}: ${formatCount(calls)} stat/open/access/readlink-type calls (up to ${formatCount(lookupsOf[worst])} in ${ctx.log.cases[worst].id}${ctx.hasDurations ? `, up to ${pct(maxShare)} of a case's traced time` : ''})${startUp ? '' : `; ${pct(calls > 0 ? enoent / calls : 0)} fail with ENOENT`}${kinds.length ? `; probing: ${kinds.join(', ')}` : ''}`,
    details,
    cases: topCasesOf(ctx, sub, lookupsOf, t),
    files: topFiles(ctx, files, R_LOOKUPS, t),
    numbers: { cases: storm.length, calls, failing: fail, enoent, enoent_fraction: calls > 0 ? enoent / calls : 0, max_time_fraction: maxShare, ...(startUp ? {} : { startup_calls: startCalls, startup_seconds: startTime }) },
    recommendations: kinds.length ? kinds.map((k) => PROBE_FIX[k]) : [PROBE_FIX.probing],
    calls: LOOKUP_CALLS,
    key: startUp ? 'T01:start-up' : 'T01',
    cost: seconds,
  };
}

/** Failing calls per case of each of the given activities: one pass over the scope's events. */
function failuresPerCase(ctx: InsightsContext, scope: Scope, acts: readonly number[]): Float64Array[] {
  const { log, pairAct } = ctx;
  const K = log.cases.length;
  const slotOfPair = new Int32Array(log.pairCall.length).fill(-1);
  const slotOfAct = new Map(acts.map((a, j) => [a, j]));
  for (let p = 0; p < slotOfPair.length; p++) slotOfPair[p] = slotOfAct.get(pairAct[p]) ?? -1;
  const out = acts.map(() => new Float64Array(K));
  const { errno, pair, caseOffsets } = log;
  for (const k of scope.cases) {
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      if (errno[i] === 0) continue;
      const j = slotOfPair[pair[i]];
      if (j >= 0) out[j][k]++;
    }
  }
  return out;
}

const failures: Rule = {
  code: 'T02',
  title: 'Failing calls',
  levels: 'HIGH when an activity has ≥ failures_absolute failing calls and ≥ failures_ratio of its calls fail; WARN when one of the two holds (the ratio with at least failures_min failures)',
  target: 'developer',
  run(ctx, scope, t) {
    const { log, pairAct } = ctx;
    const A = ctx.activities.length;
    const P = log.pairCall.length;
    const calls = new Float64Array(A);
    const fails = new Float64Array(A);
    const failTime = new Float64Array(A);
    for (const sd of scope.sides) {
      for (let p = 0; p < P; p++) {
        const a = pairAct[p];
        if (a < 0) continue;
        calls[a] += ctx.pairCallsSide[sd * P + p];
        fails[a] += ctx.pairFailSide[sd * P + p];
        failTime[a] += ctx.pairFailTimeSide[sd * P + p];
      }
    }
    const hit: number[] = [];
    for (let a = 0; a < A; a++) {
      if (fails[a] >= t.failures_absolute || (fails[a] >= t.failures_min && fails[a] / calls[a] >= t.failures_ratio)) hit.push(a);
    }
    hit.sort((x, y) => fails[y] - fails[x] || x - y);
    const E = log.errnos.length;
    const shown = hit.slice(0, t.top_items);
    const perCase = failuresPerCase(ctx, scope, shown);
    return shown.map((a, j): RawFinding => {
      const byCallErr = new Map<string, number>();
      const byDir = new Map<string, number>();
      const byFile = new Map<string, number>();
      for (const sd of scope.sides) {
        for (const [key, n] of ctx.pairErrno[sd]) {
          const p = Math.floor(key / E);
          if (pairAct[p] !== a) continue;
          const ce = `${log.calls[log.pairCall[p]]} ${log.errnos[key % E]}`;
          byCallErr.set(ce, (byCallErr.get(ce) ?? 0) + n);
          const path = log.paths[log.pairFp[p]];
          if (path !== '') {
            byDir.set(dirname(path), (byDir.get(dirname(path)) ?? 0) + n);
            byFile.set(path, (byFile.get(path) ?? 0) + n);
          }
        }
      }
      const ce = top(byCallErr, { ...t, top_share: 0 }, fails[a]);
      const dirs = top(byDir, t, fails[a]);
      const both = fails[a] >= t.failures_absolute && fails[a] / calls[a] >= t.failures_ratio;
      const name = ctx.activities[a];
      return {
        code: 'T02', level: both ? 'HIGH' : 'WARN', target: 'developer',
        message: `Activity ${name} has ${formatCount(fails[a])} failing calls of ${formatCount(calls[a])} (${pct(fails[a] / calls[a])}): ${ce.slice(0, 3).map((c) => `${c.name} ${formatCount(c.value)}`).join(', ')}`,
        details: [
          ...ce.map((c) => `${formatCount(c.value)} (${pct(c.share)}) are ${c.name}`),
          ...dirs.map((c) => `${formatCount(c.value)} (${pct(c.share)}) fail in "${c.name}"`),
        ],
        cases: topCasesOf(ctx, scope, perCase[j], t),
        files: top(byFile, t, fails[a]),
        numbers: { failing: fails[a], calls: calls[a], fraction: fails[a] / calls[a] },
        recommendations: [{
          text: 'Check the failing calls: a missing file or directory (ENOENT) looked up again and again, a permission (EACCES), a full or read-only file system (ENOSPC, EROFS). Test once and remember the answer; create directories before the run',
          snippet: { lang: 'sh', code: `strace-dfg insights --json traces/ | jq '.insights[] | select(.code=="T02")'\ngrep -n ' = -1 E' traces/*.st | head   # the failing lines` },
        }],
        activity: name,
        key: `T02:${name}`,
        cost: failTime[a],
      };
    });
  },
};

const seekPairs: Rule = {
  code: 'T03',
  title: 'lseek then read/write',
  levels: 'WARN when at least seek_pairs reads or writes directly follow an lseek on the same file by the same process',
  target: 'developer',
  run(ctx, scope, t) {
    const files = filesOf(ctx, scope).filter((g) => g.v[R_SEEKPAIRS] > 0);
    const n = total(files, R_SEEKPAIRS);
    if (!(n >= t.seek_pairs)) return [];
    const fl = topFiles(ctx, files, R_SEEKPAIRS, t);
    return [{
      code: 'T03', level: 'WARN', target: 'developer',
      message: `${formatCount(n)} reads or writes directly follow an lseek on the same file by the same process (in ${files.length} file(s)): pread/pwrite do both in one call`,
      details: fl.map((c) => `${formatCount(c.value)} (${pct(c.share)}) lseek + read/write pairs are on "${c.name}"`),
      cases: topCases(ctx, scope, files, R_SEEKPAIRS, t), files: fl,
      numbers: { pairs: n, files: files.length },
      recommendations: [PREAD],
      calls: [...SEEK_CALLS, ...READ_CALLS, ...WRITE_CALLS],
      // the lseeks pread/pwrite would save
      cost: total(files, R_SEEK_TIME),
    }];
  },
};

const syncRate: Rule = {
  code: 'T04',
  title: 'Frequent fsync',
  levels: 'WARN when a file gets more than sync_per_write fsync-type calls per write (and at least sync_absolute of them)',
  target: 'developer',
  run(ctx, scope, t) {
    const files = filesOf(ctx, scope).filter((g) => g.v[R_SYNCS] >= t.sync_absolute && g.v[R_SYNCS] > t.sync_per_write * g.v[R_WRITES]);
    if (!files.length) return [];
    const s = total(files, R_SYNCS);
    const w = total(files, R_WRITES);
    const fl = topFiles(ctx, files, R_SYNCS, t);
    return [{
      code: 'T04', level: 'WARN', target: 'developer',
      message: `${formatCount(s)} fsync-type calls for ${formatCount(w)} writes to ${files.length} file(s): one every ${(w / s).toFixed(1)} writes (more often than once per ${(1 / t.sync_per_write).toFixed(0)})`,
      details: fl.map((c) => `${formatCount(c.value)} (${pct(c.share)}) syncs are to "${c.name}"`),
      cases: topCases(ctx, scope, files, R_SYNCS, t), files: fl,
      numbers: { syncs: s, writes: w, files: files.length },
      recommendations: [FEWER_SYNCS],
      calls: SYNC_CALLS,
      cost: total(files, R_SYNC_TIME),
    }];
  },
};

const openChurn: Rule = {
  code: 'T05',
  title: 'Open/close churn',
  levels: 'WARN when one case opens the same file more than open_churn times',
  target: 'developer',
  run(ctx, scope, t) {
    const recs: number[] = [];
    for (let r = 0; r < ctx.nRec; r++) if (scope.has[ctx.recCase[r]] && ctx.rec[r * NF + R_OPENS] > t.open_churn) recs.push(r);
    if (!recs.length) return [];
    recs.sort((x, y) => ctx.rec[y * NF + R_OPENS] - ctx.rec[x * NF + R_OPENS]);
    const fileSet = new Set(recs.map((r) => ctx.recFp[r]));
    const opens = recs.reduce((s, r) => s + ctx.rec[r * NF + R_OPENS], 0);
    const byFile = new Map<string, number>();
    const byCase = new Map<string, number>();
    for (const r of recs) {
      const p = ctx.log.paths[ctx.recFp[r]];
      byFile.set(p, (byFile.get(p) ?? 0) + ctx.rec[r * NF + R_OPENS]);
      const c = ctx.log.cases[ctx.recCase[r]].id;
      byCase.set(c, (byCase.get(c) ?? 0) + ctx.rec[r * NF + R_OPENS]);
    }
    const r0 = recs[0];
    const seconds = recs.reduce((s, r) => s + ctx.rec[r * NF + R_MTIME], 0);
    return [{
      code: 'T05', level: 'WARN', target: 'developer',
      message: `${fileSet.size} file(s) opened more than ${t.open_churn} times in one case: "${ctx.log.paths[ctx.recFp[r0]]}" ${formatCount(ctx.rec[r0 * NF + R_OPENS])} times in ${ctx.log.cases[ctx.recCase[r0]].id}`,
      details: recs.slice(0, t.top_items).map((r) => `"${ctx.log.paths[ctx.recFp[r]]}" opened ${formatCount(ctx.rec[r * NF + R_OPENS])} times in ${ctx.log.cases[ctx.recCase[r]].id}`),
      cases: top(byCase, t, opens), files: top(byFile, t, opens),
      numbers: { files: fileSet.size, opens, max_opens: ctx.rec[r0 * NF + R_OPENS] },
      recommendations: [KEEP_OPEN],
      calls: [...OPEN_CALLS, 'close'],
      // the metadata time (opens, closes) on those files in those cases
      cost: seconds,
    }];
  },
};


export const STRACE_RULES: Rule[] = [metadataStorm, failures, seekPairs, syncRate, openChurn];
