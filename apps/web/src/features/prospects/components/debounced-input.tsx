import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

type DebouncedInputProps = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onCommit: (value: string) => void };

/** A text filter that searches once typing pauses (or at Enter), not on every key. */
export function DebouncedInput({ value, onCommit, ...props }: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const commit = useDebouncedCallback((v: string) => onCommit(v), 400);
  // the search changed elsewhere (cleared, back button): show it
  useEffect(() => setDraft(value), [value]);
  return (
    <TextInput
      {...props}
      value={draft}
      onChange={(e) => {
        setDraft(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onCommit(draft);
      }}
    />
  );
}
