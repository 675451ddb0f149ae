import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTop } from './useScrollToTop';

let navigate: NavigateFunction;

function Page() {
  useScrollToTop();
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

describe('useScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts a page opened by a link or a redirect at its top, and leaves Back and Forward to the browser', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/trips']}>
        <Page />
      </MemoryRouter>,
    );
    scrollTo.mockClear(); // the first page (a POP in a memory history) is not counted
    await act(() => navigate('/trips/1'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => navigate('/trips/1/split', { replace: true }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => navigate(-1));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
