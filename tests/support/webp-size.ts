/**
 * The pixel size of a WebP file, read from its header (RIFF, then a VP8, VP8L or VP8X chunk), so a
 * test can check an image without decoding it.
 */
export interface ImageSize {
  width: number
  height: number
}

export function webpSize(bytes: Buffer): ImageSize {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file')
  }
  const chunk = bytes.toString('ascii', 12, 16)
  switch (chunk) {
    case 'VP8 ': {
      // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit sizes.
      if (bytes.readUIntBE(23, 3) !== 0x9d012a) throw new Error('VP8 chunk without a key frame')
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
    }
    case 'VP8L': {
      // The signature byte 0x2f, then width − 1 and height − 1 in 14 bits each.
      const bits = bytes.readUInt32LE(21)
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
    }
    case 'VP8X':
      // Flags (4 bytes), then the canvas width − 1 and height − 1 in 24 bits each.
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
    default:
      throw new Error(`unknown WebP chunk "${chunk}"`)
  }
}
