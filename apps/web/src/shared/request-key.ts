/**
 * A fresh idempotency or request key for a money call, from the browser's CSPRNG (`randomUUID`
 * where the page is a secure context, else 16 random bytes in hex).
 */
export const newRequestKey = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
