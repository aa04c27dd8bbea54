import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { startDownload } from './export-url';

type ExportControlProps = {
  /** "Export", "Export selected". */
  label: string;
  /** The file of the visible columns (the button) and of every field (the menu's other choice). */
  hrefs: { visible: string; all: string };
  /** The page's own dialog before the download (suppressed contacts); a plain download without it. */
  onChoose?: (href: string) => void;
};

/** The export button (the visible columns) with a menu for all fields, custom fields included. */
export function ExportControl({ label, hrefs, onChoose }: ExportControlProps) {
  const choose = (href: string) => (onChoose ? onChoose(href) : startDownload(href));
  const icon = <IconDownload size={14} aria-hidden="true" />;
  return (
    <Group gap={0} wrap="nowrap">
      {onChoose ? (
        <Button variant="default" size="xs" leftSection={icon} onClick={() => choose(hrefs.visible)} style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}>
          {label}
        </Button>
      ) : (
        <Button component="a" href={hrefs.visible} download variant="default" size="xs" leftSection={icon} style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}>
          {label}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={30} aria-label={`${label}: more choices`} style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}>
            <IconChevronDown size={14} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => choose(hrefs.visible)}>The visible columns</Menu.Item>
          <Menu.Item onClick={() => choose(hrefs.all)}>All fields, custom fields included</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
