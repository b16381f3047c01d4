import { LIMITS, SCOPE_MAX_CHARS } from '../api/index.js';

/** Node's own limit on a request's line and headers: what browsers, proxies and cookies need. */
const NODE_DEFAULT_HEADER_BYTES = 16 * 1024;
/** A character percent-encoded in a URL: up to 4 bytes of UTF-8, 3 characters each (%E0%B8%81). */
const ENCODED_BYTES_PER_CHAR = 12;

/**
 * The bound on a request's line and headers (Node's maxHeaderSize): Node's default, plus the
 * longest query a valid GET /vault/search carries. 2,000 Thai or CJK characters are ~18 kB
 * percent-encoded, over Node's 16 kB, which answered 431 before a route could say anything.
 * Still a bound: a request over it is refused with 431 before it is read further.
 */
export const MAX_HEADER_BYTES = NODE_DEFAULT_HEADER_BYTES + ENCODED_BYTES_PER_CHAR * (LIMITS.queryChars + SCOPE_MAX_CHARS);
