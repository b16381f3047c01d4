import { Fragment } from 'react';
import { BookmarkletLink } from './bookmarklet-link';
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

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
    </Dialog>
  );
}
