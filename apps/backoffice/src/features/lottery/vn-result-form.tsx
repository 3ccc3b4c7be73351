import { type VnRegion, type VnResult, vnStructure } from '@khela/fair';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../shared/ui/controls';

type Prizes = VnResult['prizes'];

/** Empty fields in the region's official structure (or a result to correct, prefilled). */
const blankOf = (region: VnRegion, from: Prizes | null): string[][] =>
  vnStructure(region).map(([name, count]) => {
    const given = from?.find((p) => p.prize === name)?.numbers ?? [];
    return Array.from({ length: count }, (_, i) => given[i] ?? '');
  });

/** The error of one field: missing, or not exactly the prize's number of digits. */
export const fieldError = (value: string, digits: number): 'required' | 'digits' | null => {
  if (value.trim() === '') return 'required';
  return new RegExp(`^[0-9]{${digits}}$`).test(value.trim()) ? null : 'digits';
};

/**
 * A result entered by hand in the official prize structure of the region (ADR 046: North 27
 * numbers DB…G7, South and Central 18 numbers DB…G8), each field checked as it is typed and again
 * on sending: exactly the prize's number of digits. The server checks the same (`lottery.result.invalid`).
 */
export const VnResultForm = ({
  region,
  issueNo,
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  region: VnRegion;
  issueNo: string;
  initial: Prizes | null;
  pending: boolean;
  onSubmit: (prizes: Prizes) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('lottery');
  const structure = vnStructure(region);
  const [values, setValues] = useState(() => blankOf(region, initial));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [sent, setSent] = useState(false);
  const set = (p: number, i: number, value: string) => {
    setValues((old) => old.map((row, pi) => (pi === p ? row.map((v, ii) => (ii === i ? value : v)) : row)));
  };
  const errors = structure.map(([, , digits], p) => (values[p] ?? []).map((v) => fieldError(v, digits)));
  const invalid = errors.some((row) => row.some((e) => e !== null));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    if (invalid) return;
    onSubmit(structure.map(([prize], p) => ({ prize, numbers: (values[p] ?? []).map((v) => v.trim()) })));
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2"
      data-testid={`vn-entry-form-${issueNo}`}
    >
      {structure.map(([prize, , digits], p) => (
        <fieldset key={prize} className="grid grid-cols-[3rem_1fr] items-start gap-2">
          <legend className="sr-only">{t('vn.prizeLegend', { prize, digits })}</legend>
          <span className="pt-2 font-semibold text-sm">{t(`vn.prize.${prize}`)}</span>
          <div className="flex flex-wrap gap-1.5">
            {(values[p] ?? []).map((value, i) => {
              const key = `${prize}-${i}`;
              const error = sent || touched.has(key) ? errors[p]?.[i] : null;
              const id = `vn-${issueNo}-${key}`;
              return (
                <span key={key} className="flex flex-col">
                  <Input
                    id={id}
                    data-testid={`vn-field-${prize}-${i}`}
                    aria-label={t('vn.fieldLabel', { prize, n: i + 1, digits })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    inputMode="numeric"
                    maxLength={digits + 2}
                    placeholder={'0'.repeat(digits)}
                    className="w-24 font-mono tabular-nums"
                    value={value}
                    onChange={(e) => set(p, i, e.target.value)}
                    onBlur={() => setTouched((old) => new Set(old).add(key))}
                  />
                  {error && (
                    <span id={`${id}-error`} role="alert" className="max-w-24 text-danger text-xs">
                      {t(`vn.fieldError.${error}`, { digits })}
                    </span>
                  )}
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
      {sent && invalid && (
        <p role="alert" className="text-danger text-sm" data-testid="vn-entry-invalid">
          {t('vn.formInvalid')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel}>{t('vn.cancel')}</Button>
        <Button type="submit" variant="primary" pending={pending} data-testid="vn-entry-submit">
          {t('vn.submitEntry')}
        </Button>
      </div>
    </form>
  );
};
