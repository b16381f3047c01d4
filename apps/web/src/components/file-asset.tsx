import { Download, FileIcon } from 'lucide-react';
import { rawUrl, type TreeEntry } from '../lib/api';
import { formatBytes } from '../lib/format';
import { basename, extension, isImagePath } from '../lib/vault-path';
import { useLightbox } from './image-lightbox';
import { EmptyState } from './empty-state';
import { buttonClass } from './ui/button';

/** A non-markdown vault file: images are shown, anything else can be downloaded. */
export function FileAsset({ path, entry }: { path: string; entry: TreeEntry | undefined }) {
  const lightbox = useLightbox();
  const url = rawUrl(path);
  const name = basename(path);

  if (isImagePath(path)) {
    return (
      <figure className="mx-auto flex max-w-[960px] flex-col items-center gap-3 px-10 py-10">
        <button type="button" aria-label={`Enlarge ${name}`} onClick={() => lightbox.open({ src: url, alt: name, download: name })} className="cursor-zoom-in rounded-xl">
          <img src={url} alt={name} className="max-h-[70vh] rounded-xl border border-line bg-sunken object-contain shadow-card" />
        </button>
        <figcaption className="text-xs text-faint">
          {name}
          {entry ? ` · ${formatBytes(entry.size)}` : ''}
        </figcaption>
      </figure>
    );
  }

  return (
    <EmptyState
      icon={<FileIcon size={20} />}
      title={name}
      body={`${extension(path).toUpperCase() || 'This'} file${entry ? ` · ${formatBytes(entry.size)}` : ''} — Knower lists it but does not read it as a note.`}
    >
      <a href={url} download={name} className={buttonClass()}>
        <Download size={14} /> Download
      </a>
    </EmptyState>
  );
}
