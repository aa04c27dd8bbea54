import { Progress, Stack, Text } from '@mantine/core';
import { useVerificationUsage } from '../api/credits';

const n = new Intl.NumberFormat();

/** Email verifications this month beside the credits (PRODUCT.md 4a): included by the plan, used. */
export function VerificationUsage() {
  const usage = useVerificationUsage();
  if (!usage.data) return null;
  const { used, included } = usage.data;
  const left = Math.max(0, included - used);
  return (
    <Stack gap={4} data-testid="verification-usage">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        Email verifications
      </Text>
      <Text fw={700}>
        {n.format(used)} of {n.format(included)} used this month
      </Text>
      <Progress value={included ? Math.min(100, (used / included) * 100) : 100} color={left === 0 ? 'red' : 'blue'} size="sm" aria-label="Email verifications used" />
      <Text size="xs" c="dimmed">
        {left === 0 ? 'None left: verification jobs stop until next month or an upgrade' : 'Results cached within 30 days are free'}
      </Text>
    </Stack>
  );
}
