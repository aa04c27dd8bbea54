import type { CustomField } from '@leadtrail/contracts';
import { Anchor, Select, Text, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { PhoneText } from '../../../components/phone-text';
import type { GridOption } from '../../../components/data-grid';
import { CustomFieldInput, type CustomFieldInputValue } from './custom-field-input';
import { CustomFieldValue } from './custom-field-value';
import { InlineField } from './inline-field';

const empty = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

type Save = (value: unknown) => Promise<unknown>;

type TextFieldProps = {
  label: string;
  value: string | null;
  /** API field name; its errors show under the field. */
  path: string;
  onSave: Save;
  readOnly?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url';
  multiline?: boolean;
  /** Reads the value as a link (mailto:, tel:, or the URL itself). */
  link?: 'mailto' | 'tel' | 'url';
  renderError?: (error: unknown) => ReactNode | null;
};

const hrefFor = (link: TextFieldProps['link'], value: string) =>
  link === 'mailto'
    ? `mailto:${value}`
    : link === 'tel'
      ? `tel:${value}`
      : /^https?:\/\//.test(value)
        ? value
        : `https://${value}`;

/** A text field edited in place; empty input saves null (clears the value). */
export function InlineTextField(props: TextFieldProps) {
  const { value, link } = props;
  const display = !value ? (
    empty
  ) : link ? (
    <Anchor
      href={hrefFor(link, value)}
      size="sm"
      target={link === 'url' ? '_blank' : undefined}
      rel={link === 'url' ? 'noopener noreferrer' : undefined}
      style={{ overflowWrap: 'anywhere' }}
    >
      {link === 'tel' ? <PhoneText value={value} /> : value}
    </Anchor>
  ) : (
    <Text size="sm" style={{ whiteSpace: props.multiline ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
  return (
    <InlineField<string>
      label={props.label}
      display={display}
      initialValue={value ?? ''}
      errorPath={props.path}
      readOnly={props.readOnly}
      multiline={props.multiline}
      renderError={props.renderError}
      onSave={(next) => props.onSave(next.trim() === '' ? null : next.trim())}
      renderEditor={({ value: current, setValue, error, label, onKeyDown }) =>
        props.multiline ? (
          <Textarea
            label={label}
            description="Ctrl+Enter saves, Esc cancels"
            autosize
            minRows={3}
            value={current}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            onKeyDown={onKeyDown}
            autoFocus
            size="sm"
          />
        ) : (
          <TextInput
            label={label}
            type={props.type ?? 'text'}
            value={current}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            onKeyDown={onKeyDown}
            autoFocus
            size="sm"
          />
        )
      }
    />
  );
}

type SelectFieldProps = {
  label: string;
  value: string | null;
  options: GridOption[];
  path: string;
  onSave: Save;
  readOnly?: boolean;
  clearable?: boolean;
  /** How the value reads; defaults to its option's label. */
  display?: ReactNode;
};

/** A choice edited in place: picking an option saves it. */
export function InlineSelectField(props: SelectFieldProps) {
  const label = props.options.find((o) => o.value === props.value)?.label;
  return (
    <InlineField<string | null>
      label={props.label}
      display={props.display ?? (label ? <Text size="sm">{label}</Text> : empty)}
      initialValue={props.value}
      errorPath={props.path}
      readOnly={props.readOnly}
      onSave={props.onSave}
      renderEditor={({ value, setValue, save, error, label: fieldLabel, onKeyDown }) => (
        <Select
          label={fieldLabel}
          data={props.options}
          value={value}
          onChange={(next) => {
            setValue(next);
            save(next);
          }}
          clearable={props.clearable}
          searchable
          error={error}
          onKeyDown={onKeyDown}
          autoFocus
          defaultDropdownOpened
          size="sm"
        />
      )}
    />
  );
}

type CustomFieldProps = {
  field: CustomField;
  value: unknown;
  onSave: Save;
  readOnly?: boolean;
};

/** A custom field edited in place with the input of its type; errors come back as customFields.<key>. */
export function InlineCustomField({ field, value, onSave, readOnly }: CustomFieldProps) {
  const immediate = field.type === 'checkbox';
  return (
    <InlineField<CustomFieldInputValue>
      label={field.archived ? `${field.label} (archived)` : field.label}
      display={<CustomFieldValue field={field} value={value} />}
      initialValue={(value ?? null) as CustomFieldInputValue}
      errorPath={`customFields.${field.key}`}
      readOnly={readOnly || field.archived}
      multiline={field.type === 'long_text'}
      onSave={(next) => onSave(typeof next === 'string' && next.trim() === '' ? null : next)}
      renderEditor={({ value: current, setValue, save, error, label, onKeyDown }) => (
        <CustomFieldInput
          field={field}
          label={label}
          value={current}
          onChange={(next) => {
            setValue(next);
            if (immediate) save(next);
          }}
          error={error}
          onKeyDown={onKeyDown}
          autoFocus
        />
      )}
    />
  );
}
