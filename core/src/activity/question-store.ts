import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../vault/index.js';
import { isQuestionId, type QuestionRecord } from './question-record.js';

/** What a person asked: one JSON file per question, written atomically (a question is small). */
export class QuestionStore {
  private readonly dir: string;

  constructor(stateDir: string) {
    this.dir = path.join(stateDir, 'questions');
  }

  async load(): Promise<QuestionRecord[]> {
    await mkdir(this.dir, { recursive: true });
    const records: QuestionRecord[] = [];
    for (const name of await readdir(this.dir)) {
      const id = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !isQuestionId(id)) continue; // temp files of an interrupted write
      const record = await this.read(id);
      if (record) records.push(record);
    }
    return records.sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  }

  newId(now: Date): string {
    return `q-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${randomBytes(3).toString('hex')}`;
  }

  async save(record: QuestionRecord): Promise<void> {
    await writeFileAtomic(path.join(this.dir, `${record.id}.json`), JSON.stringify(record, null, 2));
  }

  private async read(id: string): Promise<QuestionRecord | undefined> {
    try {
      return JSON.parse(await readFile(path.join(this.dir, `${id}.json`), 'utf8')) as QuestionRecord;
    } catch {
      return undefined; // unreadable: skipped rather than stopping the start
    }
  }
}
