import { suppressionReasonLabels, type SuppressionMatch } from '@leadtrail/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';

/** "Domain acme.com (and its subdomains) · Customer": the entry that suppresses a record. */
export function suppressionMatchText(match: SuppressionMatch): string {
  const what =
    match.kind === 'domain'
      ? `domain ${match.value} (and its subdomains)`
      : match.kind === 'hash'
        ? 'a hashed email on the list'
        : `email ${match.value}`;
  return `Suppressed by ${what} · ${suppressionReasonLabels[match.reason]}`;
}

type SuppressedBadgeProps = {
  /** The matching entry; without it the badge says only "Suppressed". */
  match?: SuppressionMatch | null;
  size?: 'xs' | 'sm' | 'md';
};

/**
 * The "suppressed" flag of a contact (grids, detail pages): a badge that names the matching
 * entry on hover or focus and opens the suppression list filtered to it.
 */
export function SuppressedBadge({ match, size = 'sm' }: SuppressedBadgeProps) {
  const label = match ? suppressionMatchText(match) : 'On the suppression list: not to be contacted or exported';
  const to = match ? `/lists/suppression-list?q=${encodeURIComponent(match.value)}` : '/lists/suppression-list';
  return (
    <Tooltip label={label} withArrow multiline maw={320} openDelay={150}>
      <Badge
        component={Link}
        to={to}
        color="red"
        variant="light"
        radius="sm"
        size={size}
        tt="none"
        leftSection={<IconBan size={12} aria-hidden="true" />}
        aria-label={label}
        style={{ cursor: 'pointer', flexShrink: 0 }}
        onClick={(event) => event.stopPropagation()}
        data-testid="suppressed-badge"
      >
        Suppressed
      </Badge>
    </Tooltip>
  );
}
