import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The serializer of the routes that declare a response schema (from api/): the body is checked
 * against it, then sent as the handler made it. The type provider's own serializer encodes
 * through the schema instead, which drops every field the schema does not name and refuses the
 * schemas that transform (the web app's parsing fills defaults); a check keeps the contract
 * without cutting what a client reads. A body that breaks the contract is a 500, never sent.
 */
export const checkedSerializer =
  ({ schema, method, url }: { schema: z.ZodType; method: string; url: string }) =>
  (data: unknown): string => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(data);
  };
