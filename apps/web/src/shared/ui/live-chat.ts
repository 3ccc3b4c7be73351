import type { SystemStatus } from '@khela/contract';

/**
 * The merchant's external chat product, when set: a resource of type `livechat` (Settings →
 * resources in the back office) holding the hosted chat's script or page URL (http/https only).
 */
export const externalChatUrl = (status: SystemStatus | undefined): string | null => {
  const entry = status?.info.resources.find((r) => r.resourceType.trim().toLowerCase() === 'livechat');
  if (!entry?.url) return null;
  try {
    const url = new URL(entry.url, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** Opens live chat: the merchant's external chat when set, else the in-house support chat page. */
export const openLiveChat = (status: SystemStatus | undefined, navigate: (to: string) => void) => {
  const external = externalChatUrl(status);
  if (external) window.open(external, 'service', 'width=440,height=750');
  else navigate('/support');
};
