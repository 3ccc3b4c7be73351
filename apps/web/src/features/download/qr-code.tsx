import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importChunk } from '../../shared/chunk';

type Props = { url: string; label: string; size: number };

/**
 * A QR code for `url`, drawn in the browser. The `qrcode` library loads on demand, so it stays out
 * of the home page's bundle. Always dark on white, also in dark mode, so phone cameras read it.
 */
export const QrCode = ({ url, label, size }: Props) => {
  const { t } = useTranslation('download');
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    importChunk(() => import('qrcode'))
      .then((qrcode) =>
        qrcode.toDataURL(url, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: Math.max(256, size * 2),
          color: { dark: '#111111ff', light: '#ffffffff' },
        }),
      )
      .then(
        (src) => {
          if (!cancelled) setImage({ url, src });
        },
        () => {
          if (!cancelled) setFailedFor(url);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [url, size]);

  const box = { width: size, height: size };
  if (failedFor === url) {
    return (
      <div
        role="img"
        aria-label={t('qrFailed')}
        style={box}
        className="flex items-center justify-center rounded-xl border border-dashed border-line p-3 text-center text-xs text-muted"
      >
        {t('qrFailed')}
      </div>
    );
  }
  if (image?.url !== url) {
    return (
      <div
        role="status"
        aria-label={t('qrLoading')}
        style={box}
        className="animate-pulse rounded-xl bg-line"
      />
    );
  }
  return (
    <img
      data-testid="qr-code"
      data-url={url}
      src={image.src}
      alt={t('qrAlt', { label })}
      width={size}
      height={size}
      className="rounded-xl bg-white shadow-card ring-1 ring-black/5"
      style={box}
    />
  );
};
