import { answerOf } from './api.js';
import type { Context } from './context.js';
import { errorCodeOf } from './error-code.js';
import { answer as formatAnswer, questionFailure } from './format/answers.js';
import { asRecord } from './format/text.js';
import { parseJson, type HttpResult } from './http-client.js';
import { EXIT, failed, isFailure, type Outcome } from './outcome.js';

/** The answer on stdout (notes on stderr); a question the model failed says so with its id. */
export function printAnswer(ctx: Context, baseUrl: string, result: HttpResult, json: boolean): Outcome {
  if (result.kind === 'answer' && errorCodeOf(result) === 'model_unavailable' && typeof asRecord(parseJson(result.body)).question_id === 'string') {
    if (json) ctx.out.write(`${result.body.toString('utf8')}\n`);
    return failed(...questionFailure(parseJson(result.body)));
  }
  const answer = answerOf(ctx, baseUrl, '/search', result);
  if (isFailure(answer)) return answer;
  if (json) {
    ctx.out.write(`${answer.body.toString('utf8')}\n`);
    return EXIT.ok;
  }
  const printed = formatAnswer(answer.json);
  for (const line of printed.err) ctx.out.writeErr(`${line}\n`);
  for (const line of printed.out) ctx.out.say(line);
  return EXIT.ok;
}
