// Small, valid files of each type a lesson activity takes, made in memory for the lesson tests.
import { crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';

/** A one- or more-page PDF with a line of text per page and a correct cross-reference table. */
export function tinyPdf(pages = 2): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageIds.forEach((id, i) => {
    const text = `BT /F1 24 Tf 72 720 Td (Page ${i + 1} of the lesson) Tj ET`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out);
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A second of a 440 Hz tone: 8 kHz, 8-bit mono PCM in a RIFF/WAVE file. */
export function tinyWav(seconds = 1): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) data[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return Buffer.concat([header, data]);
}

/** A zip of stored (uncompressed) entries. */
export function storedZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest PowerPoint package: its content types and a presentation part. */
export function tinyPptx(): Buffer {
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    'ppt/presentation.xml':
      '<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  });
}

/** An HTML5 package: an index page in a zip. */
export function tinyHtmlPackage(): Buffer {
  return storedZip({
    'index.html': '<!doctype html><title>Package</title><h1>Interactive package</h1>',
  });
}

/** The sentence the tiny H5P package's library writes into its container. */
export const H5P_SENTENCE = 'The test library wrote this sentence from its H5P content.';

/**
 * An H5P package (.h5p) as an H5P editor exports it, only smaller: h5p.json naming its main library,
 * content/content.json with the library's parameters, and the library's folder (library.json and
 * a script defining `H5P.TestText`, which writes the content's text into its container).
 */
export function tinyH5pPackage(parts: { manifest?: object | string; content?: string | null } = {}): Buffer {
  const manifest = parts.manifest ?? {
    title: 'Test text',
    language: 'und',
    mainLibrary: 'H5P.TestText',
    embedTypes: ['div'],
    license: 'U',
    preloadedDependencies: [{ machineName: 'H5P.TestText', majorVersion: '1', minorVersion: '0' }],
  };
  const library = {
    title: 'Test text',
    machineName: 'H5P.TestText',
    majorVersion: 1,
    minorVersion: 0,
    patchVersion: 0,
    runnable: 1,
    embedTypes: ['div'],
    preloadedJs: [{ path: 'test-text.js' }],
  };
  const script = `var H5P = H5P || {};
H5P.TestText = (function () {
  function TestText(params) {
    this.text = params.text;
  }
  TestText.prototype.attach = function ($container) {
    var sentence = document.createElement('p');
    sentence.className = 'h5p-test-text';
    sentence.textContent = this.text;
    $container.get(0).appendChild(sentence);
  };
  return TestText;
})();
`;
  const content = parts.content === undefined ? JSON.stringify({ text: H5P_SENTENCE }) : parts.content;
  return storedZip({
    'h5p.json': typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
    ...(content === null ? {} : { 'content/content.json': content }),
    'H5P.TestText-1.0/library.json': JSON.stringify(library),
    'H5P.TestText-1.0/test-text.js': script,
  });
}

/**
 * A two-second H.264 MP4 of changing colours, recorded by the browser itself (MediaRecorder writes
 * MP4 with its duration, so it plays and seeks like an uploaded video).
 */
export async function recordMp4(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/mp4;codecs=avc1' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const paint = setInterval(() => {
      context.fillStyle = `hsl(${(frame++ * 20) % 360} 80% 50%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
    }, 50);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    recorder.stop();
    await stopped;
    clearInterval(paint);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}
