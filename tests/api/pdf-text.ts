import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js reads the standard fonts' metrics from its own folder. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, line by line, as a reader's PDF viewer extracts it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false, standardFontDataUrl });
  const document = await task.promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  await task.destroy();
  return lines.join('\n');
}
