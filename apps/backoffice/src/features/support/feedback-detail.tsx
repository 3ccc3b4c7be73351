import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BoApiError, callBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useCan } from '../../shared/session';
import { KEYS, readSession } from '../../shared/storage';
import { Button, Card, Field, Input, PageTitle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { formatTime } from '../../shared/ui/table';
import { FeedbackStatus } from './feedback-page';
import { MessageBody, plainText, SupportTabs } from './shared';

const RichEditor = lazy(() => import('../../shared/ui/rich-editor').then((m) => ({ default: m.RichEditor })));

/** One feedback image, fetched with the staff token (an <img src> cannot send it) and shown from a blob URL. */
const FeedbackImage = ({ id, seq }: { id: number; seq: number }) => {
  const { t } = useTranslation('support');
  const image = useQuery({
    queryKey: ['bo', 'feedback', id, 'image', seq],
    queryFn: async ({ signal }) => {
      const url = new URL(endpoints.boFeedbackImage.path, window.location.origin);
      url.searchParams.set('id', String(id));
      url.searchParams.set('seq', String(seq));
      const token = readSession(KEYS.token);
      const response = await fetch(url, { headers: token ? { Authorization: token } : {}, signal });
      if (!response.ok) throw new BoApiError(response.status, 'not.found', 'error.not.found');
      return response.blob();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);
  if (image.isError)
    return (
      <p role="alert" className="text-danger text-sm">
        {errorText(image.error)}
      </p>
    );
  return src ? (
    <a href={src} target="_blank" rel="noreferrer" className="block">
      <img
        src={src}
        alt={t('imageAlt', { n: seq })}
        className="h-40 w-auto max-w-full rounded border border-line object-contain"
        data-testid={`feedback-image-${seq}`}
      />
    </a>
  ) : (
    <div className="h-40 w-40 animate-pulse rounded bg-surface-2" />
  );
};

/** One feedback: who, what, the images; support replies once and the reply arrives as a platform message. */
export const FeedbackDetailPage = () => {
  const { t, i18n } = useTranslation('support');
  const can = useCan();
  const id = Number(useParams().id);
  const key = ['bo', 'feedback', 'detail', id] as const;
  const detail = useQuery({
    queryKey: key,
    queryFn: () => callBo('boFeedbackDetail', { query: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const reply = useAction(
    () => callBo('boFeedbackReply', { body: { id, ...(title.trim() ? { title: title.trim() } : {}), body } }),
    { success: t('replied'), invalidate: [key, ['bo', 'feedback']] },
  );
  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return (
      <p role="alert" className="text-danger">
        {errorText(detail.error)}
      </p>
    );
  const f = detail.data;
  const canReply = can('messages.send') && f.status === 'open';
  return (
    <div className="flex flex-col gap-4" data-testid="feedback-detail">
      <SupportTabs />
      <Link to="/support" className="inline-flex items-center gap-1 text-accent text-sm">
        <ArrowLeft className="size-4" />
        {t('back')}
      </Link>
      <PageTitle title={t('detailTitle', { id: f.id })} actions={<FeedbackStatus status={f.status} />} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title={t('feedback')}>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1.5 text-sm">
            <dt className="text-muted">{t('member')}</dt>
            <dd>
              <Link to={`/members/${f.memberId}`} className="text-accent underline">
                {f.member}
              </Link>{' '}
              <span className="text-muted">· {f.merchant}</span>
            </dd>
            <dt className="text-muted">{t('questionType')}</dt>
            <dd data-testid="feedback-type">{t(`type.${f.questionType}`)}</dd>
            <dt className="text-muted">{t('at')}</dt>
            <dd>{formatTime(f.createdAt, i18n.language)}</dd>
            <dt className="text-muted">{t('content')}</dt>
            <dd className="whitespace-pre-wrap break-words" data-testid="feedback-content">
              {f.content}
            </dd>
          </dl>
          {f.images > 0 && (
            <div className="mt-3 flex flex-wrap gap-2" data-testid="feedback-images">
              {[1, 2, 3]
                .filter((seq) => seq <= f.images)
                .map((seq) => (
                  <FeedbackImage key={seq} id={f.id} seq={seq} />
                ))}
            </div>
          )}
        </Card>
        <Card title={t('reply')}>
          {f.reply ? (
            <div data-testid="feedback-reply">
              <p className="mb-1 text-muted text-xs">
                {t('repliedBy', { staff: f.repliedBy ?? '—', at: formatTime(f.reply.at, i18n.language) })}
              </p>
              <p className="mb-2 font-medium">{f.reply.title}</p>
              <MessageBody html={f.reply.body} />
            </div>
          ) : canReply ? (
            <div className="flex flex-col gap-3">
              <p className="text-muted text-sm">{t('replyNote')}</p>
              <Field label={t('replyTitle')} hint={t('replyTitleHint')}>
                <Input
                  value={title}
                  maxLength={120}
                  onChange={(e) => setTitle(e.target.value)}
                  data-testid="reply-title"
                />
              </Field>
              <Suspense fallback={<PageLoading />}>
                <RichEditor value={body} onChange={setBody} label={t('replyBody')} testId="reply-body" />
              </Suspense>
              <div>
                <Button
                  variant="primary"
                  disabled={!plainText(body)}
                  pending={reply.isPending}
                  onClick={() => reply.mutate(undefined)}
                  data-testid="reply-send"
                >
                  {t('replySend')}
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-muted text-sm">{t('noReplyRight')}</p>
          )}
        </Card>
      </div>
    </div>
  );
};
