import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Select } from './controls';

/** One filter of a list: free text, a choice, or a moment (the operator's local time). */
export type FilterField = { key: string; label: string; testId?: string } & (
  | { kind: 'text'; placeholder?: string }
  | { kind: 'select'; options: { value: string; label: string }[] }
  | { kind: 'datetime' }
);

/** A `datetime-local` value as ms since 1970 in the operator's time zone; empty: no bound. */
export const timeOf = (local: string) => {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? ms : undefined;
};

/**
 * The filter form of a list: edits stay local until "Filter" applies them (to the list's URL
 * state, which returns to page 1). `values` are the applied ones.
 */
export const ListFilters = ({
  fields,
  values,
  onApply,
  testId,
}: {
  fields: FilterField[];
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const [form, setForm] = useState(values);
  const set = (key: string, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-2 lg:grid-cols-5" data-testid={testId}>
      {fields.map((f) => (
        <Field key={f.key} label={f.label}>
          {f.kind === 'select' ? (
            <Select
              value={form[f.key] ?? ''}
              onChange={(e) => set(f.key, e.target.value)}
              data-testid={f.testId}
            >
              <option value="">{t('list.any')}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          ) : (
            <Input
              type={f.kind === 'datetime' ? 'datetime-local' : 'text'}
              value={form[f.key] ?? ''}
              placeholder={f.kind === 'text' ? f.placeholder : undefined}
              onChange={(e) => set(f.key, e.target.value)}
              data-testid={f.testId}
            />
          )}
        </Field>
      ))}
      <div className="flex items-end">
        <Button type="submit" variant="primary">
          {t('list.filter')}
        </Button>
      </div>
    </form>
  );
};
