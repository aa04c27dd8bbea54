import { z } from 'zod';

/** Custom fields of contacts and companies (PRODUCT.md section 3; API in section 9). */

export const entities = ['contacts', 'companies'] as const;
export const entitySchema = z.enum(entities);
export type Entity = (typeof entities)[number];

export const customFieldTypes = [
  'text',
  'long_text',
  'number',
  'date',
  'checkbox',
  'single_select',
  'multi_select',
  'url',
  'email',
  'phone',
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

export const customFieldTypeLabels: Record<CustomFieldType, string> = {
  text: 'Text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  checkbox: 'Checkbox',
  single_select: 'Single select',
  multi_select: 'Multi select',
  url: 'URL',
  email: 'Email',
  phone: 'Phone',
};

export const selectTypes: readonly CustomFieldType[] = ['single_select', 'multi_select'];

/** snake_case, starts with a letter; what `customFields` and `custom:<key>` use. */
export const customFieldKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores, starting with a letter');

/** The key a label turns into when no key is given ("Lead score" -> "lead_score"). */
export function keyFromLabel(label: string): string {
  const base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  if (!base) return 'field';
  return /^[a-z]/.test(base) ? base : `f_${base}`.slice(0, 60);
}

/** An option of a select; its id is stable, so renaming a label keeps every value. */
export const customFieldOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  color: z.string().nullable(),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldSchema = z.object({
  id: z.uuid(),
  entity: entitySchema,
  key: z.string(),
  label: z.string(),
  type: z.enum(customFieldTypes),
  options: z.array(customFieldOptionSchema),
  required: z.boolean(),
  position: z.number().int(),
  archived: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

const optionLabel = z.string().trim().min(1, 'Enter the option label').max(100);
const optionColor = z
  .string()
  .trim()
  .regex(/^[a-z]+$|^#[0-9a-fA-F]{6}$/, 'Use a colour name or #rrggbb')
  .max(20)
  .nullable()
  .optional();

export const createCustomFieldBodySchema = z.object({
  entity: entitySchema,
  label: z.string().trim().min(1, 'Enter a label').max(80),
  key: customFieldKeySchema.optional(),
  type: z.enum(customFieldTypes),
  /** Only for single_select and multi_select (at least one option there). */
  options: z.array(z.object({ label: optionLabel, color: optionColor })).max(200).optional(),
  required: z.boolean().optional(),
});
export type CreateCustomFieldBody = z.infer<typeof createCustomFieldBodySchema>;

/**
 * PATCH /api/v1/custom-fields/{id}. The type and key never change.
 * `options` is the full new list: an item with an `id` keeps (and may rename) that option,
 * an item without one is new, an existing option left out is removed and its values are cleared.
 */
export const updateCustomFieldBodySchema = z.object({
  label: z.string().trim().min(1, 'Enter a label').max(80).optional(),
  options: z
    .array(z.object({ id: z.string().max(64).optional(), label: optionLabel, color: optionColor }))
    .max(200)
    .optional(),
  required: z.boolean().optional(),
  archived: z.boolean().optional(),
});
export type UpdateCustomFieldBody = z.infer<typeof updateCustomFieldBodySchema>;

/** GET /api/v1/custom-fields?entity=contacts&includeArchived=true */
export const listCustomFieldsQuerySchema = z.object({
  entity: entitySchema.optional(),
  includeArchived: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const customFieldListSchema = z.object({ data: z.array(customFieldSchema) });

/** POST /api/v1/custom-fields/reorder: the entity's fields in their new order (all of them). */
export const reorderCustomFieldsBodySchema = z.object({
  entity: entitySchema,
  ids: z.array(z.uuid()).min(1).max(500),
});

/**
 * Values as stored and answered, by key:
 * text, long_text, url: string · email: lower-cased string · phone: E.164 string ·
 * number: number · date: 'YYYY-MM-DD' · checkbox: boolean ·
 * single_select: option id · multi_select: array of option ids.
 * On writes a select also accepts the option's label; null clears a value.
 */
export const customFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const customFieldValuesSchema = z.record(z.string(), customFieldValueSchema);
export type CustomFieldValues = z.infer<typeof customFieldValuesSchema>;
