import { Alert, List, Text } from '@mantine/core';

type Props = {
  /** What stops the step, in plain words (null: nothing). */
  message: string | null;
  /** The problems by what they concern ("Column “Email”"), each in plain words. */
  problems?: { label: string; message: string }[];
};

/**
 * Why a step's button did not go on, shown next to that button: a problem reported on a field
 * far up the page is otherwise missed.
 */
export function StepError({ message, problems = [] }: Props) {
  if (!message && problems.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" aria-live="assertive" title={message ?? undefined}>
      {problems.length > 0 && (
        <List size="sm" spacing={2}>
          {problems.map((p) => (
            <List.Item key={p.label}>
              <Text span size="sm" fw={600}>
                {p.label}:
              </Text>{' '}
              {p.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
