import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type AuthPanelProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Below the card: e.g. "Don't have an account? Create one". */
  footer?: ReactNode;
};

/** The card of the sign-in, registration and reset screens. */
export function AuthPanel({ title, description, children, footer }: AuthPanelProps) {
  useDocumentTitle(`${title} · Leadtrail`);
  return (
    <Stack gap="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz="h3">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Text ta="center" size="sm">
          {footer}
        </Text>
      )}
    </Stack>
  );
}
