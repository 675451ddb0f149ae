import { createRequire } from 'node:module';
import type { Worker } from 'tesseract.js';
import { parseReceiptText, type ScannedReceipt } from '@wayfare/contract';

const require = createRequire(import.meta.url);

/**
 * On-device OCR: tesseract.js on this server, with the English data shipped in @tesseract.js-data/eng,
 * so nothing is downloaded at run time and it works offline. One worker, made on the first scan and kept; scans
 * take turns on it.
 */
let worker: Promise<Worker> | undefined;
let turn: Promise<unknown> = Promise.resolve();

async function ocrWorker(): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: data.langPath,
    gzip: data.gzip,
    cacheMethod: 'none',
  });
}

/**
 * The photo made easy to read: upright by its EXIF orientation, at most 1600 px wide, grey with its contrast
 * stretched, specks taken out (median) and then black on white.
 */
async function prepared(image: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return (
    sharp(image, { limitInputPixels: 64_000_000 })
      .rotate()
      .resize({ width: 1600, withoutEnlargement: true })
      .grayscale()
      .normalize()
      // Specks of noise and paper grain go; strokes of print stay.
      .median(3)
      .threshold(140)
      .png()
      .toBuffer()
  );
}

/** The photo's text as read on this device. */
export async function recognizeText(image: Buffer): Promise<string> {
  const input = await prepared(image);
  const run = turn.then(async () => {
    const ocr = await (worker ??= ocrWorker());
    return (await ocr.recognize(input)).data.text;
  });
  turn = run.catch(() => undefined);
  return run;
}

/** The receipt read on this device: OCR, then the contract's parser. */
export async function readOnDevice(image: Buffer): Promise<ScannedReceipt> {
  return parseReceiptText(await recognizeText(image));
}

/** Ends the worker (tests, shutdown). */
export async function stopDeviceOcr(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await (await running).terminate();
}
