import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importChunk } from '../../shared/chunk';

/** The invite link as a QR code, drawn in the browser by the `qrcode` library (loaded on demand). */
export const ReferralQr = ({ link, size = 160 }: { link: string; size?: number }) => {
  const { t } = useTranslation('promo');
  const [image, setImage] = useState<{ link: string; src: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    importChunk(() => import('qrcode'))
      .then((qrcode) =>
        qrcode.toDataURL(link, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: size * 2,
          color: { dark: '#111111ff', light: '#ffffffff' },
        }),
      )
      .then(
        (src) => {
          if (!cancelled) setImage({ link, src });
        },
        () => {
          if (!cancelled) setFailed(link);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [link, size]);
  const box = { width: size, height: size };
  if (failed === link)
    return (
      <div
        style={box}
        className="grid place-items-center rounded-xl border border-dashed border-line p-3 text-xs text-muted"
      >
        {t('referral.qrFailed')}
      </div>
    );
  if (image?.link !== link)
    return <div role="status" style={box} className="animate-pulse rounded-xl bg-line" />;
  return (
    <img
      data-testid="referral-qr"
      src={image.src}
      alt={t('referral.qrAlt')}
      width={size}
      height={size}
      style={box}
      className="rounded-xl bg-white ring-1 ring-black/5"
    />
  );
};
