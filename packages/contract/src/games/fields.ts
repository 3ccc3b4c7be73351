import { z } from 'zod';

/** Field schemas the games module's player and back-office schemas share (not exported by the package). */

export const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
export const decimal = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
export const minor = z.string().regex(/^-?[0-9]+$/);
/** Free-form JSON objects (engine themes and outcomes, see @khela/fair types). */
export const json = z.record(z.string(), z.unknown());
