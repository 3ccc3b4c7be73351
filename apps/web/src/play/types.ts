import type { SlotState, Theme } from '@khela/fair';
import type { Value } from './api';
import type { Translate } from './i18n';

/** What the game page loads before the slot screen shows (main.tsx). */
export type SlotBoot = {
  session: Value<'gameSession'>;
  init: Value<'slotInit'>;
  history: Value<'slotHistory'>['list'];
  theme: Theme;
  state: SlotState | null;
  t: Translate;
  errorText: (code: string) => string;
};

/** One round of the recall list (`slotHistory`). */
export type PlayedRound = Value<'slotHistory'>['list'][number];
