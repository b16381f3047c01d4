import { Paperclip } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Accepts files dropped anywhere over the central zone and hands them to the chat input. */
export function DropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when we really left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    <main
      className="relative flex min-w-0 flex-1 flex-col bg-canvas"
      onDragEnter={onDragEnter}
      onDragOver={(event) => carriesFiles(event) && event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {over && (
        <div className="pointer-events-none absolute inset-3 z-30 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-update/60 bg-canvas/85 text-update backdrop-blur-sm">
          <Paperclip size={28} />
          <p className="text-sm font-medium">Drop files to attach them</p>
        </div>
      )}
    </main>
  );
}
