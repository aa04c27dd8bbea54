import type { Company } from '@leadtrail/contracts';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recordKeys } from '../../../lib/record-keys';
import { RecordSection } from '../components/record-section';
import { contactName } from '../contacts/contact-columns';
import { contactsApi } from '../contacts/contacts-api';
import { recordHref, recordsPath } from '../utils/record-paths';

/** A company's people: the first few, and a link to all of them in the contacts grid. */
export function CompanyContactsSection({ row: company }: { row: Company }) {
  return (
    <RecordSection title={`Contacts (${company.contactCount.toLocaleString()})`}>
      <CompanyContactsList company={company} />
    </RecordSection>
  );
}

function CompanyContactsList({ company }: { company: Company }) {
  const contacts = useQuery({
    queryKey: [...recordKeys.detail('companies', company.id), 'contacts'],
    queryFn: ({ signal }) =>
      contactsApi.fetchPage({
        limit: 10,
        q: '',
        sort: 'firstName',
        count: true,
        filter: { and: [{ field: 'companyId', op: 'is', value: company.id }] },
        signal,
      }),
  });
  if (contacts.isPending) return <Skeleton height={60} />;
  if (contacts.isError) {
    return (
      <Group gap="xs">
        <Text size="sm">We could not load its contacts.</Text>
        <Button size="xs" variant="default" onClick={() => void contacts.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  const list = contacts.data.data;
  const total = contacts.data.total ?? list.length;
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No contacts at this company yet. Contacts whose email is at {company.domain ?? 'its domain'} link here
        automatically.
      </Text>
    );
  }
  const gridFilter = { and: [{ field: 'companyName', op: 'is', value: company.name }] };
  return (
    <Stack gap={6}>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((c) => (
          <li key={c.id}>
            <Anchor component={Link} to={recordHref('contacts', c.id)} size="sm">
              {contactName(c)}
            </Anchor>
            {(c.jobTitle || c.email) && (
              <Text span size="sm" c="dimmed">
                {' '}
                · {[c.jobTitle, c.email].filter(Boolean).join(' · ')}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      {total > list.length && (
        <Anchor
          component={Link}
          to={`${recordsPath('contacts')}?filter=${encodeURIComponent(JSON.stringify(gridFilter))}`}
          size="sm"
        >
          See all {total.toLocaleString()} in the contacts grid
        </Anchor>
      )}
    </Stack>
  );
}
