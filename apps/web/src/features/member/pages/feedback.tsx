import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, FEEDBACK_QUESTION_TYPES } from '@khela/contract/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { INBOX_QUERY_KEY } from '../../../shared/state/inbox';
import { useSessionState } from '../../../shared/state/session';
import { cx } from '../../../shared/ui/cx';
import { serverFields, useErrorText } from '../hooks';
import { ImagePicker } from '../image-picker';
import {
  Card,
  EmptyState,
  ErrorState,
  FieldShell,
  Loading,
  Notice,
  SelectInput,
  StatusBadge,
  SubmitButton,
} from '../ui';

/** The server's field names (`image.2`) as the form's (`image-2`). */
const formField = (field: string) => field.replace('.', '-');

/** The member's own feedback: what they sent and whether support has replied (the reply is a message). */
const OwnFeedback = () => {
  const { t, i18n } = useTranslation('member');
  const { token } = useSessionState();
  const errorText = useErrorText();
  const list = useQuery({
    queryKey: [...INBOX_QUERY_KEY, 'feedback', token ?? ''],
    queryFn: ({ signal }) => callApi('feedbackList', { signal }),
  });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState testId="feedback-none">{t('feedback.none')}</EmptyState>;
  return (
    <ul className="flex flex-col gap-2" data-testid="feedback-own">
      {list.data.map((f) => (
        <li
          key={f.id}
          className="rounded-xl bg-raised px-3.5 py-3 ring-1 ring-line"
          data-testid="feedback-own-item"
        >
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
            <span>
              {t(`feedback.type.${f.questionType}`)} ·{' '}
              {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                f.createdAt,
              )}
              {f.images > 0 ? ` · ${t('feedback.imagesCount', { count: f.images })}` : ''}
            </span>
            <StatusBadge
              status={f.status === 'replied' ? 'issued' : 'pending'}
              label={t(f.status === 'replied' ? 'feedback.replied' : 'feedback.waiting')}
            />
          </div>
          <p className="text-sm break-words whitespace-pre-wrap">{f.content}</p>
        </li>
      ))}
    </ul>
  );
};

/**
 * Feedback (spec §3 "question type, content"; §5: content at most 140 characters, images PNG or
 * JPG, at most 5 MB each, at most 3 — checked here by their first bytes, and again by the server).
 */
export const FeedbackPanel = () => {
  const { t } = useTranslation('member');
  const client = useQueryClient();
  const errorText = useErrorText();
  const contentId = useId();
  const [questionType, setQuestionType] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<(File | null)[]>([null]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const submit = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('questionType', questionType);
      form.append('content', content.trim());
      for (const image of images) if (image) form.append('image', image, image.name);
      return callApi('feedbackSubmit', { formData: form });
    },
    onSuccess: async () => {
      setSent(true);
      setQuestionType('');
      setContent('');
      setImages([null]);
      await client.invalidateQueries({ queryKey: [...INBOX_QUERY_KEY, 'feedback'] });
    },
    onError: (error) => {
      const fields = serverFields(error);
      // Image problems the server found (`size`, `type`, `count`); anything else is a plain "check this".
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([f, key]) => [
            formField(f),
            ['size', 'type', 'count'].includes(key)
              ? t(`feedback.problem.${key}`)
              : t('feedback.problem.invalid'),
          ]),
        ),
      );
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const found: Record<string, string> = {};
    if (!questionType) found.questionType = t('feedback.pickType');
    if (!content.trim()) found.content = t('feedback.writeSomething');
    else if (content.trim().length > FEEDBACK_MAX_CHARS)
      found.content = t('feedback.tooLong', { max: FEEDBACK_MAX_CHARS });
    setErrors(found);
    if (Object.keys(found).length === 0) submit.mutate();
  };
  const setImage = (index: number, file: File | null) => {
    const next = images
      .map((f, i) => (i === index ? file : f))
      .filter((f, i, all) => f || i === all.length - 1);
    if (next.every(Boolean) && next.length < FEEDBACK_MAX_IMAGES) next.push(null);
    setImages(next.length === 0 ? [null] : next);
  };
  const length = content.trim().length;
  return (
    <div className="flex flex-col gap-4" data-testid="feedback-panel">
      <Card title={t('feedback.title')}>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate data-testid="feedback-form">
          <p className="text-sm text-muted">{t('feedback.intro')}</p>
          <SelectInput
            name="questionType"
            label={t('feedback.questionType')}
            value={questionType}
            onValue={(value) => {
              setQuestionType(value);
              setErrors(({ questionType: _fixed, ...rest }) => rest);
            }}
            required
            error={errors.questionType}
            options={[
              { value: '', label: t('feedback.choose') },
              ...FEEDBACK_QUESTION_TYPES.map((q) => ({ value: q, label: t(`feedback.type.${q}`) })),
            ]}
          />
          <FieldShell
            id={contentId}
            name="content"
            label={t('feedback.content')}
            required
            error={errors.content}
            hint={t('feedback.counter', { count: length, max: FEEDBACK_MAX_CHARS })}
          >
            <textarea
              id={contentId}
              name="content"
              data-testid="input-feedback-content"
              value={content}
              maxLength={FEEDBACK_MAX_CHARS}
              rows={4}
              onChange={(event) => {
                setContent(event.target.value);
                setErrors(({ content: _fixed, ...rest }) => rest);
              }}
              aria-invalid={errors.content ? true : undefined}
              className={cx(
                'w-full min-w-0 rounded-xl bg-raised px-3.5 py-2.5 text-[0.9375rem] text-fg ring-1 transition outline-none focus:ring-2',
                errors.content
                  ? 'ring-red-500/70 focus:ring-red-500'
                  : 'ring-line hover:ring-brand/40 focus:ring-brand',
              )}
            />
          </FieldShell>
          <div className="flex flex-col gap-3">
            <p className="text-[0.8125rem] font-medium text-fg/80">
              {t('feedback.images', { max: FEEDBACK_MAX_IMAGES })}
            </p>
            {images.map((file, index) => (
              <ImagePicker
                // The pickers are positional: the n-th image of the feedback.
                // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
                key={index}
                name={`image-${index + 1}`}
                label={t('feedback.image', { n: index + 1 })}
                file={file}
                onFile={(picked) => setImage(index, picked)}
                error={errors[`image-${index + 1}`] ?? (index === 0 ? errors.image : undefined)}
              />
            ))}
          </div>
          {submit.isError && Object.keys(serverFields(submit.error)).length === 0 ? (
            <Notice tone="error">{errorText(submit.error)}</Notice>
          ) : null}
          {sent ? (
            <Notice tone="success" testId="feedback-sent">
              {t('feedback.sent')}
            </Notice>
          ) : null}
          <SubmitButton busy={submit.isPending} testId="feedback-submit">
            {t('feedback.submit')}
          </SubmitButton>
        </form>
      </Card>
      <Card title={t('feedback.yours')}>
        <OwnFeedback />
      </Card>
    </div>
  );
};
