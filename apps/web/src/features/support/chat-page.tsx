import type { SupportMessage } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Send } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useSessionState } from '../../shared/state/session';
import { SUPPORT_QUERY_KEY } from '../../shared/state/support';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Note } from '../../shared/ui/panel';
import { fetchSupportImage, sendSupportMessage, useSupportConversation, useSupportPush } from './api';

const MessageImage = ({ id }: { id: number }) => {
  const { t } = useTranslation('help');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    fetchSupportImage(id).then(
      (u) => {
        made = u;
        setUrl(u);
      },
      () => setUrl(null),
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url ? (
    <img src={url} alt={t('support.image')} className="mt-1 max-h-56 max-w-full rounded-lg" />
  ) : null;
};

const Bubble = ({ message }: { message: SupportMessage }) => {
  const { t, i18n } = useTranslation('help');
  const mine = message.sender === 'member';
  return (
    <li
      data-testid="support-message"
      data-sender={message.sender}
      className={cx('flex', mine ? 'justify-end' : 'justify-start')}
    >
      <div
        className={cx(
          'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
          mine ? 'bg-brand text-brand-fg' : 'bg-surface-2 text-fg ring-1 ring-line',
        )}
      >
        {mine ? null : <div className="text-[0.6875rem] font-semibold opacity-70">{t('support.agent')}</div>}
        {message.text ? <p className="whitespace-pre-wrap break-words">{message.text}</p> : null}
        {message.hasImage ? <MessageImage id={message.id} /> : null}
        <time className="mt-0.5 block text-[0.625rem] opacity-60">
          {new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(message.createdAt)}
        </time>
      </div>
    </li>
  );
};

/** The member's live chat with support (issue 24): history, text and image both ways, live by socket. */
export const SupportChatPage = () => {
  const { t } = useTranslation('help');
  const { token } = useSessionState();
  const client = useQueryClient();
  const conversation = useSupportConversation();
  useSupportPush();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const messages = conversation.data?.conversation?.messages ?? [];

  const count = messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (!token)
    return (
      <section className="mx-auto max-w-xl p-4">
        <h1 className="mb-3 text-xl font-bold">{t('support.title')}</h1>
        <Note tone="info">
          {t('support.loginFirst')}{' '}
          <Link to="/login" className="font-semibold text-brand underline">
            {t('support.login')}
          </Link>
        </Note>
      </section>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || (!text.trim() && !image)) return;
    setSending(true);
    setError(null);
    try {
      await sendSupportMessage(text.trim(), image);
      setText('');
      setImage(null);
      if (fileRef.current) fileRef.current.value = '';
      await client.invalidateQueries({ queryKey: SUPPORT_QUERY_KEY });
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.errorCode : 'system.error';
      setError(t(`error.${code}`, { ns: 'errors', defaultValue: t('error.system.error', { ns: 'errors' }) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="mx-auto flex h-[calc(100dvh-12rem)] min-h-[26rem] max-w-2xl flex-col gap-3 p-3 sm:p-4">
      <header>
        <h1 className="text-xl font-bold">{t('support.title')}</h1>
        <p className="text-sm text-muted">
          {conversation.data?.conversation?.queue === 'vip' ? t('support.vipQueue') : t('support.intro')}
        </p>
      </header>
      <ol
        data-testid="support-messages"
        aria-live="polite"
        className="flex flex-1 flex-col gap-2 overflow-y-auto rounded-2xl bg-surface/60 p-3 ring-1 ring-line"
      >
        {messages.length === 0 ? <li className="m-auto text-sm text-muted">{t('support.empty')}</li> : null}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
      {error ? (
        <Note tone="error" testId="support-error">
          {error}
        </Note>
      ) : null}
      <form onSubmit={submit} className="flex items-end gap-2">
        <label className={cx(buttonClass('ghost', 'md'), 'cursor-pointer')} title={t('support.attach')}>
          <ImagePlus className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('support.attach')}</span>
          <input
            ref={fileRef}
            data-testid="support-image"
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            onChange={(e) => setImage(e.target.files?.[0] ?? null)}
          />
        </label>
        <textarea
          data-testid="support-text"
          value={text}
          maxLength={1000}
          rows={1}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) void submit(e);
          }}
          placeholder={image ? image.name : t('support.placeholder')}
          aria-label={t('support.placeholder')}
          className="min-h-11 flex-1 resize-none rounded-xl bg-surface-2 px-3 py-2.5 text-sm ring-1 ring-line outline-none focus:ring-brand"
        />
        <button
          type="submit"
          data-testid="support-send"
          disabled={sending}
          className={buttonClass('primary', 'md')}
        >
          <Send className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('support.send')}</span>
        </button>
      </form>
    </section>
  );
};
