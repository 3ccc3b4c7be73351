import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitHandler,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { buttonClass } from '../ui/button';
import { cx } from '../ui/cx';
import { Spinner } from '../ui/spinner';
import { type FormLook, FormLookContext, useFormLook } from './look';

/**
 * A kit form: react-hook-form's provider around a `<form noValidate>` whose submit runs the
 * schema and then `onSubmit` with the parsed values (nothing is sent while a field is refused).
 */
export const KitForm = <V extends FieldValues, O>({
  form,
  onSubmit,
  look = 'raised',
  id,
  testId,
  className,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: SubmitHandler<O>;
  look?: FormLook;
  id?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) => (
  <FormProvider {...form}>
    <FormLookContext.Provider value={look}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        id={id}
        className={className}
        data-testid={testId}
      >
        {children}
      </form>
    </FormLookContext.Provider>
  </FormProvider>
);

/** A message over the form (a refused call that names no field, or a success). */
export const FormAlert = ({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'success';
}) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    data-testid={tone === 'error' ? 'form-error' : 'form-success'}
    className={cx(
      'flex items-start gap-2 rounded-xl px-3 py-2.5 text-[0.8125rem] leading-snug ring-1',
      tone === 'error'
        ? 'bg-red-500/8 text-red-700 ring-red-500/25 dark:text-red-300'
        : 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
    )}
  >
    {tone === 'error' ? <TriangleAlert aria-hidden="true" className="mt-px size-4 shrink-0" /> : null}
    <span>{children}</span>
  </div>
);

/**
 * The form's submit button, busy (spinner, disabled) while the submit runs: the whole width in the
 * sign-in forms, from the left on the member pages.
 */
export const SubmitButton = ({
  children,
  testId,
  disabled,
  busy,
  className,
}: {
  children: ReactNode;
  testId: string;
  disabled?: boolean;
  /** Busy for another reason than the submit (a call the form makes itself). */
  busy?: boolean;
  className?: string;
}) => {
  const look = useFormLook();
  const { isSubmitting } = useFormState();
  const working = isSubmitting || busy === true;
  return (
    <button
      type="submit"
      data-testid={testId}
      disabled={working || disabled}
      aria-busy={working || undefined}
      className={buttonClass(
        'primary',
        'lg',
        cx(look === 'sunken' ? 'w-full' : 'w-full sm:w-auto sm:min-w-44 sm:self-start', className),
      )}
    >
      {working ? (
        look === 'sunken' ? (
          <Spinner />
        ) : (
          <Spinner className="size-4 border-2 border-white/40 border-t-white" />
        )
      ) : null}
      {children}
    </button>
  );
};
