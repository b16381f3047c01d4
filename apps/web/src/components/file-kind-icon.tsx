import { File, FileImage, FileText, FileType, Globe, Mic } from 'lucide-react';
import type { AttachmentKind } from '../lib/api';

const ICONS = { image: FileImage, pdf: FileText, audio: Mic, text: FileType, file: File, page: Globe } as const;

/** One icon per kind of thing an update carries: the same in the composer and the Activity. */
export function FileKindIcon({ kind, size = 14, className }: { kind: AttachmentKind | 'page'; size?: number; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden size={size} className={className} />;
}
