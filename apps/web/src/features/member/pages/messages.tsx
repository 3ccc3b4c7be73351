import type { MemberMessage } from '@khela/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ChevronDown, MessageSquareReply } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/locale';
import { INBOX_QUERY_KEY } from '../../../shared/state/inbox';
import { useSessionState } from '../../../shared/state/session';
import { buttonClass } from '../../../shared/ui/button';
import { cx } from '../../../shared/ui/cx';
import { RichText } from '../../../shared/ui/rich-text';
import { useErrorText } from '../hooks';
import { EmptyState, ErrorState, Loading, PageHeading, Pager } from '../ui';
import { FeedbackPanel } from './feedback';

const PAGE_SIZE = 10;

/** The URL parameter that opens the feedback tab (`?member=messageV2&inbox=feedback`, the help centre's link). */
export const INBOX_TAB_PARAM = 'inbox';

const formatTime = (epochMs: number, language: string) => formatDate(epochMs, language);

const MessageItem = ({
  message,
  open,
  onToggle,
}: {
  message: MemberMessage;
  open: boolean;
  onToggle: () => void;
}) => {
  const { t, i18n } = useTranslation('member');
  return (
    <li
      data-testid="inbox-message"
      data-read={message.read ? 'true' : 'false'}
      className={cx(
        'rounded-2xl ring-1 transition',
        message.read ? 'bg-surface-2/40 ring-line' : 'bg-brand/6 ring-brand/30',
      )}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
        data-testid="inbox-message-toggle"
        className="flex w-full items-start gap-3 px-4 py-3 text-left"
      >
        <span
          aria-hidden="true"
          className={cx('mt-1.5 size-2 shrink-0 rounded-full', message.read ? 'bg-transparent' : 'bg-brand')}
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className={cx('text-[0.9375rem] leading-snug', message.read ? 'font-medium' : 'font-bold')}>
              {message.title}
            </span>
            {message.kind === 'reply' ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/12 px-2 py-0.5 text-[0.7rem] font-semibold text-emerald-700 dark:text-emerald-300">
                <MessageSquareReply aria-hidden="true" className="size-3" />
                {t('inbox.reply')}
              </span>
            ) : null}
            {message.read ? null : <span className="sr-only">{t('inbox.unread')}</span>}
          </span>
          <time
            className="mt-0.5 block text-xs text-muted"
            dateTime={new Date(message.createdAt).toISOString()}
          >
            {formatTime(message.createdAt, i18n.language)}
          </time>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cx('mt-1 size-4 shrink-0 text-muted transition', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div className="border-t border-line px-4 pt-3 pb-4 pl-9">
          <RichText html={message.body} className="text-sm text-fg/85" testId="inbox-message-body" />
        </div>
      ) : null}
    </li>
  );
};

/** The member's platform messages: newest first, unread marked; opening one marks it read. */
const MessagesPanel = () => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const messages = useQuery({
    queryKey: [...INBOX_QUERY_KEY, 'messages', token ?? '', pageNo],
    queryFn: ({ signal }) => callApi('memberMessages', { signal, query: { pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  // The list carries the unread count: the badges follow it at once (a reply may just have arrived).
  const unreadNow = messages.data?.unread;
  useEffect(() => {
    if (unreadNow !== undefined) client.setQueryData([...INBOX_QUERY_KEY, 'unread', token ?? ''], unreadNow);
  }, [client, token, unreadNow]);
  const markRead = useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) => callApi('memberMessagesRead', { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
    },
  });

  if (messages.isPending) return <Loading />;
  if (messages.isError)
    return <ErrorState message={errorText(messages.error)} onRetry={() => void messages.refetch()} />;
  const { items, total, unread } = messages.data;
  const toggle = (message: MemberMessage) => {
    const opening = open !== message.id;
    setOpen(opening ? message.id : null);
    if (opening && !message.read) markRead.mutate({ ids: [message.id] });
  };
  return (
    <div className="flex flex-col gap-3" data-testid="inbox-messages">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" data-testid="inbox-unread-line">
          {unread > 0 ? t('inbox.unreadCount', { count: unread }) : t('inbox.allRead')}
        </p>
        {unread > 0 ? (
          <button
            type="button"
            data-testid="inbox-read-all"
            className={buttonClass('secondary', 'sm')}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('inbox.readAll')}
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState testId="inbox-empty">{t('inbox.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              open={open === message.id}
              onToggle={() => toggle(message)}
            />
          ))}
        </ul>
      )}
      <Pager
        pageNo={pageNo}
        totalPages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPageNo}
        busy={messages.isFetching}
      />
    </div>
  );
};

type Tab = 'messages' | 'feedback';

/** Platform information (messageV2): the messages support sends, and the feedback form with its answers. */
export const MessagesPage = () => {
  const { t } = useTranslation('member');
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get(INBOX_TAB_PARAM) === 'feedback' ? 'feedback' : 'messages');
  // The help centre's link names the tab once; the parameter leaves the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open
  useEffect(() => {
    if (params.has(INBOX_TAB_PARAM))
      setParams(
        (current) => {
          current.delete(INBOX_TAB_PARAM);
          return current;
        },
        { replace: true },
      );
  }, []);
  return (
    <div className="flex flex-col gap-4" data-testid="page-messageV2">
      <PageHeading title={t('menu.messageV2')} />
      <div role="tablist" aria-label={t('menu.messageV2')} className="flex gap-1.5">
        {(['messages', 'feedback'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            data-testid={`inbox-tab-${key}`}
            onClick={() => setTab(key)}
            className={cx(
              'rounded-full px-3.5 py-1.5 text-sm font-medium transition',
              tab === key
                ? 'bg-brand text-brand-fg'
                : 'bg-surface-2 text-muted ring-1 ring-line hover:text-fg',
            )}
          >
            {t(`inbox.tab.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === 'messages' ? <MessagesPanel /> : <FeedbackPanel />}</div>
    </div>
  );
};
