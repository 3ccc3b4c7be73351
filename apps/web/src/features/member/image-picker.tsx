import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile } from './upload';

type Props = {
  name: string;
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  required?: boolean;
  error?: string | undefined;
};

/** Picks a PNG/JPEG of at most 5 MB, checked by its first bytes, with a preview and a remove button. */
export const ImagePicker = ({ name, label, file, onFile, required, error }: Props) => {
  const { t } = useTranslation('member');
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const handleChange = async (picked: File | undefined) => {
    setProblem(null);
    if (!picked) return;
    const found = await checkImageFile(picked);
    if (found) {
      setProblem(t(`upload.problem_${found}`));
      onFile(null);
      return;
    }
    onFile(picked);
  };

  const message = problem ?? error;
  return (
    <div className="flex flex-col gap-1.5" data-field={name}>
      <span className="flex items-center gap-1 text-[0.8125rem] font-medium text-fg/80">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-500">
            *
          </span>
        ) : (
          <span className="text-xs font-normal text-muted">({t('form.optional')})</span>
        )}
      </span>
      {file && preview ? (
        <div
          className="flex items-center gap-3 rounded-xl bg-raised p-2 ring-1 ring-line"
          data-testid={`${name}-preview`}
        >
          <img
            src={preview}
            alt={t('upload.previewAlt')}
            className="size-16 rounded-lg object-cover ring-1 ring-line"
          />
          <div className="min-w-0 flex-1 text-xs">
            <p className="truncate font-semibold">{file.name}</p>
            <p className="text-muted">
              {t('upload.fileSize', { kb: Math.max(1, Math.round(file.size / 1024)) })}
            </p>
          </div>
          <button
            type="button"
            onClick={() => onFile(null)}
            aria-label={t('upload.remove')}
            className="grid size-8 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-line bg-raised px-3 py-3 text-sm text-muted transition hover:border-brand hover:text-fg focus-within:ring-2 focus-within:ring-brand"
        >
          <ImagePlus aria-hidden="true" className="size-5 text-brand" />
          <span>{t('upload.pick')}</span>
          <input
            id={id}
            name={name}
            data-testid={`input-${name}`}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-invalid={message ? true : undefined}
            onChange={(event) => {
              void handleChange(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {message ? (
        <p role="alert" data-testid={`error-${name}`} className="text-xs text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : (
        <p className="text-xs text-muted">{t('upload.rules')}</p>
      )}
    </div>
  );
};
