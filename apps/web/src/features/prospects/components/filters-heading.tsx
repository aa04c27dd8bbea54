import { Button, Group, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

/** A filter panel's first line (people and companies): "Filters" and "Clear all (N)", off when nothing is set. */
export function FiltersHeading({ active, keywords, onClear }: { active: number; keywords: boolean; onClear: () => void }) {
  return (
    <Group justify="space-between">
      <Text fw={700} size="sm">
        Filters
      </Text>
      <Button variant="subtle" size="compact-xs" leftSection={<IconFilterOff size={14} aria-hidden="true" />} disabled={active === 0 && !keywords} onClick={onClear}>
        Clear all{active > 0 ? ` (${active})` : ''}
      </Button>
    </Group>
  );
}
