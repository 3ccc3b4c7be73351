import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Keep in step with db/migrations. */
export type Localized = Partial<Record<'bn' | 'en' | 'hi', string>>;

export type MerchantTable = {
  code: string;
  name: string;
  country: string;
  currency: string;
  currency_symbol: string;
  languages: ColumnType<string[], string, string>;
  default_language: string;
  dial_code: string;
  sort: Generated<number>;
};

export type SiteSettingTable = {
  merchant_code: string;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
};

export type SiteVersionTable = { id: number; version: number };

export type MediaTable = {
  id: string;
  mime: string;
  bytes: Uint8Array;
  sha256: string;
  created_at: Generated<Date>;
};

export type AnnouncementTable = {
  id: Generated<number>;
  merchant_code: string;
  kind: 'B' | 'PL' | 'PU' | 'PR';
  group_name: string | null;
  title: ColumnType<Localized, string, string>;
  content: ColumnType<Localized, string, string>;
  linkage_type: Generated<'NONE' | 'URL' | 'ROUTE'>;
  link: string | null;
  media_id: string | null;
  execution: 'B' | 'A' | 'F' | null;
  category: string | null;
  promotion_type: string | null;
  start_at: Date | null;
  end_at: Date | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
};

export type HelpArticleTable = {
  id: Generated<number>;
  merchant_code: string;
  parent_id: number | null;
  tag: string;
  title: ColumnType<Localized, string, string>;
  content: ColumnType<Localized, string, string>;
  bg_color: string | null;
  sort: Generated<number>;
  display: Generated<boolean>;
};

export type DB = {
  merchant: MerchantTable;
  site_setting: SiteSettingTable;
  site_version: SiteVersionTable;
  media: MediaTable;
  announcement: AnnouncementTable;
  help_article: HelpArticleTable;
};
