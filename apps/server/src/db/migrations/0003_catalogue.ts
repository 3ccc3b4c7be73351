import { type Kysely, sql } from 'kysely';

/**
 * The game catalogue (merchant-independent): vendors, classify tags, games; members' favourites
 * and recent plays; the wins of settled rounds that feed the winner board (filled by the play
 * issue). The name search serves from memory; the database keeps a normalised search text with
 * a trigram index where pg_trgm is available (PostgreSQL) and a plain index otherwise (PGlite
 * ships pg_trgm only as an extension loaded at start, which this server does not load).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE catalogue_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version integer NOT NULL
    );
    INSERT INTO catalogue_version (id, version) VALUES (1, 1);

    CREATE TABLE vendor (
      code text NOT NULL CHECK (code ~ '^[A-Z0-9_]{1,40}$'),
      game_type text NOT NULL CHECK (game_type IN ('RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT')),
      display_name text NOT NULL,
      -- ESPORTS or COCKFIGHT: a SPORTS vendor whose card the lane rules move to that lane.
      lane text CHECK (lane IN ('ESPORTS', 'COCKFIGHT')),
      is_hot boolean NOT NULL DEFAULT false,
      account_type_id integer NOT NULL,
      account_type_name text NOT NULL,
      is_game text NOT NULL DEFAULT 'VASSALAGE' CHECK (is_game IN ('VASSALAGE', 'GAME')),
      game_code text,
      default_play_type text,
      logo_media_id text REFERENCES media(id),
      icon_media_id text REFERENCES media(id),
      logo_url text,
      icon_url text,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      allow_demo boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (code, game_type)
    );

    CREATE TABLE game_classify (
      key text PRIMARY KEY CHECK (key ~ '^[a-z0-9_]{1,40}$'),
      display_name jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE game (
      node_id text PRIMARY KEY CHECK (node_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
      game_id text NOT NULL,
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      display_name jsonb NOT NULL,
      -- Every language's name, lower-cased, Latin accents stripped, joined by newlines.
      search_text text NOT NULL,
      classify jsonb NOT NULL DEFAULT '[]',
      min_bet numeric(12, 2) NOT NULL CHECK (min_bet > 0),
      min_line_num integer NOT NULL DEFAULT 1 CHECK (min_line_num >= 0),
      hot_rank integer CHECK (hot_rank > 0),
      is_new boolean NOT NULL DEFAULT false,
      icon_media_id text REFERENCES media(id),
      icon_url text,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      launch jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (vendor_code, game_type) REFERENCES vendor(code, game_type),
      UNIQUE (vendor_code, game_type, game_id)
    );
    CREATE INDEX game_listing ON game (game_type, vendor_code, sort) WHERE enabled;
    CREATE INDEX game_hot ON game (hot_rank) WHERE hot_rank IS NOT NULL AND enabled;

    CREATE TABLE favourite_game (
      member_id integer NOT NULL REFERENCES member(id) ON DELETE CASCADE,
      node_id text NOT NULL REFERENCES game(node_id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, node_id)
    );
    CREATE INDEX favourite_game_member ON favourite_game (member_id, created_at DESC);

    CREATE TABLE recent_game (
      member_id integer NOT NULL REFERENCES member(id) ON DELETE CASCADE,
      node_id text NOT NULL REFERENCES game(node_id) ON DELETE CASCADE,
      last_played_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, node_id)
    );
    CREATE INDEX recent_game_member ON recent_game (member_id, last_played_at DESC);

    -- One row per winning settled round; written by the game-round settlement, never by hand.
    CREATE TABLE game_win (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      node_id text NOT NULL REFERENCES game(node_id),
      round_ref text NOT NULL UNIQUE,
      bet_amount numeric(18, 2) NOT NULL CHECK (bet_amount >= 0),
      win_amount numeric(18, 2) NOT NULL CHECK (win_amount > 0),
      won_at timestamptz NOT NULL
    );
    CREATE INDEX game_win_board ON game_win (merchant_code, won_at DESC);
  `.execute(db);

  // Trigram search index where the extension can be had; a plain index for prefix scans otherwise.
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        BEGIN
          CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN OTHERS THEN
          RAISE NOTICE 'pg_trgm not installed: %', SQLERRM;
        END;
      END IF;
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX game_search ON game USING gin (search_text gin_trgm_ops)';
      ELSE
        EXECUTE 'CREATE INDEX game_search ON game (search_text text_pattern_ops)';
      END IF;
    END
    $$;
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`DROP TABLE game_win, recent_game, favourite_game, game, game_classify, vendor, catalogue_version`.execute(
    db,
  );
};
