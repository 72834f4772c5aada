#!/usr/bin/env node
// Draws the app's PNG icons (web app manifest, iOS home screen, notification badge) from the same
// shapes as public/favicon.svg: a dark rounded square, a cyan frame, a `>` chevron and an `_`
// cursor. A few lines of geometry and zlib instead of an image library: the shapes are simple,
// and the output is the same on every machine. Run after changing the design, then commit the PNGs:
//   node web/scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const PUBLIC = new URL('../public/', import.meta.url);

const BG = [0x0b, 0x0e, 0x13];
const ACCENT = [0x5f, 0xd7, 0xff];
const CURSOR = [0xcf, 0xd6, 0xde];
const WHITE = [0xff, 0xff, 0xff];

// --- geometry on the favicon's 32-unit grid ------------------------------------------------

/** Signed distance to a rounded rectangle (negative inside). */
function roundedRect(px, py, x, y, w, h, r) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const qx = Math.abs(px - cx) - (w / 2 - r);
  const qy = Math.abs(py - cy) - (h / 2 - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The `>` chevron (M8 11 l5 5 -5 5, 2.5 wide) and the `_` cursor (M15 22 h9, 2.5 wide). */
function chevron(px, py) {
  return Math.min(segmentDistance(px, py, 8, 11, 13, 16), segmentDistance(px, py, 13, 16, 8, 21)) <= 1.25;
}
function cursor(px, py) {
  return px >= 15 && px <= 24 && Math.abs(py - 22) <= 1.25;
}

/**
 * The colour at a point of the 32-unit grid, or null where the icon is transparent.
 * `variant`: 'any' (rounded corners, framed), 'full' (square and full-bleed: maskable and iOS,
 * which crop the icon themselves; the glyph kept inside the central safe zone), 'badge' (white
 * glyph on transparent: Android draws notification badges from the alpha channel only).
 */
function paint(px, py, variant) {
  if (variant === 'badge') return chevron(px, py) || cursor(px, py) ? WHITE : null;
  if (variant === 'any' && roundedRect(px, py, 0, 0, 32, 32, 4) > 0) return null;
  if (chevron(px, py)) return ACCENT;
  if (cursor(px, py)) return CURSOR;
  if (variant === 'any' && Math.abs(roundedRect(px, py, 2.5, 2.5, 27, 27, 2)) <= 0.75) return ACCENT;
  return BG;
}

// --- rasterising and PNG encoding ----------------------------------------------------------

const SAMPLES = 4;

function render(size, variant) {
  // Maskable icons are cropped to a circle of 80 % of their width: shrink the glyph to fit it.
  const scale = variant === 'full' ? 0.72 : 1;
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const ux = ((x + (sx + 0.5) / SAMPLES) / size) * 32;
          const uy = ((y + (sy + 0.5) / SAMPLES) / size) * 32;
          const colour = paint(16 + (ux - 16) / scale, 16 + (uy - 16) / scale, variant) ?? (variant === 'full' ? BG : null);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const at = (y * size + x) * 4;
      if (a > 0) {
        rgba[at] = Math.round(r / a);
        rgba[at + 1] = Math.round(g / a);
        rgba[at + 2] = Math.round(b / a);
      }
      rgba[at + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'pwa-192x192.png', size: 192, variant: 'any' },
  { file: 'pwa-512x512.png', size: 512, variant: 'any' },
  { file: 'maskable-icon-512x512.png', size: 512, variant: 'full' },
  { file: 'apple-touch-icon-180x180.png', size: 180, variant: 'full' },
  { file: 'badge-96x96.png', size: 96, variant: 'badge' },
];

for (const { file, size, variant } of ICONS) {
  writeFileSync(new URL(file, PUBLIC), png(size, render(size, variant)));
  console.log(`wrote public/${file}`);
}
