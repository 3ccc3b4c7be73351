import { describe, expect, it } from 'vitest';
import { gameEngineFor, slotLookFor } from './looks';

describe('gameEngineFor', () => {
  it('maps a name word to its original or table game, crash to limbo, whatever the tags', () => {
    const cases: [string, string][] = [
      ['Crazy Dragon Plinko', 'plinko'],
      ['Golden Tiger Dice', 'dice'],
      ['Lucky Mines', 'mines'],
      ['Jade Tower', 'tower'],
      ['Neon Crash', 'limbo'],
      ['Royal Wheel', 'wheel'],
      ['Space Limbo', 'limbo'],
      ['Royal Roulette', 'roulette'],
      ['Golden Dragon Tiger', 'dragon-tiger'],
      ['Lucky Sic Bo', 'sic-bo'],
      ['Sicbo Royale', 'sic-bo'],
      ['Diamond Baccarat', 'baccarat'],
      ['Speed Baccarat Squeeze', 'baccarat'],
      ['Classic Blackjack', 'blackjack'],
      ['Black Jack Pro', 'blackjack'],
      ['Lucky Keno', 'keno'],
      ['Golden Video Poker', 'video-poker'],
      ['Jacks or Better Deluxe', 'video-poker'],
      ['Lucky Tiger Scratch', 'scratch'],
    ];
    for (const [name, engine] of cases)
      expect(gameEngineFor({ nodeId: `n-${name}`, name, classify: ['arcade'] })).toBe(engine);
  });

  it('leaves every other game to its slot look (megaways by tag, else by name and hash)', () => {
    expect(gameEngineFor({ nodeId: 'a2', name: 'Tiger Dragon Gold', classify: ['video_slot'] })).not.toBe(
      'dragon-tiger',
    );
    // "Jacks" alone is no video poker ("Jumping Jacks" keeps its slot).
    expect(gameEngineFor({ nodeId: 'j1', name: 'Jumping Jacks Gold' })).not.toBe('video-poker');
    // "Black" alone is no blackjack ("Black Panther" keeps its slot).
    expect(['baccarat', 'blackjack']).not.toContain(
      gameEngineFor({ nodeId: 'b1', name: 'Black Panther Jackpot' }),
    );
    expect(gameEngineFor({ nodeId: 'a1', name: 'Wild Bison', classify: ['video_slot', 'megaways'] })).toBe(
      'megaways',
    );
    for (const nodeId of ['x1', 'x2', 'x3', 'x4', 'x5']) {
      const game = { nodeId, name: 'Fortune Panda Deluxe', classify: ['video_slot'] };
      expect(gameEngineFor(game)).toBe(slotLookFor(game).engine);
    }
  });
});
