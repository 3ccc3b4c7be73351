import { endpoints } from '@khela/contract/browser';
import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { Spinner } from '../../shared/ui/controls';
import { toast } from '../../shared/ui/feedback';

export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

type Uploaded = { id: string; url: string; mime: string; size: number };

/** Picks and uploads one image (PNG, JPEG, WebP ≤ 5 MB; the server checks the bytes again). */
export const MediaUpload = ({
  mediaId,
  onUploaded,
  disabled,
}: {
  mediaId: string | null;
  onUploaded: (id: string | null) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('content');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!MEDIA_TYPES.includes(file.type)) return setProblem(t('media.type'));
    if (file.size > MEDIA_MAX_BYTES) return setProblem(t('media.size'));
    setProblem(null);
    setBusy(true);
    try {
      const answer = await uploadBo<Uploaded>(endpoints.boMediaUpload, file);
      onUploaded(answer.id);
      toast('ok', t('media.uploaded'));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        {mediaId ? (
          <img
            src={`/media/${mediaId}`}
            alt={t('media.preview')}
            className="h-20 max-w-48 rounded border border-line object-contain"
            data-testid="media-preview"
          />
        ) : (
          <div className="flex h-20 w-32 items-center justify-center rounded border border-line border-dashed text-muted text-xs">
            {t('media.none')}
          </div>
        )}
        <label
          htmlFor={id}
          className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md border border-line bg-surface px-3 py-1.5 font-medium hover:bg-surface-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
        >
          {busy ? <Spinner /> : <ImageUp className="size-4" />}
          {t('media.choose')}
          <input
            id={id}
            type="file"
            accept={MEDIA_TYPES.join(',')}
            className="sr-only"
            disabled={disabled || busy}
            data-testid="media-input"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {mediaId && !disabled && (
          <button type="button" className="text-muted underline" onClick={() => onUploaded(null)}>
            {t('media.remove')}
          </button>
        )}
      </div>
      <span className="text-muted text-xs">{t('media.hint')}</span>
      {problem && (
        <span role="alert" className="text-danger text-xs">
          {problem}
        </span>
      )}
    </div>
  );
};
