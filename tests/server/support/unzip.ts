/**
 * Reads a zip archive with Node's zlib alone, independently of the library that wrote it: the
 * central directory is found from the end-of-central-directory record, each entry's data is read
 * after its local header (stored or deflated) and its CRC-32 and size are checked against the
 * directory. Enough for the personal-data download's test (no ZIP64, no encryption).
 */
import { crc32, inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Buffer;
}

function endOfCentralDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new Error('not a zip: no end of central directory');
}

/** Every entry of the archive, in the central directory's order. */
export function unzip(zip: Buffer): ZipEntry[] {
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new Error(`bad header: ${name}`);
    const start =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (method !== 0 && method !== 8) throw new Error(`unknown method ${method}: ${name}`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`corrupt entry: ${name}`);
    entries.push({ name, method, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
