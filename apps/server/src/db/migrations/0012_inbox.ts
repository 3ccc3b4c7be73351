import { type Kysely, sql } from 'kysely';

/**
 * Platform messages and player feedback (issue 4, support's "messages, feedback"):
 * - `member_message`: a message from support to one member (`member_id`) or to every member of a
 *   merchant (`member_id` null: the members registered when it was sent); title plain, body
 *   sanitised HTML; a feedback reply names its feedback.
 * - `member_message_read`: which member read which message (unread = visible without a row).
 * - `feedback`: what a member reported (question type, at most 140 characters), open until support
 *   replies; `feedback_image`: up to 3 PNG/JPEG images of at most 5 MB, checked by magic bytes.
 * - an index on `bo_audit (target, id)` for the member detail's paged staff trail.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE member_message (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer REFERENCES member(id),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 20000),
      staff_id integer REFERENCES staff(id),
      feedback_id integer,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX member_message_member ON member_message (member_id, created_at) WHERE member_id IS NOT NULL;
    CREATE INDEX member_message_broadcast ON member_message (merchant_code, created_at) WHERE member_id IS NULL;

    CREATE TABLE member_message_read (
      message_id integer NOT NULL REFERENCES member_message(id),
      member_id integer NOT NULL REFERENCES member(id),
      read_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, message_id)
    );

    CREATE TABLE feedback (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      question_type text NOT NULL,
      content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 140),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'replied')),
      image_count smallint NOT NULL DEFAULT 0 CHECK (image_count BETWEEN 0 AND 3),
      created_at timestamptz NOT NULL,
      replied_at timestamptz,
      replied_by integer REFERENCES staff(id),
      reply_message_id integer REFERENCES member_message(id)
    );
    CREATE INDEX feedback_merchant ON feedback (merchant_code, created_at);
    CREATE INDEX feedback_member ON feedback (member_id, created_at);

    ALTER TABLE member_message
      ADD CONSTRAINT member_message_feedback FOREIGN KEY (feedback_id) REFERENCES feedback(id);

    CREATE TABLE feedback_image (
      feedback_id integer NOT NULL REFERENCES feedback(id),
      seq smallint NOT NULL CHECK (seq BETWEEN 1 AND 3),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
      bytes bytea NOT NULL,
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      PRIMARY KEY (feedback_id, seq)
    );

    -- The member detail pages through a member's staff trail (audit rows targeting it).
    CREATE INDEX bo_audit_target ON bo_audit (target, id);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP INDEX bo_audit_target;
    ALTER TABLE member_message DROP CONSTRAINT member_message_feedback;
    DROP TABLE feedback_image, feedback, member_message_read, member_message;
  `.execute(db);
};
