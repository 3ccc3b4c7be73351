import { z } from 'zod';
import { PAYMENT_PASSWORD_MAX, PAYMENT_PASSWORD_MIN } from './constants';

/** Field schemas the cashier's player and back-office schemas share (not exported by the package). */

export const decimal = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
export const minor = z.string().regex(/^-?[0-9]+$/);
export const uuid = z.string().regex(/^[0-9a-f-]{36}$/);
export const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional();
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
export const pageNo = optionalQuery(z.coerce.number().int().min(1).max(10_000));
export const paymentPassword = z.string().min(PAYMENT_PASSWORD_MIN).max(PAYMENT_PASSWORD_MAX);

export const pagedList = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
