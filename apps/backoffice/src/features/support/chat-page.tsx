import { endpoints, SUPPORT_STAFF_SOCKET_PATH, type SupportQueue } from '@khela/contract/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoApiError, callBo } from '../../shared/api';
import { KEYS, readSession } from '../../shared/storage';
import { Button, Card, PageTitle, Select, TextArea } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { formatTime } from '../../shared/ui/table';
import { SupportTabs } from './shared';

const CHAT_KEY = ['bo', 'support-chat'] as const;

/** While mounted: the staff socket's pushes refetch the inbox and the open conversation. */
const useStaffPush = () => {
  const client = useQueryClient();
  useEffect(() => {
    const token = readSession(KEYS.token);
    if (!token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = (attempt: number) => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(
        `${scheme}//${window.location.host}${SUPPORT_STAFF_SOCKET_PATH}?${new URLSearchParams({ token })}`,
      );
      socket.onmessage = () => void client.invalidateQueries({ queryKey: CHAT_KEY });
      socket.onclose = () => {
        if (!stopped) timer = setTimeout(() => connect(attempt + 1), Math.min(30_000, 1_000 * 2 ** attempt));
      };
    };
    connect(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [client]);
};

/** A message image, fetched with the staff token and shown from a blob URL. */
const ChatImage = ({ id }: { id: number }) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    const url = new URL(endpoints.boSupportImage.path, window.location.origin);
    url.searchParams.set('id', String(id));
    const token = readSession(KEYS.token);
    void fetch(url, { headers: token ? { Authorization: token } : {} })
      .then((r) =>
        r.ok ? r.blob() : Promise.reject(new BoApiError(r.status, 'not.found', 'error.not.found')),
      )
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => setSrc(null));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return src ? <img src={src} alt="" className="mt-1 max-h-48 max-w-full rounded" /> : null;
};

const Conversation = ({ id }: { id: number }) => {
  const { t, i18n } = useTranslation('support');
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: [...CHAT_KEY, 'conversation', id],
    queryFn: ({ signal }) => callBo('boSupportConversation', { query: { id }, signal }),
  });
  const reply = useAction((body: { id: number; text: string }) => callBo('boSupportReply', { body }), {
    invalidate: [CHAT_KEY],
    onSuccess: () => setText(''),
  });
  const close = useAction((body: { id: number }) => callBo('boSupportClose', { body }), {
    success: t('chat.closed'),
    invalidate: [CHAT_KEY],
  });
  const c = found.data;
  if (!c) return <p className="text-muted text-sm">…</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) reply.mutate({ id, text: text.trim() });
  };
  return (
    <div className="flex min-h-[24rem] flex-col gap-3" data-testid="support-chat-conversation">
      <div className="flex items-center justify-between gap-2">
        <div>
          <div className="font-semibold">{c.member}</div>
          <div className="text-muted text-xs">
            {t(`chat.queue.${c.queue}`)} · {t(`chat.status.${c.status}`)}
          </div>
        </div>
        {c.status === 'open' ? (
          <Button
            data-testid="support-chat-close"
            pending={close.isPending}
            onClick={async () => {
              if (await confirmAction(t('chat.confirmClose'), t('chat.close'), false)) close.mutate({ id });
            }}
          >
            {t('chat.close')}
          </Button>
        ) : null}
      </div>
      <ol className="flex max-h-[28rem] flex-1 flex-col gap-2 overflow-y-auto rounded border border-line p-2">
        {c.messages.map((m) => (
          <li
            key={m.id}
            data-testid="support-chat-message"
            data-sender={m.sender}
            className={cx('flex', m.sender === 'staff' ? 'justify-end' : 'justify-start')}
          >
            <div
              className={cx(
                'max-w-[80%] rounded-lg px-3 py-1.5 text-sm',
                m.sender === 'staff' ? 'bg-accent text-accent-fg' : 'bg-surface-2',
              )}
            >
              {m.text ? <p className="whitespace-pre-wrap break-words">{m.text}</p> : null}
              {m.hasImage ? <ChatImage id={m.id} /> : null}
              <time className="block text-[0.625rem] opacity-70">
                {formatTime(m.createdAt, i18n.language)}
              </time>
            </div>
          </li>
        ))}
      </ol>
      {c.status === 'open' ? (
        <form onSubmit={submit} className="flex items-end gap-2">
          <TextArea
            data-testid="support-chat-reply"
            value={text}
            maxLength={1000}
            rows={2}
            aria-label={t('chat.reply')}
            placeholder={t('chat.reply')}
            onChange={(e) => setText(e.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="primary" data-testid="support-chat-send" pending={reply.isPending}>
            {t('chat.send')}
          </Button>
        </form>
      ) : null}
    </div>
  );
};

/** The support inbox (issue 24): live chats by queue and status, unread counts, reply and close. */
export const ChatPage = () => {
  const { t, i18n } = useTranslation('support');
  useStaffPush();
  const [queue, setQueue] = useState<SupportQueue | ''>('');
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...CHAT_KEY, 'list', queue, status],
    queryFn: ({ signal }) =>
      callBo('boSupportConversations', {
        query: { status, pageSize: 100, ...(queue ? { queue } : {}) },
        signal,
      }),
  });
  return (
    <div data-testid="page-support-chat">
      <PageTitle title={t('nav')} />
      <SupportTabs />
      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <Card>
          <div className="mb-3 flex gap-2">
            <Select
              aria-label={t('chat.queueFilter')}
              data-testid="support-chat-queue"
              value={queue}
              onChange={(e) => setQueue(e.target.value as SupportQueue | '')}
            >
              <option value="">{t('chat.queue.all')}</option>
              <option value="general">{t('chat.queue.general')}</option>
              <option value="vip">{t('chat.queue.vip')}</option>
            </Select>
            <Select
              aria-label={t('chat.statusFilter')}
              value={status}
              onChange={(e) => setStatus(e.target.value as 'open' | 'closed')}
            >
              <option value="open">{t('chat.status.open')}</option>
              <option value="closed">{t('chat.status.closed')}</option>
            </Select>
          </div>
          <ul className="flex flex-col gap-1">
            {(list.data?.items ?? []).map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  data-testid="support-chat-row"
                  onClick={() => setSelected(row.id)}
                  className={cx(
                    'flex w-full items-start justify-between gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-surface-2',
                    selected === row.id && 'bg-surface-2',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block font-medium">
                      {row.member}{' '}
                      {row.queue === 'vip' ? <span className="text-accent text-xs">VIP</span> : null}
                    </span>
                    <span className="block truncate text-muted text-xs">{row.lastText}</span>
                    <span className="block text-[0.625rem] text-muted">
                      {formatTime(row.lastMessageAt, i18n.language)}
                    </span>
                  </span>
                  {row.unread > 0 ? (
                    <span
                      data-testid="support-chat-unread"
                      className="rounded-full bg-danger px-1.5 font-bold text-white text-xs"
                    >
                      {row.unread}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
            {list.data && list.data.items.length === 0 ? (
              <li className="text-muted text-sm">{t('chat.none')}</li>
            ) : null}
          </ul>
        </Card>
        <Card>
          {selected ? <Conversation id={selected} /> : <p className="text-muted text-sm">{t('chat.pick')}</p>}
        </Card>
      </div>
    </div>
  );
};
