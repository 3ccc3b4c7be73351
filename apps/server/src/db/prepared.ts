import { sql } from 'kysely';

/** The mark itself (`db/database.ts` looks for it at the start of a statement's text). */
export const PREPARED_TEXT = '/* prepared */';

/**
 * Put first in a statement's text (`sql\`${PREPARED} SELECT ...\``) to have it prepared once per
 * PostgreSQL connection: a named statement, so that later calls send only the parameters and the
 * server neither parses nor plans the text again. For the few hot money statements only (the
 * ledger's post, the wallet transfer, the provider callbacks): a named statement stays in its
 * connection's memory for the connection's life. On PGlite it is a comment.
 */
export const PREPARED = sql.raw(PREPARED_TEXT);
