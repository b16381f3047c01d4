import { ArrowUp, Paperclip } from 'lucide-react';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { useAttachments } from '../hooks/use-attachments';
import type { ComposerMode } from '../hooks/use-composer-mode';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import type { InboxRef } from '../lib/activity';
import { cn } from '../lib/cn';
import { makeId } from '../lib/ids';
import { linkDraft } from '../lib/link-draft';
import { AttachmentStrip } from './attachment-strip';
import { AnsweringBar, ComposerNotice, DeepToggle, modeLook, modeSegments } from './chat-input-parts';
import { ClipOffer } from './clip-offer';
import { RecordButton, RecordingBar } from './voice-recorder';
import { Spinner } from './ui/spinner';
import { SegmentedControl } from './ui/segmented-control';
import { IconButton } from './ui/icon-button';

export type ComposerHandle = { focus: () => void; fill: (text: string) => void; addFiles: (files: Iterable<File>) => void };
/** What the composer sends: `url` when a link is sent as a clip (`text` then holds the other words). */
export type Submission = { mode: ComposerMode; text: string; url?: string; files: File[]; deep: boolean; idempotencyKey: string };

type ChatInputProps = {
  ref?: Ref<ComposerHandle>;
  mode: ComposerMode;
  answering: InboxRef | null;
  onModeChange: (mode: ComposerMode) => void;
  onCancelAnswer: () => void;
  /** Resolves to an error message to show, or null when the message went through. */
  onSubmit: (submission: Submission) => Promise<string | null>;
};

/** The always-visible chat input: Update (default), Search, or Answering an inbox item. */
export function ChatInput({ ref, mode, answering, onModeChange, onCancelAnswer, onSubmit }: ChatInputProps) {
  const [text, setText] = useState('');
  const [deep, setDeep] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const files = useAttachments();
  const voice = useVoiceRecorder((file) => files.add([file]));
  // A link in an Update draft is clipped unless the person chose to send that link as text.
  const link = useMemo(() => (mode === 'update' ? linkDraft(text) : null), [mode, text]);
  const [asText, setAsText] = useState<string | null>(null);
  const clip = link !== null && asText !== link.url;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // One Idempotency-Key per draft: re-sending an unchanged draft after a network error cannot
  // file it twice; any edit makes it a new request.
  const draftKey = useRef(makeId());
  useEffect(() => {
    draftKey.current = makeId();
  }, [text, files.attachments, mode, clip]);
  const look = modeLook[mode];
  const takesFiles = mode !== 'search';
  const recording = voice.state.phase === 'recording';

  // Files only travel with updates and replies: attaching one in Search mode switches to Update.
  const acceptFiles = (added: Iterable<File>) => {
    if (mode === 'search') onModeChange('update');
    voice.dismiss();
    files.add(added);
  };
  const record = () => {
    if (mode === 'search') onModeChange('update');
    void voice.start();
  };

  useImperativeHandle(ref, () => ({
    focus: () => textarea.current?.focus(),
    fill: (value) => {
      setText(value);
      textarea.current?.focus();
    },
    addFiles: acceptFiles,
  }));

  // Grow with the text up to a limit, then scroll.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 220)}px`;
  }, [text]);

  // The composer is never disabled: a disabled textarea drops the focus, and whatever the person
  // types next would go nowhere. A question is answered in the activity while the next message
  // is written; an update or a reply is handed over (a moment) before its draft is cleared.
  const submit = async () => {
    const attached = takesFiles ? files.attachments.map((a) => a.file) : [];
    const sent = text;
    if ((!sent.trim() && attached.length === 0) || recording) return;
    setError(null);
    voice.dismiss();
    const words = clip && link ? link.rest : sent.trim();
    const submission: Submission = { mode, text: words, ...(clip && link ? { url: link.url } : {}), files: attached, deep, idempotencyKey: draftKey.current };
    if (mode === 'search') {
      setText('');
      textarea.current?.focus();
      const failure = await onSubmit(submission);
      // Refused outright (too long, service down): the words come back unless something new was typed.
      if (failure) {
        setError(failure);
        setText((now) => (now === '' ? sent : now));
      }
      return;
    }
    if (sending) return;
    setSending(true);
    const failure = await onSubmit(submission);
    setSending(false);
    textarea.current?.focus();
    if (failure) return setError(failure);
    // Anything typed while it was being handed over stays.
    setText((now) => (now === sent ? '' : now.startsWith(sent) ? now.slice(sent.length).trimStart() : now));
    files.clear();
    setAsText(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && answering) {
      event.preventDefault();
      onCancelAnswer();
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return;
    event.preventDefault();
    acceptFiles(pasted);
  };

  const canSend = !(sending && mode !== 'search') && !recording && (text.trim() !== '' || (takesFiles && files.attachments.length > 0));

  return (
    <div className="shrink-0 px-2 pt-2 pb-2 md:px-6 md:pb-5">
      <div className="mx-auto max-w-[760px]">
        <div className={cn('overflow-hidden rounded-xl border bg-raised shadow-card transition-[border-color,box-shadow]', look.frame, sending && 'opacity-90')}>
          {answering && <AnsweringBar item={answering} onCancel={onCancelAnswer} disabled={sending && mode === 'answer'} />}
          {voice.state.phase === 'recording' && <RecordingBar since={voice.state.since} onDiscard={voice.discard} />}
          {takesFiles && <AttachmentStrip attachments={files.attachments} disabled={sending} onRemove={files.remove} />}
          <textarea
            ref={textarea}
            value={text}
            rows={1}
            aria-busy={sending || undefined}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={look.placeholder}
            aria-label={look.label}
            className="block max-h-[220px] min-h-[52px] w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[14px] leading-relaxed placeholder:text-faint focus:outline-none disabled:opacity-60"
          />
          {link && <ClipOffer url={link.url} clip={clip} disabled={sending} onChange={(on) => setAsText(on ? null : link.url)} />}
          <div className="flex items-center gap-1.5 px-2.5 pt-1 pb-2.5">
            <SegmentedControl label="Message mode" value={mode} segments={modeSegments(answering !== null)} onChange={onModeChange} />
            {takesFiles ? (
              <>
                <IconButton label="Attach files" disabled={sending} onClick={() => fileInput.current?.click()}>
                  <Paperclip size={16} />
                </IconButton>
                <RecordButton state={voice.state} disabled={sending} onStart={record} onStop={voice.stop} />
              </>
            ) : (
              <DeepToggle deep={deep} onToggle={() => setDeep((d) => !d)} />
            )}
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              aria-label="Attach files"
              onChange={(event) => {
                acceptFiles(event.target.files ?? []);
                event.target.value = ''; // picking the same file again must fire change again
              }}
            />
            <span className="ml-auto hidden pr-1 text-[11.5px] text-faint sm:block">Enter to send · Shift+Enter for a new line</span>
            <button
              type="button"
              onClick={() => void submit()}
              disabled={!canSend}
              aria-label={look.send}
              className={cn('flex size-8 items-center justify-center rounded-lg shadow-sm transition disabled:opacity-35 max-md:size-11', look.button)}
            >
              {sending && mode !== 'search' ? <Spinner className="size-4" /> : <ArrowUp size={17} strokeWidth={2.4} />}
            </button>
          </div>
        </div>
        <ComposerNotice error={error} notice={voice.state.phase === 'failed' ? voice.state.problem : files.notice} />
      </div>
    </div>
  );
}
