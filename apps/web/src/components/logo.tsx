import { Group, Text } from '@mantine/core';

type LogoProps = {
  /** Size of the mark in px; the word scales with it. */
  size?: number;
  withWordmark?: boolean;
};

/** The Leadtrail mark: a trail turning into a lead. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-8)" />
      <path
        d="M9 8v16h14"
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="22" cy="10" r="3" fill="var(--mantine-color-blue-2)" />
    </svg>
  );
}

export function Logo({ size = 28, withWordmark = true }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <LogoMark size={size} />
      {withWordmark && (
        <Text component="span" fw={700} fz={size * 0.68} lh={1} c="var(--mantine-color-text)">
          Leadtrail
        </Text>
      )}
    </Group>
  );
}
