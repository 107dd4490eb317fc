import type { FilterOptionDef } from '@app/contract/analysis/filter-options';

export interface FieldChoiceGroup {
  label: string;
  title: string;
  options: { label: string; value: string }[];
}

/** The fields to choose from, listed under their category in the order the options give them. */
export function fieldChoiceGroups(options: FilterOptionDef[]): FieldChoiceGroup[] {
  const groups = new Map<string, FieldChoiceGroup>();
  for (const option of options) {
    const group = groups.get(option.category) ?? {
      label: option.category,
      title: option.category,
      options: [],
    };
    groups.set(option.category, group);
    for (const { field, name } of option.fields) group.options.push({ label: name, value: field });
  }
  return [...groups.values()];
}

/** The option a field belongs to; a field listed twice is read as its first listing. */
export function findFieldOption(
  options: FilterOptionDef[],
  field: string | null,
): FilterOptionDef | undefined {
  if (field === null) return undefined;
  return options.find((option) => option.fields.some((entry) => entry.field === field));
}
