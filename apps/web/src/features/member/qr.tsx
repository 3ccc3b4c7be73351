import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importChunk } from '../../shared/chunk';

/** A payment QR code drawn in the browser with the `qrcode` library (loaded on demand); dark on white. */
export const PaymentQr = ({ payload, size = 168 }: { payload: string; size?: number }) => {
  const { t } = useTranslation('member');
  const [image, setImage] = useState<{ payload: string; src: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    importChunk(() => import('qrcode'))
      .then((qrcode) =>
        qrcode.toDataURL(payload, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: size * 2,
          color: { dark: '#111111ff', light: '#ffffffff' },
        }),
      )
      .then(
        (src) => {
          if (!cancelled) setImage({ payload, src });
        },
        () => {
          if (!cancelled) setFailed(payload);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [payload, size]);
  const box = { width: size, height: size };
  if (failed === payload)
    return (
      <div
        style={box}
        className="grid place-items-center rounded-xl border border-dashed border-line p-3 text-xs text-muted"
      >
        {t('deposit.qrFailed')}
      </div>
    );
  if (image?.payload !== payload)
    return (
      <div role="status" aria-label={t('loading')} style={box} className="animate-pulse rounded-xl bg-line" />
    );
  return (
    <img
      data-testid="deposit-qr"
      src={image.src}
      alt={t('deposit.qrAlt')}
      width={size}
      height={size}
      style={box}
      className="rounded-xl bg-white ring-1 ring-black/5"
    />
  );
};
