import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

/**
 * What an empty result offers (people or companies): clearing the filters when there are some,
 * else showing everyone when a scope narrows the search, else nothing (no actions row).
 */
export function noResultsAction({ filtered, scoped, everyone, onClear, onShowAll }: {
  filtered: boolean;
  scoped: boolean;
  /** "Show all people", "Show all companies" */
  everyone: string;
  onClear: () => void;
  onShowAll: () => void;
}): ReactNode {
  if (filtered)
    return (
      <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden="true" />} onClick={onClear}>
        Clear filters
      </Button>
    );
  if (scoped)
    return (
      <Button variant="light" onClick={onShowAll}>
        {everyone}
      </Button>
    );
  return undefined;
}
