import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { duplicateTotalQueryOptions } from '../api/duplicates';

const numbers = new Intl.NumberFormat();

/** The contacts screen's way to the duplicates view, with how many likely pairs there are. */
export function DuplicatesButton() {
  const total = useQuery(duplicateTotalQueryOptions());
  return (
    <Button component={Link} to="/my-contacts/contacts/duplicates" variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />}>
      {total.data ? `Duplicates (${numbers.format(total.data)})` : 'Duplicates'}
    </Button>
  );
}
