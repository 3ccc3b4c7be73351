import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentQr } from './qr';

/** The deposit page's payment QR (UPI `upi://pay` links for India's UPI channel). */

const pngOf = (src: string) => {
  expect(src.startsWith('data:image/png;base64,')).toBe(true);
  return Buffer.from(src.slice('data:image/png;base64,'.length), 'base64');
};

describe('PaymentQr', () => {
  afterEach(cleanup);

  it('renders a UPI payment link as a PNG QR code of the asked size, a new image for a new payload', async () => {
    const upi = 'upi://pay?pa=khela.demo@okaxis&pn=Khela%20Demo&cu=INR';
    const { rerender } = render(<PaymentQr payload={upi} size={120} />);
    expect(screen.getByRole('status')).toBeTruthy();
    const img = await waitFor(() => screen.getByTestId('deposit-qr') as HTMLImageElement);
    expect(img.width).toBe(120);
    const first = pngOf(img.getAttribute('src') ?? '');
    // PNG signature and the IHDR width: drawn at twice the size for sharp screens.
    expect([...first.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(first.readUInt32BE(16)).toBe(240);
    rerender(<PaymentQr payload={`${upi}&am=500.00`} size={120} />);
    await waitFor(() => expect(screen.getByTestId('deposit-qr').getAttribute('src')).not.toBe(img.src));
  });
});
