import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client';

type RetryAlertProps = {
  /** What could not be done ("The search could not run"). */
  title: string;
  error: unknown;
  onRetry: () => void;
};

/** A failed query in place of its content: the API's message and "Try again". */
export function RetryAlert({ title, error, onRetry }: RetryAlertProps) {
  return (
    <Alert color="red" title={title}>
      <Group justify="space-between">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
