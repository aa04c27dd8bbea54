import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** "3 hr. ago" in the user's locale; under a minute is "just now". */
export function relativeTime(date: Date, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

type RelativeTimeProps = TextProps & { iso: string };

/** A relative time with the exact time (user's time zone) on hover and focus. */
export function RelativeTime({ iso, ...textProps }: RelativeTimeProps) {
  const date = new Date(iso);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Tooltip label={exact.format(date)} openDelay={300} withArrow>
      <Text component="time" dateTime={iso} tabIndex={0} size="xs" c="dimmed" {...textProps}>
        {relativeTime(date)}
      </Text>
    </Tooltip>
  );
}

export const formatExact = (iso: string) => exact.format(new Date(iso));
