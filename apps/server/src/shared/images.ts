/** The image type of uploaded bytes by their magic numbers (never by the name or the sent type). */
export const sniffImage = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null => {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b))
    return 'image/png';
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
};

/** PNG or JPEG only (members' uploads: deposit proofs, feedback images). */
export const sniffPngJpeg = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | null => {
  const mime = sniffImage(bytes);
  return mime === 'image/png' || mime === 'image/jpeg' ? mime : null;
};
