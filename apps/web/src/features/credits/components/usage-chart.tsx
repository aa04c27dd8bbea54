import { creditFeatureLabels, creditFeatures, type CreditFeature, type CreditUsage } from '@leadtrail/contracts';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { creditsText } from '../../../lib/count-text';
import { featuresIn, niceMax, usageByDay } from '../utils/usage-series';

/** Colours by feature (Mantine's palette: contrast holds in both themes). */
const colors: Record<CreditFeature, string> = {
  prospect_email: 'var(--mantine-color-blue-6)',
  prospect_phone: 'var(--mantine-color-grape-6)',
  import_enrich: 'var(--mantine-color-teal-6)',
  email_finder: 'var(--mantine-color-cyan-6)',
  plan: 'var(--mantine-color-gray-6)',
  purchase: 'var(--mantine-color-yellow-6)',
  adjustment: 'var(--mantine-color-orange-6)',
};

const n = new Intl.NumberFormat();
const HEIGHT = 160;

type UsageChartProps = { usage: CreditUsage['data']; from: string; to: string; title: string };

/**
 * Credits spent per day, stacked by feature: a plain SVG bar chart (no chart library is installed),
 * with a data table for screen readers and each bar's figures on hover.
 */
export function UsageChart({ usage, from, to, title }: UsageChartProps) {
  const days = usageByDay(usage, from, to);
  const features = featuresIn(days, creditFeatures);
  const top = niceMax(Math.max(0, ...days.map((d) => d.total)));
  const total = days.reduce((s, d) => s + d.total, 0);
  const width = Math.max(days.length, 1);

  return (
    <Box component="figure" m={0} data-testid="usage-chart">
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed" component="figcaption">
          {title}: {creditsText(total)}
        </Text>
        <Group gap="sm">
          {features.map((f) => (
            <Group key={f} gap={4} wrap="nowrap">
              <Box w={10} h={10} style={{ background: colors[f], borderRadius: 2 }} aria-hidden="true" />
              <Text size="xs">{creditFeatureLabels[f]}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap" align="stretch">
        <Box style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }} aria-hidden="true">
          <Text size="xs" c="dimmed">
            {n.format(top)}
          </Text>
          <Text size="xs" c="dimmed">
            0
          </Text>
        </Box>
        <svg
          viewBox={`0 0 ${width * 10} ${HEIGHT}`}
          preserveAspectRatio="none"
          width="100%"
          height={HEIGHT}
          aria-hidden="true"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          {days.map((d, i) => {
            let y = HEIGHT;
            return (
              <g key={d.day}>
                <title>{`${dayjs(d.day).format('D MMM')}: ${creditsText(d.total)}`}</title>
                <rect x={i * 10} y={0} width={10} height={HEIGHT} fill="transparent" />
                {features.map((f) => {
                  const v = Math.max(0, d.byFeature[f] ?? 0);
                  if (v === 0) return null;
                  const h = (v / top) * HEIGHT;
                  y -= h;
                  return <rect key={f} x={i * 10 + 1.5} y={y} width={7} height={h} fill={colors[f]} />;
                })}
              </g>
            );
          })}
        </svg>
      </Group>
      {days.length > 0 && (
        <Group justify="space-between" pl={28} aria-hidden="true">
          <Text size="xs" c="dimmed">
            {dayjs(days[0]!.day).format('D MMM')}
          </Text>
          <Text size="xs" c="dimmed">
            {dayjs(days[days.length - 1]!.day).format('D MMM')}
          </Text>
        </Group>
      )}
      <VisuallyHidden>
        <table>
          <caption>{title}, credits per day and feature</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {features.map((f) => (
                <th key={f} scope="col">
                  {creditFeatureLabels[f]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.total !== 0)
              .map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  {features.map((f) => (
                    <td key={f}>{d.byFeature[f] ?? 0}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
