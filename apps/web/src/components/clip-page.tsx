import { Globe, Link2Off } from 'lucide-react';
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { postUpdate } from '../lib/api';
import { clipText, readClipRequest } from '../lib/clip-request';
import { makeId } from '../lib/ids';
import { shortLink } from '../lib/link-draft';
import { formatRoute } from '../lib/route';
import { ErrorNotice } from './error-notice';
import { Logo } from './sidebar';
import { Button, buttonClass } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * `/clip?url=…&title=…&text=…`: a page to save, as the bookmarklet (or any link) opened it.
 * Anyone can make such a link, so it only shows what it was given; nothing is sent until the
 * person confirms here, in Knower's own origin (POST /update passes the origin check because
 * this page is the app). Then the Activity shows it being filed.
 */
export function ClipPage() {
  const [request] = useState(() => readClipRequest(window.location.search));
  const [why, setWhy] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key for this page: a second click, or a retry after a dropped answer, files it once.
  const [key] = useState(makeId);

  useEffect(() => {
    document.title = 'Save to Knower';
  }, []);

  if (!request.ok) {
    return (
      <ClipFrame>
        <div className="flex items-start gap-2.5 text-[13.5px]">
          <Link2Off aria-hidden size={16} className="mt-0.5 shrink-0 text-muted" />
          <p>{request.problem}</p>
        </div>
        <a href={`/${formatRoute({ view: 'activity' })}`} className={buttonClass('secondary', 'md', 'mt-5')}>
          Open Knower
        </a>
      </ClipFrame>
    );
  }

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setSending(true);
    setProblem(null);
    const result = await postUpdate({ text: clipText(why, request.selection), url: request.url, idempotencyKey: key });
    if (!result.ok) {
      setSending(false);
      setProblem(result.problem.message);
      return;
    }
    window.location.assign(`/${formatRoute({ view: 'activity' })}`);
  };

  const cancel = () => {
    // The bookmarklet's window closes; a clip page opened any other way goes to the app.
    window.close();
    window.location.assign(`/${formatRoute({ view: 'activity' })}`);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void confirm();
  };

  return (
    <ClipFrame>
      <form onSubmit={(event) => void confirm(event)} className="space-y-4">
        <section aria-label="The page to save" className="flex gap-2.5">
          <Globe aria-hidden size={16} className="mt-0.5 shrink-0 text-update" />
          <div className="min-w-0">
            <p className="text-[15px] leading-snug font-semibold [overflow-wrap:anywhere]">{request.title || shortLink(request.url)}</p>
            <a href={request.url} target="_blank" rel="noreferrer noopener" className="mt-0.5 block text-xs text-muted [overflow-wrap:anywhere] hover:text-fg">
              {request.url}
            </a>
          </div>
        </section>
        {request.selection && (
          <figure>
            <figcaption className="mb-1 text-xs font-medium text-muted">Selected on the page</figcaption>
            <blockquote tabIndex={0} className="max-h-48 overflow-y-auto border-l-2 border-update/50 pl-3 text-[13px] leading-relaxed whitespace-pre-wrap text-fg/90 [overflow-wrap:anywhere]">
              {request.selection}
            </blockquote>
          </figure>
        )}
        <div>
          <label htmlFor="clip-why" className="text-[13px] font-medium">
            Why are you saving it? <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id="clip-why"
            rows={3}
            value={why}
            autoFocus
            onChange={(event) => setWhy(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="For the spring trip; compare with last year's notes…"
            className="mt-1.5 block w-full resize-y rounded-lg border border-line bg-canvas px-3 py-2 text-[14px] leading-relaxed placeholder:text-faint focus:border-update/55 focus:ring-4 focus:ring-update/10 focus:outline-none"
          />
        </div>
        <p className="text-xs text-muted">Knower fetches the page itself and files it in your vault. Nothing is sent until you confirm.</p>
        {problem && <ErrorNotice raw={problem} />}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={cancel} disabled={sending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={sending}>
            {sending && <Spinner />} Confirm
          </Button>
        </div>
      </form>
    </ClipFrame>
  );
}

function ClipFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-full justify-center overflow-y-auto bg-canvas px-3 py-6 md:items-center md:py-12">
      <div className="h-fit w-full max-w-[560px] rounded-xl border border-line bg-raised p-5 shadow-card">
        <header className="mb-5 flex items-center gap-2.5">
          <Logo />
          <h1 className="text-[15px] font-semibold tracking-tight">Save to Knower</h1>
        </header>
        {children}
      </div>
    </main>
  );
}
