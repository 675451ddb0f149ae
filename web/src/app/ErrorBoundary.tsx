import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

interface ErrorBoundaryState {
  error: Error | null;
}

/** Keeps a crash inside one screen: header and footer stay usable. Give it a `key` per page to reset on navigation. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error in a screen', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorFallback /> : this.props.children;
  }
}
