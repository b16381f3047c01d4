import type { CaptureConfig } from '../config/index.js';
import { createExtractor } from './extractor.js';
import { createLinkFetcher } from './link-fetcher.js';
import { createTranscriber } from './transcriber.js';
import type { Capture } from './types.js';

/** Says who fetches: a site's log shows a person's memory vault clipping one page, not a crawler. */
export const USER_AGENT = 'Mozilla/5.0 (compatible; Knower/0.1; personal memory vault saving a page its owner shared)';

/** The capture services from the settings. */
export function createCapture(config: CaptureConfig): Capture {
  return {
    links: createLinkFetcher({ allow: new Set(config.fetchAllow), userAgent: USER_AGENT }),
    extract: createExtractor(),
    transcriber: createTranscriber(config.transcribe ? { ...config.transcribe } : { model: '', timeoutMs: 1 }),
  };
}
