import { createHash, createHmac } from 'node:crypto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { fieldsFromQuery } from './verify-link';
import { runVerify, VerifyPage } from './verify-page';

/**
 * The `/verify` engine `teen-patti` (ADR 060). Expected deals come from outside the code under
 * test: the fixed hand below was worked out by hand from the first HMAC block, as openssl prints it
 *   printf %s "pvp-khelabd-tp-1:7:0" | openssl dgst -sha256 -hmac "aaa…ab"
 *   = 32d2df80 ca64d2fb 41910336 213acc09 e1151502 0388d695 98dba9b6 82558cc1
 * (draw j = uint32 mod (52 − i) under the rejection rule, take position j of the cards left, the
 * last card left moves into it), and other hands from `referenceDeal`, a second implementation of
 * the published recipe with node:crypto.
 */
const serverSeed = `${'a'.repeat(63)}b`;
const commitment = '97aa7c540da474936ff8bedd71acb8a59ff1d41b71fa52c0f4680a8e17b16ad6';
const clientSeed = 'pvp-khelabd-tp-1';

const referenceDeal = (seed: string, client: string, nonce: number, players: number) => {
  let cursor = 0;
  let block = Buffer.alloc(0);
  let at = 0;
  const byte = () => {
    if (at === block.length) {
      block = createHmac('sha256', seed).update(`${client}:${nonce}:${cursor++}`).digest();
      at = 0;
    }
    return block[at++] as number;
  };
  const uniform = (n: number) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const draw = ((byte() << 24) | (byte() << 16) | (byte() << 8) | byte()) >>> 0;
      if (draw < limit) return draw % n;
    }
  };
  const left = Array.from({ length: 52 }, (_, i) => i);
  const dealt: number[] = [];
  for (let i = 0; i < players * 3; i++) {
    const j = uniform(52 - i);
    dealt.push(left[j] as number);
    left[j] = left[51 - i] as number;
  }
  return Array.from({ length: players }, (_, p) => dealt.slice(p * 3, p * 3 + 3));
};

/** The room's fairness-box link as `features/pvp/verify-deal.ts` builds it (tested there). */
const dealHref = (cards: (number[] | null)[]) =>
  `/verify?${new URLSearchParams({
    engine: 'teen-patti',
    serverSeed,
    serverSeedHash: commitment,
    clientSeed,
    nonce: '7',
    params: JSON.stringify({ seats: [1, 3, 4] }),
    recorded: JSON.stringify({ cards }),
  })}`;

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(cleanup);

describe('verify page: Teen Patti deals', () => {
  it('the reference agrees with the hand-worked commitment and first block', () => {
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(commitment);
    expect(referenceDeal(serverSeed, clientSeed, 7, 3)).toEqual([
      [20, 49, 32],
      [29, 2, 0],
      [47, 38, 6],
    ]);
  });

  it('opens from the room’s link, checks the commitment and shows every seat’s cards', async () => {
    // The player at seat 1 saw their own cards; seat 3 showed; seat 4 packed unseen.
    const href = dealHref([[20, 49, 32], [29, 2, 0], null]);
    renderApp(<VerifyPage />, { route: href });
    const result = await screen.findByTestId('verify-result');
    expect(result.dataset.ok).toBe('true');
    expect(result.textContent).toContain('The server seed matches its published hash.');
    expect(result.textContent).toContain('The cards you saw match the deal (2 hands compared).');
    const seats = within(result).getAllByTestId('verify-teen-patti-seat');
    expect(
      seats.map((s) => [
        s.dataset.seat,
        within(s)
          .getAllByRole('img')
          .map((card) => card.getAttribute('aria-label')),
      ]),
    ).toEqual([
      ['1', ['8 hearts', 'J clubs', '7 diamonds']],
      ['3', ['4 diamonds', '3 spades', 'A spades']],
      ['4', ['9 clubs', 'K diamonds', '7 spades']],
    ]);
  });

  it('flags a changed card and a wrong commitment; a pasted deal without records still shows', async () => {
    const tampered = fieldsFromQuery(new URL(dealHref([[20, 49, 33], null, null]), 'http://x').searchParams);
    const check = runVerify(tampered);
    if (!('result' in check)) throw new Error('no result');
    expect(check.result).toMatchObject({
      ok: false,
      commitmentOk: true,
      outcomeOk: false,
      mismatches: ['cards[0]'],
    });

    const wrongHash = runVerify({ ...tampered, serverSeedHash: 'f'.repeat(64), recorded: '' });
    if (!('result' in wrongHash)) throw new Error('no result');
    expect(wrongHash.result).toMatchObject({ ok: false, commitmentOk: false, outcomeOk: true });

    // Pasted by hand: another hand of another table, five players, nothing recorded.
    renderApp(<VerifyPage />, { route: '/verify' });
    const user = userEvent.setup();
    const other = `${'0123456789abcdef'.repeat(4)}`;
    const fill = async (key: string, value: string) => {
      const input = screen.getByTestId(`verify-${key}`);
      await user.clear(input);
      if (value) await user.click(input);
      if (value) await user.paste(value);
    };
    await fill('serverSeed', other);
    await fill('serverSeedHash', createHash('sha256').update(other).digest('hex'));
    await fill('clientSeed', 'pvp-khelabd-tp-9');
    await fill('nonce', '42');
    await fill('engine', 'teen-patti');
    await fill('params', '{"players":5}');
    expect(screen.getByTestId('verify-teen-patti-hint').textContent).toContain('pvp-<table>');
    await user.click(screen.getByTestId('verify-run'));
    const result = await screen.findByTestId('verify-result');
    await waitFor(() => expect(within(result).getAllByTestId('verify-teen-patti-seat')).toHaveLength(5));
    expect(
      within(result)
        .getAllByTestId('verify-teen-patti-seat')
        .map((s) => s.dataset.cards),
    ).toEqual(referenceDeal(other, 'pvp-khelabd-tp-9', 42, 5).map((cards) => cards.join(',')));
    expect(result.textContent).toContain('No recorded cards given');
  });

  it('refuses a player count the deck cannot deal', () => {
    const fields = {
      ...fieldsFromQuery(new URLSearchParams()),
      engine: 'teen-patti',
      serverSeed,
      serverSeedHash: commitment,
      clientSeed,
      nonce: '7',
      params: '{"players":18}',
    };
    const check = runVerify(fields);
    if (!('result' in check)) throw new Error('no result');
    expect(check.result).toMatchObject({ ok: false, outcomeOk: false, deal: null });
    expect(check.result.error).toMatch(/players/);
  });
});
