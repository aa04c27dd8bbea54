import type { CustomField } from '@leadtrail/contracts';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { PhoneText } from '../../../components/phone-text';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });

export const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A custom field's value as text (options by label), for the timeline and merge choices. */
export function customFieldText(field: CustomField, value: unknown): string {
  if (isEmptyValue(value)) return '';
  const label = (id: unknown) => field.options.find((o) => o.id === id)?.label ?? String(id);
  switch (field.type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'single_select':
      return label(value);
    case 'multi_select':
      return (Array.isArray(value) ? value : [value]).map(label).join(', ');
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'date': {
      const [y, m, d] = String(value).split('-').map(Number);
      return y && m && d ? dateFormat.format(new Date(y, m - 1, d)) : String(value);
    }
    default:
      return String(value);
  }
}

/** A custom field's value for reading: links for URLs, emails and phones, badges for options. */
export function CustomFieldValue({ field, value }: { field: CustomField; value: unknown }) {
  if (isEmptyValue(value)) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (field.type === 'multi_select' || field.type === 'single_select') {
    const ids = Array.isArray(value) ? value : [value];
    return (
      <Group gap={4}>
        {ids.map((id) => (
          <Badge key={String(id)} variant="light" radius="sm" tt="none">
            {field.options.find((o) => o.id === id)?.label ?? String(id)}
          </Badge>
        ))}
      </Group>
    );
  }
  const text = customFieldText(field, value);
  if (field.type === 'url') {
    return (
      <Anchor href={text} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
        {text}
      </Anchor>
    );
  }
  if (field.type === 'email') {
    return (
      <Anchor href={`mailto:${text}`} size="sm">
        {text}
      </Anchor>
    );
  }
  if (field.type === 'phone') {
    return (
      <Anchor href={`tel:${text}`} size="sm">
        <PhoneText value={text} />
      </Anchor>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
