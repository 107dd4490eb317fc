import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { feedbackFor } from '../../lib/api/feedback';
import { showFeedbackLazily } from '../../lib/api/show-feedback';
import { type FieldMap, placeFieldErrors } from '../form-errors/place-field-errors';

/** A check of one field: the message to show, or null when the value passes. */
export type FieldRule<V> = (value: string, values: V) => string | null;

export type FieldRules<V> = { [K in keyof V]?: FieldRule<V>[] };

type Errors<V> = { [K in keyof V]?: string };

export interface LightForm<V extends Record<string, string>> {
  values: V;
  errors: Errors<V>;
  /** A refusal that belongs to no field (wrong password, expired link), shown above the button. */
  formError: string | null;
  /** What a `TextField` bound to `name` needs: its id (the field's name), value, setter and error. */
  field: <K extends keyof V & string>(
    name: K,
  ) => { id: K; value: string; onValueChange: (value: string) => void; error: string | undefined };
  setValue: (name: keyof V & string, value: string) => void;
  /** A submit handler: checks every field, focuses the first one in error, else calls `onValid`. */
  handleSubmit: (onValid: (values: V) => void) => (event?: FormEvent) => void;
  /** The same check on values not yet rendered (a code completed by the keystroke just made). */
  submitWith: (values: V, onValid: (values: V) => void) => void;
  /** Puts a refused call's messages on the fields (and the rest above the button or in a dialog). */
  showServerError: (error: unknown) => void;
  setFormError: (text: string | null) => void;
  reset: (values: V) => void;
}

interface LightFormOptions<V> {
  rules?: FieldRules<V>;
  /** The server's field names where the form calls them something else (see `placeFieldErrors`). */
  fieldMap?: FieldMap;
}

function firstError<V>(rules: FieldRule<V>[] | undefined, value: string, values: V): string | undefined {
  for (const rule of rules ?? []) {
    const message = rule(value, values);
    if (message) return message;
  }
  return undefined;
}

function focusField(id: string): void {
  const element = document.getElementById(id);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * The state of a light form (the sign-in pages), doing what antd's Form does for them: rules
 * checked on submit, a field shown in error re-checked as the user edits (and with it any other
 * field in error, so a confirmation clears when its password changes), the first field in error
 * focused, and the server's refusals placed on their fields as `useServerErrors` places them.
 */
export function useLightForm<V extends Record<string, string>>(
  initial: V,
  { rules = {}, fieldMap = {} }: LightFormOptions<V> = {},
): LightForm<V> {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Handlers read the latest state without changing identity on every keystroke.
  const latest = useRef({ values, errors, rules, fieldMap });
  latest.current = { values, errors, rules, fieldMap };

  const setValue = useCallback((name: keyof V & string, value: string) => {
    const { values: before, errors: shown, rules: checks } = latest.current;
    const next = { ...before, [name]: value };
    setValues(next);
    setFormError(null);
    const recheck: Errors<V> = {};
    for (const key of Object.keys(shown) as (keyof V)[]) {
      if (!shown[key]) continue;
      recheck[key] =
        key === name ? firstError(checks[key], value, next) : firstError(checks[key], next[key] ?? '', next);
    }
    if (Object.keys(recheck).length > 0) setErrors((current) => ({ ...current, ...recheck }));
  }, []);

  const submitWith = useCallback((current: V, onValid: (values: V) => void) => {
    const { rules: checks } = latest.current;
    const found: Errors<V> = {};
    for (const key of Object.keys(current) as (keyof V & string)[]) {
      const message = firstError(checks[key], current[key] ?? '', current);
      if (message) found[key] = message;
    }
    setErrors(found);
    setFormError(null);
    const first = Object.keys(current).find((key) => found[key]);
    if (first) {
      focusField(first);
      return;
    }
    onValid(current);
  }, []);

  const handleSubmit = useCallback(
    (onValid: (values: V) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      submitWith(latest.current.values, onValid);
    },
    [submitWith],
  );

  const showServerError = useCallback(
    (error: unknown) => {
      if (!isApiError(error)) {
        setFormError(t('Sorry! Something went wrong...'));
        return;
      }
      if (!error.body) {
        if (error.kind === 'network' || error.kind === 'timeout') {
          setFormError(t('The service could not be reached. Check your connection and try again.'));
        } else if (error.kind === 'invalid_response' || error.kind === 'http') {
          setFormError(t('Sorry! Something went wrong...'));
        }
        // `aborted`: the caller gave up on purpose; there is nothing to say.
        return;
      }
      const names = Object.keys(latest.current.values);
      const { placed, unplaced } = placeFieldErrors(
        error.body,
        { getFieldsError: () => names.map((name) => ({ name: [name], errors: [], warnings: [] })) },
        latest.current.fieldMap,
      );
      if (placed.length > 0) {
        const next: Errors<V> = {};
        for (const { name, errors: messages } of placed) next[String(name) as keyof V] = messages[0];
        setErrors((current) => ({ ...current, ...next }));
        const first = names.find((name) => next[name]);
        if (first) focusField(first);
      }
      if (placed.length > 0 && unplaced.length === 0) return;
      // A field message the form has no field for is the most precise word the server gave.
      const body = unplaced[0] ? { ...error.body, msg: unplaced[0] } : error.body;
      const feedback = feedbackFor(error.status, body, window.location);
      // What a toast would say sits above the button; dialogs and redirects are the catalogue's.
      if (feedback.kind === 'warning') setFormError(feedback.text);
      else showFeedbackLazily(feedback);
    },
    [t],
  );

  const field = useCallback(
    <K extends keyof V & string>(name: K) => ({
      id: name,
      value: values[name] ?? '',
      onValueChange: (value: string) => setValue(name, value),
      error: errors[name],
    }),
    [values, errors, setValue],
  );

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
    setFormError(null);
  }, []);

  return {
    values,
    errors,
    formError,
    field,
    setValue,
    handleSubmit,
    submitWith,
    showServerError,
    setFormError,
    reset,
  };
}

/** The rules the sign-in pages share, in the words antd's forms used (so translations stay). */
export const rules = {
  required:
    (message: string) =>
    (value: string): string | null =>
      value.trim() === '' ? message : null,
  /** Required without trimming: a password of spaces is the server's business. */
  present:
    (message: string) =>
    (value: string): string | null =>
      value === '' ? message : null,
  email:
    (message: string) =>
    (value: string): string | null =>
      value.trim() !== '' && !isEmail(value.trim()) ? message : null,
  minLength:
    (min: number, message: string) =>
    (value: string): string | null =>
      value !== '' && value.length < min ? message : null,
  maxLength:
    (max: number, message: string) =>
    (value: string): string | null =>
      value.length > max ? message : null,
};

/** antd's own e-mail check (async-validator): something@host.tld, no spaces, at most 320 characters. */
function isEmail(value: string): boolean {
  return value.length <= 320 && EMAIL.test(value);
}

const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;
