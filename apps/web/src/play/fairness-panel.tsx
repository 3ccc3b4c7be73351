import { CLIENT_SEED_PATTERN } from '@khela/fair';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { call, PlayError, type Value } from './api';
import type { Translate } from './i18n';
import { Mono, type Seed, Sheet, siteOrigin } from './sheet';

/** Server seed commitment, the editable client seed, the nonce, and seed rotation (reveals the seed). */
export const FairnessPanel = ({
  t,
  seed,
  disabled,
  errorText,
  onSeed,
  onClose,
}: {
  t: Translate;
  seed: Seed;
  disabled: boolean;
  errorText: (code: string) => string;
  onSeed: (seed: Seed) => void;
  onClose: () => void;
}) => {
  const [clientSeed, setClientSeed] = useState(seed.clientSeed);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [revealed, setRevealed] = useState<Value<'slotRotateSeed'>['revealed'] | null>(null);
  const valid = CLIENT_SEED_PATTERN.test(clientSeed);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage({ text: errorText(error instanceof PlayError ? error.code : 'system.error'), ok: false });
    } finally {
      setBusy(false);
    }
  };

  const saveClientSeed = () =>
    run(async () => {
      const next = await call('slotClientSeed', { clientSeed });
      onSeed(next);
      setMessage({ text: t('fair.saved'), ok: true });
    });

  const rotate = () =>
    run(async () => {
      const answer = await call('slotRotateSeed');
      setRevealed(answer.revealed);
      onSeed(answer.next);
      setClientSeed(answer.next.clientSeed);
      setMessage({ text: t('fair.rotated'), ok: true });
    });

  const randomSeed = () => {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    setClientSeed(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
  };

  return (
    <Sheet title={t('fair.title')} onClose={onClose} testId="play-fair-panel">
      <div className="space-y-4">
        <p className="text-xs leading-relaxed text-white/70">{t('fair.explain')}</p>
        <div className="space-y-1.5">
          <div className="text-xs font-semibold text-white/60">{t('fair.commitment')}</div>
          <Mono testId="play-commitment">{seed.commitment}</Mono>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="client-seed" className="text-xs font-semibold text-white/60">
            {t('fair.clientSeed')}
          </label>
          <div className="flex gap-2">
            <input
              id="client-seed"
              data-testid="play-client-seed"
              value={clientSeed}
              maxLength={64}
              onChange={(event) => setClientSeed(event.target.value.trim())}
              className="h-10 min-w-0 flex-1 rounded-xl bg-black/40 px-3 font-mono text-xs text-white ring-1 ring-white/15 outline-none focus:ring-amber-300"
            />
            <button
              type="button"
              onClick={randomSeed}
              aria-label={t('fair.randomSeed')}
              title={t('fair.randomSeed')}
              className="grid size-10 place-items-center rounded-xl bg-white/10 hover:bg-white/20"
            >
              <RefreshCw className="size-4" />
            </button>
          </div>
          {!valid ? <p className="text-xs text-rose-300">{t('fair.seedRule')}</p> : null}
          <button
            type="button"
            data-testid="play-save-seed"
            disabled={busy || disabled || !valid || clientSeed === seed.clientSeed}
            onClick={() => void saveClientSeed()}
            className="h-9 rounded-full bg-amber-400 px-4 text-xs font-bold text-black disabled:opacity-40"
          >
            {t('fair.save')}
          </button>
        </div>
        <div className="flex items-center justify-between rounded-xl bg-black/30 px-3 py-2">
          <span className="text-xs font-semibold text-white/60">{t('fair.nonce')}</span>
          <span data-testid="play-nonce" className="font-mono text-sm">
            {seed.nonce}
          </span>
        </div>
        <div className="space-y-2 rounded-2xl bg-white/5 p-3">
          <p className="text-xs leading-relaxed text-white/70">{t('fair.rotateExplain')}</p>
          <button
            type="button"
            data-testid="play-rotate"
            disabled={busy || disabled}
            onClick={() => void rotate()}
            className="h-9 rounded-full bg-white/15 px-4 text-xs font-bold text-white hover:bg-white/25 disabled:opacity-40"
          >
            {t('fair.rotate')}
          </button>
          {revealed ? (
            <div data-testid="play-revealed" className="space-y-1.5 pt-1">
              <div className="text-xs font-semibold text-white/60">
                {t('fair.revealed', { count: revealed.rounds })}
              </div>
              <Mono>{revealed.serverSeed}</Mono>
              <div className="text-[0.7rem] text-white/50">
                {t('fair.commitment')}: <span className="font-mono break-all">{revealed.commitment}</span>
              </div>
            </div>
          ) : null}
        </div>
        <a
          href={`${siteOrigin()}/verify`}
          target="_blank"
          rel="noopener"
          data-testid="play-verify-page"
          className="inline-flex items-center gap-1 text-xs font-semibold text-amber-300 hover:underline"
        >
          <ExternalLink className="size-3.5" /> {t('fair.verifyPage')}
        </a>
        {disabled ? <p className="text-xs text-amber-200">{t('fair.lockedDuringFeature')}</p> : null}
        {message ? (
          <p
            data-testid="play-fair-message"
            className={`text-xs ${message.ok ? 'text-emerald-300' : 'text-rose-300'}`}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </Sheet>
  );
};
