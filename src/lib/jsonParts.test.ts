import { describe, expect, it } from 'vitest';
import { jsonParts, writeJsonParts } from './jsonParts';

const DOCS: unknown[] = [
  null,
  0,
  -0,
  'x"\\\n\u2028',
  [],
  {},
  [1, [2, [3, []]], {}, { a: {} }],
  { a: 1, b: undefined, c: () => 1, d: [undefined, NaN, Infinity, -1.5e-300], e: { f: 'g', h: [true, false, null] } },
  Object.assign(Object.create(null) as Record<string, unknown>, { ['__proto__']: { count: 1 }, 'read:/x': 2 }),
  { date: new Date(0), nested: { toJSON: () => ({ replaced: true }) } },
];

describe('writeJsonParts', () => {
  it('writes what JSON.stringify writes, compact and indented', () => {
    for (const d of DOCS) {
      expect(jsonParts(d).join('')).toBe(JSON.stringify(d));
      expect(jsonParts(d, { indent: 2 }).join('')).toBe(JSON.stringify(d, null, 2));
      expect(jsonParts(d, { indent: 2, chunk: 3 }).join('')).toBe(JSON.stringify(d, null, 2));
    }
  });

  it('writes runs of flat elements (engine blocks) exactly as JSON.stringify, at any depth, chunk and mix', () => {
    // a seeded mix of what variant traces hold (strings, [activity, n] pairs) and what breaks a flat run
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const item = (): unknown => {
      const r = rnd();
      if (r < 0.4) return `read:/p/${Math.floor(rnd() * 50)}\n"é\u2028`;
      if (r < 0.6) return [`write:/s/${Math.floor(rnd() * 9)}`, 2 + Math.floor(rnd() * 100)];
      if (r < 0.7) return Math.floor(rnd() * 1e6) / 7;
      if (r < 0.75) return [];
      if (r < 0.8) return null;
      if (r < 0.83) return undefined;
      if (r < 0.86) return { nested: [1, 'two', [3]] };
      if (r < 0.88) return Array.from({ length: 20 }, (_, i) => i);
      if (r < 0.9) return [[1, 2], 'deep'];
      if (r < 0.92) return new Date(86_400_000);
      return rnd() < 0.5;
    };
    for (const len of [1, 2, 17, 300, 5000]) {
      const trace = Array.from({ length: len }, item);
      const doc = { variants: [{ trace, count: 1 }, { trace: trace.slice(0, 3), count: 2 }], flat: trace };
      for (const indent of [0, 2]) {
        const want = JSON.stringify(doc, null, indent);
        for (const chunk of [1, 64, 1000, 1 << 16]) expect(jsonParts(doc, { indent, chunk }).join('')).toBe(want);
      }
      expect(jsonParts(trace, { indent: 2 }).join('')).toBe(JSON.stringify(trace, null, 2));
    }
  });

  it('an activity named __proto__ survives (null-prototype records)', () => {
    const doc = JSON.parse(jsonParts(DOCS[8], { indent: 2 }).join('')) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['__proto__', 'read:/x']);
  });

  it('parts stay near the chunk size', () => {
    const doc = { trace: Array.from({ length: 10_000 }, (_, i) => `write:/scratch/file-${i}`) };
    const parts = jsonParts(doc, { indent: 2, chunk: 1000 });
    expect(parts.length).toBeGreaterThan(100);
    for (const p of parts) expect(p.length).toBeLessThan(1000 + 40);
    expect(JSON.parse(parts.join(''))).toEqual(doc);
  });

  it('a variant trace of 18 M events is written although the text is longer than any string can be', () => {
    // 18 M alternating activities (no run to fold): ~30 characters each with the indentation, > 2^29 − 24 in all
    const n = 18_000_000;
    const a = 'write:/scratch/run/output.dat';
    const b = 'read:/scratch/run/input.dat';
    const trace: string[] = new Array<string>(n);
    for (let i = 0; i < n; i++) trace[i] = i % 2 ? b : a;
    const doc = { cases: 1, variants: [{ trace, count: 1, cases: ['rank0'] }] };
    let parts = 0;
    let longest = 0;
    let head = '';
    let tail = '';
    const total = writeJsonParts(doc, (p) => {
      if (parts++ === 0) head = p;
      longest = Math.max(longest, p.length);
      tail = p;
    }, { indent: 2 });
    expect(total).toBeGreaterThan(2 ** 29 - 24); // JSON.stringify would throw "Invalid string length"
    expect(longest).toBeLessThan(70_000);
    expect(head.startsWith(`{\n  "cases": 1,\n  "variants": [\n    {\n      "trace": [\n        "${a}",\n        "${b}",`)).toBe(true);
    expect(tail.endsWith(`"${b}"\n      ],\n      "count": 1,\n      "cases": [\n        "rank0"\n      ]\n    }\n  ]\n}`)).toBe(true);
  }, 60_000);
});
