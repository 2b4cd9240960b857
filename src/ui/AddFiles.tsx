/**
 * Adding files to the loaded ones (e.g. the green runs from one folder, then the red ones from another):
 * the header's "Add files…" / "Add folder…" actions (in its Open menu), and the drop overlay that splits the page into
 * "open instead" (left half) and "add" (right half) once something is loaded.
 */
import { useRef, type ReactNode } from 'react';
import { useApp } from './appContext';
import { collectInput } from './files';
import './loading.css';

/** The hidden file inputs of "Add files…" / "Add folder…" (always mounted: the menu that holds the buttons
 * is not) and the two actions that open them. */
export function useAddFiles(): { inputs: ReactNode; pickFiles(): void; pickFolder(): void } {
  const addFiles = useApp((s) => s.addFiles);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const inputs = collectInput(e.target.files);
    e.target.value = '';
    if (inputs.length) void addFiles(inputs);
  };
  return {
    inputs: (
      <>
        <input ref={files} type="file" multiple hidden data-testid="add-input" onChange={onPick} />
        <input ref={folder} type="file" hidden data-testid="add-folder-input" {...({ webkitdirectory: '', directory: '' } as Record<string, string>)} onChange={onPick} />
      </>
    ),
    pickFiles: () => files.current?.click(),
    pickFolder: () => folder.current?.click(),
  };
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
