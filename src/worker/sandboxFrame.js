// The sandbox frame's script (docs/ARCHITECTURE.md "Security"; made by sandboxHost.ts). A classic script, not a
// module: the frame is sandboxed (an opaque origin), where a module script would need CORS headers that a
// static host does not send. The frame's Content Security Policy forbids every fetch and import
// (`default-src 'none'`, this file the only script); the blob workers made here have that policy too.
// It runs the sandbox worker from the code the page sends, gives it the work port, and keeps the page's
// beat port alive from a second worker while this frame's process lives (the page takes silence for a crash:
// a mapping that allocates without end ends this frame's process, not the page's).
'use strict';
(function () {
  var BEAT = 'setInterval(function () { postMessage(0); }, 250);';
  var blobUrl = function (code) {
    return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  };
  var started = false;
  window.addEventListener('message', function (ev) {
    var d = ev.data;
    if (started || ev.source !== window.parent || !d || d.kind !== 'start' || ev.ports.length !== 2) return;
    started = true;
    var work = ev.ports[0];
    var beat = ev.ports[1];
    // the first beat before the mapping's worker starts: a mapping that allocates without end can end this
    // process within the beat worker's first 250 ms, and the page must take that for a crash, not a frame
    // that never started
    beat.postMessage(0);
    try {
      var b = new Worker(blobUrl(BEAT), { name: 'strace-dfg-sandbox-beat' });
      b.onmessage = function () {
        beat.postMessage(0);
      };
      var w = new Worker(blobUrl(String(d.code)), { name: 'strace-dfg-sandbox' });
      w.onerror = function (e) {
        e.preventDefault();
        beat.postMessage({ error: e.message || 'the sandbox worker failed to start' });
      };
      w.postMessage(null, [work]);
    } catch (e) {
      beat.postMessage({ error: 'the sandbox worker could not start: ' + (e && e.message ? e.message : String(e)) });
    }
  });
  window.parent.postMessage({ kind: 'ready' }, '*');
})();
