import { describe, expect, it } from 'vitest';
import { stripTitleHeading } from '../src/lib/markdown-text';

describe('stripTitleHeading', () => {
  it('removes a first heading that repeats the title', () => {
    expect(stripTitleHeading('# Where does it go?\n\n## What I received\n', 'Where does it go?')).toBe('## What I received\n');
    expect(stripTitleHeading('\n#  Trip  #\nbody', 'trip')).toBe('body');
  });

  it('keeps the text when the heading differs, is not first or is not level 1', () => {
    expect(stripTitleHeading('# Other\nbody', 'Trip')).toBe('# Other\nbody');
    expect(stripTitleHeading('intro\n# Trip\n', 'Trip')).toBe('intro\n# Trip\n');
    expect(stripTitleHeading('## Trip\nbody', 'Trip')).toBe('## Trip\nbody');
  });
});
