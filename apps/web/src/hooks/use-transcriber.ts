import { useCallback, useEffect, useState } from 'react';
import { getTranscribeStatus, postTranscribe, type WaitingAudio } from '../lib/api';

export type Transcriber = {
  /** Whether a transcriber is set up (KNOWER_TRANSCRIBE_URL); null until the service has said. */
  configured: boolean | null;
  /** The audio that waits, by the update that filed it (null until the service has said). */
  waiting: readonly WaitingAudio[] | null;
  /** Queues a transcription of each audio; resolves to a problem in words, or null once queued. */
  transcribe: (paths: readonly string[]) => Promise<string | null>;
};

/**
 * The transcriber as the Activity needs it: asked about (GET /transcribe) only once an update
 * shows audio waiting for one, and again whenever `asked` changes (the Activity's key of what
 * waits and what was transcribed since), and after a refusal.
 */
export function useTranscriber(asked: string | null): Transcriber {
  const [status, setStatus] = useState<{ configured: boolean | null; waiting: readonly WaitingAudio[] | null }>({ configured: null, waiting: null });

  const refresh = useCallback(async (signal?: AbortSignal) => {
    const result = await getTranscribeStatus(signal);
    if (result.ok) setStatus(result.value);
  }, []);

  useEffect(() => {
    if (asked === null) return;
    const abort = new AbortController();
    // State is set after the fetch resolves, not during the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    refresh(abort.signal).catch(() => undefined);
    return () => abort.abort();
  }, [asked, refresh]);

  const transcribe = useCallback(
    async (paths: readonly string[]) => {
      const result = await postTranscribe(paths);
      if (!result.ok) {
        if (result.problem.code === 'no_transcriber') void refresh();
        return result.problem.message;
      }
      const skipped = result.value.skipped[0];
      if (result.value.queued.length === 0 && skipped) return `${skipped.audio}: ${skipped.reason}`;
      return null;
    },
    [refresh],
  );

  return { ...status, transcribe };
}
