import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled panel of a detail page ("Contact", "Company", "Custom fields"). */
export function RecordSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="h4" id={id} style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          {title}
          {actions}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
