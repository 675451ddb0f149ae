import { Link } from 'react-router';
import { Logo } from '@/shared/ui/Logo';
import styles from './Footer.module.css';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Tutorials', '/tutorials'],
      ['Updates', '/updates'],
    ],
  },
  {
    title: 'Resources',
    links: [
      ['Help Center', '/help'],
      ['Contact', '/contact'],
      ['FAQ', '/faq'],
      ['Community', '/community'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About', '/about'],
      ['Careers', '/careers'],
      ['Press', '/press'],
      ['Partners', '/partners'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Cookies', '/cookies'],
      ['Security', '/security'],
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Link to="/" className={styles.brand}>
            <Logo />
          </Link>
          <p className={styles.tagline}>Plan trips from what you love. Split the costs fairly.</p>
        </div>
        <nav className={styles.columns} aria-label="Footer">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className={styles.heading}>{column.title}</h2>
              <ul className={styles.list} role="list">
                {column.links.map(([label, to]) => (
                  <li key={to}>
                    <Link to={to} className={styles.link}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} Wayfare. All rights reserved.</p>
    </footer>
  );
}
