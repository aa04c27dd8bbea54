import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import {
  importPhaseLabels,
  importStatusLabels,
  importTargetLabels,
  type Import,
  type ImportStatus,
  type StandardImportTarget,
} from '@leadtrail/contracts';

const STATUS_COLORS: Record<ImportStatus, string> = {
  uploaded: 'gray',
  mapping: 'gray',
  queued: 'blue',
  processing: 'blue',
  completed: 'green',
  completed_with_errors: 'yellow',
  failed: 'red',
  cancelled: 'gray',
};

export const numberFormat = new Intl.NumberFormat();

export function ImportStatusBadge({ imp }: { imp: Pick<Import, 'status' | 'cancelRequested' | 'undoneAt'> }) {
  const label = imp.status === 'processing' && imp.cancelRequested ? 'Cancelling' : importStatusLabels[imp.status];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[imp.status]} variant="dot" radius="sm" tt="none" maw="none" styles={{ label: { overflow: 'visible' } }}>
        {label}
      </Badge>
      {imp.undoneAt && (
        <Badge color="gray" variant="dot" radius="sm" tt="none">
          Undone
        </Badge>
      )}
    </Group>
  );
}

/** "1 min 5 s", "350 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function importDuration(imp: Pick<Import, 'startedAt' | 'finishedAt' | 'status'>): string | null {
  if (!imp.startedAt) return null;
  const end = imp.finishedAt ? new Date(imp.finishedAt).getTime() : Date.now();
  return formatDuration(end - new Date(imp.startedAt).getTime());
}

const isRunning = (imp: Pick<Import, 'status'>) => imp.status === 'queued' || imp.status === 'processing';

/** The progress bar of a running import, with rows, phase, rate and time left. */
export function ImportProgress({ imp, compact = false }: { imp: Import; compact?: boolean }) {
  const p = imp.progress;
  const percent = Math.round(p.fraction * 100);
  const total = `${p.rowsTotalExact ? '' : '~'}${numberFormat.format(p.rowsTotal)}`;
  const done = p.phase === 'reading' ? p.rowsRead : p.rowsDone;
  const left = p.secondsLeft !== null ? `about ${formatDuration(p.secondsLeft * 1000)} left` : null;
  const label = `${importPhaseLabels[p.phase]}: ${numberFormat.format(done)} of ${total} rows`;
  return (
    <Stack gap={4} miw={compact ? 160 : undefined}>
      <Progress
        value={isRunning(imp) ? Math.max(2, percent) : percent}
        animated={isRunning(imp)}
        aria-label={`Import progress, ${percent}%`}
        size={compact ? 'sm' : 'md'}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {compact ? `${percent}% · ${numberFormat.format(done)} / ${total}` : label}
        {!compact && p.rowsPerSecond > 0 && isRunning(imp) ? ` · ${numberFormat.format(p.rowsPerSecond)} rows/s` : ''}
        {!compact && left && isRunning(imp) ? ` · ${left}` : ''}
      </Text>
    </Stack>
  );
}

/** "12 created · 3 updated · 1 duplicate · 2 errors · 1 warning" (zeros left out). */
export function countsSummary(counts: Import['counts']): string {
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${numberFormat.format(n)} ${n === 1 ? one : many}`);
  };
  add(counts.created, 'created', 'created');
  add(counts.updated, 'updated', 'updated');
  add(counts.duplicates, 'duplicate', 'duplicates');
  add(counts.suppressed, 'suppressed', 'suppressed');
  add(counts.errors, 'error', 'errors');
  // rows imported without some values (not a part of the sum above)
  add(counts.warnings, 'warning', 'warnings');
  return parts.length ? parts.join(' · ') : 'No rows yet';
}

/** A mapping target as a person reads it. */
export function targetLabel(target: string): string {
  if (target === 'ignore') return "Don't import";
  if (target.startsWith('custom:')) return `Custom field: ${target.slice(7)}`;
  if (target.startsWith('new-custom:')) return `New custom field: ${target.slice(11)}`;
  return importTargetLabels[target as StandardImportTarget] ?? target;
}
