import type { CustomField } from '@leadtrail/contracts';
import { Checkbox, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { KeyboardEvent, ReactNode } from 'react';

export type CustomFieldInputValue = string | number | boolean | string[] | null;

type CustomFieldInputProps = {
  field: CustomField;
  value: CustomFieldInputValue | undefined;
  onChange: (value: CustomFieldInputValue) => void;
  error?: ReactNode;
  /** Defaults to the field's label. */
  label?: ReactNode;
  autoFocus?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** Dropdowns inside a popover stay in it; in drawers the default portal is fine. */
  withinPortal?: boolean;
  size?: 'xs' | 'sm';
};

const asText = (value: CustomFieldInputValue | undefined) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

/** The right input for a custom field's type, with its label and error. */
export function CustomFieldInput(props: CustomFieldInputProps) {
  const { field, value, onChange, error, autoFocus, onKeyDown, size = 'sm' } = props;
  const label = props.label ?? field.label;
  const common = { label, error, autoFocus, onKeyDown, size, required: field.required, withAsterisk: field.required };
  const comboboxProps = { withinPortal: props.withinPortal ?? true };
  const options = field.options.map((o) => ({ value: o.id, label: o.label }));
  // Empty text means "no value": the API stores null rather than "".
  const textChange = (next: string) => onChange(next === '' ? null : next);

  switch (field.type) {
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          value={asText(value)}
          onChange={(e) => textChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : next)}
          thousandSeparator=","
          decimalScale={6}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          value={typeof value === 'string' && value ? value : null}
          onChange={(next) => onChange(next || null)}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          clearable
          popoverProps={comboboxProps}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={label}
          error={error}
          autoFocus={autoFocus}
          onKeyDown={onKeyDown}
          size={size}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt={4}
        />
      );
    case 'single_select':
      return (
        <Select
          {...common}
          data={options}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          clearable={!field.required}
          searchable
          comboboxProps={comboboxProps}
        />
      );
    case 'multi_select':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next.length ? next : null)}
          searchable
          clearable
          comboboxProps={comboboxProps}
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={asText(value)}
          onChange={(e) => textChange(e.currentTarget.value)}
        />
      );
    case 'email':
      return (
        <TextInput {...common} type="email" value={asText(value)} onChange={(e) => textChange(e.currentTarget.value)} />
      );
    case 'phone':
      return (
        <TextInput
          {...common}
          type="tel"
          autoComplete="tel"
          value={asText(value)}
          onChange={(e) => textChange(e.currentTarget.value)}
        />
      );
    default:
      return <TextInput {...common} value={asText(value)} onChange={(e) => textChange(e.currentTarget.value)} />;
  }
}
