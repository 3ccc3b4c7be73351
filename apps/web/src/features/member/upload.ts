import { CASHIER_UPLOAD_MAX_BYTES } from '@khela/contract/browser';
import { callApi } from '../../shared/api/client';

export type ImageProblem = 'type' | 'size' | 'empty';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/** PNG or JPEG by their first bytes (not the name or the browser's guess). */
export const imageKindOf = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | null =>
  startsWith(bytes, PNG) ? 'image/png' : startsWith(bytes, JPEG) ? 'image/jpeg' : null;

/**
 * Checks a receipt or proof image before it is sent (spec §5: PNG or JPG, at most 5 MB); the
 * server checks the same again.
 */
export const checkImageFile = async (file: Blob): Promise<ImageProblem | null> => {
  if (file.size === 0) return 'empty';
  if (file.size > CASHIER_UPLOAD_MAX_BYTES) return 'size';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return imageKindOf(head) ? null : 'type';
};

/** Uploads one checked image (multipart `file`) and returns its id. */
export const uploadImage = async (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  const value = await callApi('cashierUpload', { formData: form });
  return value.id;
};
