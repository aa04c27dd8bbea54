import { ActionIcon, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export const moveItem = <T,>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved as T);
  return next;
};

type SortableListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  onReorder: (items: T[]) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** Announced for screen readers, e.g. "columns". */
  noun: string;
  disabled?: boolean;
};

/**
 * A list reordered by dragging the grip, or with the keyboard: focus a grip and use the
 * arrow keys (Home/End jump to the ends). Moves are announced in a live region.
 */
export function SortableList<T>({
  items,
  getKey,
  getLabel,
  onReorder,
  renderItem,
  noun,
  disabled,
}: SortableListProps<T>) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const hintId = useId();

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from] as T;
    onReorder(moveItem(items, from, to));
    setAnnouncement(`${getLabel(item)} moved to position ${to + 1} of ${items.length}`);
    // Focus follows the moved item once React has re-rendered it in its new place.
    requestAnimationFrame(() => handles.current.get(getKey(item))?.focus());
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(index, target);
  };

  return (
    <Box>
      <VisuallyHidden id={hintId}>
        Drag to reorder, or focus the handle and use the arrow keys to move the item up or down.
      </VisuallyHidden>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Order of ${noun}`}>
        {items.map((item, index) => {
          const key = getKey(item);
          return (
            <Box
              component="li"
              key={key}
              draggable={!disabled}
              onDragStart={(event) => {
                setDragIndex(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', key);
              }}
              onDragOver={(event) => {
                if (dragIndex === null) return;
                event.preventDefault();
                setOverIndex(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragIndex !== null) move(dragIndex, index);
                setDragIndex(null);
                setOverIndex(null);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setOverIndex(null);
              }}
              style={{
                borderTop:
                  overIndex === index && dragIndex !== null && dragIndex > index
                    ? '2px solid var(--mantine-primary-color-filled)'
                    : '2px solid transparent',
                borderBottom:
                  overIndex === index && dragIndex !== null && dragIndex < index
                    ? '2px solid var(--mantine-primary-color-filled)'
                    : '2px solid transparent',
                opacity: dragIndex === index ? 0.5 : 1,
              }}
            >
              <Group gap="xs" wrap="nowrap" py={2}>
                {!disabled && (
                  <ActionIcon
                    ref={(node) => {
                      if (node) handles.current.set(key, node);
                      else handles.current.delete(key);
                    }}
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Move ${getLabel(item)}, position ${index + 1} of ${items.length}`}
                    aria-describedby={hintId}
                    onKeyDown={onKeyDown(index)}
                    style={{ cursor: 'grab' }}
                  >
                    <IconGripVertical size={16} aria-hidden="true" />
                  </ActionIcon>
                )}
                <Box flex={1} miw={0}>
                  {renderItem(item, index)}
                </Box>
              </Group>
            </Box>
          );
        })}
      </Box>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing to order yet.
        </Text>
      )}
    </Box>
  );
}
