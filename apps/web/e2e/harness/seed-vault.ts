import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A project as the update agent leaves them: the four standard files, frontmatter included. */
function project(name: string, files: { description: string; state: string; tasks?: string; changelog?: string }): Record<string, string> {
  // The three fields Knower writes into the notes it creates: they keep the job stamping them.
  const note = (body: string) => {
    const text = `${body.trim()}\n`;
    return `---\ncreated: 2025-03-01T08:00:00Z\nupdated: 2025-03-01T08:00:00Z\ntokens: ${Math.ceil(text.length / 4)}\n---\n${text}`;
  };
  return {
    [`projects/${name}/description.md`]: note(files.description),
    [`projects/${name}/state.md`]: note(files.state),
    [`projects/${name}/tasks.md`]: note(files.tasks ?? '# Tasks\n'),
    [`projects/${name}/changelog.md`]: note(files.changelog ?? '# Changelog\n\nNewest first.\n'),
  };
}

export const GARDEN = project('garden', {
  description: `
# Garden

The vegetable garden behind the house: four raised beds, a compost corner and two rain barrels.
See [the current state](state.md) and [open tasks](tasks.md).

| Bed | Crop | Sown |
| --- | --- | --- |
| 1 | Tomatoes | April |
| 2 | Beans | May |
| 3 | Lettuce | March |
| 4 | Fallow | — |

## Rules of thumb
- Rotate the families every year: nightshades, legumes, brassicas, roots.
- Water early in the morning, never on the leaves.
`,
  state: `
# State

Beds ready for spring. Bed 4 rests this year under a layer of compost.

- **Soil:** tested in February, pH 6.5.
- **Water:** both rain barrels full.
`,
  tasks: `
# Tasks

- [x] Test the soil
- [ ] Order seed potatoes
- [ ] Fix the gate latch
`,
  changelog: `
# Changelog

Newest first.

## 2025-03-01 08:00 UTC · update u-seed
- Created the garden project.
`,
});

export const ACME = project('acme', {
  description: '# Acme\n\nClient work for Acme Corp: the new customer portal.\n',
  state: '# State\n\nLaunch planned for Q3. Design review done.\n',
});

export async function seedVault(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), content);
  }
}
