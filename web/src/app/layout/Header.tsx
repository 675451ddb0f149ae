import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { guestHome, useSession } from '@/features/auth';
import { cx } from '@/shared/cx';
import { Logo } from '@/shared/ui/Logo';
import styles from './Header.module.css';
import { UserMenu } from './UserMenu';
import { useDismissOnOutsidePress } from '@/shared/useDismiss';
import { useScrolledPast } from './useScrolledPast';

/** Spec §9: the header changes style once the page is scrolled more than 10 px. */
const SCROLL_THRESHOLD_PX = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) => cx(styles.link, isActive && styles.active);

export function Header({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismissOnOutsidePress(menuOpen, closeMenu, headerRef);

  // Escape closes the phone menu (the account dropdown handles its own Escape first).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen || event.defaultPrevented) return;
    setMenuOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header
      ref={headerRef}
      className={cx(styles.header, (scrolled || menuOpen) && styles.scrolled)}
      onKeyDown={onKeyDown}
    >
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} onClick={closeMenu}>
          <Logo />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X size={24} aria-hidden="true" /> : <Menu size={24} aria-hidden="true" />}
        </button>
        <nav id={navId} className={cx(styles.nav, menuOpen && styles.navOpen)} aria-label="Main">
          <ul className={styles.links} role="list">
            {user?.guestTripId === undefined && (
              <li>
                <NavLink to="/" end className={navLinkClass} onClick={closeMenu}>
                  Home
                </NavLink>
              </li>
            )}
            {user?.guestTripId !== undefined ? (
              // A guest session has its trip's ledger and nothing else: no trip lists, account or trip planning.
              <li>
                <NavLink to={guestHome(user.guestTripId)} className={navLinkClass} onClick={closeMenu}>
                  Our trip
                </NavLink>
              </li>
            ) : user ? (
              <>
                <li>
                  <NavLink to="/trips" className={navLinkClass} onClick={closeMenu}>
                    My Trips
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/trip-split" className={navLinkClass} onClick={closeMenu}>
                    Split
                  </NavLink>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/login" className={navLinkClass} onClick={closeMenu}>
                    Login
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/signup" className={cx(styles.link, styles.signup)} onClick={closeMenu}>
                    Sign Up
                  </NavLink>
                </li>
              </>
            )}
          </ul>
          {user?.guestTripId !== undefined ? (
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                closeMenu();
                onLogout();
              }}
            >
              Leave guest access
            </button>
          ) : (
            user && (
              <UserMenu
                firstName={user.first_name}
                onLogout={() => {
                  closeMenu();
                  onLogout();
                }}
              />
            )
          )}
        </nav>
      </div>
    </header>
  );
}
