/**
 * The version of the apply code: what rows it writes for which events. Raise it with any change
 * that makes the rows of an already indexed chain differ from what this code would write; the
 * database records the version that built its tables, an indexer refuses tables of another
 * version, and `npm run --workspace server reindex` rebuilds them with this one.
 */
export const APPLY_VERSION = 1;
