import { FILE_RETENTION_DEFAULT_DAYS } from '@leadtrail/contracts';
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { usePrivacySettings, useUpdatePrivacySettings } from '../api/privacy';

/** Settings → Privacy: how long uploaded files and their error reports are kept. */
export function RetentionForm() {
  const settings = usePrivacySettings();
  const update = useUpdatePrivacySettings();
  const [days, setDays] = useState<number | string>(FILE_RETENTION_DEFAULT_DAYS);
  const [error, setError] = useState<string | null>(null);
  const saved = settings.data?.fileRetentionDays;
  useEffect(() => {
    if (saved !== undefined) setDays(saved);
  }, [saved]);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 3650) {
      setError('Enter a number of days from 1 to 3650');
      return;
    }
    setError(null);
    update.mutate(
      { fileRetentionDays: n },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Uploaded files are now kept ${n} days` }),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4">
              Retention
            </Title>
            <Text size="sm" c="dimmed" maw={560}>
              Uploaded files and their error reports are deleted this many days after upload. The imports stay in the
              history with their counts, and the records they created are not touched.
            </Text>
          </div>
          {settings.isPending ? (
            <Skeleton height={56} maw={240} />
          ) : (
            <Group align="flex-end">
              <NumberInput
                label="Keep uploaded files (days)"
                min={1}
                max={3650}
                allowDecimal={false}
                value={days}
                onChange={setDays}
                error={error}
                w={240}
              />
              <Button type="submit" loading={update.isPending} disabled={Number(days) === saved}>
                Save retention
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
