import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../cx';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: 'medium' | 'large';
  fullWidth?: boolean;
}

/** The button look, for links that act as buttons (`<Link className={buttonClassName()}>`). */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
}: ButtonStyleOptions = {}) {
  return cx(styles.button, styles[variant], size === 'large' && styles.large, fullWidth && styles.fullWidth);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a spinner and `loadingText`, and blocks further clicks while a request is pending. */
  loading?: boolean;
  loadingText?: string;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingText,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx(buttonClassName({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
