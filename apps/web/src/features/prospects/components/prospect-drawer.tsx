import {
  emailStatusLabels,
  prospectDepartmentLabels,
  revenueRangeLabels,
  seniorityLabels,
  type Prospect,
  type ProspectCompany,
  type RevealFields,
} from '@leadtrail/contracts';
import { Anchor, Badge, Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAddressBook, IconBrandLinkedin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { useListsOfContact, useProspectProfile } from '../api/prospect-profile';
import { emailDisplay, fullName, phoneDisplay, revealable } from '../utils/masked-display';

const n = new Intl.NumberFormat();

type ProspectDrawerProps = {
  /** The person clicked in the results (shown at once; the profile fills in the rest). */
  person: Prospect | null;
  onClose: () => void;
  onReveal: (person: Prospect, fields: RevealFields) => void;
  /** "Find people at this company": a new search on the company's domain (or name). */
  onSearchCompany: (company: { name: string; domain: string | null }) => void;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

const place = (p: { city: string | null; region: string | null; country: string | null }) =>
  [p.city, p.region, p.country].filter(Boolean).join(', ') || null;

/** Clicking a person: who they are, what is revealed, where they are in my contacts, and their company. */
export function ProspectDrawer({ person, onClose, onReveal, onSearchCompany }: ProspectDrawerProps) {
  return (
    <Drawer
      opened={person !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Title order={2} fz="h3">
          {person ? fullName(person) : 'Person'}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close the profile' }}
    >
      {person && <Profile key={person.id} clicked={person} onReveal={onReveal} onSearchCompany={onSearchCompany} />}
    </Drawer>
  );
}

function Profile({ clicked, onReveal, onSearchCompany }: Omit<ProspectDrawerProps, 'person' | 'onClose'> & { clicked: Prospect }) {
  const profile = useProspectProfile(clicked.id);
  // the row's own data until the profile answers (and after a reveal, its fresher markers)
  const p = profile.data?.person ?? clicked;
  const lists = useListsOfContact(p.contactId);
  const can = revealable(p);
  const email = emailDisplay(p);
  const phone = phoneDisplay(p);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm">{p.jobTitle ?? 'No title'}</Text>
        <Group gap="xs">
          {p.suppressed && (
            <Badge color="red" variant="light" tt="none">
              Suppressed: can&apos;t be revealed or contacted
            </Badge>
          )}
          {p.contactId && (
            <Anchor component={Link} to={`/my-contacts/contacts/${p.contactId}`} size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconAddressBook size={16} aria-hidden="true" />
                {p.revealed.email || p.revealed.phone ? 'Revealed: open the contact' : 'Already in your contacts: open it'}
              </Group>
            </Anchor>
          )}
        </Group>
      </Stack>

      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label="Seniority">{p.seniority ? seniorityLabels[p.seniority] : null}</Fact>
        <Fact label="Department">{p.department ? prospectDepartmentLabels[p.department] : null}</Fact>
        <Fact label="Location">{place(p)}</Fact>
        <Fact label="LinkedIn">
          {p.linkedinUrl ? (
            <Anchor href={p.linkedinUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconBrandLinkedin size={16} aria-hidden="true" />
                Profile
              </Group>
            </Anchor>
          ) : null}
        </Fact>
        <Fact label="Email">
          <Text size="sm" ff={email.missing ? undefined : 'monospace'} aria-label={email.srText} fs={email.missing ? 'italic' : undefined}>
            {email.text}
          </Text>
          {p.emailStatus && (
            <Text size="xs" c="dimmed">
              Status: {emailStatusLabels[p.emailStatus]}
            </Text>
          )}
        </Fact>
        <Fact label="Phone">
          <Text size="sm" ff={phone.missing ? undefined : 'monospace'} aria-label={phone.srText} fs={phone.missing ? 'italic' : undefined}>
            {phone.text}
          </Text>
        </Fact>
      </SimpleGrid>

      {(can.email || can.phone) && (
        <Group gap="xs">
          {can.email && (
            <Button size="xs" onClick={() => onReveal(p, 'email')}>
              Reveal email · 1 credit
            </Button>
          )}
          {can.phone && (
            <Button size="xs" variant="light" onClick={() => onReveal(p, 'phone')}>
              Reveal phone · 5 credits
            </Button>
          )}
        </Group>
      )}

      {p.contactId && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Lists
          </Text>
          {lists.isPending ? (
            <Skeleton height={14} width="50%" />
          ) : lists.data && lists.data.data.length > 0 ? (
            <Group gap="xs">
              {lists.data.data.map((l) => (
                <Anchor key={l.id} component={Link} to={`/lists/my-lists/${l.id}`} size="sm">
                  {l.name}
                </Anchor>
              ))}
            </Group>
          ) : (
            <Text size="sm">In no list yet</Text>
          )}
        </Stack>
      )}

      <Divider />
      {profile.isError ? (
        <RetryAlert title="The company could not be loaded" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden>Loading the company</VisuallyHidden>
          <Skeleton height={18} width="60%" />
          <Skeleton height={60} />
        </Stack>
      ) : profile.data.company ? (
        <CompanySection company={profile.data.company} onSearchCompany={onSearchCompany} />
      ) : (
        <Text size="sm" c="dimmed">
          No company on record for this person.
        </Text>
      )}
    </Stack>
  );
}

function CompanySection({ company: c, onSearchCompany }: { company: ProspectCompany; onSearchCompany: ProspectDrawerProps['onSearchCompany'] }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="h4">
        {c.name}
      </Title>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label="Domain">{c.domain}</Fact>
        <Fact label="Industry">{c.industry}</Fact>
        <Fact label="Employees">{c.employeeRange}</Fact>
        <Fact label="Annual revenue">{c.revenueRange ? revenueRangeLabels[c.revenueRange] : null}</Fact>
        <Fact label="Location">{place(c)}</Fact>
      </SimpleGrid>
      <Button
        variant="light"
        leftSection={<IconUsers size={16} aria-hidden="true" />}
        onClick={() => onSearchCompany({ name: c.name, domain: c.domain })}
        w="fit-content"
      >
        Find {n.format(c.peopleCount)} {c.peopleCount === 1 ? 'person' : 'people'} at {c.name}
      </Button>
    </Stack>
  );
}
