/**
 * The page's side of the custom mapping sandbox (docs/ARCHITECTURE.md "Security"): for each evaluation the
 * analysis worker asks for, one hidden, sandboxed frame (`sandbox="allow-scripts"`: an opaque origin, which
 * Chromium also puts in a process of its own) whose Content Security Policy forbids every fetch and import.
 * The frame's script (sandboxFrame.js, the only script its policy allows) starts the sandbox worker from
 * `sandboxWorkerMain`'s source as a blob — a blob worker has its frame's policy — and hands it the analysis
 * worker's ports. Removing the frame ends everything in it.
 */
import { sandboxWorkerMain } from './sandboxWorker';

/** The worker's code: the self-contained function, called on the worker's global scope. */
export const SANDBOX_WORKER_CODE = `"use strict";(${sandboxWorkerMain.toString()})(self);`;

/** The frame document: its policy allows one script (the frame's, by its exact URL), blob workers and eval. */
export function frameDocument(scriptUrl: string): string {
  if (/["<>\s]/.test(scriptUrl)) throw new Error(`sandbox frame script URL not usable: ${scriptUrl}`);
  const csp = `default-src 'none'; script-src ${scriptUrl} 'unsafe-eval'; worker-src blob:; base-uri 'none'; form-action 'none'`;
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}"></head><body><script src="${scriptUrl}"></script></body></html>`;
}

export class SandboxHost {
  private readonly frames = new Map<number, { frame: HTMLIFrameElement; off: () => void }>();
  private readonly scriptUrl = new URL('./sandboxFrame.js', import.meta.url).href;

  /** Starts the frame of evaluation `sid` and gives it the ports [work, beat] once its script runs. */
  open(sid: number, ports: MessagePort[]): void {
    this.close(sid);
    const f = document.createElement('iframe');
    f.setAttribute('sandbox', 'allow-scripts');
    f.setAttribute('aria-hidden', 'true');
    f.tabIndex = -1;
    f.style.display = 'none';
    f.dataset.sandbox = String(sid);
    const onReady = (ev: MessageEvent): void => {
      if (ev.source !== f.contentWindow || (ev.data as { kind?: string } | null)?.kind !== 'ready') return;
      window.removeEventListener('message', onReady);
      // an opaque origin can only be addressed as '*': the frame is ours (srcdoc), and so is what it runs
      f.contentWindow?.postMessage({ kind: 'start', code: SANDBOX_WORKER_CODE }, '*', ports);
    };
    window.addEventListener('message', onReady);
    f.srcdoc = frameDocument(this.scriptUrl);
    this.frames.set(sid, { frame: f, off: () => window.removeEventListener('message', onReady) });
    document.body.appendChild(f);
  }

  close(sid: number): void {
    const f = this.frames.get(sid);
    if (f === undefined) return;
    this.frames.delete(sid);
    f.off();
    f.frame.remove();
  }

  closeAll(): void {
    for (const sid of [...this.frames.keys()]) this.close(sid);
  }
}
