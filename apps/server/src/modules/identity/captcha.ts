import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';

/** A captcha answers once, within this time. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_DIGITS = 4;
/** The httpOnly cookie that binds a browser to its captcha. */
export const CAPTCHA_COOKIE = 'khela_captcha';

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;

type Point = readonly [number, number];

/**
 * Each digit as strokes in a 1 x 2 box (drawn with paths, so no font is needed and the image
 * does not depend on the fonts of the machine).
 */
const GLYPHS: Record<string, Point[][]> = {
  '0': [
    [
      [0, 0],
      [1, 0],
      [1, 2],
      [0, 2],
      [0, 0],
    ],
    [
      [0.15, 1.7],
      [0.85, 0.3],
    ],
  ],
  '1': [
    [
      [0.2, 0.45],
      [0.6, 0],
      [0.6, 2],
    ],
    [
      [0.2, 2],
      [1, 2],
    ],
  ],
  '2': [
    [
      [0, 0.2],
      [0.2, 0],
      [0.9, 0],
      [1, 0.2],
      [1, 0.8],
      [0, 2],
      [1, 2],
    ],
  ],
  '3': [
    [
      [0, 0],
      [1, 0],
      [0.45, 0.9],
      [1, 1.2],
      [1, 1.8],
      [0.8, 2],
      [0, 2],
    ],
  ],
  '4': [
    [
      [0.75, 2],
      [0.75, 0],
      [0, 1.35],
      [1, 1.35],
    ],
  ],
  '5': [
    [
      [1, 0],
      [0.05, 0],
      [0, 0.95],
      [0.8, 0.95],
      [1, 1.2],
      [1, 1.8],
      [0.8, 2],
      [0, 2],
    ],
  ],
  '6': [
    [
      [0.9, 0],
      [0.2, 0],
      [0, 0.3],
      [0, 2],
      [1, 2],
      [1, 1.05],
      [0, 1.05],
    ],
  ],
  '7': [
    [
      [0, 0],
      [1, 0],
      [0.35, 2],
    ],
    [
      [0.3, 1],
      [0.85, 1],
    ],
  ],
  '8': [
    [
      [0.1, 0],
      [0.9, 0],
      [0.9, 0.95],
      [0.1, 0.95],
      [0.1, 0],
    ],
    [
      [0, 0.95],
      [1, 0.95],
      [1, 2],
      [0, 2],
      [0, 0.95],
    ],
  ],
  '9': [
    [
      [1, 0.95],
      [0, 0.95],
      [0, 0],
      [1, 0],
      [1, 1.7],
      [0.8, 2],
      [0.1, 2],
    ],
  ],
};

/** A random integer in [min, max] (uniform, from the OS CSPRNG). */
const rand = (min: number, max: number) => randomInt(min, max + 1);
const randFloat = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);

/** Four random digits from the OS CSPRNG. */
export const newCaptchaText = () =>
  Array.from({ length: CAPTCHA_DIGITS }, () => String(randomInt(0, 10))).join('');

/** Draws the digits, slanted and jittered, over noise lines and dots: a PNG. */
export const renderCaptcha = async (text: string): Promise<Buffer> => {
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${rand(232, 250)}, ${rand(232, 250)}, ${rand(232, 250)})`;
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  for (let i = 0; i < 5; i += 1) {
    ctx.strokeStyle = `rgba(${rand(80, 200)}, ${rand(80, 200)}, ${rand(80, 200)}, 0.7)`;
    ctx.lineWidth = randFloat(0.8, 1.8);
    ctx.beginPath();
    ctx.moveTo(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT));
    ctx.bezierCurveTo(
      rand(0, CAPTCHA_WIDTH),
      rand(0, CAPTCHA_HEIGHT),
      rand(0, CAPTCHA_WIDTH),
      rand(0, CAPTCHA_HEIGHT),
      rand(0, CAPTCHA_WIDTH),
      rand(0, CAPTCHA_HEIGHT),
    );
    ctx.stroke();
  }

  const scale = 12;
  [...text].forEach((digit, index) => {
    const strokes = GLYPHS[digit];
    if (!strokes) throw new Error(`no glyph for ${digit}`);
    ctx.save();
    ctx.translate(14 + index * 26 + rand(-2, 2), 9 + rand(-3, 3));
    ctx.rotate(randFloat(-0.28, 0.28));
    ctx.strokeStyle = `rgb(${rand(10, 110)}, ${rand(10, 110)}, ${rand(10, 110)})`;
    ctx.lineWidth = randFloat(2.4, 3.4);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of strokes) {
      ctx.beginPath();
      stroke.forEach(([x, y], i) => {
        const px = x * scale + randFloat(-1.2, 1.2);
        const py = y * scale + randFloat(-1.2, 1.2);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
      ctx.stroke();
    }
    ctx.restore();
  });

  for (let i = 0; i < 45; i += 1) {
    ctx.fillStyle = `rgba(${rand(0, 255)}, ${rand(0, 255)}, ${rand(0, 255)}, 0.6)`;
    ctx.fillRect(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT), 1.5, 1.5);
  }
  return canvas.encode('png');
};

/** 256 random bits: the captcha id the cookie carries. */
export const newCaptchaId = () => randomBytes(32).toString('base64url');
export const isWellFormedCaptchaId = (id: string) => /^[A-Za-z0-9_-]{43}$/.test(id);

export const hashCaptchaId = (id: string) => createHash('sha256').update(`captcha-id:${id}`).digest('hex');

/** The stored answer: bound to its id, so equal answers of two captchas hash differently. */
export const hashCaptchaAnswer = (id: string, answer: string) =>
  createHash('sha256').update(`captcha-answer:${id}:${answer}`).digest('hex');

export const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};
