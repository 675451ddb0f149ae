import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/test-support/session';
import { Header } from './Header';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('Header', () => {
  it('offers Login and Sign Up to a signed-out visitor, and no trips', () => {
    render(
      <Providers user={null}>
        <Header onLogout={() => {}} />
      </Providers>,
    );
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(nav.queryByRole('link', { name: 'My Trips' })).toBeNull();
    expect(nav.queryByRole('button', { name: /Alice/ })).toBeNull();
  });

  it('shows a signed-in user their trips, Split and an account menu that logs out', async () => {
    const onLogout = vi.fn();
    render(
      <Providers path="/trips">
        <Header onLogout={onLogout} />
      </Providers>,
    );
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'My Trips' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Split' })).toHaveAttribute('href', '/trip-split');
    expect(nav.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Sign Up' })).toBeNull();

    await userEvent.click(nav.getByRole('button', { name: /Alice/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('opens and closes the phone menu with its toggle and Escape', async () => {
    render(
      <Providers user={null}>
        <Header onLogout={() => {}} />
      </Providers>,
    );
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
