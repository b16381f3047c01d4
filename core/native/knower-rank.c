/*
 * knower_bm25(notes_fts, w_title, w_body): FTS5's own bm25() for Knower's search index, with the
 * same formula and the same floating-point steps (the hits and their order are FTS5's, to the
 * bit), minus its costliest part. bm25() looks up each matching note's length in the index's
 * %_docsize table, one SQL statement stepped per match: at 100,000 notes that lookup was over
 * half of ranking a common word. Here a note's length, once looked up, is kept in an array by
 * rowid (4 bytes a note) until the data changes, so the next queries that rank it read it there.
 *
 * A loadable SQLite extension (the search workers load it into better-sqlite3's SQLite); built by
 * core/native/build.ts. Without it, the search uses bm25() itself: same results, slower.
 *
 * Correctness rests on two things: a length is only ever what xColumnSize() said, inside a
 * query's read transaction; and every length is forgotten as soon as the database's data version
 * moves (any commit, by any connection), checked at each query's first row. The first query
 * after a write costs what bm25() costs; none costs more.
 *
 * knower_deadline(ms) gives the connection's ranking a deadline (0: none): past it, knower_bm25
 * fails, which ends the statement ranking. A search thread stopped at its budget cannot be
 * terminated while it is inside SQLite, and ranking every match is where a search's time goes;
 * the deadline brings the thread back. (better-sqlite3 builds SQLite without progress handlers.)
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

#define UNKNOWN 0xffffffffu

/* Per connection: the lengths of the notes ranked so far, as of one data version. */
typedef struct Lengths {
  sqlite3 *db;
  unsigned int version;
  sqlite3_int64 cap;
  uint32_t *length; /* by rowid; UNKNOWN where not read yet */
  sqlite3_int64 held;
  sqlite3_int64 deadline; /* ms on the monotonic clock; 0: none */
  unsigned int ranked;     /* calls since the clock was last read */
} Lengths;

/* The clock is read once every this many notes ranked (~40 µs of ranking): a fraction of its cost. */
#define DEADLINE_EVERY 256

/* Per query (FTS5 auxdata): what bm25() computes once per statement. */
typedef struct Query {
  int phrases;
  double avgdl;
  double *idf;
  double *freq;
  /* Rowids below this may be kept in the array (far larger ones are not worth its memory). */
  sqlite3_int64 limit;
} Query;

/* Forgets every length when the data has changed since they were read (any commit, by any connection). */
static void check_version(Lengths *l) {
  unsigned int version = 0;
  if (sqlite3_file_control(l->db, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK) version = l->version + 1;
  if (version == l->version) return;
  l->version = version;
  if (l->held > 0) memset(l->length, 0xff, (size_t)l->cap * sizeof(uint32_t));
  l->held = 0;
}

/* The note's length over all its columns: from the array, else looked up as bm25() does (and kept). */
static int note_length(const Fts5ExtensionApi *api, Fts5Context *fts, Lengths *l, const Query *q, double *out) {
  sqlite3_int64 id = api->xRowid(fts);
  if (id >= 0 && id < l->cap && l->length[id] != UNKNOWN) {
    *out = l->length[id];
    return SQLITE_OK;
  }
  int n = 0;
  int rc = api->xColumnSize(fts, -1, &n);
  if (rc != SQLITE_OK) return rc;
  *out = n;
  if (id < 0 || id >= q->limit || n < 0) return SQLITE_OK;
  if (id >= l->cap) {
    sqlite3_int64 cap = l->cap ? l->cap : 1024;
    while (cap <= id) cap *= 2;
    if (cap > q->limit) cap = q->limit;
    uint32_t *grown = realloc(l->length, (size_t)cap * sizeof(uint32_t));
    if (!grown) return SQLITE_OK; /* no room to keep it: the lookup serves */
    memset(grown + l->cap, 0xff, (size_t)(cap - l->cap) * sizeof(uint32_t));
    l->length = grown;
    l->cap = cap;
  }
  l->length[id] = (uint32_t)n;
  l->held++;
  return SQLITE_OK;
}

static int count_hit(const Fts5ExtensionApi *api, Fts5Context *fts, void *count) {
  (void)api;
  (void)fts;
  (*(sqlite3_int64 *)count)++;
  return SQLITE_OK;
}

/* The statement's first row: the weight of each phrase, as bm25() computes it; the lengths forgotten if stale. */
static int start_query(const Fts5ExtensionApi *api, Fts5Context *fts, Lengths *l, Query **out) {
  int phrases = api->xPhraseCount(fts);
  sqlite3_int64 rows = 0, tokens = 0;
  Query *q = sqlite3_malloc64(sizeof(Query) + sizeof(double) * 2 * (sqlite3_uint64)phrases);
  if (!q) return SQLITE_NOMEM;
  q->phrases = phrases;
  q->idf = (double *)&q[1];
  q->freq = &q->idf[phrases];
  int rc = api->xRowCount(fts, &rows);
  if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
  if (rc == SQLITE_OK) q->avgdl = (double)tokens / (double)rows;
  for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
    sqlite3_int64 hits = 0;
    rc = api->xQueryPhrase(fts, i, &hits, count_hit);
    if (rc == SQLITE_OK) {
      /* IDF = log((N - n + 0.5) / (n + 0.5)), never below 1e-6: bm25()'s own. */
      double idf = log((rows - hits + 0.5) / (hits + 0.5));
      q->idf[i] = idf <= 0.0 ? 1e-6 : idf;
    }
  }
  if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, q, sqlite3_free);
  else sqlite3_free(q);
  if (rc != SQLITE_OK) return rc;
  /* Rowids are note ids, dense in practice: the array grows to a few times the note count at most. */
  q->limit = rows * 4 + 1024;
  check_version(l);
  *out = q;
  return SQLITE_OK;
}

static sqlite3_int64 monotonic_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (sqlite3_int64)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void knower_bm25(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nargs, sqlite3_value **args) {
  const double k1 = 1.2, b = 0.75;
  Lengths *l = api->xUserData(fts);
  if (l->deadline != 0 && ++l->ranked % DEADLINE_EVERY == 0 && monotonic_ms() > l->deadline) {
    sqlite3_result_error(ctx, "interrupted: the search ran past its deadline", -1);
    return;
  }
  Query *q = api->xGetAuxdata(fts, 0);
  int rc = q ? SQLITE_OK : start_query(api, fts, l, &q);
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  /* Each phrase's frequency in this note, every instance weighted by its column's weight. */
  for (int i = 0; rc == SQLITE_OK && i < q->phrases; i++) {
    Fts5PhraseIter it;
    int col = -1, off = -1;
    q->freq[i] = 0.0;
    rc = api->xPhraseFirst(fts, i, &it, &col, &off);
    for (; rc == SQLITE_OK && col >= 0; api->xPhraseNext(fts, &it, &col, &off)) {
      q->freq[i] += nargs > col ? sqlite3_value_double(args[col]) : 1.0;
    }
  }
  double length = 0.0;
  if (rc == SQLITE_OK) rc = note_length(api, fts, l, q, &length);
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  double score = 0.0;
  for (int i = 0; i < q->phrases; i++) {
    score += q->idf[i] * ((q->freq[i] * (k1 + 1.0)) / (q->freq[i] + k1 * (1 - b + b * length / q->avgdl)));
  }
  sqlite3_result_double(ctx, -1.0 * score);
}

/* knower_rank_lengths(): how many notes' lengths are kept for the data as it is now. */
static void rank_lengths(sqlite3_context *ctx, int nargs, sqlite3_value **args) {
  (void)nargs;
  (void)args;
  Lengths *l = sqlite3_user_data(ctx);
  /* A statement that reads no table starts no read transaction, which is what refreshes the data version. */
  sqlite3_stmt *st = 0;
  if (sqlite3_prepare_v2(l->db, "SELECT 1 FROM sqlite_schema LIMIT 1", -1, &st, 0) == SQLITE_OK) sqlite3_step(st);
  sqlite3_finalize(st);
  check_version(l);
  sqlite3_result_int64(ctx, l->held);
}

/* knower_deadline(ms): statements running `ms` from now are interrupted; 0 clears it. */
static void set_deadline(sqlite3_context *ctx, int nargs, sqlite3_value **args) {
  (void)nargs;
  Lengths *l = sqlite3_user_data(ctx);
  sqlite3_int64 ms = sqlite3_value_int64(args[0]);
  l->deadline = ms > 0 ? monotonic_ms() + ms : 0;
  l->ranked = 0;
  sqlite3_result_null(ctx);
}

static void free_lengths(void *p) {
  Lengths *l = p;
  free(l->length);
  sqlite3_free(l);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_extension_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
  SQLITE_EXTENSION_INIT2(routines);
  fts5_api *fts = 0;
  sqlite3_stmt *st = 0;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, 0) == SQLITE_OK) {
    sqlite3_bind_pointer(st, 1, (void *)&fts, "fts5_api_ptr", 0);
    sqlite3_step(st);
  }
  sqlite3_finalize(st);
  if (!fts || fts->iVersion < 2) {
    *error = sqlite3_mprintf("knower_bm25 needs FTS5");
    return SQLITE_ERROR;
  }
  Lengths *l = sqlite3_malloc(sizeof(Lengths));
  if (!l) return SQLITE_NOMEM;
  memset(l, 0, sizeof(Lengths));
  l->db = db;
  int rc = sqlite3_create_function(db, "knower_rank_lengths", 0, SQLITE_UTF8, l, rank_lengths, 0, 0);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "knower_deadline", 1, SQLITE_UTF8, l, set_deadline, 0, 0);
  if (rc != SQLITE_OK) {
    sqlite3_free(l);
    return rc;
  }
  return fts->xCreateFunction(fts, "knower_bm25", l, knower_bm25, free_lengths);
}
