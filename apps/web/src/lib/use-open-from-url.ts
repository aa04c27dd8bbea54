import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Opens a page's dialog when its URL carries `?<param>=1` (the command palette's actions: "New
 * contact" opens /my-contacts/contacts?new=1), then drops the parameter so going back or
 * reloading doesn't open it again.
 */
export function useOpenFromUrl(param: string, open: () => void, enabled = true) {
  const [params, setParams] = useSearchParams();
  const flag = params.get(param);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!flag || !enabled) return;
    openRef.current();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [flag, enabled, param, setParams]);
}
