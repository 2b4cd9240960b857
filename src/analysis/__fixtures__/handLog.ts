/**
 * A tiny hand-made log whose statistics were computed by hand (see analyze.test.ts):
 *   R = read:/usr/lib, P = read:/etc/passwd, W = write:/dev/pts; `close` has no fp → unmapped.
 * Cases a_h1_1 and a_h2_2 have cid a (hosts h1, h2); b_h1_3 (only an unmapped event) and b_h1_4 have cid b.
 */
import type { TinyCase } from '../../testing/tinyLog';

const N = NaN;
export const CASES: TinyCase[] = [
  {
    file: 'a_h1_1.st',
    events: [
      ['read', '/usr/lib/libc.so.6', 0, 1, 100], //   R [0,1)   rate 100
      ['read', '/etc/passwd', 2, 0, 50], //           P @2      dur 0: no rate
      ['close', '', 2.5, 0.5, N], //                  unmapped: R→P→R stay adjacent
      ['read', '/usr/lib/libm.so', 3, 2, 0, 100, 'EBADF'], // R [3,5) failing read: 0 bytes, rate 0
      ['write', '/dev/pts/0', 6, 0.5, 10], //         W [6,6.5) rate 20
    ],
  },
  {
    file: 'a_h2_2.st',
    events: [
      ['read', '/usr/lib/libc.so.6', 1, 1, 300], //   R [1,2) touches [0,1): mc stays 1; rate 300
      ['read', '/usr/lib/libc.so.6', 4, 0, 0], //     R @4 inside [3,5): mc 2; no rate
      ['write', '/dev/pts/1', 4.5, 0.25, 5], //       W [4.5,4.75) rate 20
    ],
  },
  { file: 'b_h1_3.st', events: [['close', '', 0, 0.1, N]] }, // no mapped event: ● → ■
  {
    file: 'b_h1_4.st',
    events: [
      ['read', '/etc/passwd', 2, 0, 7], //            P @2 with case 1's P @2: mc 2
      ['read', '/etc/passwd', 7, 0.25, 20], //        rate 80, self-loop gap 5
      ['read', '/etc/passwd', 8, 0.25, 30], //        rate 120, self-loop gap 0.75
    ],
  },
];

