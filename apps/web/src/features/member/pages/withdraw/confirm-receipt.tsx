import type { WithdrawalRow } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../../../shared/api/client';
import { KitForm, TextField, useErrorText, useKitForm } from '../../../../shared/form';
import { buttonClass } from '../../../../shared/ui/button';
import { useSingleFlight } from '../../hooks';
import { ImagePicker } from '../../image-picker';
import { CASHIER_KEY } from '../../queries';
import { Notice } from '../../ui';
import { uploadImage } from '../../upload';
import { formatStamp } from './format';

/** Spec §4: the payment was distributed — received, or not received with a proof image. */
export const ConfirmReceipt = ({ row }: { row: WithdrawalRow }) => {
  const { t, i18n } = useTranslation('member');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { busy, run } = useSingleFlight();
  const [notReceived, setNotReceived] = useState(false);
  const [proof, setProof] = useState<File | null>(null);
  const form = useKitForm<{ note: string }>(z.object({ note: z.string() }), { defaultValues: { note: '' } });
  const [error, setError] = useState<string | null>(null);
  const [proofError, setProofError] = useState<string>();

  const answer = async (kind: 'received' | 'not_received') => {
    setError(null);
    if (kind === 'not_received' && !proof) {
      setProofError(t('withdraw.proofRequired'));
      return;
    }
    setProofError(undefined);
    const note = form.getValues('note');
    try {
      await run(async () => {
        const proofId = kind === 'not_received' && proof ? await uploadImage(proof) : undefined;
        return callApi('withdrawConfirm', {
          body: {
            id: row.id,
            answer: kind,
            ...(proofId ? { proofId } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
        });
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <div
      className="mt-3 flex flex-col gap-3 rounded-xl bg-brand/6 p-3 ring-1 ring-brand/20"
      data-testid="withdrawal-confirm"
    >
      <p className="text-sm font-semibold">{t('withdraw.didYouReceive')}</p>
      {row.autoConfirmAt ? (
        <p className="text-xs text-muted">
          {t('withdraw.autoConfirmAt', { time: formatStamp(row.autoConfirmAt, i18n.language) })}
        </p>
      ) : null}
      {notReceived ? (
        <div className="flex flex-col gap-3">
          <ImagePicker
            name="proof"
            label={t('withdraw.proof')}
            file={proof}
            onFile={setProof}
            required
            error={proofError}
          />
          <KitForm form={form} onSubmit={() => answer('not_received')}>
            <TextField name="note" label={t('withdraw.note')} maxLength={200} autoComplete="off" />
          </KitForm>
        </div>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        {notReceived ? (
          <>
            <button
              type="button"
              data-testid="withdrawal-send-not-received"
              className={buttonClass('primary', 'sm')}
              disabled={busy}
              onClick={() => void answer('not_received')}
            >
              {t('withdraw.sendNotReceived')}
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={() => setNotReceived(false)}
            >
              {t('form.cancel')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              data-testid="withdrawal-received"
              className={buttonClass('primary', 'sm')}
              disabled={busy}
              onClick={() => void answer('received')}
            >
              {t('withdraw.received')}
            </button>
            <button
              type="button"
              data-testid="withdrawal-not-received"
              className={buttonClass('secondary', 'sm')}
              disabled={busy}
              onClick={() => setNotReceived(true)}
            >
              {t('withdraw.notReceived')}
            </button>
          </>
        )}
      </div>
    </div>
  );
};
