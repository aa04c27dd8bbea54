import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A table's sideways scroll area that the keyboard can reach: on a phone a wide table scrolls,
 * and a table of plain text (no link or button inside) would leave keyboard users no way to
 * scroll it. The scroll area is a named region and a focus stop (arrow keys then scroll it).
 */
export function ScrollTable({ label, children, ...rest }: Omit<TableScrollContainerProps, 'scrollAreaProps'> & { label: string }) {
  return (
    <Table.ScrollContainer {...rest} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
      {children}
    </Table.ScrollContainer>
  );
}
