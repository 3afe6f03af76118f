/**
 * Reading the PNGs that poppler's `pdftoppm -png` writes, for tests that check a PDF's pixels
 * (the report's charts): a small decoder, so no image library is needed.
 */
import { inflateSync } from 'node:zlib';

/** A decoded PNG: 8-bit RGB or RGBA, not interlaced (what pdftoppm writes). */
export interface PNG { width: number; height: number; channels: number; data: Buffer }

/** Decodes the PNG pdftoppm writes (the chunks, zlib, the five row filters); throws on any other kind. */
export function readPng(file: Buffer): PNG {
  let width = 0, height = 0, channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const len = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || (body[9] !== 2 && body[9] !== 6) || body[12] !== 0) throw new Error('not an 8-bit RGB(A) PNG');
      channels = body[9] === 2 ? 3 : 4;
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? data[y * stride + x - channels] : 0;
      const b = y > 0 ? data[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      data[y * stride + x] = (v + [0, a, b, (a + b) >> 1, paeth][filter]) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** The pixel at (x, y), as [r, g, b]. */
export function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (png.width * y + x) * png.channels;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}
