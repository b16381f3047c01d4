import { Pause, Play, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Attachment } from '../hooks/use-attachments';
import { kindLabel } from '../lib/attachments';
import { formatBytes } from '../lib/format';
import { FileKindIcon } from './file-kind-icon';
import { useLightbox } from './image-lightbox';

type AttachmentStripProps = { attachments: readonly Attachment[]; disabled: boolean; onRemove: (id: string) => void };

/** The files about to be sent: images as thumbnails (click to preview), others as chips; × removes one. */
export function AttachmentStrip({ attachments, disabled, onRemove }: AttachmentStripProps) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="flex flex-wrap gap-2 px-3 pt-3">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="group relative animate-rise">
          {attachment.kind === 'image' && attachment.preview ? <ImageThumb file={attachment.file} preview={attachment.preview} /> : <FileChip attachment={attachment} />}
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(attachment.id)}
            aria-label={`Remove ${attachment.file.name}`}
            className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full border border-line bg-raised text-muted shadow-sm transition hover:text-fg focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
          >
            <X size={12} strokeWidth={2.5} />
          </button>
        </li>
      ))}
    </ul>
  );
}

function ImageThumb({ file, preview }: { file: File; preview: string }) {
  const lightbox = useLightbox();
  return (
    <button
      type="button"
      onClick={() => lightbox.open({ src: preview, alt: file.name })}
      aria-label={`Preview ${file.name}`}
      title={`${file.name} · ${formatBytes(file.size)}`}
      className="block size-16 cursor-zoom-in overflow-hidden rounded-lg border border-line bg-sunken"
    >
      <img src={preview} alt="" className="size-full object-cover" />
    </button>
  );
}

function FileChip({ attachment: { file, kind, preview } }: { attachment: Attachment }) {
  return (
    <div className="flex h-16 max-w-64 items-center gap-2.5 rounded-lg border border-line bg-sunken py-2 pr-3 pl-2.5" title={`${file.name} · ${formatBytes(file.size)}`}>
      {kind === 'audio' && preview ? (
        <AudioToggle name={file.name} src={preview} />
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-raised text-muted">
          <FileKindIcon kind={kind} size={17} />
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate text-[12.5px] font-medium text-fg">{file.name}</span>
        <span className="block text-[11.5px] text-muted">
          {kindLabel(kind)} · {formatBytes(file.size)}
        </span>
      </span>
    </div>
  );
}

/** Plays a recording (or any audio) back before it is sent. */
function AudioToggle({ name, src }: { name: string; src: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };
  return (
    <>
      <button
        type="button"
        onClick={toggle}
        aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}
        className="flex size-9 shrink-0 items-center justify-center rounded-md bg-update text-on-accent shadow-sm transition hover:brightness-110"
      >
        {playing ? <Pause size={15} /> : <Play size={15} />}
      </button>
      <audio ref={audio} src={src} preload="metadata" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} />
    </>
  );
}
