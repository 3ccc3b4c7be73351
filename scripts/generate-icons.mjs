#!/usr/bin/env node
// @ts-check
// Draws the PNG app icons of the PWA manifest from the same geometry as apps/web/public/icon.svg
// (64x64 artboard: amber rounded square, dark "K" of three round-capped strokes). Pure arithmetic
// and zlib, so every run writes byte-identical files; the PNGs are committed, this script only
// needs to run again when the logo changes: `node scripts/generate-icons.mjs`.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const BACKGROUND = [0xf5, 0x9e, 0x0b];
const INK = [0x1c, 0x19, 0x17];
/** @type {[number, number, number, number][]} */
const STROKES = [
  [20, 14, 20, 50],
  [20, 33, 38, 14],
  [26, 27, 42, 50],
];
const STROKE_HALF_WIDTH = 3.5;
const CORNER_RADIUS = 14;
const SAMPLES = 4; // 4x4 supersampling per pixel for smooth edges

/**
 * @param {number} px
 * @param {number} py
 * @param {[number, number, number, number]} segment
 */
const distanceToSegment = (px, py, [ax, ay, bx, by]) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};

/** @param {number} x @param {number} y */
const insideRoundedSquare = (x, y) => {
  if (x < 0 || y < 0 || x > 64 || y > 64) return false;
  const cx = Math.min(Math.max(x, CORNER_RADIUS), 64 - CORNER_RADIUS);
  const cy = Math.min(Math.max(y, CORNER_RADIUS), 64 - CORNER_RADIUS);
  return Math.hypot(x - cx, y - cy) <= CORNER_RADIUS;
};

/**
 * One RGBA raster. `maskable`: full-bleed background and the glyph shrunk into the central 80 %
 * safe zone, as platforms crop maskable icons to circles or squircles.
 * @param {number} size
 * @param {boolean} maskable
 */
const render = (size, maskable) => {
  const pixels = Buffer.alloc(size * size * 4);
  const glyphScale = maskable ? 0.8 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let ink = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) / size) * 64;
          const y = ((py + (sy + 0.5) / SAMPLES) / size) * 64;
          if (!maskable && !insideRoundedSquare(x, y)) continue;
          background++;
          const gx = 32 + (x - 32) / glyphScale;
          const gy = 32 + (y - 32) / glyphScale;
          if (STROKES.some((s) => distanceToSegment(gx, gy, s) <= STROKE_HALF_WIDTH)) ink++;
        }
      }
      const total = SAMPLES * SAMPLES;
      const offset = (py * size + px) * 4;
      const inkShare = background === 0 ? 0 : ink / background;
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round((BACKGROUND[c] ?? 0) * (1 - inkShare) + (INK[c] ?? 0) * inkShare);
      }
      pixels[offset + 3] = Math.round((background / total) * 255);
    }
  }
  return pixels;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** @param {Buffer} buffer */
const crc32 = (buffer) => {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/** @param {string} type @param {Buffer} data */
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** @param {number} size @param {Buffer} pixels */
const encodePng = (size, pixels) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

for (const { file, size, maskable } of ICONS) {
  writeFileSync(join(OUT, file), encodePng(size, render(size, maskable)));
  console.log(`wrote ${file} (${size}x${size}${maskable ? ', maskable' : ''})`);
}
