import { type APIRequestContext, expect } from '@playwright/test';
import { staffLogin } from './staff-api';

/**
 * Turns a module flag of one merchant on while a journey runs (the back office's
 * `PUT /bo/api/settings/flag`, as the owner), then off again. Each worker has a server of its own
 * (e2e/servers.ts), so no other journey sees the switch.
 */
const switchFlag = async (request: APIRequestContext, merchant: string, modId: string, enabled: boolean) => {
  const res = await request.put('/bo/api/settings/flag', {
    headers: { Authorization: await staffLogin(request, 'owner') },
    data: { merchant, modId, enabled },
  });
  expect(res.status(), await res.text()).toBe(200);
};

/** Runs `work` with `modId` on for `merchant` (the demo brand starts with it off). */
export const withModuleFlag = async (
  request: APIRequestContext,
  merchant: string,
  modId: string,
  work: () => Promise<void>,
) => {
  await switchFlag(request, merchant, modId, true);
  try {
    await work();
  } finally {
    await switchFlag(request, merchant, modId, false);
  }
};
