import { inflateSync } from 'node:zlib';

/**
 * A WOFF (1.0) font as the plain TrueType/OpenType file it wraps: the fonts come from npm as WOFF,
 * and both HarfBuzz and a PDF's embedded FontFile2 want the plain file. Each table is stored
 * zlib-compressed when that made it smaller; the tables are copied back, 4-byte aligned.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let index = 0; index < numTables; index += 1) {
    const entry = 44 + index * 20;
    const offset = view.getUint32(entry + 4);
    const compLength = view.getUint32(entry + 8);
    const origLength = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored;
    if (data.length !== origLength) throw new Error('damaged WOFF table');
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }
  const headerLength = 12 + numTables * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const out = new Uint8Array(total);
  const write = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  write.setUint32(0, flavor);
  write.setUint16(4, numTables);
  write.setUint16(6, 2 ** entrySelector * 16);
  write.setUint16(8, entrySelector);
  write.setUint16(10, numTables * 16 - 2 ** entrySelector * 16);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    write.setUint32(record, table.tag);
    write.setUint32(record + 4, table.checksum);
    write.setUint32(record + 8, offset);
    write.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return out;
}
