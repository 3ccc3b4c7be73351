import { type Kysely, sql } from 'kysely';

/**
 * Scheduled jobs that must run once per period across every node (issue 23, ADR 041): a row per
 * (job, period) is the claim — the first node to insert it runs the period; a claim whose lease ran
 * out before it finished (the node died) is taken over; `finished_at` says the period is done.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE job_run (
      job text NOT NULL CHECK (length(job) BETWEEN 1 AND 80),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL CHECK (period_end > period_start),
      node text NOT NULL,
      attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
      started_at timestamptz NOT NULL,
      lease_until timestamptz NOT NULL,
      finished_at timestamptz,
      last_error text,
      PRIMARY KEY (job, period_start)
    );
    CREATE INDEX job_run_unfinished ON job_run (job, lease_until) WHERE finished_at IS NULL;
  `.execute(db);
};
