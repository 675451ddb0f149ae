import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GUEST_NAME_REQUIRED, guestNameTaken, INVITE_LINK_REVOKED } from '@wayfare/contract';
import { Providers } from '@/test-support/session';
import { stubApi, type StubAnswer } from '@/test-support/stubApi';
import { JoinPage } from './JoinPage';

const TOKEN = `${'j'.repeat(42)}Q`;
const OFFER = `GET /api/trip-split/invite-links/${TOKEN}/guests`;
const START = `POST /api/trip-split/invite-links/${TOKEN}/guest-session`;
const offer = (guests: Array<{ id: string; name: string }> = []) => ({
  body: { offer: { trip_id: 't1', trip_name: 'Lisbon', city_name: 'Lisbon', guests } },
});
const session = (id: string, name: string) => ({
  status: 201,
  body: { token: 'guest.session.token', trip_id: 't1', guest: { id, name } },
});

function Landed() {
  return <p>Landed on {useLocation().pathname}</p>;
}

function renderPage(login = vi.fn(() => true)) {
  render(
    <Providers path={`/join/${TOKEN}`} user={null} login={login}>
      <Routes>
        <Route path="/join/:token" element={<JoinPage />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </Providers>,
  );
  return login;
}

describe('JoinPage: continue without an account', () => {
  it('makes a new guest by the typed name, keeps the session and opens the trip’s ledger', async () => {
    let answer: (value: StubAnswer) => void = () => {};
    const requests = stubApi({
      [OFFER]: offer(),
      [START]: () => new Promise((resolve) => (answer = resolve)),
    });
    const login = renderPage();
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    // No guests yet: nobody to pick, only the name.
    expect(screen.queryByRole('combobox', { name: 'Who are you?' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue without an account' }));
    expect(screen.getByText(GUEST_NAME_REQUIRED)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(name, '  Grandpa Joe {Enter}');
    expect(screen.getByRole('button', { name: 'Letting you in…' })).toHaveAttribute('aria-busy', 'true');
    answer(session('g1', 'Grandpa Joe'));
    expect(await screen.findByText(/^Landed on/)).toHaveTextContent('Landed on /trips/t1/split');
    expect(login).toHaveBeenCalledWith('guest.session.token');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { guest_name: 'Grandpa Joe' },
    ]);
  });

  it('lets the visitor pick one of the trip’s guests instead of typing a name', async () => {
    const requests = stubApi({
      [OFFER]: offer([
        { id: 'g1', name: 'Grandpa Joe' },
        { id: 'g2', name: 'Aunt May' },
      ]),
      [START]: session('g2', 'Aunt May'),
    });
    renderPage();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Who are you?' }), 'Aunt May');
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue without an account' }));
    expect(await screen.findByText(/^Landed on/)).toHaveTextContent('Landed on /trips/t1/split');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ guest_id: 'g2' });
  });

  it('says why a name is refused and keeps the form', async () => {
    stubApi({ [OFFER]: offer(), [START]: { status: 409, body: { error: guestNameTaken('Joe') } } });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Joe{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(guestNameTaken('Joe'));
    expect(screen.getByRole('button', { name: 'Continue without an account' })).toBeEnabled();
  });

  it('shows the refusal of a turned-off link in place of the form', async () => {
    stubApi({ [OFFER]: { status: 410, body: { error: INVITE_LINK_REVOKED } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITE_LINK_REVOKED);
    expect(screen.queryByRole('button', { name: 'Continue without an account' })).toBeNull();
    // The account ways in stay.
    expect(screen.getByRole('link', { name: 'Log in to join' })).toBeVisible();
  });
});
