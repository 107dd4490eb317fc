import type { ErrorBody } from '@app/contract/errors';
import type { FormInstance } from 'antd';

/*
 * Where a refused call's field messages go, shared by antd forms (`use-server-errors.ts`) and the
 * light forms of the sign-in pages. Pure and without antd at run time (types only).
 */

/** A form field's name as antd takes it: `'email'`, or a path such as `['competitors', 1]`. */
export type FormFieldName = string | number | (string | number)[];

/**
 * The server's field names where the form calls them something else, e.g.
 * `{ confirm_password: 'confirm', 'audience.team_id': 'team_id' }`. Names the form shares with
 * the server need no entry.
 */
export type FieldMap = Readonly<Record<string, FormFieldName>>;

/** What the hook needs of an antd form: where its fields are, and a way to mark them. */
export type ServerErrorsForm = Pick<FormInstance, 'setFields' | 'getFieldsError'>;

export interface PlacedError {
  name: FormFieldName;
  errors: string[];
}

/**
 * Splits an error body's field messages into those the form has a field for and the rest. A
 * server name is looked up in `fieldMap`, then among the form's own fields (only fields the form
 * shows count: a message on a hidden field would be lost); a name the form has
 * no field for falls back to its enclosing name (`keywords.2` to `keywords`,
 * `audience.user_ids.0` to `audience.user_ids`), so a message about one entry of a list lands on
 * the list. Several messages for one field: the first is shown.
 */
export function placeFieldErrors(
  body: Pick<ErrorBody, 'fields'>,
  form: Pick<FormInstance, 'getFieldsError'> | null,
  fieldMap: FieldMap,
): { placed: PlacedError[]; unplaced: string[] } {
  const formFields = new Map<string, FormFieldName>();
  for (const { name } of form?.getFieldsError() ?? []) formFields.set(name.join('.'), name);

  const placed = new Map<string, PlacedError>();
  const unplaced: string[] = [];
  for (const [wireName, text] of Object.entries(body.fields ?? {})) {
    const name = form ? fieldFor(wireName, formFields, fieldMap) : null;
    if (name === null) {
      unplaced.push(text);
      continue;
    }
    const key = keyOf(name);
    if (!placed.has(key)) placed.set(key, { name, errors: [text] });
  }
  return { placed: [...placed.values()], unplaced };
}

export function keyOf(name: FormFieldName): string {
  return Array.isArray(name) ? name.join('.') : String(name);
}

function fieldFor(
  wireName: string,
  formFields: ReadonlyMap<string, FormFieldName>,
  fieldMap: FieldMap,
): FormFieldName | null {
  const parts = wireName.split('.');
  for (let length = parts.length; length > 0; length--) {
    const candidate = parts.slice(0, length).join('.');
    const mapped = fieldMap[candidate];
    // Only a field the form shows now: a message set on a hidden field would be lost.
    if (mapped !== undefined && formFields.has(keyOf(mapped))) return mapped;
    const own = formFields.get(candidate);
    if (own !== undefined) return own;
  }
  return null;
}
