import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, FEEDBACK_QUESTION_TYPES } from '@khela/contract/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../shared/api/client';
import {
  KitForm,
  SelectField,
  SubmitButton,
  serverFieldMessages,
  showFieldMessage,
  TextAreaField,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../../shared/form';
import { formatDate } from '../../../shared/format/locale';
import { INBOX_QUERY_KEY } from '../../../shared/state/inbox';
import { useSessionState } from '../../../shared/state/session';
import { ImagePicker } from '../image-picker';
import { Card, EmptyState, ErrorState, Loading, Notice, StatusBadge } from '../ui';

type Values = { questionType: string; content: string };

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
              {t(`feedback.type.${f.questionType}`)} · {formatDate(f.createdAt, i18n.language)}
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
  const [images, setImages] = useState<(File | null)[]>([null]);
  /** Image problems the server found, by picker (`image-2`). */
  const [imageErrors, setImageErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  // The contract's feedback fields: a question type, 1..140 characters (FEEDBACK_MAX_CHARS).
  const schema = withChecks(z.object({ questionType: z.string(), content: z.string() }), (values, put) => {
    const content = values.content.trim();
    if (!values.questionType) put('questionType', { key: 'pickType', text: t('feedback.pickType') });
    if (!content) put('content', { key: 'writeSomething', text: t('feedback.writeSomething') });
    else if (content.length > FEEDBACK_MAX_CHARS)
      put('content', { key: 'tooLong', text: t('feedback.tooLong', { max: FEEDBACK_MAX_CHARS }) });
  });
  const form = useKitForm<Values>(schema, { defaultValues: { questionType: '', content: '' } });
  const submit = useMutation({
    mutationFn: (values: Values) => {
      const data = new FormData();
      data.append('questionType', values.questionType);
      data.append('content', values.content.trim());
      for (const image of images) if (image) data.append('image', image, image.name);
      return callApi('feedbackSubmit', { formData: data });
    },
    onSuccess: async () => {
      setSent(true);
      form.reset({ questionType: '', content: '' });
      setImages([null]);
      await client.invalidateQueries({ queryKey: [...INBOX_QUERY_KEY, 'feedback'] });
    },
    onError: (error) => {
      // Image problems the server found (`size`, `type`, `count`); anything else is a plain "check this".
      const fields = serverFieldMessages(error, 'member');
      const text = (key: string) =>
        ['size', 'type', 'count'].includes(key)
          ? t(`feedback.problem.${key}`)
          : t('feedback.problem.invalid');
      setImageErrors(
        Object.fromEntries(
          Object.entries(fields)
            .filter(([field]) => field.startsWith('image'))
            .map(([field, message]) => [formField(field), text(message.key)]),
        ),
      );
      for (const [field, message] of Object.entries(fields))
        if (!field.startsWith('image'))
          showFieldMessage(form, field as keyof Values, { ...message, text: text(message.key) });
    },
  });
  const onSubmit = async (values: Values) => {
    setSent(false);
    setImageErrors({});
    await submit.mutateAsync(values).catch(() => undefined);
  };
  const setImage = (index: number, file: File | null) => {
    const next = images
      .map((f, i) => (i === index ? file : f))
      .filter((f, i, all) => f || i === all.length - 1);
    if (next.every(Boolean) && next.length < FEEDBACK_MAX_IMAGES) next.push(null);
    setImages(next.length === 0 ? [null] : next);
  };
  const length = form.watch('content').trim().length;
  return (
    <div className="flex flex-col gap-4" data-testid="feedback-panel">
      <Card title={t('feedback.title')}>
        <KitForm form={form} onSubmit={onSubmit} className="flex flex-col gap-4" testId="feedback-form">
          <p className="text-sm text-muted">{t('feedback.intro')}</p>
          <SelectField
            name="questionType"
            label={t('feedback.questionType')}
            onValue={() => form.clearErrors('questionType')}
            required
            options={[
              { value: '', label: t('feedback.choose') },
              ...FEEDBACK_QUESTION_TYPES.map((q) => ({ value: q, label: t(`feedback.type.${q}`) })),
            ]}
          />
          <TextAreaField
            name="content"
            testId="input-feedback-content"
            label={t('feedback.content')}
            required
            hint={t('feedback.counter', { count: length, max: FEEDBACK_MAX_CHARS })}
            maxLength={FEEDBACK_MAX_CHARS}
            rows={4}
            onValue={() => form.clearErrors('content')}
          />
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
                error={imageErrors[`image-${index + 1}`] ?? (index === 0 ? imageErrors.image : undefined)}
              />
            ))}
          </div>
          {submit.isError && Object.keys(serverFieldMessages(submit.error, 'member')).length === 0 ? (
            <Notice tone="error">{errorText(submit.error)}</Notice>
          ) : null}
          {sent ? (
            <Notice tone="success" testId="feedback-sent">
              {t('feedback.sent')}
            </Notice>
          ) : null}
          <SubmitButton testId="feedback-submit">{t('feedback.submit')}</SubmitButton>
        </KitForm>
      </Card>
      <Card title={t('feedback.yours')}>
        <OwnFeedback />
      </Card>
    </div>
  );
};
