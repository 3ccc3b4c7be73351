/**
 * Sounds synthesized with WebAudio (no files to download): reel start, each reel's stop, wins
 * scaled by size, free-spin trigger and the jackpot fanfare. Muting is remembered per browser.
 */
const MUTE_KEY = 'khela.play.muted';

type Tone = { freq: number; at: number; dur: number; type?: OscillatorType; gain?: number; slide?: number };

export type Sounds = {
  readonly muted: boolean;
  setMuted(muted: boolean): void;
  /** Browsers start audio only after a gesture: call from the first click. */
  unlock(): void;
  spinStart(): void;
  reelStop(reel: number): void;
  win(size: 'small' | 'big'): void;
  freeSpins(): void;
  jackpot(): void;
  click(): void;
};

const readMuted = () => {
  try {
    return window.localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
};

export const createSounds = (): Sounds => {
  let muted = readMuted();
  let context: AudioContext | null = null;
  let master: GainNode | null = null;

  const ensure = () => {
    if (context) return context;
    const Ctor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    context = new Ctor();
    master = context.createGain();
    master.gain.value = 0.35;
    master.connect(context.destination);
    return context;
  };

  const play = (tones: Tone[]) => {
    if (muted) return;
    const ctx = ensure();
    if (!ctx || !master) return;
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    for (const tone of tones) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.type ?? 'triangle';
      const start = now + tone.at;
      osc.frequency.setValueAtTime(tone.freq, start);
      if (tone.slide) osc.frequency.exponentialRampToValueAtTime(tone.slide, start + tone.dur);
      const peak = tone.gain ?? 0.4;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(peak, start + 0.012);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.dur);
      osc.connect(gain).connect(master);
      osc.start(start);
      osc.stop(start + tone.dur + 0.02);
    }
  };

  const arpeggio = (
    notes: number[],
    step: number,
    dur: number,
    type: OscillatorType = 'triangle',
    gain = 0.35,
  ) => notes.map((freq, i) => ({ freq, at: i * step, dur, type, gain }));

  return {
    get muted() {
      return muted;
    },
    setMuted(next) {
      muted = next;
      try {
        window.localStorage.setItem(MUTE_KEY, next ? '1' : '0');
      } catch {
        // private mode: the choice lasts for this page only
      }
    },
    unlock() {
      if (muted) return;
      const ctx = ensure();
      if (ctx?.state === 'suspended') void ctx.resume();
    },
    spinStart: () => play([{ freq: 220, at: 0, dur: 0.18, type: 'sawtooth', gain: 0.12, slide: 520 }]),
    reelStop: (reel) =>
      play([
        { freq: 140 - reel * 8, at: 0, dur: 0.09, type: 'square', gain: 0.16, slide: 70 },
        { freq: 900, at: 0, dur: 0.03, type: 'triangle', gain: 0.08 },
      ]),
    win: (size) =>
      play(
        size === 'big'
          ? arpeggio([523, 659, 784, 1047, 1319, 1568], 0.09, 0.32)
          : arpeggio([659, 784, 1047], 0.07, 0.18),
      ),
    freeSpins: () => play(arpeggio([392, 523, 659, 784, 1047, 784, 1047], 0.08, 0.25, 'square', 0.18)),
    jackpot: () =>
      play([
        ...arpeggio([523, 659, 784, 1047], 0.12, 0.4, 'square', 0.2),
        ...arpeggio([1047, 1319, 1568, 2093], 0.12, 0.5, 'triangle', 0.3).map((t) => ({
          ...t,
          at: t.at + 0.5,
        })),
        { freq: 523, at: 1, dur: 1.2, type: 'sawtooth', gain: 0.1 },
        { freq: 659, at: 1, dur: 1.2, type: 'sawtooth', gain: 0.1 },
        { freq: 784, at: 1, dur: 1.2, type: 'sawtooth', gain: 0.1 },
      ]),
    click: () => play([{ freq: 1200, at: 0, dur: 0.03, type: 'square', gain: 0.06 }]),
  };
};
