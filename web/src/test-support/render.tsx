import { useState, type ReactElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderInDom, type RenderOptions } from '@testing-library/react';
import { testQueryClient } from './session';

function DataLayerOnly({ children }: { children: ReactNode }) {
  const [client] = useState(testQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Testing Library's render inside a fresh query client of its own: for a component whose writes are mutations but
 * which needs no router or session (use `Providers` for those).
 */
export const render = (ui: ReactElement, options?: RenderOptions) =>
  renderInDom(ui, { wrapper: DataLayerOnly, ...options });
