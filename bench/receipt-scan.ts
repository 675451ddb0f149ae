/**
 * Receipt scanning on this device: how long the offline scan (tesseract.js with the packaged English
 * data, then the contract's parser) takes for each receipt photo the tests render, the worker's start apart, and
 * whether it found the right total. Figures, not pass/fail.
 */
import { readOnDevice, stopDeviceOcr } from '../functions/src/scan/device-ocr';
import { RECEIPT_FIXTURES, receiptPhoto } from '../functions/test-support/receipt-fixtures';
import { ms, type Figure } from './support';

export async function runReceiptScanBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  try {
    for (const [i, fixture] of RECEIPT_FIXTURES.entries()) {
      const photo = await receiptPhoto(fixture);
      const started = performance.now();
      const receipt = await readOnDevice(photo);
      const found =
        receipt.total === fixture.total && receipt.date === fixture.date ? 'total and date right' : 'missed';
      figures.push({
        name: `${fixture.name}${i === 0 ? ' (worker start included)' : ''}`,
        value: `${ms(performance.now() - started)}, ${found}`,
      });
    }
  } finally {
    await stopDeviceOcr();
  }
  return figures;
}
