import type { FacetBucket } from '@leadtrail/contracts';
import { Button, Checkbox, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';

/** `count` is null while the search's counts are not known yet (never shown as 0). */
export type FacetOption = { value: string; label: string; count: number | null };

const n = new Intl.NumberFormat();

/** Options of a fixed set (enum) in their own order, each with its count for the search (0 when none, null until counted). */
export function enumOptions(values: readonly string[], labels: Record<string, string> | null, buckets: FacetBucket[] | undefined): FacetOption[] {
  const counts = new Map((buckets ?? []).map((b) => [b.value, b.count]));
  return values.map((value) => ({ value, label: labels?.[value] ?? value, count: buckets ? (counts.get(value) ?? 0) : null }));
}

/** Options of an open set (industry, country): the counted values, biggest first, and chosen ones without a match. */
export function openOptions(buckets: FacetBucket[] | undefined, selected: string[]): FacetOption[] {
  const options: FacetOption[] = (buckets ?? []).map((b) => ({ value: b.value, label: b.value, count: b.count }));
  for (const value of selected) if (!options.some((o) => o.value === value)) options.push({ value, label: value, count: buckets ? 0 : null });
  return options;
}

type FacetCheckboxesProps = {
  /** Names the group for screen readers ("Seniority"). */
  label: string;
  /** Also shows the label above the values (where the section's title doesn't already say it). */
  heading?: boolean;
  options: FacetOption[];
  selected: string[];
  onToggle: (value: string) => void;
  /** Shows this many, then "Show all". */
  limit?: number;
  loading?: boolean;
};

/** A filter's values as checkboxes, each with how many people of the search it holds. */
export function FacetCheckboxes({ heading, ...props }: FacetCheckboxesProps) {
  if (!heading) return <FacetValues {...props} />;
  // a fragment: the heading and the values stay two items of the caller's stack
  return (
    <>
      <Text size="xs" fw={600}>
        {props.label}
      </Text>
      <FacetValues {...props} />
    </>
  );
}

/** A value's count; a short placeholder while counting, never a 0 that isn't one. */
export function FacetCount({ count, testId }: { count: number | null; testId?: string }) {
  if (count === null)
    return (
      <>
        <Skeleton height={10} width={28} radius="sm" style={{ flexShrink: 0 }} aria-hidden="true" />
        <VisuallyHidden>counting</VisuallyHidden>
      </>
    );
  return (
    <Text size="xs" c="dimmed" ta="right" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }} data-testid={testId}>
      {n.format(count)}
    </Text>
  );
}

function FacetValues({ label, options, selected, onToggle, limit = 8, loading }: Omit<FacetCheckboxesProps, 'heading'>) {
  const [all, setAll] = useState(false);
  // chosen values always stay in view
  const shown = all ? options : options.filter((o, i) => i < limit || selected.includes(o.value));
  if (options.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {loading ? 'Counting…' : 'No values for this search'}
      </Text>
    );
  return (
    // 20 px boxes 8 px apart: each target keeps 24 px to itself (WCAG 2.2 target size)
    <Stack gap={8} role="group" aria-label={label}>
      {shown.map((o) => (
        <Checkbox
          key={o.value}
          size="sm"
          checked={selected.includes(o.value)}
          onChange={() => onToggle(o.value)}
          // a long value truncates (whole in its title); its count keeps its place at the right
          styles={{ body: { width: '100%' }, labelWrapper: { flex: 1, minWidth: 0 }, label: { display: 'block' } }}
          label={
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c={o.count === 0 && !selected.includes(o.value) ? 'dimmed' : undefined} truncate="end" title={o.label} miw={0}>
                {o.label}
              </Text>{' '}
              <FacetCount count={o.count} testId={`facet-count-${label}-${o.value}`} />
            </Group>
          }
        />
      ))}
      {options.length > shown.length && (
        <Button variant="subtle" size="compact-xs" onClick={() => setAll(true)} w="fit-content">
          Show all {options.length}
        </Button>
      )}
      {all && options.length > limit && (
        <Button variant="subtle" size="compact-xs" onClick={() => setAll(false)} w="fit-content">
          Show fewer
        </Button>
      )}
    </Stack>
  );
}
