// What the agents and the model provider report is written for logs (`model error 500
// {"type":"error",…}`). People get a sentence about what happened and what to do; the raw
// text stays available as the detail. Shared by the web app and the CLI, so both say it alike.

export type HumanError = { headline: string; detail: string | null };

const rules: Array<[RegExp, string]> = [
  [/model error 401|authentication|invalid x-api-key/i, 'The model provider refused the API key. Check ANTHROPIC_API_KEY.'],
  [/model error 403|permission/i, 'The API key is not allowed to use this model.'],
  [/model error 404|not_found_error|model: /i, 'The model provider does not know the configured model. Check KNOWER_MODEL.'],
  [/model error 429|rate.?limit/i, 'The model provider is rate-limiting Knower. It retried for a while and then gave up.'],
  [/model error 529|overloaded/i, 'The model provider is overloaded. It retried for a while and then gave up.'],
  [/model error 5\d\d/i, 'The model provider had a server error and kept failing on retries.'],
  [/model unreachable|ECONNREFUSED|ENOTFOUND|fetch failed|network/i, 'Knower could not reach the model provider (network or proxy).'],
  [/timed? ?out|timeout/i, 'The model took too long to answer.'],
  [/model error 400|invalid_request/i, 'The model provider rejected the request.'],
];

/** A plain-language headline for a failure, with the raw text as detail when it says more. */
export function humanError(raw: string | null | undefined, fallback = 'Something went wrong.'): HumanError {
  const text = (raw ?? '').trim();
  if (!text) return { headline: fallback, detail: null };
  const rule = rules.find(([pattern]) => pattern.test(text));
  if (rule) return { headline: rule[1], detail: text };
  // Already a sentence meant for people (the API's own messages): show it as it is.
  if (text.length <= 160 && !/[{}[\]]/.test(text)) return { headline: text, detail: null };
  return { headline: fallback, detail: text };
}
