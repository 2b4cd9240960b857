/**
 * The header on one row: open files (more opening and adding in the Open menu), then the graph's colour,
 * edge label and direction, and the exports (in the Export menu; Toolbar.tsx).
 */
import type { RefObject } from 'react';
import { useAddFiles } from './AddFiles';
import { useApp } from './appContext';
import { ErrorBoundary } from './ErrorBoundary';
import { collectInput } from './files';
import { Menu } from './Menu';
import { Toolbar } from './Toolbar';

export function Header({ fileInput, folderInput, onExample }: { fileInput: RefObject<HTMLInputElement | null>; folderInput: RefObject<HTMLInputElement | null>; onExample(): void }) {
  const summary = useApp((st) => st.summary);
  const result = useApp((st) => st.result);
  const splitByPid = useApp((st) => st.view.splitByPid);
  const loadFiles = useApp((st) => st.loadFiles);
  const notify = useApp((st) => st.notify);
  const setSplitByPid = useApp((st) => st.setSplitByPid);
  const add = useAddFiles();
  const loaded = !!summary && summary.files.length > 0;
  const onInput = (e: React.ChangeEvent<HTMLInputElement>) => {
    const inputs = collectInput(e.target.files);
    e.target.value = '';
    if (inputs.length) void loadFiles(inputs);
  };
  return (
    <header>
      <h1>strace-dfg</h1>
      <input ref={fileInput} type="file" multiple hidden data-testid="file-input" onChange={onInput} />
      <input ref={folderInput} type="file" hidden data-testid="folder-input" {...({ webkitdirectory: '', directory: '' } as Record<string, string>)} onChange={onInput} />
      {add.inputs}
      <button onClick={() => fileInput.current?.click()}>Open files…</button>
      <Menu label="More" testId="open-menu" title="Open a folder, add files to the loaded ones, load the example, one case per pid">
        <button onClick={() => folderInput.current?.click()}>Open folder…</button>
        {loaded && (
          <>
            <button onClick={add.pickFiles} title="Load more files and merge them with the loaded ones (e.g. the red runs from another folder)" data-testid="add-files">
              Add files…
            </button>
            <button onClick={add.pickFolder} title="Load a folder and merge it with the loaded files" data-testid="add-folder">
              Add folder…
            </button>
          </>
        )}
        <button onClick={onExample} data-testid="load-example-header">
          Load example
        </button>
        <label title="One case per (file, pid) instead of one per file">
          <input type="checkbox" checked={splitByPid} onChange={(e) => void setSplitByPid(e.target.checked)} data-testid="split-pid" /> case per pid
        </label>
      </Menu>
      {result !== null && (
        <ErrorBoundary name="Toolbar" resetKey={result}>
          <Toolbar onError={notify} />
        </ErrorBoundary>
      )}
    </header>
  );
}
