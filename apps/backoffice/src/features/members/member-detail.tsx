import { MEMBER_TYPES } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Mail } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select, TextArea } from '../../shared/ui/controls';
import { confirmAction, toast, useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { formatTime } from '../../shared/ui/table';
import { StatusBadge } from './members-page';
import { MemberLogins, MemberSessions, MemberTrail } from './sub-lists';

const SmallTable = ({ head, rows, testId }: { head: ReactNode[]; rows: ReactNode[][]; testId?: string }) => {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto" data-testid={testId}>
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="text-muted text-xs uppercase">
          <tr>
            {head.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <th key={i} className="px-2 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in server order
            <tr key={i} className="border-line border-t">
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={j} className="px-2 py-1 align-top">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="p-3 text-center text-muted text-sm">{t('list.empty')}</p>}
    </div>
  );
};

/** One member: profile, sessions, login history, notes and staff trail, with the operator's actions. */
export const MemberDetailPage = () => {
  const { t, i18n } = useTranslation('members');
  const { t: tc } = useTranslation();
  const can = useCan();
  const memberId = Number(useParams().id);
  const key = ['bo', 'member', memberId] as const;
  const detail = useQuery({
    queryKey: key,
    queryFn: () => callBo('boMember', { query: { id: memberId } }),
    enabled: Number.isInteger(memberId) && memberId > 0,
  });
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [type, setType] = useState<string>('');
  const [temporary, setTemporary] = useState<string | null>(null);
  const invalidate = [key, ['bo', 'members']] as const;
  const lock = useAction(
    (locked: boolean) =>
      callBo(locked ? 'boMemberUnlock' : 'boMemberLock', { body: { memberId, reason: reason.trim() } }),
    { success: t('done'), invalidate, onSuccess: () => setReason('') },
  );
  const revoke = useAction(() => callBo('boMemberRevoke', { body: { memberId } }), {
    success: (v) => t('revoked', { n: v.revoked }),
    invalidate,
  });
  const reset = useAction(() => callBo('boMemberPasswordReset', { body: { memberId } }), {
    success: t('resetDone'),
    invalidate,
    onSuccess: (v) => setTemporary(v.temporaryPassword),
  });
  const setMemberType = useAction(
    (value: number) =>
      callBo('boMemberType', { body: { memberId, type: value as (typeof MEMBER_TYPES)[number] } }),
    { success: t('done'), invalidate },
  );
  const addNote = useAction(() => callBo('boMemberNote', { body: { memberId, body: note.trim() } }), {
    success: t('noteAdded'),
    invalidate,
    onSuccess: () => setNote(''),
  });

  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return (
      <p role="alert" className="text-danger">
        {errorText(detail.error)}
      </p>
    );
  const m = detail.data;
  const locked = m.status === 'locked';
  const time = (ms: number | null) => formatTime(ms, i18n.language);

  return (
    <div className="flex flex-col gap-4" data-testid="member-detail">
      <Link to="/members" className="inline-flex items-center gap-1 text-accent text-sm">
        <ArrowLeft className="size-4" />
        {t('back')}
      </Link>
      <PageTitle title={`${m.username} · ${m.merchant}`} actions={<StatusBadge status={m.status} />} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title={t('profile')}>
          <dl className="grid grid-cols-[9rem_1fr] gap-y-1 text-sm">
            <dt className="text-muted">{t('id')}</dt>
            <dd>{m.id}</dd>
            <dt className="text-muted">{t('nickname')}</dt>
            <dd>{m.nickname || '—'}</dd>
            <dt className="text-muted">{t('mobile')}</dt>
            <dd>{m.mobile ?? '—'}</dd>
            <dt className="text-muted">{t('email')}</dt>
            <dd>{m.email ?? '—'}</dd>
            <dt className="text-muted">{t('type')}</dt>
            <dd data-testid="member-type">{t(`types.${m.type}`, { defaultValue: String(m.type) })}</dd>
            <dt className="text-muted">{t('upline')}</dt>
            <dd>
              {m.upline ? (
                <Link to={`/members/${m.upline.id}`} className="text-accent underline">
                  {m.upline.username}
                </Link>
              ) : (
                '—'
              )}
            </dd>
            <dt className="text-muted">{t('registerIp')}</dt>
            <dd>{m.registerIp ?? '—'}</dd>
            <dt className="text-muted">{t('createdAt')}</dt>
            <dd>{time(m.createdAt)}</dd>
            <dt className="text-muted">{t('lastLoginAt')}</dt>
            <dd>{time(m.lastLoginAt)}</dd>
            <dt className="text-muted">{t('mustChange')}</dt>
            <dd>{tc(m.mustChangePassword ? 'yes' : 'no')}</dd>
          </dl>
        </Card>
        <Card title={t('actions')}>
          <div className="flex flex-col gap-3">
            {can('members.lock') && (
              <div className="flex flex-col gap-2" data-testid="lock-controls">
                <Field label={t('reason')}>
                  <Input
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    maxLength={500}
                    data-testid="lock-reason"
                  />
                </Field>
                <div>
                  <Button
                    variant={locked ? 'primary' : 'danger'}
                    pending={lock.isPending}
                    data-testid={locked ? 'member-unlock' : 'member-lock'}
                    onClick={async () => {
                      if (!reason.trim()) return toast('error', t('reasonRequired'));
                      if (
                        await confirmAction(
                          t(locked ? 'unlockConfirm' : 'lockConfirm', { name: m.username }),
                          t(locked ? 'unlock' : 'lock'),
                          !locked,
                        )
                      )
                        lock.mutate(locked);
                    }}
                  >
                    {t(locked ? 'unlock' : 'lock')}
                  </Button>
                </div>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {can('members.sessions.revoke') && (
                <Button
                  pending={revoke.isPending}
                  data-testid="member-revoke"
                  onClick={async () => {
                    if (await confirmAction(t('revokeConfirm', { name: m.username }), t('revoke')))
                      revoke.mutate(undefined);
                  }}
                >
                  {t('revoke')}
                </Button>
              )}
              {can('members.password.reset') && (
                <Button
                  pending={reset.isPending}
                  data-testid="member-reset"
                  onClick={async () => {
                    if (await confirmAction(t('resetConfirm', { name: m.username }), t('reset')))
                      reset.mutate(undefined);
                  }}
                >
                  {t('reset')}
                </Button>
              )}
            </div>
            {temporary && (
              <p className="rounded bg-surface-2 p-2 text-sm" data-testid="temporary-password">
                {t('temporary')} <code className="font-mono font-semibold">{temporary}</code>
              </p>
            )}
            {can('members.type') && (
              <div className="flex items-end gap-2">
                <Field label={t('setType')} className="flex-1">
                  <Select
                    value={type || String(m.type)}
                    onChange={(e) => setType(e.target.value)}
                    data-testid="member-type-select"
                  >
                    {MEMBER_TYPES.map((v) => (
                      <option key={v} value={v}>
                        {t(`types.${v}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Button
                  pending={setMemberType.isPending}
                  disabled={!type || Number(type) === m.type}
                  onClick={async () => {
                    if (
                      await confirmAction(
                        t('typeConfirm', { name: m.username, type: t(`types.${type}`) }),
                        t('apply'),
                        false,
                      )
                    )
                      setMemberType.mutate(Number(type));
                  }}
                >
                  {t('apply')}
                </Button>
              </div>
            )}
            {can('limits.write') && (
              <div>
                <Link
                  to={`/limits?memberId=${m.id}`}
                  className="inline-flex items-center gap-1.5 text-accent text-sm underline"
                  data-testid="member-limits"
                >
                  {t('cashierLimits')}
                </Link>
              </div>
            )}
            {can('messages.send') && (
              <div>
                <Link
                  to={`/support/messages?merchant=${m.merchant}&memberId=${m.id}&account=${encodeURIComponent(m.username)}`}
                  className="inline-flex items-center gap-1.5 text-accent text-sm underline"
                  data-testid="member-message"
                >
                  <Mail className="size-4" />
                  {t('sendMessage')}
                </Link>
              </div>
            )}
            {!can('members.lock') &&
              !can('members.sessions.revoke') &&
              !can('members.password.reset') &&
              !can('members.type') && (
                <p className="text-muted text-sm" data-testid="read-only">
                  {t('readOnly')}
                </p>
              )}
          </div>
        </Card>
      </div>
      <Card title={t('notes')}>
        {can('members.note') && (
          <div className="mb-3 flex flex-col gap-2">
            <TextArea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={2000}
              aria-label={t('newNote')}
              placeholder={t('newNote')}
            />
            <div>
              <Button
                variant="primary"
                pending={addNote.isPending}
                disabled={!note.trim()}
                onClick={() => addNote.mutate(undefined)}
              >
                {t('addNote')}
              </Button>
            </div>
          </div>
        )}
        <SmallTable
          head={[t('at'), t('staff'), t('note')]}
          rows={m.notes.map((n) => [
            time(n.at),
            n.staff,
            <span key="body" className="whitespace-pre-wrap">
              {n.body}
            </span>,
          ])}
        />
      </Card>
      <Card title={t('sessions')}>
        <MemberSessions memberId={memberId} />
      </Card>
      <Card title={t('history')}>
        <MemberLogins memberId={memberId} />
      </Card>
      <Card title={t('trail')}>
        <MemberTrail memberId={memberId} />
      </Card>
    </div>
  );
};
