import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { encodeMessage, type FieldMessage, type FieldMessages } from './messages';

/**
 * How a schema's own checks read in a form, per field: the key for an empty value and for any
 * other refusal (defaults: the namespace's generic refusal). Rule checks made in the form's own
 * schema (`ctx.addIssue({ message: encodeMessage(...) })`) carry their message themselves.
 */
export type FieldKeys = Record<string, { required?: string; invalid?: string }>;

type RawIssue = { code?: string; path?: PropertyKey[]; input?: unknown; minimum?: unknown; origin?: string };

const isEmpty = (issue: RawIssue) =>
  issue.input === undefined ||
  issue.input === null ||
  issue.input === '' ||
  (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1);

/** A zod issue of the contract's schemas as a field message of this form. */
export const issueMessage = (issue: RawIssue, keys: FieldKeys, ns: FieldMessage['ns']): string => {
  const field = String(issue.path?.[0] ?? '');
  const own = keys[field] ?? {};
  const generic = ns === 'member' ? 'invalid' : 'invalid_value';
  const key = isEmpty(issue) ? (own.required ?? own.invalid ?? generic) : (own.invalid ?? generic);
  return encodeMessage({ key, ...(ns ? { ns } : {}) });
};

type Options<V extends FieldValues> = {
  defaultValues: DefaultValues<V>;
  /** Keys for the schema's own checks (see `FieldKeys`). */
  keys?: FieldKeys;
  /** Namespace of the keys: `auth` (default) or `member`. */
  ns?: FieldMessage['ns'];
};

/**
 * The form kit's `useForm` (react-hook-form): validated on submit by a zod schema (the contract's
 * request schemas, narrowed or extended by the server's register rules where they apply), the
 * first message of each field shown under it, nothing re-checked while typing (as the forms did
 * before the kit), the first refused field focused. The schema is read at submit time, so it may
 * change with the form's mode or the rules (`schema` is the current one on every render).
 */
export const useKitForm = <V extends FieldValues, O = V>(
  schema: z.ZodType<O, V>,
  { defaultValues, keys = {}, ns }: Options<V>,
): UseFormReturn<V, unknown, O> => {
  const latest = useRef({ schema, keys, ns });
  latest.current = { schema, keys, ns };
  const resolver = useCallback<Resolver<V, unknown, O>>((values, context, options) => {
    const { schema: current, keys: currentKeys, ns: currentNs } = latest.current;
    const run = zodResolver(current as never, {
      error: (issue: RawIssue) => issueMessage(issue, currentKeys, currentNs),
    }) as unknown as Resolver<V, unknown, O>;
    return run(values, context, options);
  }, []);
  return useForm<V, unknown, O>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
};

/** Shows the server's field messages (a refused call's `value.fields`) under their fields. */
export const showFieldMessages = <V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'setError'>,
  messages: FieldMessages,
) => {
  for (const [name, message] of Object.entries(messages)) {
    form.setError(name as Path<V>, { type: 'server', message: encodeMessage(message) });
  }
};

/** Shows one field message (a check made on submit, such as an amount against the limits). */
export const showFieldMessage = <V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'setError'>,
  name: Path<V>,
  message: FieldMessage,
) => form.setError(name, { type: 'server', message: encodeMessage(message) });

/**
 * A schema with the form's own checks after its fields' (register rules, a confirmation that must
 * match, a number for its dialling code): `put(field, message)` refuses a field, the first message
 * of a field is the one shown. Other fields of the values pass through unchanged.
 */
export const withChecks = <S extends z.ZodObject>(
  schema: S,
  check: (
    values: z.output<S> & Record<string, unknown>,
    put: (field: string, message: FieldMessage | null) => void,
  ) => void,
): z.ZodType<z.output<S>, z.input<S>> =>
  schema.loose().superRefine((values, ctx) => {
    check(values as z.output<S> & Record<string, unknown>, (field, message) => {
      if (message) ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage(message) });
    });
  }) as unknown as z.ZodType<z.output<S>, z.input<S>>;
