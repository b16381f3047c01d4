import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF with a text layer: one page per entry, each line drawn as text. */
export async function textPdf(pages: string[], title?: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  if (title) pdf.setTitle(title);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 16, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A PDF of one page and no text (what a scan without OCR is to a reader). */
export async function blankPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

/**
 * A PDF written out by hand from its objects (`objects[i]` is object i + 1), with a correct
 * cross-reference table: for the shapes a PDF writer would never make.
 */
function handMadePdf(objects: string[], trailer = ''): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Encrypted with a user password (the standard security handler): no reader opens it without one. */
export function encryptedPdf(): Buffer {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  return handMadePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hex32('ab')} /U ${hex32('cd')} /P -4 >>`,
    ],
    `/Encrypt 4 0 R /ID [${hex32('01').slice(0, 34)}> ${hex32('01').slice(0, 34)}>]`,
  );
}

/** A page tree that claims `count` pages through a few nodes (100,000 pages in a few kilobytes). */
export function manyPagesPdf(count: number): Buffer {
  const fanout = 100;
  const leaves = Math.ceil(count / fanout);
  // 1 catalog, 2 root, 3 the one page every leaf points at, 4.. the leaves.
  const leafRefs = Array.from({ length: leaves }, (_, i) => `${i + 4} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${leafRefs}] /Count ${count} >>`, '<< /Type /Page /Parent 4 0 R /MediaBox [0 0 595 842] >>'];
  for (let i = 0; i < leaves; i++) objects.push(`<< /Type /Pages /Parent 2 0 R /Kids [${Array.from({ length: fanout }, () => '3 0 R').join(' ')}] /Count ${fanout} >>`);
  return handMadePdf(objects);
}

/** Objects nested `depth` deep: what a parser that recurses without a bound dies of. */
export function nestedPdf(depth: number): Buffer {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return handMadePdf(['<< /Type /Catalog /Pages 2 0 R /Deep 4 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>', nested]);
}
