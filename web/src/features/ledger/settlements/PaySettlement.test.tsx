import { render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { epcPayload, pixPayload, type PaymentHandles } from '@wayfare/contract';
import { settlement } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { tripView } from '@/test-support/trips';
import { HomeCurrency } from '../homeCurrency';
import { SettlementList } from './SettlementList';

/** The list inside the app's providers, its trip's home currency `home`. */
const render = (ui: ReactElement, home = 'EUR') =>
  renderBare(<HomeCurrency.Provider value={home}>{ui}</HomeCurrency.Provider>, { wrapper: Providers });

const HANDLES_PATH = '/api/trip-split/trips/t1/participants/u-bob/payment-handles';
const answerHandles = (payment_handles: PaymentHandles) => ({
  [`GET ${HANDLES_PATH}`]: { body: { user_id: 'u-bob', payment_handles } },
  'GET /api/trips/t1': { body: tripView() },
});

/**
 * A QR code as qrcode.react draws it (a run of dark modules per segment of its path, `M{x} {y}h{w}v1H{x}z`), painted
 * as a grey-scale image, 4 pixels a module, and read by ZXing's QR code reader: what a phone's camera would read.
 */
function scanQr(svg: SVGElement): string {
  const scale = 4;
  const side = Number(svg.getAttribute('viewBox')!.split(' ')[2]) * scale;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  const dark = svg.querySelectorAll('path')[1]!.getAttribute('d')!;
  for (const [, x, y, width] of dark.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row += 1) {
      pixels.fill(0, row * side + Number(x) * scale, row * side + (Number(x) + Number(width)) * scale);
    }
  }
  const image = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)));
  const hints = new Map([[DecodeHintType.CHARACTER_SET, 'UTF-8']]);
  return new QRCodeReader().decode(image, hints).getText();
}

describe('Pay {name} on a transfer the caller pays', () => {
  it('is offered only to the payer of a pending transfer', () => {
    stubApi({});
    render(
      <SettlementList
        tripId="t1"
        settlements={[
          settlement('s1', 'Alice', 'Bob', 4500),
          settlement('s2', 'Carol', 'Alice', 1000),
          settlement('s3', 'Alice', 'Carol', 1000, '2027-03-05T10:00:00.000Z'),
        ]}
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Pay / }).map((b) => b.textContent)).toEqual(['Pay Bob']);
  });

  it("draws the EPC bank transfer code, which scans back to the payload, and opens the payee's apps", async () => {
    stubApi(
      answerHandles({
        revolut: 'bobross',
        paypal: 'BobRoss',
        venmo: 'bob-ross',
        iban: { iban: 'DE89370400440532013000', name: 'Bob Ross' },
      }),
    );
    render(<SettlementList tripId="t1" settlements={[settlement('s1', 'Alice', 'Bob', 4500)]} />);
    const pay = screen.getByRole('button', { name: 'Pay Bob' });
    expect(pay).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(pay);
    expect(pay).toHaveAttribute('aria-expanded', 'true');

    const options = await screen.findByRole('list', { name: 'Ways to pay Bob' });
    const paypal = within(options).getByRole('link', { name: /PayPal/ });
    expect(paypal).toHaveAttribute('href', 'https://paypal.me/BobRoss/45.00EUR');
    expect(paypal).toHaveAttribute('target', '_blank');
    expect(paypal).toHaveAttribute('rel', 'noopener');
    expect(within(options).getByRole('link', { name: /Revolut/ })).toHaveAttribute(
      'href',
      'https://revolut.me/bobross',
    );
    // Venmo takes dollars only.
    expect(within(options).queryByRole('link', { name: /Venmo/ })).toBeNull();

    const expected = epcPayload('DE89370400440532013000', 'Bob Ross', 4500, 'Wayfare · Lisbon');
    const code = await within(options).findByRole('img', { name: 'QR code: Bank transfer (SEPA QR)' });
    await expect.poll(() => code.querySelector('svg')).not.toBeNull();
    expect(scanQr(code.querySelector('svg')!)).toBe(expected);
    expect(within(options).getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('draws a Pix code in reais that scans back to its payload', async () => {
    stubApi(answerHandles({ pix: '12345678909' }));
    render(<SettlementList tripId="t1" settlements={[settlement('s1', 'Alice', 'Bob', 12345)]} />, 'BRL');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Bob' }));
    const code = await screen.findByRole('img', { name: 'QR code: Pix' });
    await expect.poll(() => code.querySelector('svg')).not.toBeNull();
    const payload = scanQr(code.querySelector('svg')!);
    expect(payload).toBe(
      pixPayload({
        key: '12345678909',
        name: 'Bob Doe',
        city: 'BRASIL',
        amountMinor: 12345,
        description: 'Wayfare · Lisbon',
      }),
    );
  });

  it('says so when the payee has no payment details, or none in the currency', async () => {
    stubApi(answerHandles({}));
    render(<SettlementList tripId="t1" settlements={[settlement('s1', 'Alice', 'Bob', 4500)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay Bob' }));
    expect(await screen.findByText('Bob has not added payment details yet.')).toBeVisible();
  });

  it('says when none of the payee’s details take the currency', async () => {
    stubApi(answerHandles({ monzo: 'bobross' }));
    render(<SettlementList tripId="t1" settlements={[settlement('s1', 'Alice', 'Bob', 4500)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay Bob' }));
    expect(await screen.findByText("None of Bob's payment details take EUR.")).toBeVisible();
  });

  it('shows a failed read and reads again on Try Again', async () => {
    let calls = 0;
    stubApi({
      [`GET ${HANDLES_PATH}`]: () =>
        (calls += 1) === 1
          ? { status: 500, body: { error: 'Something went wrong' } }
          : { body: { user_id: 'u-bob', payment_handles: { revolut: 'bobross' } } },
      'GET /api/trips/t1': { body: tripView() },
    });
    render(<SettlementList tripId="t1" settlements={[settlement('s1', 'Alice', 'Bob', 4500)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay Bob' }));
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Revolut/ })).toBeVisible();
  });
});
