import { EmptyState as MantineEmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** The first thing to do here: a button or a link. */
  action?: ReactNode;
  /** Draws a bordered panel around it (default), or sits plain inside another card. */
  withBorder?: boolean;
};

export function EmptyState({ icon, title, text, action, withBorder = true }: EmptyStateProps) {
  const content = (
    <MantineEmptyState
      icon={icon}
      variant="light"
      title={title}
      description={text}
      py="xl"
      px="md"
    >
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
  if (!withBorder) return content;
  return (
    <Paper withBorder radius="md" py="xl">
      {content}
    </Paper>
  );
}
