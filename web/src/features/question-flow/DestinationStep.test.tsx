import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CitySuggestion } from '@wayfare/contract';
import { testClock } from '@/test-support/clock';
import { Providers } from '@/test-support/session';
import { stubApi, type StubAnswer, type StubRoutes } from '@/test-support/stubApi';
import { DestinationStep } from './DestinationStep';

function renderStep(
  initial = '',
  routes: StubRoutes = { 'GET /api/places/cities': { body: { cities: [] } } },
) {
  const requests = stubApi(routes);
  const onSubmit = vi.fn();
  render(
    <Providers>
      <DestinationStep initial={initial} onSubmit={onSubmit} />
    </Providers>,
  );
  return { onSubmit, requests, city: screen.getByRole('combobox', { name: 'Destination city' }) };
}

describe('DestinationStep', () => {
  it('answers with the typed city, trimmed, on Enter or Continue', async () => {
    const { onSubmit, city } = renderStep('  Porto ');
    await userEventLib.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenLastCalledWith('Porto', null);
    await userEventLib.clear(city);
    await userEventLib.type(city, 'Atlantis{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('Atlantis', null);
  });

  it('says a blank answer is not a destination, at the input, until a city is typed', async () => {
    const { onSubmit, city } = renderStep();
    await userEventLib.type(city, '   {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(city).toHaveFocus();
    expect(city).toBeInvalid();
    expect(city).toHaveAccessibleDescription('Destination is required');
    await userEventLib.type(city, 'Lima');
    expect(city).toBeValid();
    expect(city).not.toHaveAccessibleDescription();
  });
});

const city = (name: string, id: string): CitySuggestion => ({
  id,
  name,
  countryCode: 'PT',
  country: 'Portugal',
  latitude: 38.72,
  longitude: -9.14,
  population: 1000,
});
const LISBON = city('Lisbon', '1');
const LISBOA = city('Lisboa', '2');

describe('DestinationStep suggestions', () => {
  // The debounce runs on the test's clock: typing, then letting exactly the rest pass.
  const clock = testClock();
  const pass = clock.pass;
  const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
  /** The AbortSignal each request to the stubbed fetch was sent with, in order. */
  const signals = () =>
    vi.mocked(fetch).mock.calls.map(([, init]) => (init as RequestInit | undefined)?.signal ?? null);

  it('asks once typing rests, keeps the last suggestions meanwhile, and cancels a question typing moved past', async () => {
    let answerLisb: (answer: StubAnswer) => void = () => {};
    const { requests, city: input } = renderStep('', {
      'GET /api/places/cities': ({ url }) => {
        const q = url.searchParams.get('q');
        if (q === 'Lisb') return new Promise<StubAnswer>((resolve) => (answerLisb = resolve));
        return { body: { cities: q === 'Lis' ? [LISBON] : [LISBOA] } };
      },
    });

    await clock.user.type(input, 'Lis');
    expect(requests).toHaveLength(0); // still typing
    await pass(150);
    expect(requests.map((r) => r.url.searchParams.get('q'))).toEqual(['Lis']);
    expect(options()).toEqual(['LisbonPortugal']);

    await clock.user.type(input, 'b');
    await pass(150);
    expect(requests.map((r) => r.url.searchParams.get('q'))).toEqual(['Lis', 'Lisb']);
    expect(options()).toEqual(['LisbonPortugal']); // the last suggestions while the next are asked

    await clock.user.type(input, 'oa');
    await pass(150);
    expect(requests.map((r) => r.url.searchParams.get('q'))).toEqual(['Lis', 'Lisb', 'Lisboa']);
    expect(signals()[1]?.aborted).toBe(true); // 'Lisb' was moved past
    expect(options()).toEqual(['LisboaPortugal']);
    answerLisb({ body: { cities: [LISBON] } });
    await pass(0);
    expect(options()).toEqual(['LisboaPortugal']);
  });

  it('shows none for fewer than two letters, and none when the call fails (typing still answers)', async () => {
    const {
      requests,
      onSubmit,
      city: input,
    } = renderStep('', {
      'GET /api/places/cities': { status: 500, body: { error: 'Something broke' } },
    });
    await clock.user.type(input, 'L');
    await pass(150);
    expect(requests).toHaveLength(0);
    await clock.user.type(input, 'i');
    await pass(150);
    expect(requests).toHaveLength(1); // not retried: a convenience
    expect(options()).toEqual([]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await clock.user.type(input, 'ma{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('Lima', null);
  });
});
