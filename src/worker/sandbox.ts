/**
 * The analysis worker's side of the custom mapping sandbox (docs/ARCHITECTURE.md "Security"). Per evaluation
 * it asks the page for a sandbox frame (sandboxHost.ts) with two ports: `work` reaches the sandbox worker
 * (the request goes out at once and waits there), `beat` hears the frame's heartbeat and worker errors. The
 * evaluation ends — and the page removes the frame, ending its workers — when the worker answers, fails, the
 * request is cancelled, it runs longer than its time budget (a `while (true)` mapping: a mapping error, the
 * previous graph stays), or the heartbeat stops: the frame's process ended, which is what a mapping that
 * allocates without end comes to (Chromium gives sandboxed frames a process of their own: the page lives on).
 */
import type { CustomEvent } from '../analysis/mapping';
import { CancelledError } from '../ingest/source';
import type { CustomAnswers, CustomSandbox } from '../session/session';
import type { Ctx } from '../session/types';

/** How long one evaluation of a custom mapping may run (it runs once per distinct (call, file) pair: a
 * million pairs take about a second). */
export const SANDBOX_BUDGET_MS = 30_000;
/** The frame's heartbeat comes every 250 ms; silence this long after the first beat means its process ended. */
export const SANDBOX_SILENCE_MS = 3_000;
/** How long the frame may take to start (the first beat). */
export const SANDBOX_START_MS = 15_000;

/** What the sandbox needs of the page: open a frame with the ports [work, beat], close it. */
export interface SandboxFrames {
  open(sid: number, ports: [MessagePort, MessagePort]): void;
  close(sid: number): void;
}

export interface SandboxTiming {
  budgetMs?: number;
  silenceMs?: number;
  startMs?: number;
}

let nextSid = 1;

export function frameSandbox(frames: SandboxFrames, timing: SandboxTiming = {}): CustomSandbox {
  const budgetMs = timing.budgetMs ?? SANDBOX_BUDGET_MS;
  const silenceMs = timing.silenceMs ?? SANDBOX_SILENCE_MS;
  const startMs = timing.startMs ?? SANDBOX_START_MS;
  return (ctx: Ctx, source: string, inputs: CustomEvent[]) =>
    new Promise<CustomAnswers>((resolve, reject) => {
      const sid = nextSid++;
      const work = new MessageChannel();
      const beat = new MessageChannel();
      const t0 = Date.now();
      let lastBeat = -1;
      let over = false;
      const done = (): void => {
        over = true;
        clearInterval(poll);
        work.port1.onmessage = null;
        beat.port1.onmessage = null;
        work.port1.close();
        beat.port1.close();
        frames.close(sid);
      };
      const stop = (error: string): void => {
        done();
        resolve({ index: -1, error });
      };
      const pairs = `${inputs.length.toLocaleString('en-US')} (call, file) pairs`;
      const poll = setInterval(() => {
        if (over) return;
        const now = Date.now();
        if (ctx.cancel.cancelled) {
          done();
          reject(new CancelledError());
        } else if (now - t0 > budgetMs) stop(`custom mapping stopped: it ran for more than ${budgetMs / 1000} s on ${pairs} (an endless loop?)`);
        else if (lastBeat >= 0 && now - lastBeat > silenceMs)
          stop(`custom mapping stopped: its sandbox ended while it ran on ${pairs} — it used more memory than the browser gives one process (it allocates without end?)`);
        else if (lastBeat < 0 && now - t0 > startMs) stop('custom mapping not run: the sandbox did not start (does this browser allow sandboxed frames and blob workers?)');
      }, 100);
      work.port1.onmessage = (ev: MessageEvent<CustomAnswers>) => {
        if (over) return;
        done();
        resolve(ev.data);
      };
      beat.port1.onmessage = (ev: MessageEvent<0 | { error: string }>) => {
        if (over) return;
        if (ev.data === 0) lastBeat = Date.now();
        else stop(`custom mapping not run: ${ev.data.error}`);
      };
      work.port1.postMessage({ source, inputs });
      frames.open(sid, [work.port2, beat.port2]);
    });
}
