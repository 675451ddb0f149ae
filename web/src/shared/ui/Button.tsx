import type { ButtonHTMLAttributes, MouseEvent } from 'react';
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
  /**
   * Shows a spinner and `loadingText`, and ignores activation (clicks, Enter, Space, a form's submit) while a request
   * is pending. The button stays focusable (`aria-disabled`, not `disabled`): a disabled button loses keyboard focus
   * in Chromium, to `<body>` or out of an open dialog.
   */
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
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx(buttonClassName({ variant, size, fullWidth }), className)}
      disabled={disabled && !loading}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? ignoreActivation : onClick}
    >
      {loading && <Spinner />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

/** A loading button's click does nothing, not even its default: a submit button does not submit its form again. */
function ignoreActivation(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}
