import { type Kysely, sql } from 'kysely';

/**
 * Support chat (issue 24, ADR 044):
 * - `support_conversation`: one member's conversation with support, in a queue (`general`, or
 *   `vip` for members whose VIP level is above 4 when it opened), `open` until staff close it; a
 *   member has at most one open conversation. The unread counts of each side are kept on the row
 *   (set to 0 when that side reads, raised by one with each message of the other side).
 * - `support_message`: the messages of a conversation, both ways, kept after it closes: a text
 *   (≤ 1,000 characters) and/or one PNG/JPEG image (≤ 2 MB, checked by magic bytes).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE support_conversation (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      queue text NOT NULL CHECK (queue IN ('general', 'vip')),
      status text NOT NULL CHECK (status IN ('open', 'closed')),
      member_unread integer NOT NULL DEFAULT 0 CHECK (member_unread >= 0),
      staff_unread integer NOT NULL DEFAULT 0 CHECK (staff_unread >= 0),
      created_at timestamptz NOT NULL,
      last_message_at timestamptz NOT NULL,
      closed_at timestamptz,
      closed_by integer REFERENCES staff(id)
    );
    CREATE UNIQUE INDEX support_conversation_one_open ON support_conversation (member_id) WHERE status = 'open';
    CREATE INDEX support_conversation_queue ON support_conversation (merchant_code, status, queue, last_message_at);

    CREATE TABLE support_message (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES support_conversation(id),
      sender text NOT NULL CHECK (sender IN ('member', 'staff')),
      staff_id integer REFERENCES staff(id),
      body text NOT NULL CHECK (char_length(body) <= 1000),
      image bytea,
      image_type text CHECK (image_type IN ('image/png', 'image/jpeg')),
      created_at timestamptz NOT NULL,
      CHECK ((image IS NULL) = (image_type IS NULL)),
      CHECK (char_length(body) > 0 OR image IS NOT NULL)
    );
    CREATE INDEX support_message_conversation ON support_message (conversation_id, id);
  `.execute(db);
};
