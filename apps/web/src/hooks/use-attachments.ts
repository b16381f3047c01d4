import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AttachmentKind } from '../lib/api';
import { admitFiles } from '../lib/attachments';
import { makeId } from '../lib/ids';

/** A file waiting to be sent; images and audio carry an object URL to preview or play them before sending. */
export type Attachment = { id: string; file: File; kind: AttachmentKind; preview: string | null };

const previewed = (kind: AttachmentKind) => kind === 'image' || kind === 'audio';

/** Files waiting to be sent (any kind, within the update's limits), with previews released when removed. */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const live = useRef(attachments);
  useLayoutEffect(() => {
    live.current = attachments;
  });

  const release = (list: readonly Attachment[]) => list.forEach((a) => a.preview && URL.revokeObjectURL(a.preview));
  useEffect(() => () => release(live.current), []);

  const add = useCallback((files: Iterable<File>) => {
    const { accepted, notice } = admitFiles(live.current.length, [...files]);
    setNotice(notice);
    if (accepted.length === 0) return;
    const next = accepted.map(({ file, kind }) => ({ id: makeId(), file, kind, preview: previewed(kind) ? URL.createObjectURL(file) : null }));
    // Counted from here too: two adds before a render must not pass the limit together.
    live.current = [...live.current, ...next];
    setAttachments((current) => [...current, ...next]);
  }, []);

  const remove = useCallback((id: string) => {
    release(live.current.filter((a) => a.id === id));
    setAttachments((current) => current.filter((a) => a.id !== id));
    setNotice(null);
  }, []);

  const clear = useCallback(() => {
    release(live.current);
    setAttachments([]);
    setNotice(null);
  }, []);

  return { attachments, notice, add, remove, clear };
}
