import { describe, expect, it } from 'vitest';
import { humanError } from '../src/lib/human-error';

describe('humanError', () => {
  it('never makes a raw model error the headline, and keeps it as the detail', () => {
    const raw = 'model error 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"}}';
    const shown = humanError(raw);
    expect(shown.headline).toBe('The model provider had a server error and kept failing on retries.');
    expect(shown.detail).toBe(raw);
    expect(humanError('model error 429 {"type":"error"}').headline).toMatch(/rate-limiting/);
    expect(humanError('model unreachable: Connection error.').headline).toMatch(/could not reach/);
  });

  it('shows short human sentences as they are, and hides unknown machine text behind the fallback', () => {
    expect(humanError('the update has no text and no images')).toEqual({ headline: 'the update has no text and no images', detail: null });
    expect(humanError('{"weird":true}', 'The update failed.')).toEqual({ headline: 'The update failed.', detail: '{"weird":true}' });
    expect(humanError(undefined, 'Failed.')).toEqual({ headline: 'Failed.', detail: null });
  });
});
