import { createHash } from 'node:crypto';
import { importTargetLabels, keyFromLabel, multiColumnTargets, type Entity, type ImportMappingItem } from '@leadtrail/contracts';
import { compactHeader, type CustomFieldRef } from './header-reading.js';
import { validTargets } from './mapping-assignment.js';

/**
 * A mapping as the user sends it: its problems, and the signature of its headers (to remember
 * it). The suggestions come from mapping-assignment.ts.
 */

/**
 * Problems with a mapping, by column index: unknown targets, and a single-value target named
 * by two columns. Empty when it can be used.
 */
export function mappingProblems(
  entity: Entity,
  mapping: ImportMappingItem[],
  columnCount: number,
  customFields: CustomFieldRef[],
): { path: string; message: string }[] {
  const targets = validTargets(entity, customFields);
  const problems: { path: string; message: string }[] = [];
  const seen = new Map<string, number>();
  const newKeys = new Map<string, number>();
  mapping.forEach((m, i) => {
    const path = `mapping.${i}.target`;
    if (m.index >= columnCount) {
      problems.push({ path: `mapping.${i}.index`, message: `The file has no column ${m.index + 1}` });
      return;
    }
    if (m.target.startsWith('new-custom:')) {
      const label = m.target.slice('new-custom:'.length).trim();
      if (!label || label.length > 80) {
        problems.push({ path, message: 'Give the new custom field a label of 1 to 80 characters' });
        return;
      }
      const key = keyFromLabel(label);
      if (targets.has(`custom:${key}`)) {
        problems.push({ path, message: `A custom field "${label}" already exists: map the column to it` });
        return;
      }
      if (newKeys.has(key)) {
        problems.push({ path, message: `Column ${newKeys.get(key)! + 1} already creates a custom field "${label}"` });
        return;
      }
      newKeys.set(key, m.index);
      return;
    }
    if (!targets.has(m.target)) {
      const label = (importTargetLabels as Record<string, string>)[m.target];
      problems.push({
        path,
        message: m.target.startsWith('custom:')
          ? `The custom field "${m.target.slice(7)}" does not exist (or is archived): choose another field or Don't import`
          : `${entity === 'contacts' ? 'A contact' : 'A company'} has no field "${label ?? m.target}": choose another field or Don't import`,
      });
      return;
    }
    if (multiColumnTargets.includes(m.target)) return;
    const other = seen.get(m.target);
    if (other !== undefined) {
      problems.push({ path, message: `Column ${other + 1} is already mapped to this field: a field takes one column` });
      return;
    }
    seen.set(m.target, m.index);
  });
  const indexes = new Set<number>();
  mapping.forEach((m, i) => {
    if (indexes.has(m.index))
      problems.push({ path: `mapping.${i}.index`, message: `Column ${m.index + 1} is mapped twice` });
    indexes.add(m.index);
  });
  return problems;
}

/** Identifies a header set (order and case insensitive) to remember the user's mapping for it. */
export function headerSignature(entity: Entity, headers: string[]): string {
  const norm = headers.map(compactHeader);
  return createHash('sha256')
    .update(`${entity}\n${norm.join('\n')}`)
    .digest('hex');
}
