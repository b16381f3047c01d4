import { describe, expect, it } from 'vitest';
import { noteSchema, treeSchema, updateStatusSchema } from '../src/lib/api-schemas';

// The zod boundary: tolerant of null for optional fields, strict on what the UI relies on.
describe('api schemas', () => {
  it('accepts a tree listing with optional and null fields', () => {
    const parsed = treeSchema.parse({
      files: [
        { path: 'a.md', kind: 'note', size: 12, tokens: 3, updated: '2025-06-10T12:00:00Z' },
        { path: 'b.png', kind: 'file', size: 99, tokens: null },
      ],
    });
    expect(parsed.files).toHaveLength(2);
  });

  it('rejects an unknown file kind', () => {
    expect(treeSchema.safeParse({ files: [{ path: 'a', kind: 'folder', size: 0 }] }).success).toBe(false);
  });

  it('defaults a missing frontmatter to an empty record', () => {
    expect(noteSchema.parse({ path: 'a.md', frontmatter: null, body: '# A' }).frontmatter).toEqual({});
  });

  it('rejects an update status outside the lifecycle', () => {
    expect(updateStatusSchema.safeParse({ id: 'u', status: 'working', created: 'now' }).success).toBe(false);
    expect(updateStatusSchema.parse({ id: 'u', status: 'inbox', created: 'now', inbox_id: 'i' }).inbox_id).toBe('i');
  });
});
