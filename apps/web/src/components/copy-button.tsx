import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { IconButton } from './ui/icon-button';

/** Copies a text (a path, a note's markdown, an answer) and says so for a moment. */
export function CopyButton({ text, label, className }: { text: () => string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    void navigator.clipboard?.writeText(text()).then(
      () => setCopied(true),
      () => undefined,
    );
  return (
    <IconButton label={copied ? 'Copied' : label} onClick={copy} tooltipSide="bottom" {...(className ? { className } : {})}>
      {copied ? <Check size={15} className="text-success" /> : <Copy size={15} />}
    </IconButton>
  );
}
