import { z } from 'zod';

/** Query fields the catalogue's schemas and routes share (not exported by the package). */

/** An empty query value means "not set" (the lobby sends `gameClassify=` for all). */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
/** Paging numbers: any integer is accepted and clamped by the server, so a stale page never fails. */
export const pageNumber = z.preprocess(blankToUndefined, z.coerce.number().int().optional());
