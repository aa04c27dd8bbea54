import type { Contact } from '@leadtrail/contracts';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InlineField } from '../components/inline-field';
import { RecordSection } from '../components/record-section';
import type { SaveField } from '../record-spec';
import { recordHref, recordsPath } from '../utils/record-paths';
import { CompanyPicker, type PickedCompany } from './company-picker';
import { contactName } from './contact-columns';
import { contactsApi } from './contacts-api';

type SectionProps = { row: Contact; readOnly: boolean; save: SaveField };

/** A contact's company: the link (edited with the picker) and the other people there. */
export function ContactCompanySection({ row: contact, readOnly, save }: SectionProps) {
  return (
    <RecordSection title="Company">
      <CompanyField contact={contact} readOnly={readOnly} onSave={save('companyId')} />
      {contact.companyId && (
        <CompanyContacts companyId={contact.companyId} companyName={contact.companyName ?? ''} currentId={contact.id} />
      )}
    </RecordSection>
  );
}

function CompanyField({
  contact,
  readOnly,
  onSave,
}: {
  contact: Contact;
  readOnly: boolean;
  onSave: (v: unknown) => Promise<unknown>;
}) {
  const current: PickedCompany | null =
    contact.companyId && contact.companyName ? { id: contact.companyId, name: contact.companyName } : null;
  return (
    <InlineField<PickedCompany | null>
      label="Company"
      display={
        current ? (
          <Anchor component={Link} to={recordHref('companies', current.id)} size="sm" fw={500}>
            {current.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Not linked to a company
          </Text>
        )
      }
      initialValue={current}
      errorPath="companyId"
      readOnly={readOnly}
      onSave={(company) => onSave(company?.id ?? null)}
      renderEditor={({ value, setValue, save, error, label, onKeyDown }) => (
        <CompanyPicker
          label={label}
          value={value}
          onChange={(company) => {
            setValue(company);
            save(company);
          }}
          error={error}
          onKeyDown={onKeyDown}
          autoFocus
        />
      )}
    />
  );
}

/** The other people at the same company, with a link to all of them in the grid. */
function CompanyContacts({
  companyId,
  companyName,
  currentId,
}: {
  companyId: string;
  companyName: string;
  currentId: string;
}) {
  const filter = { and: [{ field: 'companyId', op: 'is' as const, value: companyId }] };
  // The grid link filters by name, which reads well as a chip ("Company is Acme").
  const gridFilter = { and: [{ field: 'companyName', op: 'is' as const, value: companyName }] };
  const colleagues = useQuery({
    queryKey: ['contacts', 'company-contacts', companyId],
    queryFn: ({ signal }) => contactsApi.fetchPage({ limit: 8, q: '', filter, sort: 'firstName', count: true, signal }),
  });
  if (colleagues.isPending) return <Skeleton height={40} />;
  if (colleagues.isError) return null;
  const others = colleagues.data.data.filter((c) => c.id !== currentId);
  const total = (colleagues.data.total ?? colleagues.data.data.length) - 1;
  if (others.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No one else from this company is in your contacts.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" fw={500}>
        Others at this company ({total.toLocaleString()})
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {others.slice(0, 7).map((c) => (
          <li key={c.id}>
            <Anchor component={Link} to={recordHref('contacts', c.id)} size="sm">
              {contactName(c)}
            </Anchor>
            {c.jobTitle && (
              <Text span size="sm" c="dimmed">
                {' '}
                · {c.jobTitle}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      {total > others.slice(0, 7).length && (
        <Anchor
          component={Link}
          to={`${recordsPath('contacts')}?filter=${encodeURIComponent(JSON.stringify(gridFilter))}`}
          size="sm"
        >
          See all {total.toLocaleString()} in the grid
        </Anchor>
      )}
    </Stack>
  );
}
