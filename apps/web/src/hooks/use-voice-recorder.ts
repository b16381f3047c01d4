import { useCallback, useEffect, useRef, useState } from 'react';
import { recordingProblem, recordingType, unsupported, voiceNoteName } from '../lib/voice-note';

export type RecorderState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'recording'; since: number } | { phase: 'failed'; problem: string };

type Session = { recorder: MediaRecorder; stream: MediaStream; keep: boolean };

/**
 * A voice note from the microphone (MediaRecorder), handed over as a file once stopped:
 * `voice-note-<time>.webm` (or the browser's own format). Discarding stops it without a file.
 * The microphone is released whenever the recording ends, and when the composer goes away.
 */
export function useVoiceRecorder(onRecorded: (file: File) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const session = useRef<Session | null>(null);
  const handOver = useRef(onRecorded);
  useEffect(() => {
    handOver.current = onRecorded;
  });

  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.keep = false;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      current.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const starting = useRef(false);
  const start = useCallback(async () => {
    if (session.current || starting.current) return;
    starting.current = true;
    setState({ phase: 'starting' });
    let stream: MediaStream | undefined;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw unsupported();
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const type = recordingType((t) => MediaRecorder.isTypeSupported(t));
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const tracks = stream;
      const chunks: Blob[] = [];
      const current: Session = { recorder, stream, keep: true };
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        tracks.getTracks().forEach((track) => track.stop());
        session.current = null;
        setState({ phase: 'idle' });
        if (!current.keep || chunks.length === 0) return;
        const recorded = recorder.mimeType || type || 'audio/webm';
        const media = recorded.split(';')[0]!;
        handOver.current(new File(chunks, voiceNoteName(new Date(), media), { type: media }));
      };
      session.current = current;
      // Chunks every second: a long recording is never one buffer held until the end.
      recorder.start(1000);
      setState({ phase: 'recording', since: Date.now() });
    } catch (error) {
      stream?.getTracks().forEach((track) => track.stop());
      session.current = null;
      setState({ phase: 'failed', problem: recordingProblem(error, window.isSecureContext) });
    } finally {
      starting.current = false;
    }
  }, []);

  const finish = useCallback((keep: boolean) => {
    const current = session.current;
    if (!current) return;
    current.keep = keep;
    current.recorder.stop();
  }, []);

  const stop = useCallback(() => finish(true), [finish]);
  const discard = useCallback(() => finish(false), [finish]);
  const dismiss = useCallback(() => setState((now) => (now.phase === 'failed' ? { phase: 'idle' } : now)), []);

  return { state, start, stop, discard, dismiss };
}
