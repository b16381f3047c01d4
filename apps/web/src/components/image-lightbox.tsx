import { Download } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from './ui/dialog';

type Shown = { src: string; alt: string; download?: string };
type Lightbox = { open: (image: Shown) => void };

const LightboxContext = createContext<Lightbox>({ open: () => undefined });

/** One image viewer for the whole app: any image (note, review, attachment) can open it. */
export function LightboxProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const open = useCallback((image: Shown) => setShown(image), []);
  const value = useMemo(() => ({ open }), [open]);

  return (
    <LightboxContext.Provider value={value}>
      {children}
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)} title={shown?.alt || 'Image'} hideTitle className="w-auto max-w-[92vw] p-2">
        {shown && (
          <figure className="flex flex-col items-center gap-2">
            <img src={shown.src} alt={shown.alt} className="max-h-[78vh] max-w-full rounded-lg object-contain" />
            <figcaption className="flex w-full items-center gap-3 px-2 pb-1 text-xs text-muted">
              <span className="truncate">{shown.alt}</span>
              {shown.download && (
                <a href={shown.src} download={shown.download} className="ml-auto inline-flex items-center gap-1 font-medium hover:text-fg">
                  <Download size={13} /> Download
                </a>
              )}
            </figcaption>
          </figure>
        )}
      </Dialog>
    </LightboxContext.Provider>
  );
}

export const useLightbox = () => useContext(LightboxContext);
