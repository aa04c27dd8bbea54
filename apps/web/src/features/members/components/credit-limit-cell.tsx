import type { Member, MemberCreditLimit } from '@leadtrail/contracts';
import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useSetCreditLimit } from '../api/members';

const n = new Intl.NumberFormat();

/** The limit as words: "Unlimited", "200 (150 left)". */
export function limitText(limit: MemberCreditLimit | undefined): string {
  if (!limit || limit.limit === null) return 'Unlimited';
  return `${n.format(limit.limit)} (${n.format(limit.remaining ?? 0)} left)`;
}

/** Parses the limit field: blank = unlimited, else a whole number ≥ 0 (or an error in words). */
export function parseLimit(value: string | number): { limit: number | null } | { error: string } {
  if (value === '' || value === null) return { limit: null };
  const v = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(v) || v < 0) return { error: 'A limit is a whole number of credits, 0 or more (blank: unlimited)' };
  return { limit: v };
}

/** A member's monthly credit limit on the Users page; owner/admin edit it in place. */
export function CreditLimitCell({ member, limit, editable }: { member: Member; limit: MemberCreditLimit | undefined; editable: boolean }) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetCreditLimit();

  const open = () => {
    setValue(limit?.limit ?? '');
    setError(null);
    setOpened(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLimit(value);
    if ('error' in parsed) return setError(parsed.error);
    save.mutate(
      { id: member.id, limit: parsed.limit },
      {
        onSuccess: () => {
          setOpened(false);
          notifications.show({
            color: 'green',
            message: parsed.limit === null ? `${member.name} has no credit limit` : `${member.name} can spend ${n.format(parsed.limit)} credits a month`,
          });
        },
        onError: (e) => setError(isApiError(e) ? (e.errors[0]?.message ?? errorMessage(e)) : errorMessage(e)),
      },
    );
  };

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Text size="sm" data-testid={`credit-limit-${member.email}`}>
        {limitText(limit)}
      </Text>
      {editable && (
        <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
          <Popover.Target>
            <Tooltip label="Change the monthly credit limit">
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Change the monthly credit limit of ${member.name}`} onClick={open}>
                <IconPencil size={14} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown>
            <form onSubmit={submit}>
              <Stack gap="xs" w={240}>
                <NumberInput
                  label="Monthly credit limit"
                  description="Blank: unlimited"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  value={value}
                  onChange={setValue}
                  error={error}
                  data-autofocus
                />
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" size="xs" loading={save.isPending}>
                    Save limit
                  </Button>
                </Group>
              </Stack>
            </form>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
