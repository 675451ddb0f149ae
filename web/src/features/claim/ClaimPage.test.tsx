import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  CLAIM_LINK_EXPIRED,
  CLAIM_LINK_UNKNOWN,
  CLAIMER_ALREADY_IN_TRIP,
  type GuestClaim,
} from '@wayfare/contract';
import { participant } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi, type StubAnswer } from '@/test-support/stubApi';
import { ClaimPage } from './ClaimPage';

const TOKEN = `${'k'.repeat(42)}Q`;
const READ = `GET /api/trip-split/guest-claims/${TOKEN}`;
const ACCEPT = `POST /api/trip-split/guest-claims/${TOKEN}/accept`;
const CLAIM: GuestClaim = {
  trip_id: 't1',
  trip_name: 'Lisbon with the family',
  city_name: 'Lisbon',
  guest_id: 'u-joe',
  guest_name: 'Grandpa Joe',
  home_currency: 'EUR',
  balance_minor: 1250,
  expires_at: '2027-04-02T10:00:00.000Z',
};

/** Where the page sent the visitor, with what it carried there. */
function Landed() {
  const { pathname, state } = useLocation();
  return <p>Landed on {`${pathname} ${JSON.stringify(state)}`}</p>;
}

function renderPage({ signedIn = true, token = TOKEN } = {}) {
  render(
    <Providers path={`/claim/${token}`} {...(!signedIn && { user: null })}>
      <Routes>
        <Route path="/claim/:token" element={<ClaimPage />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </Providers>,
  );
}

describe('ClaimPage', () => {
  it('shows the trip, the guest and their balance, and asks a signed-out visitor to sign in, then come back', async () => {
    stubApi({ [READ]: { body: { claim: CLAIM } } });
    renderPage({ signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Lisbon with the family' })).toBeVisible();
    expect(screen.getByText('Lisbon')).toBeVisible();
    expect(screen.getByText('Grandpa Joe is owed €12.50')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I am Grandpa Joe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByText(/^Landed on/)).toHaveTextContent(
      `Landed on /login {"claimToken":"${TOKEN}","message":"Log in to take over Grandpa Joe's place in Lisbon with the family."}`,
    );
  });

  it('says what a guest owes in the trip’s currency', async () => {
    stubApi({ [READ]: { body: { claim: { ...CLAIM, balance_minor: -500, home_currency: 'USD' } } } });
    renderPage();
    expect(await screen.findByText('Grandpa Joe owes $5.00')).toBeVisible();
  });

  it('makes a signed-in visitor the guest and opens the trip’s split page', async () => {
    let answer: (value: StubAnswer) => void = () => {};
    const requests = stubApi({
      [READ]: { body: { claim: CLAIM } },
      [ACCEPT]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'I am Grandpa Joe' }));
    expect(screen.getByRole('button', { name: 'Taking over…' })).toHaveAttribute('aria-busy', 'true');
    answer({ body: { trip_id: 't1', participant: participant('Alice') } });
    expect(await screen.findByText(/^Landed on/)).toHaveTextContent('Landed on /trips/t1/split');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([READ, ACCEPT]);
  });

  it('says so at the button when the visitor is in the trip already, and offers the trip', async () => {
    stubApi({
      [READ]: { body: { claim: CLAIM } },
      [ACCEPT]: { status: 409, body: { error: CLAIMER_ALREADY_IN_TRIP } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'I am Grandpa Joe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CLAIMER_ALREADY_IN_TRIP);
    expect(screen.getByRole('heading', { name: 'Lisbon with the family' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the trip' })).toHaveAttribute('href', '/trips/t1/split');
  });

  it("shows the server's reason for a link that cannot be used, with a way home", async () => {
    stubApi({ [READ]: { status: 410, body: { error: CLAIM_LINK_EXPIRED } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: "This claim link can't be used" })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(CLAIM_LINK_EXPIRED);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('asks nothing of the server for a link that is not one', () => {
    const requests = stubApi({});
    renderPage({ token: 'not-a-token' });
    expect(screen.getByRole('alert')).toHaveTextContent(CLAIM_LINK_UNKNOWN);
    expect(requests).toHaveLength(0);
  });

  it('shows it is loading, and offers to try again when the server failed', async () => {
    let reads = 0;
    stubApi({
      [READ]: () => {
        reads += 1;
        return reads === 1 ? { status: 503 } : { body: { claim: CLAIM } };
      },
    });
    renderPage();
    expect(screen.getByText('Loading the claim link')).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not open the claim link. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Lisbon with the family' })).toBeVisible();
  });
});
