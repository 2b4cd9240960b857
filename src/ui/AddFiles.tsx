/**
 * Adding files to the loaded ones (e.g. the green runs from one folder, then the red ones from another):
 * the header's "Add files…" / "Add folder…" buttons, and the drop overlay that splits the page into
 * "open instead" (left half) and "add" (right half) once something is loaded.
 */
import { useRef } from 'react';
import { useApp } from './appContext';
import { collectInput } from './files';
import './loading.css';

export function AddFiles() {
  const addFiles = useApp((s) => s.addFiles);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const inputs = collectInput(e.target.files);
    e.target.value = '';
    if (inputs.length) void addFiles(inputs);
  };
  return (
    <span className="add-files">
      <input ref={files} type="file" multiple hidden data-testid="add-input" onChange={onPick} />
      <input ref={folder} type="file" hidden data-testid="add-folder-input" {...({ webkitdirectory: '', directory: '' } as Record<string, string>)} onChange={onPick} />
      <button onClick={() => files.current?.click()} title="Load more files and merge them with the loaded ones (e.g. the red runs from another folder)" data-testid="add-files">
        Add files…
      </button>
      <button onClick={() => folder.current?.click()} title="Load a folder and merge it with the loaded files" data-testid="add-folder">
        Add folder…
      </button>
    </span>
  );
}

/** Whether a drop at `clientX` adds to the loaded files (the right half of the page) or replaces them. */
export const dropAdds = (loaded: boolean, clientX: number, width: number): boolean => loaded && clientX > width / 2;

/** What a drop will do, drawn over the page while something is dragged over it. */
export function DropOverlay({ loadedFiles }: { loadedFiles: number }) {
  if (!loadedFiles) return <div className="drop-overlay">Drop traces or a folder to load them</div>;
  return (
    <div className="drop-overlay drop-split" data-testid="drop-overlay">
      <div className="drop-zone">
        <strong>Open instead</strong>
        <span>drop here to replace the {loadedFiles} loaded file{loadedFiles === 1 ? '' : 's'}</span>
      </div>
      <div className="drop-zone add">
        <strong>Add</strong>
        <span>drop here to add to the {loadedFiles} loaded file{loadedFiles === 1 ? '' : 's'}</span>
      </div>
    </div>
  );
}
