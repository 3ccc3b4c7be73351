import { endpoints, MESSAGE_SORTS } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';
import { MessageBody, plainText, SupportTabs } from './shared';

const RichEditor = lazy(() => import('../../shared/ui/rich-editor').then((m) => ({ default: m.RichEditor })));

type Row = Awaited<ReturnType<typeof callBo<'boMessages'>>>['items'][number];
type Recipient = { id: number; username: string; merchant: string };
const KEY = ['bo', 'messages'] as const;

/** Finds the member a message goes to by account name (exactly, in the chosen merchant). */
const RecipientPicker = ({
  merchant,
  value,
  onChange,
}: {
  merchant: string;
  value: Recipient | null;
  onChange: (r: Recipient | null) => void;
}) => {
  const { t } = useTranslation('support');
  const [account, setAccount] = useState(value?.username ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const find = async () => {
    const name = account.trim().toLowerCase();
    if (!name) return;
    setBusy(true);
    setProblem(null);
    try {
      const found = await callBo('boMembers', { query: { merchant, account: name, pageSize: 50 } });
      const member = found.items.find((m) => m.username.toLowerCase() === name);
      if (member) onChange({ id: member.id, username: member.username, merchant: member.merchant });
      else {
        onChange(null);
        setProblem(t('noSuchMember', { account: account.trim() }));
      }
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-end gap-2">
        <Field label={t('memberAccount')} className="flex-1">
          <Input
            value={account}
            onChange={(e) => {
              setAccount(e.target.value);
              if (value) onChange(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
            data-testid="message-account"
          />
        </Field>
        <Button onClick={() => void find()} pending={busy} data-testid="message-find">
          {t('find')}
        </Button>
      </div>
      {value && (
        <p className="text-ok text-sm" data-testid="message-recipient">
          {t('recipient', { account: value.username, merchant: value.merchant })}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-danger text-sm">
          {problem}
        </p>
      )}
    </div>
  );
};

/** Compose a platform message (to one member or to every member of the merchant) and browse those sent. */
export const MessagesPage = () => {
  const { t, i18n } = useTranslation('support');
  const { merchant } = useMerchant();
  const [params] = useSearchParams();
  const preset =
    params.get('memberId') && params.get('account')
      ? {
          id: Number(params.get('memberId')),
          username: params.get('account') ?? '',
          merchant: params.get('merchant') ?? merchant,
        }
      : null;
  const [audience, setAudience] = useState<'member' | 'all'>('member');
  const [recipient, setRecipient] = useState<Recipient | null>(preset);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const target = audience === 'member' ? (recipient?.merchant ?? merchant) : merchant;
  const send = useAction(
    () =>
      callBo('boMessageSend', {
        body:
          audience === 'all'
            ? { audience: 'all', merchant: target, title: title.trim(), body }
            : {
                audience: 'member',
                merchant: target,
                memberId: recipient?.id ?? 0,
                title: title.trim(),
                body,
              },
      }),
    {
      success: t('sent'),
      invalidate: [KEY],
      onSuccess: () => {
        setTitle('');
        setBody('');
        setEditorKey((k) => k + 1);
      },
    },
  );
  const ready =
    title.trim().length > 0 && plainText(body).length > 0 && (audience === 'all' || recipient !== null);

  const list = useListState({ filters: { audience: '', account: '' }, sort: 'createdAt', order: 'desc' });
  const [account, setAccount] = useState(list.filters.account);
  const sort = MESSAGE_SORTS.find((s) => s === list.sort) ?? 'createdAt';
  const query = {
    merchant,
    audience: (['member', 'all'] as const).find((a) => a === list.filters.audience),
    account: list.filters.account || undefined,
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: [...KEY, query, list.page, list.pageSize],
    queryFn: () => callBo('boMessages', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<Row>[] = [
    {
      key: 'createdAt',
      label: t('at'),
      sortKey: 'createdAt',
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'to',
      label: t('to'),
      render: (r) =>
        r.memberId === null ? (
          <span className="font-medium">{t('allMembers')}</span>
        ) : (
          <Link to={`/members/${r.memberId}`} className="text-accent underline">
            {r.member}
          </Link>
        ),
    },
    {
      key: 'title',
      label: t('messageTitle'),
      sortKey: 'title',
      render: (r) => (
        <div className="max-w-md">
          <button
            type="button"
            className="text-left font-medium text-accent underline"
            onClick={() => setOpen(open === r.id ? null : r.id)}
            aria-expanded={open === r.id}
          >
            {r.title}
          </button>
          {r.feedbackId !== null && (
            <Link to={`/support/feedback/${r.feedbackId}`} className="ml-2 text-muted text-xs underline">
              {t('replyTo', { id: r.feedbackId })}
            </Link>
          )}
          {open === r.id ? (
            <MessageBody html={r.body} className="mt-1 rounded bg-surface-2 p-2" />
          ) : (
            <p className="line-clamp-1 text-muted text-xs">{plainText(r.body)}</p>
          )}
        </div>
      ),
    },
    { key: 'staff', label: t('staff'), render: (r) => r.staff ?? '—' },
    { key: 'reads', label: t('reads'), render: (r) => r.reads },
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="messages-page">
      <PageTitle
        title={t('title')}
        actions={
          <CsvButton
            download={() => downloadCsv(endpoints.boMessagesCsv, query, `messages-${merchant}.csv`)}
          />
        }
      />
      <div>
        <SupportTabs />
      </div>
      <Card title={t('compose')}>
        <div className="flex flex-col gap-3">
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-1 font-medium text-muted">{t('audience')}</legend>
            {(['member', 'all'] as const).map((a) => (
              <label key={a} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="audience"
                  value={a}
                  checked={audience === a}
                  onChange={() => setAudience(a)}
                  data-testid={`audience-${a}`}
                />
                {a === 'all' ? t('allOf', { merchant }) : t('oneMember')}
              </label>
            ))}
          </fieldset>
          {audience === 'member' && (
            <RecipientPicker merchant={merchant} value={recipient} onChange={setRecipient} />
          )}
          <Field label={t('messageTitle')}>
            <Input
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="message-title"
            />
          </Field>
          <Suspense fallback={<PageLoading />}>
            <RichEditor
              key={editorKey}
              value={body}
              onChange={setBody}
              label={t('messageBody')}
              testId="message-body"
            />
          </Suspense>
          <p className="text-muted text-xs">{t('composeNote')}</p>
          <div>
            <Button
              variant="primary"
              disabled={!ready}
              pending={send.isPending}
              data-testid="message-send"
              onClick={async () => {
                if (
                  audience === 'all' &&
                  !(await confirmAction(t('sendAllConfirm', { merchant }), t('send'), false))
                )
                  return;
                send.mutate(undefined);
              }}
            >
              {t('send')}
            </Button>
          </div>
        </div>
      </Card>
      <Card title={t('sentTitle')}>
        <form
          className="mb-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            list.setFilters({ account: account.trim() });
          }}
        >
          <Field label={t('audience')}>
            <Select
              value={list.filters.audience}
              onChange={(e) => list.setFilters({ audience: e.target.value })}
            >
              <option value="">{t('any')}</option>
              <option value="member">{t('oneMember')}</option>
              <option value="all">{t('allMembers')}</option>
            </Select>
          </Field>
          <Field label={t('member')}>
            <Input value={account} onChange={(e) => setAccount(e.target.value)} />
          </Field>
          <Button type="submit">{t('filter')}</Button>
        </form>
        {result.isError && (
          <p role="alert" className="mb-2 text-danger text-sm">
            {errorText(result.error)}
          </p>
        )}
        <DataTable
          testId="messages-table"
          columns={columns}
          rows={result.data?.items}
          rowKey={(r) => r.id}
          total={result.data?.total ?? 0}
          page={list.page}
          pageSize={list.pageSize}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
          sort={sort}
          order={list.order}
          onSort={list.setSort}
          loading={result.isPending}
        />
      </Card>
    </div>
  );
};
