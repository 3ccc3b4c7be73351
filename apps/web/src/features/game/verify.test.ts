import {
  type BlackjackAction,
  commitmentOf,
  dealLive,
  fishShot,
  playBaccarat,
  playBlackjack,
  playDice,
  playDragonTiger,
  playKeno,
  playMines,
  playRoulette,
  playScratch,
  playSicBo,
  playVideoPoker,
  spin,
  themeFor,
} from '@khela/fair';
import { describe, expect, it } from 'vitest';
import { gamePageHref, launchParamsFromQuery } from '../../shared/launch-request';
import { fieldsFromQuery, verifyQuery } from './verify-link';
import { runVerify } from './verify-page';

const serverSeed = `${'a'.repeat(63)}b`;
const theme = { nodeId: 'pg-rng-0001', name: 'Lucky Dragon' };

const playedRound = (nonce: number) => {
  const result = spin({
    serverSeed,
    clientSeed: 'player-seed',
    nonce,
    theme: themeFor(theme),
    betMinor: 200,
    state: null,
    jackpotOdds: 5,
  });
  return {
    nodeId: theme.nodeId,
    name: theme.name,
    serverSeed,
    serverSeedHash: commitmentOf(serverSeed),
    clientSeed: 'player-seed',
    nonce,
    betMinor: 200,
    jackpotOdds: 5,
    stops: result.stops,
    winMinor: result.winMinor,
    jackpotHit: result.jackpotHit,
    mode: 'real' as const,
    // A jackpot adds the pool of the moment (here 123.45) to the engine's win.
    payoutMinor: result.winMinor + (result.jackpotHit ? 12_345 : 0),
    ledgerPayoutMinor: result.winMinor + (result.jackpotHit ? 12_345 : 0),
  };
};

const engineFields = (engine: string, params: Record<string, unknown>, result: { payoutMinor: number }) => ({
  ...fieldsFromQuery(new URLSearchParams()),
  roundId: '',
  serverSeed,
  serverSeedHash: commitmentOf(serverSeed),
  clientSeed: 'player-seed',
  nonce: '4',
  betMinor: '200',
  engine,
  params: JSON.stringify(params),
  recorded: JSON.stringify(result),
  mode: 'real',
  payoutMinor: String(result.payoutMinor),
  ledgerPayoutMinor: String(result.payoutMinor),
});

describe('verify page', () => {
  it('a link carries a round and the page confirms it', () => {
    const round = playedRound(7);
    const fields = fieldsFromQuery(verifyQuery(round));
    const check = runVerify(fields);
    expect('result' in check && check.result.ok).toBe(true);
  });

  it('flags a tampered win, stops or seed', () => {
    const fields = fieldsFromQuery(verifyQuery(playedRound(3)));
    const win = runVerify({ ...fields, winMinor: String(Number(fields.winMinor) + 1) });
    expect('result' in win && win.result.mismatches).toEqual(['winMinor']);
    const stops = runVerify({ ...fields, stops: '0,0,0,0,0' });
    expect('result' in stops && stops.result.ok).toBe(false);
    const seed = runVerify({ ...fields, serverSeed: 'c'.repeat(64) });
    expect('result' in seed && seed.result.commitmentOk).toBe(false);
  });

  it("cannot say fair without the round's jackpot odds, and uses the recorded ones", () => {
    const fields = fieldsFromQuery(verifyQuery(playedRound(7)));
    const without = runVerify({ ...fields, jackpotOdds: '' });
    expect('result' in without && without.result.ok).toBe(false);
    expect('result' in without && without.result.missing).toContain('jackpotOdds');
    // Odds of 1 in 5 make a jackpot likely within a few spins; the default odds would not.
    const hits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(playedRound).filter((r) => r.jackpotHit);
    expect(hits.length).toBeGreaterThan(0);
    for (const round of hits) {
      const check = runVerify(fieldsFromQuery(verifyQuery(round)));
      expect('result' in check && check.result.ok).toBe(true);
    }
  });

  it('checks the payout against the ledger: a missing or different credit is never fair', () => {
    const fields = fieldsFromQuery(verifyQuery(playedRound(7)));
    expect(runVerify(fields)).toMatchObject({ result: { ok: true } });
    const none = runVerify({ ...fields, ledgerPayoutMinor: '' });
    expect('result' in none && none.result.missing).toEqual(['ledgerPayoutMinor']);
    expect('result' in none && none.result.ok).toBe(false);
    const other = runVerify({ ...fields, ledgerPayoutMinor: String(Number(fields.winMinor) + 1) });
    expect('result' in other && other.result.mismatches).toEqual(['ledgerPayoutMinor']);
    // Free play never touches the ledger.
    expect(runVerify({ ...fields, mode: 'demo', ledgerPayoutMinor: '' })).toMatchObject({
      result: { ok: true },
    });
  });

  it('verifies the other engines from their recorded fields, and refuses blanks', () => {
    const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 4 };
    const dice = playDice({ ...seeds, betMinor: 200, direction: 'over', target: 4_000 });
    const diceFields = engineFields('dice', { direction: 'over', target: 4_000 }, dice);
    expect(runVerify(diceFields)).toMatchObject({ result: { ok: true, payoutMinor: dice.payoutMinor } });
    const blank = runVerify({ ...diceFields, recorded: JSON.stringify({ payoutMinor: dice.payoutMinor }) });
    expect('result' in blank && blank.result.missing).toEqual(['roll']);
    const forged = runVerify({ ...diceFields, ledgerPayoutMinor: String(dice.payoutMinor + 100) });
    expect('result' in forged && forged.result.ok).toBe(false);
    const mines = playMines({ ...seeds, betMinor: 200, mines: 3, picks: [0] });
    expect(runVerify(engineFields('mines', { mines: 3 }, mines))).toMatchObject({ result: { ok: true } });
    expect('error' in runVerify({ ...diceFields, params: '{nope' })).toBe(true);
    const shot = fishShot({ ...seeds, bulletMinor: 200, speciesId: 5, rtpBp: 9_600 });
    const fishFields = engineFields('fishing', { speciesId: 5, rtpBp: 9_600 }, shot);
    expect(runVerify(fishFields)).toMatchObject({ result: { ok: true } });
    expect(runVerify({ ...fishFields, ledgerPayoutMinor: String(shot.payoutMinor + 200) })).toMatchObject({
      result: { ok: false, mismatches: ['ledgerPayoutMinor'] },
    });
    const bets = [
      { kind: 'red' as const, chips: 2 },
      { kind: 'straight' as const, numbers: [17] },
    ];
    const wheel = playRoulette({ ...seeds, betMinor: 200, bets });
    const rouletteFields = engineFields('roulette', { bets }, wheel);
    expect(runVerify(rouletteFields)).toMatchObject({ result: { ok: true, payoutMinor: wheel.payoutMinor } });
    const moved = runVerify({
      ...rouletteFields,
      recorded: JSON.stringify({ ...wheel, pocket: (wheel.pocket + 1) % 37 }),
    });
    expect('result' in moved && moved.result.mismatches).toContain('pocket');
    const dtBets = [{ kind: 'tiger' as const, chips: 3 }];
    const dealt = playDragonTiger({ ...seeds, betMinor: 200, bets: dtBets });
    expect(runVerify(engineFields('dragon-tiger', { bets: dtBets }, dealt))).toMatchObject({
      result: { ok: true, payoutMinor: dealt.payoutMinor },
    });
    const bacBets = [{ kind: 'banker' as const, chips: 2 }, { kind: 'player_pair' as const }];
    const coup = playBaccarat({ ...seeds, betMinor: 200, bets: bacBets });
    const bacFields = engineFields('baccarat', { bets: bacBets }, coup);
    expect(runVerify(bacFields)).toMatchObject({ result: { ok: true, payoutMinor: coup.payoutMinor } });
    const swapped = runVerify({ ...bacFields, recorded: JSON.stringify({ ...coup, player: coup.banker }) });
    expect('result' in swapped && swapped.result.mismatches).toContain('player');
    let hand = playBlackjack({ ...seeds, betMinor: 200, actions: [] });
    const actions: BlackjackAction[] = [];
    while (hand.phase !== 'settled') {
      actions.push(hand.phase === 'insurance' ? 'noInsurance' : 'stand');
      hand = playBlackjack({ ...seeds, betMinor: 200, actions });
    }
    const bjFields = engineFields('blackjack', {}, hand);
    expect(runVerify(bjFields)).toMatchObject({ result: { ok: true, payoutMinor: hand.payoutMinor } });
    const richer = runVerify({
      ...bjFields,
      recorded: JSON.stringify({ ...hand, payoutMinor: hand.payoutMinor + 200 }),
    });
    expect('result' in richer && richer.result.ok).toBe(false);
    const drawn = playKeno({ ...seeds, betMinor: 200, spots: [3, 33, 63] });
    const kenoFields = engineFields('keno', { spots: [3, 33, 63] }, drawn);
    expect(runVerify(kenoFields)).toMatchObject({ result: { ok: true, payoutMinor: drawn.payoutMinor } });
    const noDraw = { ...drawn, drawn: undefined };
    expect(runVerify({ ...kenoFields, recorded: JSON.stringify(noDraw) })).toMatchObject({
      result: { ok: false, missing: ['drawn'] },
    });
    const sbBets = [{ kind: 'total' as const, at: 11, chips: 2 }];
    const thrown = playSicBo({ ...seeds, betMinor: 200, bets: sbBets });
    expect(runVerify(engineFields('sic-bo', { bets: sbBets }, thrown))).toMatchObject({
      result: { ok: true, payoutMinor: thrown.payoutMinor },
    });
  });

  it('verifies a video poker hand and a scratch ticket, and refuses either with a recorded field missing', () => {
    const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 4 };
    const hand = playVideoPoker({ ...seeds, betMinor: 200, holds: [0b00111] });
    const vpFields = engineFields('video-poker', {}, hand);
    expect(runVerify(vpFields)).toMatchObject({ result: { ok: true, payoutMinor: hand.payoutMinor } });
    for (const field of ['dealt', 'hold', 'hand', 'rank', 'payoutMinor']) {
      const check = runVerify({ ...vpFields, recorded: JSON.stringify({ ...hand, [field]: undefined }) });
      expect('result' in check && check.result.ok).toBe(false);
    }
    const otherHold = runVerify({ ...vpFields, recorded: JSON.stringify({ ...hand, hold: 0 }) });
    expect('result' in otherHold && otherHold.result.ok).toBe(false);
    const ticket = playScratch({ ...seeds, betMinor: 200 });
    const scFields = engineFields('scratch', {}, ticket);
    expect(runVerify(scFields)).toMatchObject({ result: { ok: true, payoutMinor: ticket.payoutMinor } });
    expect(
      runVerify({ ...scFields, recorded: JSON.stringify({ ...ticket, winSymbol: undefined }) }),
    ).toMatchObject({
      result: { ok: false, missing: ['winSymbol'] },
    });
    expect(runVerify({ ...scFields, ledgerPayoutMinor: '' })).toMatchObject({
      result: { ok: false, missing: ['ledgerPayoutMinor'] },
    });
  });

  it('verifies a live table round from the link of the table view, and refuses a changed card', () => {
    const seeds = { serverSeed, clientSeed: 'table-khelabd-dt-a', nonce: 9 };
    const outcome = dealLive('dragon-tiger', seeds) as { dragon: { rank: number } };
    const fields = fieldsFromQuery(
      new URLSearchParams({
        engine: 'live-dragon-tiger',
        ...seeds,
        nonce: '9',
        serverSeedHash: commitmentOf(serverSeed),
        recorded: JSON.stringify(outcome),
      }),
    );
    const good = runVerify(fields);
    expect('result' in good && good.result.ok).toBe(true);
    const changed = { ...outcome, dragon: { ...outcome.dragon, rank: (outcome.dragon.rank % 13) + 1 } };
    const bad = runVerify({ ...fields, recorded: JSON.stringify(changed) });
    expect('result' in bad && bad.result.mismatches).toEqual(['dragon']);
  });

  it('refuses a free-spin state that is not JSON', () => {
    const fields = fieldsFromQuery(verifyQuery(playedRound(1)));
    expect('error' in runVerify({ ...fields, state: '{nope' })).toBe(true);
  });
});

describe('game launch address', () => {
  it('round-trips a catalogue game and a vendor game through the /game query', () => {
    const game = { gameType: 'RNG', vassalage: 'PG', nodeId: 'pg-rng-0001', name: 'Lucky Dragon' };
    const href = gamePageHref(game);
    expect(href.startsWith('/game?')).toBe(true);
    expect(launchParamsFromQuery(new URLSearchParams(href.slice(6)))).toEqual({
      ...game,
      gameId: undefined,
      demo: false,
      allowDemo: false,
    });
    const vendor = { gameType: 'SPORTS', vassalage: 'SABA', gameId: 'LOBBY', name: 'Sports', demo: true };
    expect(launchParamsFromQuery(new URLSearchParams(gamePageHref(vendor).slice(6)))).toEqual({
      ...vendor,
      nodeId: undefined,
      allowDemo: false,
    });
    // A game whose vendor offers free play says so in the address (the page then offers it).
    const free = { ...game, allowDemo: true };
    expect(gamePageHref(free)).toContain('free=1');
    expect(launchParamsFromQuery(new URLSearchParams(gamePageHref(free).slice(6)))?.allowDemo).toBe(true);
    expect(launchParamsFromQuery(new URLSearchParams('gameType=RNG&vassalage=PG'))).toBeNull();
  });
});
