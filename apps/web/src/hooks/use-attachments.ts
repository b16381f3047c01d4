import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { makeId } from '../lib/ids';

export type Attachment = { id: string; file: File; preview: string };

const MAX_IMAGES = 8;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Images waiting to be sent, with object-URL previews that are released when removed. */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const live = useRef(attachments);
  useLayoutEffect(() => {
    live.current = attachments;
  });

  useEffect(() => () => live.current.forEach((a) => URL.revokeObjectURL(a.preview)), []);

  const add = useCallback((files: Iterable<File>) => {
    const all = [...files];
    const images = all.filter((f) => f.type.startsWith('image/'));
    const fitting = images.filter((f) => f.size <= MAX_IMAGE_BYTES);
    const room = Math.max(0, MAX_IMAGES - live.current.length);
    const accepted = fitting.slice(0, room);
    const skipped = all.length - accepted.length;
    setNotice(
      skipped === 0
        ? null
        : images.length < all.length
          ? 'Only images can be attached.'
          : fitting.length < images.length
            ? 'Images larger than 10 MB were skipped.'
            : `At most ${MAX_IMAGES} images per message.`,
    );
    if (accepted.length === 0) return;
    const next = accepted.map((file) => ({ id: makeId(), file, preview: URL.createObjectURL(file) }));
    setAttachments((current) => [...current, ...next]);
  }, []);

  const remove = useCallback((id: string) => {
    const gone = live.current.find((a) => a.id === id);
    if (gone) URL.revokeObjectURL(gone.preview);
    setAttachments((current) => current.filter((a) => a.id !== id));
    setNotice(null);
  }, []);

  const clear = useCallback(() => {
    live.current.forEach((a) => URL.revokeObjectURL(a.preview));
    setAttachments([]);
    setNotice(null);
  }, []);

  return { attachments, notice, add, remove, clear };
}
