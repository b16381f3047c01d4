import type { FastifyBaseLogger } from 'fastify';

/** The slice of pino every module logs through (Fastify's logger in the app, a silent one in tests). */
export type Logger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
