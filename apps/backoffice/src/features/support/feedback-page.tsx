import {
  endpoints,
  FEEDBACK_QUESTION_TYPES,
  FEEDBACK_SORTS,
  FEEDBACK_STATUSES,
} from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';
import { SupportTabs } from './shared';

type Row = Awaited<ReturnType<typeof callBo<'boFeedback'>>>['items'][number];

const toMs = (local: string) => (local ? new Date(local).getTime() : undefined);

export const FeedbackStatus = ({ status }: { status: 'open' | 'replied' }) => {
  const { t } = useTranslation('support');
  return (
    <span
      data-testid="feedback-status"
      className={cx(
        'inline-block rounded px-1.5 py-0.5 font-medium text-xs',
        status === 'open' ? 'bg-accent/15 text-accent' : 'bg-ok/15 text-ok',
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
};

/** The feedback queue of the chosen merchant: status, question type, account and date filters; sorted, paged, CSV. */
export const FeedbackPage = () => {
  const { t, i18n } = useTranslation('support');
  const { merchant } = useMerchant();
  const list = useListState({
    filters: { status: 'open', questionType: '', account: '', from: '', to: '' },
    sort: 'createdAt',
    order: 'desc',
  });
  const [form, setForm] = useState(list.filters);
  const sort = FEEDBACK_SORTS.find((s) => s === list.sort) ?? 'createdAt';
  const query = {
    merchant,
    status: FEEDBACK_STATUSES.find((s) => s === list.filters.status),
    questionType: FEEDBACK_QUESTION_TYPES.find((q) => q === list.filters.questionType),
    account: list.filters.account || undefined,
    from: toMs(list.filters.from),
    to: toMs(list.filters.to),
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: ['bo', 'feedback', query, list.page, list.pageSize],
    queryFn: () => callBo('boFeedback', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<Row>[] = [
    {
      key: 'createdAt',
      label: t('at'),
      sortKey: 'createdAt',
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'member',
      label: t('member'),
      render: (r) => (
        <Link to={`/members/${r.memberId}`} className="text-accent underline">
          {r.member}
        </Link>
      ),
    },
    {
      key: 'questionType',
      label: t('questionType'),
      sortKey: 'questionType',
      render: (r) => t(`type.${r.questionType}`),
    },
    {
      key: 'content',
      label: t('content'),
      render: (r) => (
        <Link
          to={`/support/feedback/${r.id}`}
          className="line-clamp-2 max-w-md break-words text-accent underline"
          data-testid={`feedback-open-${r.id}`}
        >
          {r.content}
        </Link>
      ),
    },
    {
      key: 'images',
      label: t('images'),
      render: (r) =>
        r.images > 0 ? (
          <span className="inline-flex items-center gap-1 text-muted">
            <ImageIcon className="size-4" />
            {r.images}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      label: t('statusLabel'),
      sortKey: 'status',
      render: (r) => <FeedbackStatus status={r.status} />,
    },
  ];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };
  return (
    <div data-testid="feedback-page">
      <PageTitle
        title={t('title')}
        actions={
          <CsvButton
            download={() => downloadCsv(endpoints.boFeedbackCsv, query, `feedback-${merchant}.csv`)}
          />
        }
      />
      <SupportTabs />
      <form onSubmit={apply} className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Field label={t('statusLabel')}>
          <Select
            value={form.status}
            onChange={(e) => setForm({ ...form, status: e.target.value })}
            data-testid="feedback-filter-status"
          >
            <option value="">{t('any')}</option>
            {FEEDBACK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('questionType')}>
          <Select
            value={form.questionType}
            onChange={(e) => setForm({ ...form, questionType: e.target.value })}
          >
            <option value="">{t('any')}</option>
            {FEEDBACK_QUESTION_TYPES.map((q) => (
              <option key={q} value={q}>
                {t(`type.${q}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('member')}>
          <Input
            value={form.account}
            onChange={(e) => setForm({ ...form, account: e.target.value })}
            data-testid="feedback-filter-account"
          />
        </Field>
        <Field label={t('from')}>
          <Input
            type="datetime-local"
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
          />
        </Field>
        <Field label={t('to')}>
          <Input
            type="datetime-local"
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
          />
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="primary" data-testid="feedback-filter">
            {t('filter')}
          </Button>
        </div>
      </form>
      {result.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="feedback-table"
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
    </div>
  );
};
