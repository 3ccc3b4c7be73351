import { type Kysely, sql } from 'kysely';

/** Merchants, site settings, media, announcements and the help centre. */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE merchant (
      code text PRIMARY KEY,
      name text NOT NULL,
      country char(2) NOT NULL,
      currency char(3) NOT NULL,
      currency_symbol text NOT NULL,
      languages jsonb NOT NULL,
      default_language text NOT NULL,
      dial_code text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE site_setting (
      merchant_code text NOT NULL REFERENCES merchant(code),
      key text NOT NULL,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, key)
    );
    CREATE TABLE site_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version integer NOT NULL
    );
    INSERT INTO site_version (id, version) VALUES (1, 1);
    CREATE TABLE media (
      id text PRIMARY KEY,
      mime text NOT NULL,
      bytes bytea NOT NULL,
      sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE announcement (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      kind text NOT NULL CHECK (kind IN ('B', 'PL', 'PU', 'PR')),
      group_name text,
      title jsonb NOT NULL,
      content jsonb NOT NULL,
      linkage_type text NOT NULL DEFAULT 'NONE' CHECK (linkage_type IN ('NONE', 'URL', 'ROUTE')),
      link text,
      media_id text REFERENCES media(id),
      execution text CHECK (execution IN ('B', 'A', 'F')),
      category text,
      promotion_type text,
      start_at timestamptz,
      end_at timestamptz,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX announcement_lookup ON announcement (merchant_code, kind, enabled, sort);
    CREATE TABLE help_article (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      parent_id integer REFERENCES help_article(id),
      tag text NOT NULL,
      title jsonb NOT NULL,
      content jsonb NOT NULL,
      bg_color text,
      sort integer NOT NULL DEFAULT 0,
      display boolean NOT NULL DEFAULT true
    );
    CREATE INDEX help_article_lookup ON help_article (merchant_code, parent_id, sort);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`DROP TABLE help_article, announcement, media, site_version, site_setting, merchant`.execute(db);
};
