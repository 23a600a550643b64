import { inflateSync } from 'node:zlib';

/*
 * Reads the text of a PDF as pdfkit (pdfmake) writes it, for tests: objects in the clear, streams
 * Flate-compressed or not, text shown with Tj/TJ in fonts that carry a ToUnicode map (embedded
 * TrueType subsets write glyph ids, which only that map turns back into letters).
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** Every `n 0 obj … endobj` by number, with its stream decoded. */
function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2];
    const start = body.indexOf('stream');
    if (start === -1) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, start);
    const dataStart = start + 'stream'.length + (body[start + 6] === '\r' ? 2 : 1);
    const dataEnd = body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(dataStart, dataEnd), 'latin1');
    if (/\/Filter\s*\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    objects.set(Number(m[1]), { dict, stream: raw });
  }
  return objects;
}

/** A ToUnicode CMap's code → text (bfchar and both forms of bfrange). */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) => {
    let s = '';
    for (let i = 0; i < hex.length; i += 4)
      s += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
    return s;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, dst] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(code, 16), hexText(dst));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const re = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g;
    for (const [, lo, hi, dst] of block[1].matchAll(re)) {
      const from = Number.parseInt(lo, 16);
      const to = Number.parseInt(hi, 16);
      if (dst.startsWith('[')) {
        const items = [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]);
        for (const [i, hex] of items.entries()) map.set(from + i, hexText(hex));
      } else {
        const base = Number.parseInt(dst.slice(1, -1), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(base + c - from));
      }
    }
  }
  return map;
}

/** Decodes a PDF literal string `( … )` with its escapes (standard fonts without a ToUnicode map). */
function literal(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (simple[e]) return simple[e];
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return e;
  });
}

/**
 * The text of a PDF in the order the pages draw it, one line per line of text. Enough for a test to
 * find names, times and headings; not a layout-aware extractor.
 */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  // Font object number → its ToUnicode map.
  const fontMaps = new Map<number, Map<number, string>>();
  for (const [n, o] of objects) {
    const ref = /\/ToUnicode\s+(\d+) 0 R/.exec(o.dict);
    const cmap = ref ? objects.get(Number(ref[1]))?.stream : null;
    if (cmap) fontMaps.set(n, readCmap(cmap.toString('latin1')));
  }
  // Resource name (/F1) → font object number, from every /Font << … >> dictionary.
  const fontNames = new Map<string, number>();
  for (const o of objects.values()) {
    for (const block of o.dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const [, name, n] of block[1].matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g))
        fontNames.set(name, Number(n));
    }
  }
  const lines: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream || /\/(Subtype|Type)\s*\/(Image|XObject|FontFile|Metadata)/.test(o.dict)) continue;
    const content = o.stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let map: Map<number, string> | undefined;
      let line = '';
      const ops =
        /\/([\w.+-]+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g;
      for (const op of block.matchAll(ops)) {
        if (op[1]) map = fontMaps.get(fontNames.get(op[1]) ?? -1);
        const decodeHex = (hex: string) => {
          let s = '';
          for (let i = 0; i < hex.length; i += 4) {
            const code = Number.parseInt(hex.slice(i, i + 4), 16);
            s += map?.get(code) ?? '';
          }
          return s;
        };
        if (op[2] !== undefined) {
          for (const part of op[2].matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
            line += part[1] !== undefined ? decodeHex(part[1]) : literal(part[2]);
          }
        }
        if (op[3] !== undefined) line += decodeHex(op[3]);
        if (op[4] !== undefined) line += literal(op[4]);
      }
      if (line) lines.push(line);
    }
  }
  // pdfmake draws each word as its own text object, with the space after it: words that end in a
  // space continue the line, anything else ends it.
  return lines.reduce((all, part) => (all === '' || /\s$/.test(all) ? all + part : `${all}\n${part}`), '');
}
