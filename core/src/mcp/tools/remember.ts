import { z } from 'zod';
import { captureUrl, UPDATE_LIMITS } from '../../api/index.js';
import { adviceField, refused, shown } from '../../tools/index.js';
import { defineMcpTool } from './tool.js';

export const rememberTool = defineMcpTool({
  name: 'remember',
  title: 'Remember in the vault',
  description:
    "Send information to the user's Knower vault: Knower's update agent files it into the right notes (a project, the bucket, the profile, tasks) in the background and logs it in the changelog. " +
    'Use it when the user asks to remember, save or note something, or to record a decision, a fact or a task worth keeping. ' +
    'Send self-contained text (who, what, when, which project); it is not a way to ask questions (use ask). ' +
    'To keep a web page, a PDF or an audio file found online, send its url (with text saying why it matters): Knower fetches it, keeps its text and files it. ' +
    'Returns at once with an update id; if the agent cannot decide where it belongs, it asks the user in the Knower inbox.',
  input: z.object({
    // No length bounds here: the update door refuses empty and too long text with the same code and sentence as POST /update.
    text: z
      .string()
      .default('')
      .describe(
        `The information to store, in plain text or markdown, at most ${UPDATE_LIMITS.textChars} characters, e.g. "Acme launch moved to 12 May; Dana owns the press kit." With a url: why it is worth keeping.`,
      ),
    url: captureUrl.optional(),
  }),
  output: z.object({ id: z.string(), status: z.string(), duplicate: z.boolean(), advice: adviceField }),
  // Not read-only: it changes the vault. Not destructive: the update agent adds and amends
  // notes under write-safety rules. Not idempotent: sending the same text twice files it twice.
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  async run({ text, url }, deps) {
    const outcome = await deps.updates.submit({ text, ...(url ? { url } : {}), attachments: [] });
    if (!outcome.ok) return refused(`Not accepted (${outcome.error}): ${outcome.message}. Send the information to remember as non-empty text within the limit, or an http(s) url.`);
    const { record, duplicate } = outcome;
    const advice =
      `Knower's update agent will file it into the vault in the background (usually within a minute), then search and read will find it. ` +
      `Progress: GET /updates/${record.id} on the Knower service, or the Activity view of the Knower web app; if the agent cannot decide where it belongs, an item appears in the Knower inbox.`;
    return shown(`Accepted: update ${record.id} is ${record.status}. ${advice}`, { id: record.id, status: record.status, duplicate, advice });
  },
});
