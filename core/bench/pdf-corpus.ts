/**
 * Varied multi-page PDFs for the capture bench, made with pdf-lib once and kept under
 * bench/cache/ (the same count and seed give the same files): 2 to 20 pages of the corpus's
 * prose, and a picture of noise on the first page that makes each file 20-180 kB, as a real
 * paper's figures do. PDF.js reads the text and never decodes the picture.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { between, createRng, noteBody, titleWords, type Rng } from './corpus.js';

const LINE_CHARS = 90;
const PAGE_LINES = 45;

/** Helvetica's encoding knows Latin-1 only: the corpus's other scripts are left out of PDFs. */
const latin = (text: string) => text.replace(/[^\x20-\x7e\n]/g, '');

/** Prose cut into lines a page holds. */
function lines(rng: Rng, count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    for (const para of latin(noteBody(rng, titleWords(rng, 3).join(' '))).split('\n')) {
      let line = '';
      for (const word of para.split(/\s+/).filter(Boolean)) {
        if (line.length + word.length + 1 > LINE_CHARS) {
          out.push(line);
          line = '';
        }
        line = line ? `${line} ${word}` : word;
      }
      if (line) out.push(line);
    }
  }
  return out.slice(0, count);
}

/** A PNG of random grey pixels: what deflate cannot shrink, so the file has a real paper's weight. */
function noisePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.concat(Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** One PDF of `pages` pages of prose; `extra` lines go on the pages named (a word to find there). */
export async function prosePdf(rng: Rng, pages: number, extra: Map<number, string> = new Map(), pictureSide = 0): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.setTitle(titleWords(rng, 4).join(' '));
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([595, 842]);
    const text = lines(rng, PAGE_LINES - (n === 1 && pictureSide ? 20 : 0));
    const more = extra.get(n);
    if (more) text.splice(between(rng, 0, text.length), 0, more);
    if (n === 1 && pictureSide) page.drawImage(await pdf.embedPng(noisePng(pictureSide)), { x: 50, y: 480, width: 300, height: 300 });
    text.forEach((line, i) => page.drawText(line, { x: 40, y: (n === 1 && pictureSide ? 460 : 800) - i * 16, size: 10, font }));
  }
  return Buffer.from(await pdf.save());
}

/** The cached set of `count` PDFs for `seed`: made on first use (written aside, then moved in place whole). */
export async function cachedPdfs(cacheDir: string, count: number, seed: number, log: (line: string) => void): Promise<{ dir: string; files: string[] }> {
  const dir = path.join(cacheDir, `pdfs-${count}-seed${seed}`);
  if (!existsSync(dir)) {
    log(`making ${count} PDFs once, into ${dir} …`);
    const making = `${dir}.making-${process.pid}`;
    await mkdir(making, { recursive: true });
    const rng = createRng(seed);
    for (let i = 0; i < count; i++) {
      const bytes = await prosePdf(rng, between(rng, 2, 20), new Map(), between(rng, 100, 330));
      await writeFile(path.join(making, `paper-${String(i).padStart(5, '0')}.pdf`), bytes);
      if ((i + 1) % 200 === 0) log(`  ${i + 1} / ${count}`);
    }
    await rename(making, dir);
  }
  return { dir, files: (await readdir(dir)).filter((f) => f.endsWith('.pdf')).sort() };
}
