// A small ZIP writer and reader (PKWARE APPNOTE 6.3: local headers, central directory, end of central
// directory; entries deflated or stored; no ZIP64, no encryption). Enough for the release archive,
// with no dependency: Node's zlib does the compression. The writer is deterministic: the same files
// and time give the same bytes.
import { deflateRawSync, inflateRawSync } from "node:zlib";

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8 = 0x0800;
/** "Version made by": Unix (3) in the high byte, spec 2.0 in the low one, so attributes are Unix modes. */
const MADE_BY = (3 << 8) | 20;
const NEEDED = 20;
/** A regular file, rw-r--r--, as the Unix mode in the high half of the external attributes. */
const FILE_MODE = 0o100644;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

let table;
/** CRC-32 (IEEE 802.3, the one ZIP uses) of a buffer. */
export function crc32(data) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date words for a Date (local fields as UTC: the archive carries no zone). */
export function dosDateTime(date) {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day = ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, date: day };
}

/** Whether a name is a safe relative path inside the archive (no absolute path, no `..`, no backslash). */
export function isSafeEntryName(name) {
  if (!name || name.startsWith("/") || name.includes("\\") || /^[A-Za-z]:/.test(name)) return false;
  return name
    .split("/")
    .every((part, i, parts) => part !== ".." && part !== "." && (part || i === parts.length - 1));
}

/**
 * Build a ZIP archive.
 * @param {{ name: string, data: Buffer | Uint8Array }[]} entries files, in the order they are written;
 *   names are `/`-separated paths relative to the archive root
 * @param {{ mtime?: Date, level?: number }} [options] one modification time for every entry (default
 *   1980-01-01, the earliest a ZIP can say), the deflate level (default 9)
 * @returns {Buffer}
 */
export function writeZip(entries, { mtime = new Date(Date.UTC(1980, 0, 1)), level = 9 } = {}) {
  if (entries.length > MAX_16)
    throw new RangeError(`too many entries for a ZIP without ZIP64: ${entries.length}`);
  const { time, date } = dosDateTime(mtime);
  const seen = new Set();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    if (!isSafeEntryName(entry.name))
      throw new RangeError(`unsafe entry name: ${JSON.stringify(entry.name)}`);
    if (seen.has(entry.name)) throw new RangeError(`duplicate entry: ${entry.name}`);
    seen.add(entry.name);
    const data = Buffer.from(entry.data);
    const deflated = deflateRawSync(data, { level });
    const method = deflated.length < data.length ? DEFLATED : STORED;
    const body = method === DEFLATED ? deflated : data;
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(data);
    if (data.length > MAX_32 || offset > MAX_32)
      throw new RangeError(`${entry.name}: too large for a ZIP without ZIP64`);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(NEEDED, 4);
    local.writeUInt16LE(UTF8, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(MADE_BY, 4);
    central.writeUInt16LE(NEEDED, 6);
    central.writeUInt16LE(UTF8, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra length, comment length, disk number start, internal attributes: 0
    central.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  if (offset > MAX_32) throw new RangeError("archive too large for a ZIP without ZIP64");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Read a ZIP archive made of stored or deflated files (what writeZip and the usual zip tools write
 * for small archives). Every entry's CRC and size are checked; a directory entry (name ending in `/`)
 * is skipped.
 * @param {Buffer} zip
 * @returns {Map<string, Buffer>} each file's bytes by its name, in the central directory's order
 */
export function readZip(zip) {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || endAt + 22 > zip.length) throw new Error("not a ZIP archive: no end of central directory");
  const count = zip.readUInt16LE(endAt + 10);
  const size = zip.readUInt32LE(endAt + 12);
  let at = zip.readUInt32LE(endAt + 16);
  if (at + size > endAt) throw new Error("ZIP central directory out of bounds");
  const files = new Map();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`ZIP entry ${i}: bad central directory header`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const length = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & UTF8 ? "utf8" : "latin1");
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw new Error(`${name}: encrypted entries are not supported`);
    if (name.endsWith("/")) continue;
    if (!isSafeEntryName(name)) throw new Error(`unsafe entry name: ${JSON.stringify(name)}`);
    if (files.has(name)) throw new Error(`duplicate entry: ${name}`);
    if (zip.readUInt32LE(localAt) !== LOCAL) throw new Error(`${name}: bad local header`);
    const start = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const body = zip.subarray(start, start + compressed);
    let data;
    if (method === STORED) data = Buffer.from(body);
    else if (method === DEFLATED) data = inflateRawSync(body);
    else throw new Error(`${name}: compression method ${method} is not supported`);
    if (data.length !== length) throw new Error(`${name}: size ${data.length}, the directory says ${length}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    files.set(name, data);
  }
  return files;
}
