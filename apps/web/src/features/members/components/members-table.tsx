import type { Member, MemberList, Role } from '@leadtrail/contracts';
import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconCrown, IconDots, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useMemberCreditLimits, useUpdateMember } from '../api/members';
import { CreditLimitCell } from './credit-limit-cell';
import { roleDescription, roleLabel } from './role-labels';
import { ReassignRecordsModal } from './reassign-records-modal';
import { TransferOwnershipModal } from './transfer-ownership-modal';

type MembersTableProps = {
  list: MemberList;
  /** The caller's role: what they may change follows from it. */
  viewerRole: Role;
};

const numberFormat = new Intl.NumberFormat();

/** Why the caller can't change this member's role or status, or null when they can. */
export function lockReason(member: Member, viewerRole: Role): string | null {
  if (member.role === 'owner')
    return "The owner's role and status can't be changed. The owner can transfer ownership first.";
  if (member.isYou) return "You can't change your own role or deactivate yourself.";
  if (viewerRole !== 'owner' && member.role === 'admin')
    return 'Only the owner can change or deactivate another admin.';
  return null;
}

export function MembersTable({ list, viewerRole }: MembersTableProps) {
  const update = useUpdateMember();
  const limits = useMemberCreditLimits(viewerRole !== 'member');
  const [transferTo, setTransferTo] = useState<Member | null>(null);
  const [reassignFrom, setReassignFrom] = useState<Member | null>(null);

  const changeRole = (member: Member, role: 'admin' | 'member') =>
    update.mutate(
      { id: member.id, body: { role } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `${member.name} is now ${role === 'admin' ? 'an admin' : 'a member'}`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Role not changed', message: errorMessage(error) }),
      },
    );

  const setStatus = (member: Member, status: 'active' | 'deactivated') =>
    update.mutate(
      { id: member.id, body: { status } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message:
              status === 'deactivated'
                ? `${member.name} was deactivated and signed out`
                : `${member.name} is active again`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: status === 'deactivated' ? 'Not deactivated' : 'Not reactivated',
            message: errorMessage(error),
          }),
      },
    );

  const confirmDeactivate = (member: Member) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Deactivate ${member.name}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            1 member will be signed out at once; their sessions and API keys stop working and they can&apos;t sign in to
            this workspace.
          </Text>
          <Text size="sm" c="dimmed">
            Their contacts, companies and lists stay. You can reactivate them later if a seat is free.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Deactivate member', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => setStatus(member, 'deactivated'),
    });

  const rows = list.data.map((member) => {
    const locked = lockReason(member, viewerRole);
    const canTransfer = viewerRole === 'owner' && !member.isYou && member.status === 'active';
    // mostly for someone who left: their records go to a colleague
    const canReassign =
      member.status === 'deactivated' && list.data.some((m) => m.status === 'active' && m.id !== member.id);
    const roleCell = locked ? (
      <Tooltip label={locked} multiline w={260} withArrow>
        <Badge variant="default" tabIndex={0} tt="none">
          {roleLabel[member.role]}
        </Badge>
      </Tooltip>
    ) : (
      <Select
        aria-label={`Role of ${member.name}`}
        size="xs"
        w={120}
        allowDeselect={false}
        value={member.role}
        data={[
          { value: 'admin', label: 'Admin' },
          { value: 'member', label: 'Member' },
        ]}
        onChange={(value) => {
          if (value && value !== member.role) changeRole(member, value as 'admin' | 'member');
        }}
        disabled={update.isPending}
        comboboxProps={{ withinPortal: true }}
      />
    );

    return (
      <Table.Tr key={member.id} data-testid={`member-${member.email}`}>
        <Table.Td>
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {member.name}
              </Text>
              {member.isYou && (
                <Badge size="xs" variant="default" tt="none">
                  You
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {member.email}
              {member.jobTitle ? ` · ${member.jobTitle}` : ''}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td>{roleCell}</Table.Td>
        <Table.Td>
          <Badge variant="dot" color={member.status === 'active' ? 'green' : 'gray'} tt="none">
            {member.status === 'active' ? 'Active' : 'Deactivated'}
          </Badge>
        </Table.Td>
        <Table.Td>
          {member.lastActiveAt ? (
            <RelativeTime iso={member.lastActiveAt} />
          ) : (
            <Text size="xs" c="dimmed">
              Never
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">
          {/* the ledger's figure when it is loaded (the member list's own count may lag behind it) */}
          <Text size="sm">
            {numberFormat.format(
              limits.data?.data.find((l) => l.memberId === member.id)?.usedThisPeriod ?? member.creditsUsedThisPeriod,
            )}
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          <CreditLimitCell
            member={member}
            limit={limits.data?.data.find((l) => l.memberId === member.id)}
            editable={viewerRole !== 'member' && member.status === 'active'}
          />
        </Table.Td>
        <Table.Td ta="right">
          {locked && !canTransfer && !canReassign ? (
            <Tooltip label={locked} multiline w={260} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`No actions for ${member.name}: ${locked}`}
                data-disabled
              >
                <IconDots size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${member.name}`}>
                  <IconDots size={16} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {!locked &&
                  (member.status === 'active' ? (
                    <Menu.Item
                      color="red"
                      leftSection={<IconUserOff size={16} aria-hidden="true" />}
                      onClick={() => confirmDeactivate(member)}
                    >
                      Deactivate
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconUserCheck size={16} aria-hidden="true" />}
                      onClick={() => setStatus(member, 'active')}
                    >
                      Reactivate
                    </Menu.Item>
                  ))}
                {canReassign && (
                  <Menu.Item
                    leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
                    onClick={() => setReassignFrom(member)}
                  >
                    Reassign records…
                  </Menu.Item>
                )}
                {canTransfer && (
                  <Menu.Item
                    leftSection={<IconCrown size={16} aria-hidden="true" />}
                    onClick={() => setTransferTo(member)}
                  >
                    Make owner…
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <>
      <Paper withBorder radius="md">
        {/* fits beside the icon sidebar at 1024 px: Last active, Credits and Actions stay in view */}
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th w={140}>
                  <Tooltip
                    label={
                      <Stack gap={2}>
                        {(['owner', 'admin', 'member'] as const).map((r) => (
                          <Text key={r} size="xs">
                            <b>{roleLabel[r]}</b>: {roleDescription[r]}
                          </Text>
                        ))}
                      </Stack>
                    }
                    multiline
                    w={320}
                    withArrow
                  >
                    <Text span size="sm" fw={700} tabIndex={0} td="underline dotted">
                      Role
                    </Text>
                  </Tooltip>
                </Table.Th>
                <Table.Th w={120}>Status</Table.Th>
                <Table.Th w={110}>Last active</Table.Th>
                <Table.Th ta="right" w={110}>
                  Credits used this period
                </Table.Th>
                <Table.Th ta="right" w={170}>
                  Monthly credit limit
                </Table.Th>
                <Table.Th ta="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <TransferOwnershipModal member={transferTo} onClose={() => setTransferTo(null)} />
      <ReassignRecordsModal member={reassignFrom} members={list.data} onClose={() => setReassignFrom(null)} />
    </>
  );
}
