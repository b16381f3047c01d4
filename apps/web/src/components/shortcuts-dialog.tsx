import { Eraser } from 'lucide-react';
import { Fragment } from 'react';
import { BookmarkletLink } from './bookmarklet-link';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { Kbd } from './ui/kbd';

const shortcuts: Array<[string[], string]> = [
  [['Ctrl', 'K'], 'Find a note by name or text (⌘K on a Mac)'],
  [['/'], 'Focus the chat input'],
  [['Enter'], 'Send'],
  [['Shift', 'Enter'], 'New line'],
  [['Alt', 'U'], 'Update mode'],
  [['Alt', 'S'], 'Search mode'],
  [['R'], 'Reply to the open inbox item'],
  [['Esc'], 'Stop answering an inbox item'],
  [['Alt', 'A'], 'Activity'],
  [['Alt', 'I'], 'Inbox'],
  [['Alt', 'F'], 'Filter the vault files'],
  [['↑', '↓', '←', '→'], 'Move in the file tree'],
  [['?'], 'This list'],
];

type ShortcutsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; /** Opens the dialog that forgets a text sent by mistake. */ onForgetText: () => void };

export function ShortcutsDialog({ open, onOpenChange, onForgetText }: ShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="Everything in Knower is reachable from the keyboard.">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2.5 text-[13px]">
        {shortcuts.map(([keys, what]) => (
          <Fragment key={what}>
            <dt className="text-muted">{what}</dt>
            <dd className="flex items-center justify-end gap-1">
              {keys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </dd>
          </Fragment>
        ))}
      </dl>
      <BookmarkletLink />
      <div className="mt-4 flex items-center justify-between gap-3 border-t border-line pt-4 text-[13px]">
        <span className="text-muted">Sent something you should not have?</span>
        <Button size="sm" onClick={onForgetText}>
          <Eraser aria-hidden size={14} /> Forget a text…
        </Button>
      </div>
    </Dialog>
  );
}
