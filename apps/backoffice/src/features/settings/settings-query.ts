import type { callBo } from '../../shared/api';

/** A merchant's editable settings (the `boSettings` answer) and their query key. */
export type SettingsValue = Awaited<ReturnType<typeof callBo<'boSettings'>>>;
export const settingsKey = (merchant: string) => ['bo', 'settings', merchant] as const;
