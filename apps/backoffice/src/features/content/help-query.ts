import type { callBo } from '../../shared/api';

/** A help article row and the list's query key. */
export type HelpRow = Awaited<ReturnType<typeof callBo<'boHelpList'>>>['items'][number];
export const helpKey = (merchant: string) => ['bo', 'help', merchant] as const;
