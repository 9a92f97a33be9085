import sharp from 'sharp';

/**
 * A real image of `width` × `height` in `format`, for tests: a gradient shifted by `shade`, so images of different
 * shades differ and none compresses to nothing.
 */
export async function testImage(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff', width = 320, height = 200, shade = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + shade) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}
