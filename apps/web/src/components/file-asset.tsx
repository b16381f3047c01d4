import { Download, ExternalLink, FileIcon, FileText, Mic } from 'lucide-react';
import { rawUrl, type TreeEntry } from '../lib/api';
import { formatBytes } from '../lib/format';
import { basename, extension, isAudioPath, isImagePath } from '../lib/vault-path';
import { useLightbox } from './image-lightbox';
import { EmptyState } from './empty-state';
import { buttonClass } from './ui/button';

/**
 * A non-markdown vault file: images are shown, audio gets a player, a PDF opens in the
 * browser's own viewer (a tab of its own), anything else can be downloaded.
 */
export function FileAsset({ path, entry }: { path: string; entry: TreeEntry | undefined }) {
  const lightbox = useLightbox();
  const url = rawUrl(path);
  const name = basename(path);
  const size = entry ? ` · ${formatBytes(entry.size)}` : '';
  const download = (
    <a href={url} download={name} className={buttonClass()}>
      <Download size={14} /> Download
    </a>
  );

  if (isImagePath(path)) {
    return (
      <figure className="mx-auto flex max-w-[960px] flex-col items-center gap-3 px-10 py-10">
        <button type="button" aria-label={`Enlarge ${name}`} onClick={() => lightbox.open({ src: url, alt: name, download: name })} className="cursor-zoom-in rounded-xl">
          <img src={url} alt={name} className="max-h-[70vh] rounded-xl border border-line bg-sunken object-contain shadow-card" />
        </button>
        <figcaption className="text-xs text-faint">
          {name}
          {size}
        </figcaption>
      </figure>
    );
  }

  if (isAudioPath(path)) {
    return (
      <EmptyState icon={<Mic size={20} />} title={name} body={`Audio${size}`}>
        <div className="flex flex-col items-center gap-4">
          <audio controls preload="metadata" src={url} aria-label={`Play ${name}`} className="w-[min(80vw,420px)]" />
          {download}
        </div>
      </EmptyState>
    );
  }

  if (extension(path) === 'pdf') {
    return (
      <EmptyState icon={<FileText size={20} />} title={name} body={`PDF${size} — its text is searchable; the browser shows the pages.`}>
        <div className="flex flex-wrap justify-center gap-2">
          <a href={url} target="_blank" rel="noopener" className={buttonClass('primary')}>
            <ExternalLink size={14} /> Open the PDF
          </a>
          {download}
        </div>
      </EmptyState>
    );
  }

  return (
    <EmptyState icon={<FileIcon size={20} />} title={name} body={`${extension(path).toUpperCase() || 'This'} file${size} — Knower lists it but does not read it as a note.`}>
      {download}
    </EmptyState>
  );
}
