import { emailStatusLabels, type Prospect, type RevealFields, type VerifiedEmailStatus } from '@leadtrail/contracts';
import { Anchor, Badge, Button, Checkbox, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAddressBook, IconBan, IconChevronDown, IconEye, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { emailDisplay, fullName, phoneDisplay, revealable, type ContactDisplay } from '../utils/masked-display';
import classes from './prospects-table.module.css';

const statusColor: Record<VerifiedEmailStatus, string> = { valid: 'green', risky: 'yellow', invalid: 'red', unknown: 'gray' };

function Detail({ d }: { d: ContactDisplay }) {
  if (d.missing)
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {d.text}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      {d.revealed ? (
        <IconEye size={14} aria-hidden="true" color="var(--mantine-color-green-7)" style={{ flexShrink: 0 }} />
      ) : (
        <IconLock size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      )}
      <Text size="sm" ff="monospace" aria-label={d.srText} truncate="end">
        {d.text}
      </Text>
    </Group>
  );
}

type ProspectRowProps = {
  person: Prospect;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onReveal: (fields: RevealFields) => void;
  /** Opens the person's profile drawer. */
  onOpen: () => void;
};

/** One person of the search: who, where, masked details with their markers, and the per-row reveal. */
export function ProspectRow({ person: p, selected, onSelect, onReveal, onOpen }: ProspectRowProps) {
  const name = fullName(p);
  const can = revealable(p);
  const email = emailDisplay(p);
  const phone = phoneDisplay(p);
  const location = [p.city, p.region, p.country].filter(Boolean).join(', ');
  const companyFacts = [p.industry, p.employeeRange ? `${p.employeeRange} employees` : null].filter(Boolean).join(' · ');
  return (
    <Table.Tr
      data-testid={`prospect-${p.id}`}
      data-selected={selected || undefined}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td className={classes.select}>
        <Checkbox aria-label={`Select ${name}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} size="sm" />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Anchor component="button" type="button" size="sm" fw={600} c="var(--mantine-color-text)" underline="hover" truncate="end" title={name} onClick={onOpen} aria-label={`Open the profile of ${name}`} ta="left" miw={0}>
              {name}
            </Anchor>
            {p.suppressed && (
              <Tooltip label="On your suppression list: can't be revealed or contacted">
                <Badge color="red" variant="light" size="xs" tt="none" leftSection={<IconBan size={10} aria-hidden="true" />} tabIndex={0}>
                  Suppressed
                </Badge>
              </Tooltip>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate="end" title={p.jobTitle ?? undefined}>
            {p.jobTitle ?? 'No title'}
          </Text>
          {location && (
            <Text size="xs" c="dimmed" truncate="end" title={location}>
              {location}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" truncate="end" title={p.companyName ?? undefined}>
            {p.companyName ?? '—'}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" title={companyFacts || undefined}>
            {companyFacts}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Detail d={email} />
            {p.emailStatus && (
              <Badge size="xs" variant="dot" color={statusColor[p.emailStatus]} tt="none" style={{ flexShrink: 0 }}>
                {emailStatusLabels[p.emailStatus]}
              </Badge>
            )}
          </Group>
          <Detail d={phone} />
        </Stack>
      </Table.Td>
      {/* sticky: Reveal stays in reach whatever the table's width */}
      <Table.Td className={classes.actions}>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          {p.contactId && (
            <Tooltip label={p.revealed.email || p.revealed.phone ? 'Revealed: open the contact' : 'Already in your contacts: open it'}>
              {/* the text colour, underlined: the anchor blue is too faint on a selected row's tint */}
              <Anchor component={Link} to={`/my-contacts/contacts/${p.contactId}`} size="xs" c="var(--mantine-color-text)" underline="always" aria-label={`Open ${name} in your contacts`}>
                <Group gap={2} wrap="nowrap">
                  <IconAddressBook size={14} aria-hidden="true" />
                  {p.revealed.email || p.revealed.phone ? 'Revealed' : 'In contacts'}
                </Group>
              </Anchor>
            </Tooltip>
          )}
          {p.suppressed ? null : can.email || can.phone ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="light" rightSection={<IconChevronDown size={12} aria-hidden="true" />} aria-label={`Reveal details of ${name}`}>
                  Reveal
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item disabled={!can.email} onClick={() => onReveal('email')}>
                  Email · 1 credit
                </Menu.Item>
                <Menu.Item disabled={!can.phone} onClick={() => onReveal('phone')}>
                  Phone · 5 credits
                </Menu.Item>
                <Menu.Item disabled={!can.email || !can.phone} onClick={() => onReveal('both')}>
                  Email and phone · 6 credits
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : !p.contactId ? (
            <Text size="xs" c="dimmed">
              Nothing to reveal
            </Text>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
