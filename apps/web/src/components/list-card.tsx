import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api-client';

type ListCardProps<T> = {
  title: string;
  /** The header's link to the whole list. */
  link: { to: string; label: string };
  query: UseQueryResult<{ data: T[] }>;
  /** Height of each of the three loading rows. */
  skeletonHeight: number;
  /** Offers "Try again" beside the error. */
  retry?: boolean;
  /** What to say, and the first thing to do, when the list is empty. */
  empty: { text: string; action: ReactNode };
  /** The rows, once there are some. */
  children: (rows: T[]) => ReactNode;
};

/** A dashboard card with a short list: its header, then loading rows, the error, an empty state or the list. */
export function ListCard<T>({ title, link, query, skeletonHeight, retry, empty, children }: ListCardProps<T>) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Anchor component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      </Group>
      {query.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={skeletonHeight} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Group justify="space-between">
          <Text size="sm" c="red.8">
            {errorMessage(query.error)}
          </Text>
          {retry && (
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </Group>
      ) : query.data.data.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text size="sm" c="dimmed">
            {empty.text}
          </Text>
          {empty.action}
        </Stack>
      ) : (
        children(query.data.data)
      )}
    </Card>
  );
}
