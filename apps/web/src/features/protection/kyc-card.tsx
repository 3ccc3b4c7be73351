import { KYC_DOCUMENT_KINDS, KYC_MAX_BYTES } from '@khela/contract/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { decimalOf, Note, type Outcome, Section } from './parts';

const KYC_KEY = ['protection', 'kyc'] as const;

/** Is this file a PNG, JPEG or PDF by its first bytes (the server checks again)? */
const kindOfHead = (head: Uint8Array) => {
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (String.fromCharCode(...head.slice(0, 5)) === '%PDF-') return 'pdf';
  return null;
};

/**
 * "Identity verification" (KYC, ADR 045): the member's status, when the licence asks for it, the
 * documents sent with their review, and an upload (PNG, JPEG or PDF up to 5 MB).
 */
export const KycCard = () => {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<(typeof KYC_DOCUMENT_KINDS)[number]>('idFront');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const kyc = useQuery({ queryKey: KYC_KEY, queryFn: ({ signal }) => callApi('protectionKyc', { signal }) });

  const send = async () => {
    setOutcome(null);
    if (!file) return setOutcome({ tone: 'error', text: t('kyc.pickFile') });
    if (file.size === 0 || file.size > KYC_MAX_BYTES)
      return setOutcome({ tone: 'error', text: t('kyc.badSize') });
    if (!kindOfHead(new Uint8Array(await file.slice(0, 8).arrayBuffer())))
      return setOutcome({ tone: 'error', text: t('kyc.badType') });
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const next = await callApi('protectionKycUpload', { query: { kind }, formData: form });
      queryClient.setQueryData(KYC_KEY, next);
      setFile(null);
      setOutcome({ tone: 'success', text: t('kyc.sent') });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const title = (
    <span className="flex items-center gap-2">
      <span className="grid size-7 place-items-center rounded-full bg-brand/12 text-brand">
        <IdCard className="size-4" />
      </span>
      {t('kyc.title')}
    </span>
  );
  if (kyc.isPending) return <Section title={title}>{t('loading')}</Section>;
  if (kyc.isError)
    return (
      <Section title={title}>
        <Note tone="error">{errorText(kyc.error)}</Note>
      </Section>
    );
  const { status, reason, documents, required } = kyc.data;
  return (
    <Section title={title} testId="kyc">
      <div className="flex flex-col gap-3 text-sm">
        <p data-testid="kyc-status" data-status={status}>
          <span className="font-semibold">{t(`kyc.status.${status}`)}</span>
          {status === 'rejected' && reason ? ` · ${reason}` : ''}
        </p>
        {required.beforeDeposit ? <p className="text-muted">{t('kyc.beforeDeposit')}</p> : null}
        {required.withdrawalAbove !== null ? (
          <p className="text-muted">
            {required.withdrawalAbove === '0'
              ? t('kyc.everyWithdrawal')
              : t('kyc.withdrawalAbove', { amount: decimalOf(required.withdrawalAbove) })}
          </p>
        ) : null}
        {documents.length > 0 ? (
          <ul className="flex flex-col gap-1" data-testid="kyc-documents">
            {documents.map((d) => (
              <li
                key={d.id}
                className="flex justify-between gap-2 rounded-xl bg-surface px-3 py-2 ring-1 ring-line"
              >
                <span>{t(`kyc.kind.${d.kind}`)}</span>
                <span className="text-muted" data-testid={`kyc-document-${d.id}`} data-status={d.status}>
                  {t(`kyc.document.${d.status}`)}
                  {d.reason ? ` · ${d.reason}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('kyc.kindLabel')}</span>
          <select
            className="h-10 rounded-xl bg-surface px-3 ring-1 ring-line"
            value={kind}
            data-testid="kyc-kind"
            onChange={(e) => setKind(e.target.value as typeof kind)}
          >
            {KYC_DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kyc.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('kyc.fileLabel')}</span>
          <input
            type="file"
            accept="image/png,image/jpeg,application/pdf"
            data-testid="kyc-file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {outcome ? <Note tone={outcome.tone}>{outcome.text}</Note> : null}
        <div>
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={busy}
            onClick={() => void send()}
            data-testid="kyc-submit"
          >
            {t('kyc.submit')}
          </button>
        </div>
      </div>
    </Section>
  );
};
