import { endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { type ExclusionRow, ProtectionTabs } from './shared';

/** The exclusion register: time-outs and self-exclusions of the merchant, by member, type and state. */
export const RegisterPage = () => {
  const { t, i18n } = useTranslation('protection');
  const { merchant } = useMerchant();
  const columns: Column<ExclusionRow>[] = [
    { key: 'member', label: t('register.member'), render: (r) => `${r.username} (#${r.memberId})` },
    { key: 'type', label: t('register.type'), render: (r) => t(`type.${r.type}`) },
    {
      key: 'since',
      label: t('register.since'),
      render: (r) => formatTime(r.since, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'until',
      label: t('register.until'),
      render: (r) => (r.until === null ? t('register.permanent') : formatTime(r.until, i18n.language)),
      className: 'whitespace-nowrap',
    },
    {
      key: 'active',
      label: t('register.state'),
      render: (r) => (
        <span data-testid="bo-exclusion-state">{r.active ? t('register.inForce') : t('register.ended')}</span>
      ),
    },
  ];
  return (
    <ListScreen
      testId="bo-protection-register"
      tableTestId="bo-exclusions-table"
      title={t('title')}
      tabs={<ProtectionTabs />}
      state={{ filters: { q: '', type: '', active: 'true' } }}
      queryKey={['bo', 'protection', 'exclusions']}
      query={(list) => ({
        merchant,
        q: list.filters.q || undefined,
        type: list.filters.type || undefined,
        active: list.filters.active || undefined,
      })}
      fetch={(query, page) =>
        requestBo<{ items: ExclusionRow[]; total: number }>(endpoints.boProtectionExclusions, {
          query: { ...query, ...page },
        })
      }
      columns={columns}
      rowKey={(r) => r.memberId}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
      filters={({ draft, set }) => (
        <>
          <Field label={t('register.search')}>
            <Input
              data-testid="bo-exclusions-q"
              value={draft.q}
              onChange={(e) => set({ q: e.target.value })}
            />
          </Field>
          <Field label={t('register.type')}>
            <Select value={draft.type} onChange={(e) => set({ type: e.target.value })}>
              <option value="">{t('register.anyType')}</option>
              <option value="timeout">{t('type.timeout')}</option>
              <option value="self_exclusion">{t('type.self_exclusion')}</option>
            </Select>
          </Field>
          <Field label={t('register.state')}>
            <Select value={draft.active} onChange={(e) => set({ active: e.target.value })}>
              <option value="">{t('register.anyState')}</option>
              <option value="true">{t('register.inForce')}</option>
              <option value="false">{t('register.ended')}</option>
            </Select>
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary" data-testid="bo-exclusions-filter">
              {t('register.filter')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
