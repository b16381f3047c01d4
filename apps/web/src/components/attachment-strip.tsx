import { X } from 'lucide-react';
import type { Attachment } from '../hooks/use-attachments';
import { formatBytes } from '../lib/format';
import { useLightbox } from './image-lightbox';

type AttachmentStripProps = { attachments: readonly Attachment[]; disabled: boolean; onRemove: (id: string) => void };

/** Thumbnails of the images about to be sent; click to preview, × to remove. */
export function AttachmentStrip({ attachments, disabled, onRemove }: AttachmentStripProps) {
  const lightbox = useLightbox();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attached images" className="flex flex-wrap gap-2 px-3 pt-3">
      {attachments.map(({ id, file, preview }) => (
        <li key={id} className="group relative animate-rise">
          <button
            type="button"
            onClick={() => lightbox.open({ src: preview, alt: file.name })}
            aria-label={`Preview ${file.name}`}
            title={`${file.name} · ${formatBytes(file.size)}`}
            className="block size-16 cursor-zoom-in overflow-hidden rounded-lg border border-line bg-sunken"
          >
            <img src={preview} alt="" className="size-full object-cover" />
          </button>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(id)}
            aria-label={`Remove ${file.name}`}
            className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full border border-line bg-raised text-muted shadow-sm transition hover:text-fg focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
          >
            <X size={12} strokeWidth={2.5} />
          </button>
        </li>
      ))}
    </ul>
  );
}
