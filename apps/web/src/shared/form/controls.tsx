import { ChevronDown, Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cx } from '../ui/cx';
import { inputClass, useFormLook } from './look';
import { decodeMessage } from './messages';
import { useFieldText } from './texts';

/** The text of a field's first error in the form (kit messages, translated). */
export const useFieldError = (name: string) => {
  const fieldText = useFieldText();
  const { getFieldState, formState } = useFormContext();
  return fieldText(decodeMessage(getFieldState(name, formState).error?.message));
};

type ShellProps = {
  id: string;
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
};

/** Label, control and the first error (or the hint) under it (spec §5). */
export const FieldShell = ({ id, name, label, error, hint, required, children }: ShellProps) => (
  <div className="flex flex-col gap-1.5" data-field={name}>
    <label htmlFor={id} className="flex items-center gap-1 text-[0.8125rem] font-medium text-fg/80">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-red-500">
          *
        </span>
      ) : null}
    </label>
    {children}
    {error ? (
      <p
        id={`${id}-error`}
        role="alert"
        data-testid={`error-${name}`}
        className="text-xs leading-snug text-red-600 dark:text-red-400"
      >
        {error}
      </p>
    ) : hint ? (
      <p id={`${id}-hint`} className="text-xs leading-snug text-muted">
        {hint}
      </p>
    ) : null}
  </div>
);

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'name' | 'defaultValue'
> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  leading?: ReactNode;
  trailing?: ReactNode;
  /** Called with each typed value after the form has it. */
  onValue?: (value: string) => void;
};

/** A text input bound to the form field `name`. */
export const TextField = ({
  name,
  label,
  hint,
  required,
  leading,
  trailing,
  onValue,
  ...rest
}: InputProps) => {
  const id = useId();
  const look = useFormLook();
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <FieldShell id={id} name={name} label={label} error={error} hint={hint} required={required ?? false}>
      <div className="relative flex items-center gap-2">
        {leading ? (
          <span className="pointer-events-none absolute left-3.5 text-[0.9375rem] font-semibold text-muted">
            {leading}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          data-testid={`input-${name}`}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValue?.(event.target.value);
          }}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cx(inputClass(look, Boolean(error)), leading ? 'pl-8' : '')}
          {...rest}
        />
        {trailing}
      </div>
    </FieldShell>
  );
};

/** A password (or other secret) input with a show/hide button. */
export const PasswordField = ({
  name,
  label,
  hint,
  required,
  ...rest
}: Omit<InputProps, 'type' | 'leading' | 'trailing' | 'onValue'>) => {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const id = useId();
  const look = useFormLook();
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <FieldShell id={id} name={name} label={label} error={error} hint={hint} required={required ?? false}>
      <div className="relative">
        <input
          id={id}
          name={name}
          data-testid={`input-${name}`}
          type={shown ? 'text' : 'password'}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cx(inputClass(look, Boolean(error)), 'pr-11')}
          {...rest}
        />
        <button
          type="button"
          data-testid={`toggle-${name}`}
          onClick={() => setShown((value) => !value)}
          aria-label={t(shown ? 'form.hidePassword' : 'form.showPassword')}
          aria-pressed={shown}
          className={
            look === 'sunken'
              ? 'absolute inset-y-0 right-1 my-auto grid size-9 place-items-center rounded-lg text-muted transition hover:text-fg'
              : 'absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-muted hover:text-fg'
          }
        >
          {shown ? (
            <EyeOff aria-hidden="true" className={look === 'sunken' ? 'size-[1.1rem]' : 'size-4'} />
          ) : (
            <Eye aria-hidden="true" className={look === 'sunken' ? 'size-[1.1rem]' : 'size-4'} />
          )}
        </button>
      </div>
    </FieldShell>
  );
};

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name'> & {
  name: string;
  label: ReactNode;
  options: { value: string; label: string }[];
  onValue?: (value: string) => void;
};

/** A native select bound to the form field `name`. */
export const SelectField = ({ name, label, options, required, onValue, ...rest }: SelectProps) => {
  const id = useId();
  const look = useFormLook();
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <FieldShell id={id} name={name} label={label} error={error} required={required ?? false}>
      <select
        id={id}
        name={name}
        data-testid={`select-${name}`}
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          onValue?.(event.target.value);
        }}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        className={cx(inputClass(look, Boolean(error)), 'appearance-auto pr-2')}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
};

/** A checkbox bound to the boolean form field `name`, its error under it. */
export const CheckboxField = ({ name, children }: { name: string; children: ReactNode }) => {
  const id = useId();
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <div data-field={name}>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          name={name}
          data-testid={`check-${name}`}
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-[1.05rem] shrink-0 cursor-pointer rounded accent-[var(--brand)]"
        />
        <label htmlFor={id} className="text-[0.8125rem] leading-snug text-fg/80">
          {children}
        </label>
      </div>
      {error ? (
        <p
          role="alert"
          data-testid={`error-${name}`}
          className="mt-1 pl-7 text-xs text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
};

/**
 * A mobile number with its country dialling code (native select) beside it: the form fields
 * `name` (default `mobileNum`) and `dialName` (default `countryDialingCode`); an error of either
 * shows under the number.
 */
export const PhoneField = ({
  name = 'mobileNum',
  dialName = 'countryDialingCode',
  label,
  dialCodes,
  required,
}: {
  name?: string;
  dialName?: string;
  label: ReactNode;
  dialCodes: string[];
  required?: boolean;
}) => {
  const { t } = useTranslation('common');
  const id = useId();
  const look = useFormLook();
  const number = useController({ name }).field;
  const dial = useController({ name: dialName }).field;
  const numberError = useFieldError(name);
  const dialError = useFieldError(dialName);
  const error = numberError ?? dialError;
  return (
    <FieldShell id={id} name={name} label={label} error={error} required={required ?? false}>
      <div className="flex gap-2">
        <span className="relative shrink-0">
          <select
            data-testid="dial-code"
            aria-label={t('form.dialCode')}
            ref={dial.ref}
            value={(dial.value as string | undefined) ?? ''}
            onChange={(event) => dial.onChange(event.target.value)}
            className={cx(
              inputClass(look, false),
              'w-[5.75rem] cursor-pointer appearance-none pr-7 font-medium tabular-nums',
            )}
          >
            {dialCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-2 my-auto size-4 text-muted"
          />
        </span>
        <input
          id={id}
          name={name}
          data-testid={`input-${name}`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          ref={number.ref}
          value={(number.value as string | undefined) ?? ''}
          onChange={(event) => number.onChange(event.target.value)}
          onBlur={number.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(look, Boolean(error))}
          placeholder={t('form.mobilePlaceholder')}
        />
      </div>
    </FieldShell>
  );
};

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Called with each typed value after the form has it. */
  onValue?: (value: string) => void;
  testId?: string;
};

/** A text area bound to the form field `name`. */
export const TextAreaField = ({ name, label, hint, required, onValue, testId, ...rest }: TextAreaProps) => {
  const id = useId();
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <FieldShell id={id} name={name} label={label} error={error} hint={hint} required={required ?? false}>
      <textarea
        id={id}
        name={name}
        data-testid={testId ?? `input-${name}`}
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          onValue?.(event.target.value);
        }}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cx(
          'w-full min-w-0 rounded-xl bg-raised px-3.5 py-2.5 text-[0.9375rem] text-fg ring-1 transition outline-none focus:ring-2',
          error ? 'ring-red-500/70 focus:ring-red-500' : 'ring-line hover:ring-brand/40 focus:ring-brand',
        )}
        {...rest}
      />
    </FieldShell>
  );
};
