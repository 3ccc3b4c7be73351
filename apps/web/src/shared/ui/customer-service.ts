import type { CustomerService } from '@khela/contract';
import { importChunk } from '../chunk';

type Decoder = typeof import('./cs-decode');

/** The customer-service popup window of spec §2: 440 x 750, reused under the name `service`. */
export const CS_WINDOW_NAME = 'service';
export const CS_WINDOW_FEATURES = 'width=440,height=750';

let decoder: Decoder | null = null;
let loading: Promise<Decoder> | null = null;

/** Starts loading the decoder (on hover or focus of a service button) so a click opens at once. */
export const preloadCsDecoder = (): Promise<Decoder> => {
  loading ??= importChunk(() => import('./cs-decode')).then((module) => {
    decoder = module;
    return module;
  });
  return loading;
};

/** Only web links may open; anything else (a `javascript:` link, garbage) is dropped. */
export const safeServiceUrl = (raw: string): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * Opens a customer-service entry in the service window. The window is opened inside the click
 * (so popup blockers allow it) even when the decoder is still loading; it is pointed at the
 * decoded link as soon as that is known.
 */
export const openCustomerService = (entry: Pick<CustomerService, 'path'>) => {
  if (decoder) {
    const url = safeServiceUrl(decoder.revealCsPath(entry.path));
    if (url) window.open(url, CS_WINDOW_NAME, CS_WINDOW_FEATURES);
    return;
  }
  const popup = window.open('', CS_WINDOW_NAME, CS_WINDOW_FEATURES);
  void preloadCsDecoder().then((module) => {
    const url = safeServiceUrl(module.revealCsPath(entry.path));
    if (!url) {
      popup?.close();
      return;
    }
    if (popup) popup.location.href = url;
    else window.open(url, CS_WINDOW_NAME, CS_WINDOW_FEATURES);
  });
};
