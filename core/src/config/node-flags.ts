/**
 * Node's flags for the service process, given by whatever starts it (`knower start`, the image's
 * start script, `npm start`, the bench). V8 lets the young generation grow to 32 MB per
 * semi-space; the first pass and the first history snapshot of a big vault churn through enough
 * short-lived objects to keep it there, and the old generation sized after it. Measured on
 * 100,000 notes: the service's anonymous memory 227 → 154 MB, for scavenges a little more often.
 * A flag given at run time instead (v8.setFlagsFromString) has no effect on a heap already set up.
 * --expose-gc: the service collects its garbage once start-up work is over (lifecycle.ts).
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--expose-gc'];

/**
 * The environment the service starts with, under what the person set. glibc gives each thread
 * that allocates its own malloc arena (libuv's pool, V8's helpers): freed memory stays spread
 * over them. Two arenas: 16 MB less resident at 100,000 notes, measured the same way.
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
